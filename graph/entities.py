"""People and organizations: lookups the pipeline needs before it writes a memory."""

from __future__ import annotations

from graph.driver import GraphDriver


async def full_names_by_first(
    driver: GraphDriver, *, account_id: str, firsts: list[str]
) -> dict[str, list[str]]:
    if not firsts:
        return {}
    rows = await driver.read("entity/full_names", {"account_id": account_id, "firsts": firsts})
    return {row["first"]: row["names"] for row in rows}
