"""Lint: each check is one query in `cypher/lint/`, each repair another."""

from __future__ import annotations

from graph.driver import GraphDriver, Row


async def check(
    driver: GraphDriver, name: str, *, account_id: str, limit: int, **params: object
) -> list[Row]:
    return await driver.read(f"lint/{name}", {"account_id": account_id, "limit": limit, **params})


async def counts(driver: GraphDriver, *, account_id: str) -> dict[str, int]:
    rows = await driver.read("lint/counts", {"account_id": account_id})
    return {row["what"]: row["total"] for row in rows}


async def merge_entities(driver: GraphDriver, *, account_id: str, keep_id: str, dup_id: str) -> bool:
    params = {"account_id": account_id, "keep_id": keep_id, "dup_id": dup_id}
    return await driver.write_one("lint/fix_merge_entities", params) is not None


async def drop_dangling_links(driver: GraphDriver, *, account_id: str) -> int:
    row = await driver.write_one("lint/fix_drop_dangling", {"account_id": account_id})
    return row["dropped"] if row else 0


async def drop_orphans(driver: GraphDriver, *, account_id: str, ids: list[str]) -> int:
    dropped = 0
    for name in ("lint/fix_drop_orphan_entities", "lint/fix_drop_orphan_tags"):
        row = await driver.write_one(name, {"account_id": account_id, "ids": ids})
        dropped += row["dropped"] if row else 0
    return dropped


async def set_embedding(driver: GraphDriver, *, account_id: str, id: str, embedding: list[float]) -> bool:
    params = {"account_id": account_id, "id": id, "embedding": embedding}
    return await driver.write_one("memory/set_embedding", params) is not None
