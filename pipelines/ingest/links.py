"""links: how a new memory relates to the account's earlier ones.

Candidates come from the vector index (nearest memories) and the entity nodes (memories naming the
same people or organizations) — never from a scan of every memory, so ingest cost stays flat.

- `duplicate`: cosine similarity ≥ 0.95, or the same normalised content — unless the two name different
  identifiers of one kind (invoice 1042 and invoice 1043, sprint 14 and sprint 15: see
  `pipelines/nlp/identifiers.py`), which are different facts however alike they read, or give different
  numbers ("Stock count: 84 Fig candles, 40 Cedar" and, later, "61 Fig candles, 95 Cedar": a count
  updated, which the comparator reads as such); such a pair is `same_topic`.
- `same_topic`: cosine similarity ≥ SAME_TOPIC (0.4, chosen on the 24 labelled pairs in
  tests/data/link_pairs.py: unrelated pairs score at most 0.2, same-topic pairs at least 0.42; 0.4
  classifies all of them and stays clear of loosely related notes).
- `shares_entity`: names a person or organization the other names; score = shared / this note's.
- `follows_up`: the latest earlier memory from the same source that shares an entity (a thread).
"""

from __future__ import annotations

import re

from models.memory import Link, LinkKind
from pipelines.nlp.identifiers import conflict

DUPLICATE = 0.95
SAME_TOPIC = 0.4
MAX_LINKS = 10
CANDIDATES = 10  # nearest memories and entity-sharing memories considered each


def find_links(
    *,
    similar: list[dict],
    sharing: list[dict],
    content_hash: str,
    entity_count: int,
    source: str,
    ts: int,
    identifiers: set[str] | None = None,
    content: str | None = None,
) -> list[Link]:
    """`identifiers`: the new memory's (a memory stored before they were kept has none, and is compared
    by similarity alone); `content`: its text, whose numbers a duplicate gives too."""
    links: list[Link] = []
    numbers = _numbers(content) if content is not None else None
    for row in similar:
        similarity = round(float(row["similarity"]), 4)
        same_subject = conflict(identifiers, row.get("identifiers")) is None
        if numbers is not None and row.get("content") is not None and _numbers(row["content"]) != numbers:
            same_subject = False  # the same words, other numbers: an update, not a repeat
        if row.get("content_hash") == content_hash or (same_subject and similarity >= DUPLICATE):
            links.append(Link(target_id=row["id"], kind=LinkKind.duplicate, score=min(similarity, 1.0)))
        elif similarity >= SAME_TOPIC:
            links.append(Link(target_id=row["id"], kind=LinkKind.same_topic, score=similarity))
    earlier_same_source = []
    for row in sharing:
        score = round(row["shared"] / max(entity_count, 1), 4)
        links.append(Link(target_id=row["id"], kind=LinkKind.shares_entity, score=min(score, 1.0)))
        if row["source"] == source and row["ts"] <= ts:
            earlier_same_source.append((row["ts"], row["id"], score))
    if earlier_same_source:
        _, target, score = max(earlier_same_source)
        links.append(Link(target_id=target, kind=LinkKind.follows_up, score=min(score, 1.0)))
    # Which links of equal score the cap keeps (every memory naming the one person a note names shares
    # 1.0): those of the memories closest in meaning, then the newer, then by content. Broken by the
    # random ids, the same notes stored twice kept different links, and what remember compared and ask
    # answered differed from one run to the next.
    alike = {row["id"]: -float(row["similarity"]) for row in similar}
    written = {
        row["id"]: (-(row.get("ts") or 0), row.get("content_hash") or "") for row in [*similar, *sharing]
    }
    kept = sorted(
        links,
        key=lambda link: (
            -link.score,
            link.kind.value,
            alike.get(link.target_id, 0.0),
            written.get(link.target_id, (0, "")),
        ),
    )
    return ordered(kept[:MAX_LINKS])


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _numbers(text: str) -> list[str]:
    return sorted(_NUMBER.findall(text))


def capped(links: list[Link]) -> list[Link]:
    """At most MAX_LINKS of the pipeline's links, strongest first; those that say which memory holds the
    current fact (`supersedes`, `contradicts`) are kept before the others."""
    current = [link for link in ordered(links) if link.kind in (LinkKind.supersedes, LinkKind.contradicts)]
    # A memory that replaces or contradicts another says something else, so it is not that memory's
    # duplicate, however alike the two read ("The juggling club meets on Tuesday evenings now" after "…
    # on Thursday evenings": 0.97 alike by MiniLM, one weekday apart).
    replaced = {link.target_id for link in current}
    others = [
        link
        for link in ordered(links)
        if link not in current and not (link.kind is LinkKind.duplicate and link.target_id in replaced)
    ]
    return ordered((current + others)[:MAX_LINKS])


def ordered(links: list[Link]) -> list[Link]:
    """Strongest first; kind and target break ties, so a read returns links in the order written."""
    return sorted(links, key=lambda link: (-link.score, link.kind.value, link.target_id))


def novelty(similar: list[dict]) -> float:
    """1 − the highest similarity to an earlier memory (1 for the account's first memory)."""
    return 1.0 - max((float(row["similarity"]) for row in similar), default=0.0)
