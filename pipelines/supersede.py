"""At remember: does the new memory contradict one it is linked to? The check's comparator reads the
sentences of the new memory against those of its closest linked memories (a bounded number of pairs);
a contradiction becomes a link: `supersedes` when the new memory is the later one (it holds the
current fact), `contradicts` when it is not later (the stored memory stays current)."""

from __future__ import annotations

import asyncio
import re
from datetime import datetime

from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Doc

from graph import search as search_repo
from models.memory import Link, LinkKind
from pipelines.clock import from_ms
from pipelines.contradict import Verdict
from pipelines.service import Services
from pipelines.summary import sentence_spans, split_sentences

COMPARED_MEMORIES = 3  # the strongest linked memories compared
READ_SENTENCES = 24  # a stored memory's sentences read against the new one's
COMPARED_PAIRS = 4  # sentence pairs read slot by slot, at most (the most overlapping)
# Only sentence pairs sharing half their words, values aside, are read (check reads from a quarter): a
# contradiction restates the same fact with a value changed, and at remember every pair read costs a parse.
MIN_OVERLAP = 0.5
_VALUES = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "today", "tomorrow", "yesterday", "next", "last", "week", "month", "year",
}  # fmt: skip
_WORD = re.compile(r"[^\W\d_]+")


def _gist(sentence: str) -> set[str]:
    """The words of a sentence without its values (numbers, dates) and stop words."""
    return {
        w for w in _WORD.findall(sentence.lower()) if w not in STOP_WORDS and w not in _VALUES and len(w) > 1
    }


def _restates(a: set[str], b: set[str]) -> bool:
    return bool(a and b) and len(a & b) / len(a | b) >= MIN_OVERLAP


SUPERSEDE_AT = 0.8  # the comparator's confidence from which a contradiction is linked (as check's `show`)
_RELATED = {LinkKind.same_topic, LinkKind.shares_entity, LinkKind.follows_up}


async def contradiction_links(
    services: Services,
    account_id: str,
    content: str,
    timestamp: datetime,
    links: list[Link],
    doc: Doc | None = None,
) -> list[Link]:
    """`doc`: spaCy's parse of `content`, made by ingest: its sentences are not parsed again, now or when
    a later memory is compared with this one (the comparator keeps their readings)."""
    targets = list(dict.fromkeys(link.target_id for link in links if link.kind in _RELATED))
    rows = (
        await search_repo.memories(services.driver, account_id=account_id, ids=targets[:COMPARED_MEMORIES])
        if targets
        else {}
    )
    pairs, owners = [], []
    ours = [(claim, _gist(claim)) for claim in split_sentences(content)[:8]]
    for target_id, row in rows.items():
        written = from_ms(row["ts"])
        for sentence in split_sentences(row["content"])[:READ_SENTENCES]:
            gist = _gist(sentence)
            for claim, claim_gist in ours:
                if _restates(claim_gist, gist):
                    pairs.append((claim, timestamp, sentence, written))
                    owners.append(target_id)
    verdicts = await asyncio.to_thread(_keep_and_compare, services, content, timestamp, doc, pairs)
    found: dict[str, float] = {}
    for verdict, target_id in zip(verdicts, owners, strict=True):
        if verdict.contradicts and verdict.confidence >= SUPERSEDE_AT:
            found[target_id] = max(found.get(target_id, 0.0), verdict.confidence)
    ts = int(timestamp.timestamp() * 1000)
    return [
        Link(
            target_id=target_id,
            kind=LinkKind.supersedes if ts > rows[target_id]["ts"] else LinkKind.contradicts,
            score=confidence,
        )
        for target_id, confidence in found.items()
    ]


def _keep_and_compare(
    services: Services,
    content: str,
    timestamp: datetime,
    doc: Doc | None,
    pairs: list[tuple[str, datetime, str, datetime]],
) -> list[Verdict]:
    comparator = services.models.comparator
    own = _sentence_docs(doc, content, set(split_sentences(content)[:READ_SENTENCES]))
    comparator.keep(own, timestamp)
    if not pairs:
        return []
    return comparator.compare(pairs, min_overlap=0.0, total=COMPARED_PAIRS, parsed=own)


def _sentence_docs(doc: Doc | None, content: str, sentences: set[str]) -> dict[str, Doc]:
    """Each of these sentences of `content` as a Doc of its own, cut from the parse of the whole."""
    found: dict[str, Doc] = {}
    if doc is None:
        return found
    for start, end in sentence_spans(content):
        text = content[start:end]
        if text in sentences and text not in found:
            span = doc.char_span(start, end, alignment_mode="expand")
            if span is not None and span.text == text:
                found[text] = span.as_doc()
    return found
