"""Memories: create, get, list, delete — each one named query, scoped to one account."""

from __future__ import annotations

from typing import Any

from graph.driver import GraphDriver, Row
from graph.filters import NO_FILTER, MemoryFilter
from graph.search import nearest_scoped

# The memories an entity remembers as its latest mentions (`memory/sharing_entities` reads them).
RECENT_MENTIONS = 50


async def create_memory(
    driver: GraphDriver,
    *,
    account_id: str,
    memory: dict[str, Any],
    embedding: list[float],
    graph: dict[str, list[Any]],
) -> bool:
    """Write the memory and its relationships atomically; False when the account does not exist.

    `graph` holds the lists the query unwinds: people, organizations, tags, decisions, action_items,
    links (and link_ids, the links' targets)."""
    params = {
        "account_id": account_id,
        "memory": memory,
        "embedding": embedding,
        "recent_mentions": RECENT_MENTIONS,
        **graph,
    }
    return await driver.write_one("memory/create", params) is not None


async def rewrite_memory(
    driver: GraphDriver,
    *,
    account_id: str,
    memory: dict[str, Any],
    embedding: list[float],
    graph: dict[str, list[Any]],
    changed_fields: list[str],
) -> int | None:
    """Rewrite an existing memory (`memory["id"]`) and its graph share in one statement, keeping its
    previous state as a version; the new version number, or None when the memory no longer exists. The
    people, organizations and tags it named before and no memory names now are removed."""
    share = await driver.read_one("memory/share", {"account_id": account_id, "id": memory["id"]})
    params = {
        "account_id": account_id,
        "id": memory["id"],
        "memory": memory,
        "embedding": embedding,
        "recent_mentions": RECENT_MENTIONS,
        "changed_fields": changed_fields,
        "previous_entity_ids": share["entity_ids"] if share else [],
        "previous_tag_ids": share["tag_ids"] if share else [],
        **graph,
    }
    row = await driver.write_one("memory/rewrite", params)
    return row["version"] if row else None


async def history(driver: GraphDriver, *, account_id: str, id: str) -> Row | None:
    """`{earlier: [{version, content, summary, changed_fields, changed_ms}], current: {…}}`, or None."""
    return await driver.read_one("memory/history", {"account_id": account_id, "id": id})


async def similar_memories(
    driver: GraphDriver,
    *,
    account_id: str,
    embedding: list[float],
    limit: int,
    overfetch: int,
    where: MemoryFilter = NO_FILTER,
) -> list[Row]:
    """The account's nearest memories by cosine similarity (highest first); within `where`'s scope (a
    memory's own user) when it has one."""
    if where.anchor is not None:
        return await nearest_scoped(
            driver, account_id=account_id, embedding=embedding, limit=limit, where=where
        )
    params = {"account_id": account_id, "embedding": embedding, "limit": limit, "k": limit * overfetch}
    return await driver.read("memory/similar", params)


async def compared_memories(driver: GraphDriver, *, account_id: str, ids: list[str]) -> dict[str, Row]:
    """Text, time and kept sentence readings of these memories of the account, by id."""
    if not ids:
        return {}
    rows = await driver.read("memory/compared", {"account_id": account_id, "ids": ids})
    return {row["id"]: row for row in rows}


async def memories_sharing_entities(
    driver: GraphDriver, *, account_id: str, keys: list[str], limit: int, where: MemoryFilter = NO_FILTER
) -> list[Row]:
    """The newest memories among the latest RECENT_MENTIONS of each of these entities, within `where`."""
    if not keys:
        return []
    params = {"account_id": account_id, "keys": keys, "limit": limit}
    return await driver.read(where.query("memory/sharing_entities"), params | where.params())


async def get_memory(driver: GraphDriver, *, account_id: str, id: str) -> Row | None:
    return await driver.read_one("memory/get", {"account_id": account_id, "id": id})


async def list_memories(
    driver: GraphDriver,
    *,
    account_id: str,
    limit: int,
    cursor: tuple[int, str] | None,
    tag: str | None = None,
    where: MemoryFilter = NO_FILTER,
) -> list[Row]:
    """Newest first, within `where` (its people, organizations and tags unused: `tag` is this list's);
    from the scope index when `where` has a scope."""
    params = {
        "account_id": account_id,
        "limit": limit,
        "tag": tag,
        "cursor_ts": cursor[0] if cursor else None,
        "cursor_id": cursor[1] if cursor else None,
    }
    name = "memory/list_scoped" if where.anchor is not None else "memory/list"
    return await driver.read(where.query(name), params | where.params())


async def expired(driver: GraphDriver, *, now_ms: int, limit: int) -> list[Row]:
    """Memories of any account whose expiry is at or before `now_ms`, `{account_id, id}`, soonest first."""
    return await driver.read("memory/expired", {"now_ms": now_ms, "limit": limit})


async def part_ids(driver: GraphDriver, *, account_id: str, id: str) -> list[str]:
    rows = await driver.read("memory/parts", {"account_id": account_id, "id": id})
    return [row["id"] for row in rows]


async def delete_memory(driver: GraphDriver, *, account_id: str, id: str) -> bool:
    return await driver.write_one("memory/delete", {"account_id": account_id, "id": id}) is not None


async def claim_second(
    driver: GraphDriver, *, token: str, now_ms: int, lease_until_ms: int, limit: int
) -> list[Row]:
    """Memories due for the second embedding, of any account, claimed for `token` until `lease_until_ms`
    (a claimed memory is no longer due until then): `{id, content}`."""
    params = {"token": token, "now_ms": now_ms, "lease_until_ms": lease_until_ms, "limit": limit}
    return await driver.write("second/claim", params)


async def store_second(driver: GraphDriver, *, token: str, rows: list[dict[str, Any]]) -> int:
    """Store `{id, embedding}` rows on the memories `token` still holds; how many were stored."""
    return len(await driver.write("second/store", {"token": token, "rows": rows})) if rows else 0
