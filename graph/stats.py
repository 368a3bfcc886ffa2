"""Counts for /v1/stats, one small aggregate query each."""

from __future__ import annotations

from graph.driver import GraphDriver


async def graph_counts(driver: GraphDriver, *, account_id: str) -> dict[str, int]:
    rows = await driver.read("stats/graph", {"account_id": account_id})
    return {row["what"]: row["total"] for row in rows}


async def link_counts(driver: GraphDriver, *, account_id: str) -> dict[str, int]:
    rows = await driver.read("stats/links", {"account_id": account_id})
    return {row["kind"]: row["total"] for row in rows}


async def feedback_counts(driver: GraphDriver, *, account_id: str) -> dict[str, int]:
    rows = await driver.read("stats/feedback", {"account_id": account_id})
    return {row["rating"]: row["total"] for row in rows}
