"""Feedback nodes, about the memories an answer cited."""

from __future__ import annotations

from typing import Any

from graph.driver import GraphDriver


async def create_feedback(driver: GraphDriver, *, account_id: str, feedback: dict[str, Any]) -> bool:
    return await driver.write_one("feedback/create", {"account_id": account_id, **feedback}) is not None


async def existing_memories(driver: GraphDriver, *, account_id: str, ids: list[str]) -> set[str]:
    if not ids:
        return set()
    rows = await driver.read("memory/existing", {"account_id": account_id, "ids": ids})
    return {row["id"] for row in rows}
