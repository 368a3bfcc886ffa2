"""Candidate generation for ask: full-text, entity, tag and link neighbourhood queries, per account."""

from __future__ import annotations

import math
import re
from collections import Counter, OrderedDict
from functools import lru_cache

from graph.driver import GraphDriver, Row
from graph.filters import NO_FILTER, MemoryFilter

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# FalkorDB: at most this many matches are fetched and ranked by BM25 per query (see `fulltext`).
BM25_MATCHES = 400


def fulltext_query(words: list[str], dialect: str) -> str:
    """An OR query over plain words: everything but letters and digits is dropped, so no user text can
    reach the query syntax (RediSearch's for FalkorDB, Lucene's for Neo4j)."""
    terms = [term for word in words for term in _WORD.findall(word.lower())]
    terms = list(dict.fromkeys(t for t in terms if len(t) > 1))[:16]
    return (" | " if dialect == "falkordb" else " OR ").join(terms)


async def memory_count(driver: GraphDriver, *, account_id: str) -> int:
    row = await driver.read_one("search/count", {"account_id": account_id})
    return row["memories"] if row else 0


class TermFrequencies:
    """Each term's document frequency in an account as the index counted it, kept while the account's
    memory count stays within 1% (at least 10 memories) of the count it was taken at: a term's weight
    is then off by well under 1%, and most asks need one store query less. Least recently used terms
    go past `capacity`."""

    def __init__(self, capacity: int = 100_000) -> None:
        self.capacity = capacity
        self._kept: OrderedDict[tuple[str, str], tuple[int, int]] = OrderedDict()

    def known(self, account_id: str, terms: list[str], total: int) -> dict[str, int]:
        found = {}
        for term in terms:
            kept = self._kept.get((account_id, term))
            if kept is not None and abs(total - kept[1]) <= max(10, total // 100):
                self._kept.move_to_end((account_id, term))
                found[term] = kept[0]
        return found

    def keep(self, account_id: str, counts: dict[str, int], total: int) -> None:
        for term, count in counts.items():
            self._kept[(account_id, term)] = (count, total)
            self._kept.move_to_end((account_id, term))
        while len(self._kept) > self.capacity:
            self._kept.popitem(last=False)


async def fulltext(
    driver: GraphDriver,
    *,
    account_id: str,
    words: list[str],
    limit: int,
    overfetch: int,
    total: int,
    frequencies: TermFrequencies | None = None,
    where: MemoryFilter = NO_FILTER,
) -> list[Row]:
    """The account's best full-text matches within `where`, `{id, score}`, best first, ranked by BM25
    on both stores. `total` is the account's memory count; `frequencies` keeps the terms' counts between
    calls (counted over the whole account: a term's weight does not depend on the filters)."""
    query = fulltext_query(words, driver.dialect)
    if not query:
        return []
    if driver.dialect == "neo4j":  # Lucene ranks by BM25 already
        params = {"account_id": account_id, "query": query, "limit": limit, "k": limit * overfetch}
        return await driver.read(where.query("search/fulltext"), params | where.params())
    # RediSearch ranks by TF-IDF, and poorly for this: matches are ranked by BM25 here, with each term's
    # document frequency counted by the index over the account. Fetching every match of a large store
    # costs time in proportion to it (10,000 memories: 7,500 hold "budget"), so only the matches of the
    # rarest terms are fetched, up to BM25_MATCHES: a memory holding none of them holds only common
    # terms, which weigh little. (RediSearch's own order is no guide: its best 300 instead of every
    # match cut LoCoMo recall@10 from 0.485 to 0.434 on two conversations; the rarest terms' matches up
    # to 400 or 1,000 both gave 0.485, and 400 halves the fetch at 10,000 memories: 41 to 20 ms.)
    terms = query.split(" | ")
    frequency = frequencies.known(account_id, terms, total) if frequencies else {}
    if missing := [t for t in terms if t not in frequency]:
        counts = await driver.read("search/term_counts", {"account_id": account_id, "terms": missing})
        counted = dict.fromkeys(missing, 0) | {row["term"]: row["memories"] for row in counts}
        if frequencies:
            frequencies.keep(account_id, counted, total)
        frequency.update(counted)
    rare = rarest_terms(terms, frequency, BM25_MATCHES)
    if not rare:
        return []
    params = {"account_id": account_id, "query": " | ".join(rare), "k": BM25_MATCHES}
    matches = await driver.read(where.query("search/fulltext"), params | where.params())
    return bm25_rank(terms, matches, total=total, frequency=frequency)[:limit]


def rarest_terms(terms: list[str], frequency: dict[str, int], budget: int) -> list[str]:
    """The rarest terms whose document frequencies add up to at most `budget` (the rarest always), in
    the query's order; terms no memory holds are left out."""
    kept: set[str] = set()
    spent = 0
    for term in sorted((t for t in terms if frequency.get(t, 0) > 0), key=lambda t: (frequency[t], t)):
        if kept and spent + frequency[term] > budget:
            break
        kept.add(term)
        spent += frequency[term]
    return [t for t in terms if t in kept]


def word_count(text: str) -> int:
    """The words BM25 counts in a text; kept on each memory (`words`) so a search need not count them."""
    return len(_WORD.findall(text.lower()))


@lru_cache(maxsize=1 << 16)  # a store's vocabulary is small next to its words: each is stemmed once
def stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


# The past forms of common irregular verbs, to their base: "What did Hamish send?" is answered by "Hamish
# sent the list", which no suffix rule brings together.
_IRREGULAR = {
    "sent": "send", "paid": "pay", "met": "meet", "left": "leave", "bought": "buy", "brought": "bring",
    "took": "take", "taken": "take", "gave": "give", "given": "give", "told": "tell", "wrote": "write",
    "written": "write", "made": "make", "found": "find", "chose": "choose", "chosen": "choose",
    "went": "go", "gone": "go", "came": "come", "thought": "think", "kept": "keep", "held": "hold",
    "spoke": "speak", "spoken": "speak", "sold": "sell", "built": "build", "spent": "spend",
    "lost": "lose", "won": "win", "began": "begin", "begun": "begin", "ran": "run", "saw": "see",
    "seen": "see", "ate": "eat", "eaten": "eat", "drove": "drive", "driven": "drive", "flew": "fly",
    "flown": "fly", "taught": "teach", "caught": "catch", "felt": "feel", "heard": "hear", "knew": "know",
    "known": "know", "led": "lead", "lent": "lend", "read": "read", "rode": "ride", "rang": "ring",
    "rung": "ring", "sang": "sing", "sung": "sing", "sat": "sit", "slept": "sleep", "stood": "stand",
    "swam": "swim", "threw": "throw", "thrown": "throw", "understood": "understand", "woke": "wake",
    "wore": "wear", "worn": "wear", "forgot": "forget", "forgotten": "forget", "got": "get",
    "gotten": "get", "shut": "shut", "put": "put", "set": "set", "cut": "cut", "quit": "quit",
    "hit": "hit", "let": "let", "broke": "break", "broken": "break", "fell": "fall", "fallen": "fall",
    "grew": "grow", "grown": "grow", "drew": "draw", "drawn": "draw", "hung": "hang", "dealt": "deal",
    "meant": "mean", "sought": "seek", "fought": "fight", "struck": "strike", "withdrew": "withdraw",
    "overtook": "overtake", "undertook": "undertake", "rebuilt": "rebuild", "resent": "resend",
}  # fmt: skip


def root(word: str) -> str:
    """A word's stem without a final e, so the forms of one verb meet ("decide", "decided": "decid";
    "sent" and "send" through `_IRREGULAR`). Not for BM25, whose counts follow the stems the index
    matched on."""
    word = _IRREGULAR.get(word, word)
    # A noun in -y and its plural meet the verb they are made from: "deliveries", "delivery" and
    # "delivers" are "deliver", "supplied" and "supply" "suppl" (a stem of five letters at least, a
    # consonant before the y: "days", "parties" stay as they were).
    if len(word) >= 8 and word.endswith(("ies", "ied")) and word[-4] not in "aeiou":
        return word[:-3]
    if len(word) >= 6 and word.endswith("y") and word[-2] not in "aeiouy":
        return word[:-1]
    # (a word ending in "ss" is no plural: "class" is the root "classes" has, not "clas")
    found = word if word.endswith("ss") else stem(word)
    return found[:-1] if len(found) > 3 and found.endswith("e") else found


def akin(word: str, other: str, least: int = 5) -> bool:
    """One word, or words of one family ("migration" and "migrate", "installation" and "installed",
    "electrician" and "electrical"): a stem of `least` letters or more in common, each word at most five
    letters past it."""
    if word == other:
        return True
    common = 0
    for a, b in zip(word, other, strict=False):
        if a != b:
            break
        common += 1
    return common >= least and len(word) - common <= 5 and len(other) - common <= 5


def bm25_rank(
    terms: list[str],
    matches: list[Row],
    *,
    total: int,
    frequency: dict[str, int] | None = None,
    k1: float = 1.2,
    b: float = 0.75,
) -> list[Row]:
    """Okapi BM25 over the matches of an OR query; N is the account's memory count. A term's document
    frequency is `frequency[term]` (the index's count over the account) when given, and never less than
    the matches holding it (all of them when every match is here). Terms and text get the same crude
    stemming (a trailing s, es, ed, ing dropped), close to what the index matched on."""
    if not matches:
        return []
    stemmed = [stem(t) for t in terms]
    # Only the query's terms are counted: one regex finds the whole words that are a term or a term
    # plus a suffix, and each is kept when it stems to that term (the text is not stemmed word by word).
    alternatives = "|".join(sorted((re.escape(t) for t in set(stemmed)), key=len, reverse=True))
    forms = re.compile(rf"(?<![^\W_])(?:{alternatives})(?:ing|ed|es|s)?(?![^\W_])")
    wanted = set(stemmed)
    counts, lengths = [], []
    for row in matches:
        text = row["content"].lower()
        lengths.append(row.get("words") or word_count(text))
        counts.append(Counter(root for word in forms.findall(text) if (root := stem(word)) in wanted))
    average = sum(lengths) / len(lengths) or 1.0
    n = max(total, len(matches))
    given: dict[str, int] = {}
    for term, root in zip(terms, stemmed, strict=True):
        given[root] = max(given.get(root, 0), (frequency or {}).get(term, 0))
    idf = {
        t: math.log((n - df + 0.5) / (df + 0.5) + 1)
        for t in set(stemmed)
        for df in [min(n, max(given[t], sum(t in c for c in counts)))]
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
    driver: GraphDriver,
    *,
    account_id: str,
    keys: list[str],
    limit: int,
    max_df: int = 2**31,
    where: MemoryFilter = NO_FILTER,
) -> list[Row]:
    """Memories naming these entities; entities named by more than `max_df` memories are skipped."""
    if not keys:
        return []
    params = {"account_id": account_id, "keys": keys, "limit": limit, "max_df": max_df}
    return await driver.read(where.query("search/by_entities"), params | where.params())


async def by_tags(
    driver: GraphDriver,
    *,
    account_id: str,
    tags: list[str],
    limit: int,
    max_df: int = 2**31,
    where: MemoryFilter = NO_FILTER,
) -> list[Row]:
    """Memories tagged with these tags; tags on more than `max_df` memories are skipped."""
    if not tags:
        return []
    params = {"account_id": account_id, "tags": tags, "limit": limit, "max_df": max_df}
    return await driver.read(where.query("search/by_tags"), params | where.params())


async def nearest(
    driver: GraphDriver,
    *,
    account_id: str,
    embedding: list[float],
    limit: int,
    overfetch: int,
    where: MemoryFilter = NO_FILTER,
    second: bool = False,
) -> list[Row]:
    """The nearest memories within `where`, `{id, similarity}`, most similar first, by the first
    embedding or (`second`) the second. Within a scope (a user, agent, session or metadata value),
    exactly, over the scope's memories (the first embedding only). Otherwise the global index is asked
    for `overfetch` times `limit` hits; when other filters narrow, for four times that (at most 2,000),
    since most of the hits may fall outside them."""
    if where.anchor is not None:
        if second:
            raise ValueError("the second embedding has no scoped search")
        return await nearest_scoped(
            driver, account_id=account_id, embedding=embedding, limit=limit, where=where
        )
    k = limit * overfetch * (4 if where.narrows else 1)
    params = {
        "account_id": account_id,
        "embedding": embedding,
        "limit": limit,
        "k": min(max(k, limit), 2000),
        "vector_property": "embedding_second" if second else "embedding",
        "vector_index": "memory_embedding_second" if second else "memory_embedding",
    }
    return await driver.read(where.query("search/nearest"), params | where.params())


async def nearest_scoped(
    driver: GraphDriver, *, account_id: str, embedding: list[float], limit: int, where: MemoryFilter
) -> list[Row]:
    """The nearest memories within `where`'s scope by exact cosine, `{id, similarity, ts, source,
    content_hash, identifiers}`, most similar first."""
    if where.anchor is None:
        raise ValueError("nearest_scoped needs a filter with a scope")
    params = {"account_id": account_id, "embedding": embedding, "limit": limit}
    return await driver.read(where.query("search/nearest_scoped"), params | where.params())


async def neighbours(
    driver: GraphDriver, *, account_id: str, ids: list[str], limit: int, where: MemoryFilter = NO_FILTER
) -> list[Row]:
    if not ids:
        return []
    params = {"account_id": account_id, "ids": ids, "limit": limit}
    return await driver.read(where.query("search/neighbours"), params | where.params())


async def replacing(
    driver: GraphDriver, *, account_id: str, ids: list[str], limit: int, where: MemoryFilter = NO_FILTER
) -> list[Row]:
    """The memories that replace any of `ids` (a correction, a later superseding one), newest first."""
    return await _replacements(driver, "search/replacing", account_id, ids, limit, where)


async def replaced(
    driver: GraphDriver, *, account_id: str, ids: list[str], limit: int, where: MemoryFilter = NO_FILTER
) -> list[Row]:
    """The memories that any of `ids` replaced, newest first."""
    return await _replacements(driver, "search/replaced", account_id, ids, limit, where)


async def _replacements(
    driver: GraphDriver, name: str, account_id: str, ids: list[str], limit: int, where: MemoryFilter
) -> list[Row]:
    if not ids:
        return []
    params = {"account_id": account_id, "ids": ids, "limit": limit}
    return await driver.read(where.query(name), params | where.params())


async def memories(driver: GraphDriver, *, account_id: str, ids: list[str]) -> dict[str, Row]:
    if not ids:
        return {}
    rows = await driver.read("search/memories", {"account_id": account_id, "ids": ids})
    return {row["id"]: row for row in rows}
