"""Candidate generation for ask: full-text, entity, tag and link neighbourhood queries, per account."""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache

from graph.driver import GraphDriver, Row

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
BM25_MATCHES = 2000  # FalkorDB: at most this many matches are ranked by BM25 per query


def fulltext_query(words: list[str], dialect: str) -> str:
    """An OR query over plain words: everything but letters and digits is dropped, so no user text can
    reach the query syntax (RediSearch's for FalkorDB, Lucene's for Neo4j)."""
    terms = [term for word in words for term in _WORD.findall(word.lower())]
    terms = list(dict.fromkeys(t for t in terms if len(t) > 1))[:16]
    return (" | " if dialect == "falkordb" else " OR ").join(terms)


async def memory_count(driver: GraphDriver, *, account_id: str) -> int:
    row = await driver.read_one("search/count", {"account_id": account_id})
    return row["memories"] if row else 0


async def fulltext(
    driver: GraphDriver, *, account_id: str, words: list[str], limit: int, overfetch: int, total: int
) -> list[Row]:
    """The account's best full-text matches, `{id, score}`, best first, ranked by BM25 on both stores.
    `total` is the account's memory count."""
    query = fulltext_query(words, driver.dialect)
    if not query:
        return []
    if driver.dialect == "neo4j":  # Lucene ranks by BM25 already
        params = {"account_id": account_id, "query": query, "limit": limit, "k": limit * overfetch}
        return await driver.read("search/fulltext", params)
    # RediSearch ranks by TF-IDF, and poorly for this: fetch the matches and rank them by BM25 here.
    params = {"account_id": account_id, "query": query, "k": BM25_MATCHES}
    matches = await driver.read("search/fulltext", params)
    return bm25_rank(query.split(" | "), matches, total=total)[:limit]


def word_count(text: str) -> int:
    """The words BM25 counts in a text; kept on each memory (`words`) so a search need not count them."""
    return len(_WORD.findall(text.lower()))


@lru_cache(maxsize=1 << 16)  # a store's vocabulary is small next to its words: each is stemmed once
def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def bm25_rank(
    terms: list[str], matches: list[Row], *, total: int, k1: float = 1.2, b: float = 0.75
) -> list[Row]:
    """Okapi BM25 over the matches of an OR query. Every memory holding a query term is among them, so
    each term's document frequency is exact; N is the account's memory count. Terms and text get the
    same crude stemming (a trailing s, es, ed, ing dropped), close to what the index matched on."""
    if not matches:
        return []
    stemmed = [_stem(t) for t in terms]
    # Only the query's terms are counted: one regex finds the whole words that are a term or a term
    # plus a suffix, and each is kept when it stems to that term (the text is not stemmed word by word).
    alternatives = "|".join(sorted((re.escape(t) for t in set(stemmed)), key=len, reverse=True))
    forms = re.compile(rf"(?<![^\W_])(?:{alternatives})(?:ing|ed|es|s)?(?![^\W_])")
    wanted = set(stemmed)
    counts, lengths = [], []
    for row in matches:
        text = row["content"].lower()
        lengths.append(row.get("words") or word_count(text))
        counts.append(Counter(stem for word in forms.findall(text) if (stem := _stem(word)) in wanted))
    average = sum(lengths) / len(lengths) or 1.0
    n = max(total, len(matches))
    idf = {
        t: math.log((n - df + 0.5) / (df + 0.5) + 1)
        for t in set(stemmed)
        for df in [sum(t in c for c in counts)]
    }
    scored = []
    for row, count, length in zip(matches, counts, lengths, strict=True):
        score = sum(
            idf[t] * count[t] * (k1 + 1) / (count[t] + k1 * (1 - b + b * length / average))
            for t in stemmed
            if count[t]
        )
        scored.append({"id": row["id"], "score": score})
    return sorted(scored, key=lambda r: (-r["score"], r["id"]))


async def by_entities(
    driver: GraphDriver, *, account_id: str, keys: list[str], limit: int, max_df: int = 2**31
) -> list[Row]:
    """Memories naming these entities; entities named by more than `max_df` memories are skipped."""
    if not keys:
        return []
    params = {"account_id": account_id, "keys": keys, "limit": limit, "max_df": max_df}
    return await driver.read("search/by_entities", params)


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
