"""People and organizations: lookups the pipeline needs before it writes a memory."""

from __future__ import annotations

from graph import memories
from graph.driver import GraphDriver


async def full_names_by_first(
    driver: GraphDriver, *, account_id: str, firsts: list[str]
) -> dict[str, list[str]]:
    if not firsts:
        return {}
    rows = await driver.read("entity/full_names", {"account_id": account_id, "firsts": firsts})
    return {row["first"]: row["names"] for row in rows}


async def organizations_by_word(
    driver: GraphDriver, *, account_id: str, words: list[str]
) -> dict[str, list[str]]:
    """The account's organizations with a longer name whose first word is one of `words` (keys)."""
    if not words:
        return {}
    rows = await driver.read("entity/organizations_by_word", {"account_id": account_id, "words": words})
    return {row["word"]: row["names"] for row in rows}


async def fill_recent_mentions(driver: GraphDriver) -> int:
    """Give entities from a store written before they kept their latest mentions that list (once)."""
    row = await driver.write_one("entity/fill_recent", {"recent_mentions": memories.RECENT_MENTIONS})
    return int(row["filled"]) if row else 0
