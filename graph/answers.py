"""Structured answers: the account's people, action items and decisions as a question asks for them, each
filter applied in the query (`cypher/answer/`)."""

from __future__ import annotations

from graph.driver import GraphDriver, Row
from graph.filters import NO_FILTER, MemoryFilter

ITEMS = 50  # rows a structured answer reads at most


async def people(driver: GraphDriver, *, account_id: str, keys: list[str]) -> list[Row]:
    """The account's people with these name keys or first-name keys."""
    if not keys:
        return []
    return await driver.read("answer/people", {"account_id": account_id, "keys": keys})


async def action_items(
    driver: GraphDriver,
    *,
    account_id: str,
    status: str,
    owner_keys: list[str],
    now_ms: int,
    topic: list[str] | None = None,
    where: MemoryFilter = NO_FILTER,
) -> list[Row]:
    """`status`: open, done, overdue or all; `owner_keys`: the owners' name keys, or none for anyone's;
    `topic`: lowercase word stems, one of which the item's text must hold (none: any item)."""
    params = {
        "account_id": account_id,
        "status": status,
        "owner_keys": owner_keys,
        "now_ms": now_ms,
        "topic": topic or [],
        "limit": ITEMS,
    }
    return await driver.read(where.query("answer/action_items"), params | where.params())


async def decisions(
    driver: GraphDriver,
    *,
    account_id: str,
    person_keys: list[str],
    from_ms: int | None,
    until_ms: int | None,
    topic: list[str] | None = None,
    where: MemoryFilter = NO_FILTER,
) -> list[Row]:
    """Newest first; `topic` as for action items."""
    params = {
        "account_id": account_id,
        "person_keys": person_keys,
        "from_ms": from_ms,
        "until_ms": until_ms,
        "topic": topic or [],
        "limit": ITEMS,
    }
    return await driver.read(where.query("answer/decisions"), params | where.params())


async def about(
    driver: GraphDriver,
    *,
    account_id: str,
    ids: list[str] | None,
    topic: list[list[str]],
    from_ms: int | None,
    until_ms: int | None,
    triage_type: str | None,
    limit: int,
    evidence: list[str] | None = None,
    openings: list[str] | None = None,
    where: MemoryFilter = NO_FILTER,
) -> list[Row]:
    """Memories about a subject, oldest first, with the people each mentions (`cypher/answer/about`):
    among `ids` (None: any), holding for each `topic` list one of its stems (a word and the stems it is
    also written as), and one of the `evidence` words (when given), in
    the period, of the triage type or opening with one of `openings`."""
    params = {
        "account_id": account_id,
        "ids": ids,
        "topic": topic,
        "from_ms": from_ms,
        "until_ms": until_ms,
        "triage_type": triage_type,
        "evidence": evidence or [],
        "openings": openings or [],
        "limit": limit,
    }
    return await driver.read(where.query("answer/about"), params | where.params())
