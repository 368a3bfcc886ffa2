"""Memories: create, get, list, delete — each one named query, scoped to one account."""

from __future__ import annotations

from typing import Any

from graph.driver import GraphDriver, Row

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


async def similar_memories(
    driver: GraphDriver, *, account_id: str, embedding: list[float], limit: int, overfetch: int
) -> list[Row]:
    """The account's nearest memories by cosine similarity (highest first)."""
    params = {"account_id": account_id, "embedding": embedding, "limit": limit, "k": limit * overfetch}
    return await driver.read("memory/similar", params)


async def compared_memories(driver: GraphDriver, *, account_id: str, ids: list[str]) -> dict[str, Row]:
    """Text, time and kept sentence readings of these memories of the account, by id."""
    if not ids:
        return {}
    rows = await driver.read("memory/compared", {"account_id": account_id, "ids": ids})
    return {row["id"]: row for row in rows}


async def memories_sharing_entities(
    driver: GraphDriver, *, account_id: str, keys: list[str], limit: int
) -> list[Row]:
    """The newest memories among the latest RECENT_MENTIONS of each of these entities."""
    if not keys:
        return []
    return await driver.read(
        "memory/sharing_entities", {"account_id": account_id, "keys": keys, "limit": limit}
    )


async def get_memory(driver: GraphDriver, *, account_id: str, id: str) -> Row | None:
    return await driver.read_one("memory/get", {"account_id": account_id, "id": id})


async def list_memories(
    driver: GraphDriver,
    *,
    account_id: str,
    limit: int,
    cursor: tuple[int, str] | None,
    source: str | None = None,
    triage_type: str | None = None,
    tag: str | None = None,
    since: int | None = None,
    until: int | None = None,
) -> list[Row]:
    params = {
        "account_id": account_id,
        "limit": limit,
        "source": source,
        "triage_type": triage_type,
        "tag": tag,
        "since": since,
        "until": until,
        "cursor_ts": cursor[0] if cursor else None,
        "cursor_id": cursor[1] if cursor else None,
    }
    return await driver.read("memory/list", params)


async def part_ids(driver: GraphDriver, *, account_id: str, id: str) -> list[str]:
    rows = await driver.read("memory/parts", {"account_id": account_id, "id": id})
    return [row["id"] for row in rows]


async def delete_memory(driver: GraphDriver, *, account_id: str, id: str) -> bool:
    return await driver.write_one("memory/delete", {"account_id": account_id, "id": id}) is not None
