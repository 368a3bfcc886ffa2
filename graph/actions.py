"""Action items: the open ones a new memory might report done."""

from __future__ import annotations

from graph.driver import GraphDriver, Row
from graph.filters import NO_FILTER, MemoryFilter


async def open_owned(
    driver: GraphDriver, *, account_id: str, keys: list[str], ts: int, where: MemoryFilter = NO_FILTER
) -> list[Row]:
    if not keys:
        return []
    params = {"account_id": account_id, "keys": keys, "ts": ts}
    return await driver.read(where.query("action/open_owned"), params | where.params())


async def open_unowned(
    driver: GraphDriver, *, account_id: str, ts: int, where: MemoryFilter = NO_FILTER
) -> list[Row]:
    params = {"account_id": account_id, "ts": ts}
    return await driver.read(where.query("action/open_unowned"), params | where.params())


async def open_any(
    driver: GraphDriver, *, account_id: str, ts: int, where: MemoryFilter = NO_FILTER
) -> list[Row]:
    params = {"account_id": account_id, "ts": ts}
    return await driver.read(where.query("action/open_any"), params | where.params())
