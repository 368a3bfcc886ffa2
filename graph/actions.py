"""Action items: the open ones a new memory might report done."""

from __future__ import annotations

from graph.driver import GraphDriver, Row


async def open_owned(driver: GraphDriver, *, account_id: str, keys: list[str], ts: int) -> list[Row]:
    if not keys:
        return []
    return await driver.read("action/open_owned", {"account_id": account_id, "keys": keys, "ts": ts})
