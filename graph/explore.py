"""The neighbourhood of a memory, one breadth-first step per query, and the edges among a node set."""

from __future__ import annotations

from graph.driver import GraphDriver, Row


async def hop(
    driver: GraphDriver, *, account_id: str, frontier: dict[str, list[str]], seen: list[str], room: int
) -> list[Row]:
    """Nodes next to `frontier` ({"memory_ids": [...], "entity_ids": ..., "tag_ids", "decision_ids",
    "action_ids"}) that are not in `seen`; at most `room` per kind of frontier node."""
    params = {
        "account_id": account_id,
        "seen": seen,
        "room": room,
        **{key: frontier.get(key, []) for key in FRONTIER_KEYS},
    }
    return await driver.read("graph/hop", params)


async def edges(
    driver: GraphDriver, *, account_id: str, ids: list[str], memory_ids: list[str], action_ids: list[str]
) -> list[Row]:
    params = {"account_id": account_id, "ids": ids, "memory_ids": memory_ids, "action_ids": action_ids}
    return await driver.read("graph/edges", params)


FRONTIER_KEYS = ("memory_ids", "entity_ids", "tag_ids", "decision_ids", "action_ids")
