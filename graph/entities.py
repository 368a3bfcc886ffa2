"""People and organizations: lookups the pipeline needs before it writes a memory."""

from __future__ import annotations

from graph import memories
from graph.driver import GraphDriver


async def people_by_first(driver: GraphDriver, *, account_id: str, firsts: list[str]) -> dict[str, list[str]]:
    """The names of the account's people whose first name is one of `firsts` (keys): longer names, and
    the name alone where someone is known by it alone."""
    return await _longer_names(driver, "entity/people_by_first", account_id, "firsts", "first", firsts)


async def organizations_by_word(
    driver: GraphDriver, *, account_id: str, words: list[str]
) -> dict[str, list[str]]:
    """The account's organizations named by one of `words` (keys), or with a longer name whose first
    word it is."""
    return await _longer_names(driver, "entity/organizations_by_word", account_id, "words", "word", words)


async def first_names_by_prefix(
    driver: GraphDriver, *, account_id: str, prefixes: list[str]
) -> dict[str, dict[str, int]]:
    """Each prefix → the account's first names beginning with it, itself included ('mel' →
    {'mel': 58, 'melanie': 264}), each with how many memories mention people of that first name."""
    if not prefixes:
        return {}
    rows = await driver.read("entity/first_names_by_prefix", {"account_id": account_id, "prefixes": prefixes})
    found: dict[str, dict[str, int]] = {}
    for row in rows:
        found.setdefault(row["prefix"], {})[row["first"]] = int(row["mentions"])
    return found


async def _longer_names(
    driver: GraphDriver, query: str, account_id: str, parameter: str, column: str, keys: list[str]
) -> dict[str, list[str]]:
    """Each key → the longer names the named query finds for it (no query for no keys)."""
    if not keys:
        return {}
    rows = await driver.read(query, {"account_id": account_id, parameter: keys})
    return {row[column]: row["names"] for row in rows}


async def fill_recent_mentions(driver: GraphDriver) -> int:
    """Give entities from a store written before they kept their latest mentions that list (once)."""
    row = await driver.write_one("entity/fill_recent", {"recent_mentions": memories.RECENT_MENTIONS})
    return int(row["filled"]) if row else 0
