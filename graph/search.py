"""Candidate generation for ask: full-text, entity, tag and link neighbourhood queries, per account."""

from __future__ import annotations

import re

from graph.driver import GraphDriver, Row

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def fulltext_query(words: list[str], dialect: str) -> str:
    """An OR query over plain words: everything but letters and digits is dropped, so no user text can
    reach the query syntax (RediSearch's for FalkorDB, Lucene's for Neo4j)."""
    terms = [term for word in words for term in _WORD.findall(word.lower())]
    terms = list(dict.fromkeys(t for t in terms if len(t) > 1))[:16]
    return (" | " if dialect == "falkordb" else " OR ").join(terms)


async def fulltext(
    driver: GraphDriver, *, account_id: str, words: list[str], limit: int, overfetch: int
) -> list[Row]:
    query = fulltext_query(words, driver.dialect)
    if not query:
        return []
    params = {"account_id": account_id, "query": query, "limit": limit, "k": limit * overfetch}
    return await driver.read("search/fulltext", params)


async def by_entities(driver: GraphDriver, *, account_id: str, keys: list[str], limit: int) -> list[Row]:
    if not keys:
        return []
    return await driver.read("search/by_entities", {"account_id": account_id, "keys": keys, "limit": limit})


async def by_tags(driver: GraphDriver, *, account_id: str, tags: list[str], limit: int) -> list[Row]:
    if not tags:
        return []
    return await driver.read("search/by_tags", {"account_id": account_id, "tags": tags, "limit": limit})


async def neighbours(driver: GraphDriver, *, account_id: str, ids: list[str], limit: int) -> list[Row]:
    if not ids:
        return []
    return await driver.read("search/neighbours", {"account_id": account_id, "ids": ids, "limit": limit})


async def memories(driver: GraphDriver, *, account_id: str, ids: list[str]) -> dict[str, Row]:
    if not ids:
        return {}
    rows = await driver.read("search/memories", {"account_id": account_id, "ids": ids})
    return {row["id"]: row for row in rows}
