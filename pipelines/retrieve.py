"""Hybrid retrieval for ask: the vector index, the full-text index, the graph (memories naming the
question's people, organizations and tags, and the link neighbours of the best hits), fused by
reciprocal rank fusion, with time awareness. Configured by plain data (`SearchConfig`)."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
from spacy.tokens import Doc

from graph import memories as memory_repo
from graph import search as repo
from pipelines.dates import resolve
from pipelines.extract import SpacyExtractor
from pipelines.names import name_key
from pipelines.service import Services


@dataclass(frozen=True)
class SearchConfig:
    vector_k: int = 30
    fulltext_k: int = 30
    entity_k: int = 30
    tag_k: int = 20
    neighbour_k: int = 10
    neighbour_seeds: int = 3
    rrf_k: int = 60
    weights: dict[str, float] = field(
        default_factory=lambda: {"vector": 1.0, "fulltext": 1.0, "entity": 1.0, "tag": 0.5, "neighbour": 0.5}
    )
    recency_weight: float = 0.5  # for "last / latest / most recent" questions
    # Feedback: each net up (down) vote on a memory raises (lowers) its score by vote_step, up to
    # vote_cap votes; a memory that a feedback correction or a later contradicting memory replaces keeps
    # corrected_factor of its score.
    vote_step: float = 0.05
    vote_cap: int = 5
    corrected_factor: float = 0.5
    entity_max_share: float = 0.1  # entities named by more of the account's memories are not used


DEFAULT_SEARCH = SearchConfig()

# Words that frame a question rather than say what it is about.
QUESTION_WORDS = {
    "know",
    "knew",
    "tell",
    "told",
    "remember",
    "recall",
    "say",
    "said",
    "says",
    "think",
    "find",
    "mention",
    "mentioned",
    "happen",
    "happened",
    "happens",
    "do",
    "does",
    "did",
    "anything",
    "something",
    "thing",
    "things",
    "memory",
    "memories",
    "note",
    "notes",
    "like",
}
_TEMPORAL = re.compile(
    r"\b(when|what date|which date|what day|what time|how long|what year|what month)\b", re.I
)
_RECENT = re.compile(r"\b(last|latest|most recent|recently|newest|current|currently|now)\b", re.I)
_EARLIEST = re.compile(r"\b(first|earliest|oldest|originally)\b", re.I)
_BEFORE_AFTER = re.compile(r"\b(before|after|since|until)\s+(.+?)(?:[?.!,]|$)", re.I)


@dataclass
class Question:
    text: str
    vector: Future[np.ndarray]  # the embedding, computed on a thread of its own (see read_question)
    doc: Doc
    keywords: list[str]
    entity_keys: list[str]
    temporal: bool
    recent: bool
    earliest: bool
    after_ms: int | None = None
    before_ms: int | None = None

    @property
    def embedding(self) -> np.ndarray:
        """The question's unit vector (waits for it when it is still being computed)."""
        return self.vector.result()


@dataclass
class Candidate:
    id: str
    fused: float
    ranks: dict[str, int]
    row: dict


CONTEXT_WEIGHT = 0.5  # a conversation's earlier messages, against the question itself


# Questions are embedded on threads of their own, not on ingest's embedding thread (where a question
# would wait behind a batch): the embedding goes on while spaCy reads the question and while the store
# answers the full-text and graph queries, which do not need it (torch releases the GIL in its kernels).
_QUESTION_EMBEDDING = ThreadPoolExecutor(max_workers=2, thread_name_prefix="question-embedding")


def _embed(services: Services, text: str, context: str | None) -> np.ndarray:
    if not context:
        return services.models.embedder.encode([text])[0]
    question_vector, context_vector = services.models.embedder.encode([text, context])
    mixed = question_vector + CONTEXT_WEIGHT * context_vector
    return (mixed / np.linalg.norm(mixed)).astype(np.float32)


def read_question(services: Services, text: str, now: datetime, context: str | None = None) -> Question:
    """The model work on the question (a worker thread runs it); the embedding is still being computed
    when it returns (`Question.vector`). `context` (earlier messages of a conversation) adds its people,
    organizations and key words after the question's own, and pulls the question's embedding towards it
    at CONTEXT_WEIGHT, so "who owns it?" finds what "it" was."""
    models = services.models
    vector = _QUESTION_EMBEDDING.submit(_embed, services, text, context)
    doc = models.nlp(text)
    keywords, entity_keys = _subject(services, doc)
    if context:
        context_keywords, context_keys = _subject(services, models.nlp(context))
        keywords += [k for k in context_keywords if k not in keywords]
        entity_keys += [k for k in context_keys if k not in entity_keys]
    question = Question(
        text=text,
        vector=vector,
        doc=doc,
        keywords=keywords,
        entity_keys=entity_keys,
        temporal=bool(_TEMPORAL.search(text)),
        recent=bool(_RECENT.search(text)),
        earliest=bool(_EARLIEST.search(text)),
    )
    for match in _BEFORE_AFTER.finditer(text):
        day = resolve(match.group(2), now)
        if day is not None:
            ms = int(datetime(day.year, day.month, day.day, tzinfo=now.tzinfo).timestamp() * 1000)
            if match.group(1).lower() in ("before", "until"):
                question.before_ms = ms
            else:
                question.after_ms = ms
    return question


def _subject(services: Services, doc: Doc) -> tuple[list[str], list[str]]:
    """What a text is about: its key words (lemmas first), and the keys of the names it holds."""
    content = [
        t for t in doc if t.is_alpha and not t.is_stop and not {t.lower_, t.lemma_.lower()} & QUESTION_WORDS
    ]
    keywords = [t.lemma_.lower() for t in content if t.pos_ in ("NOUN", "PROPN", "VERB", "ADJ", "NUM")]
    keywords += [t.lower_ for t in content if t.lower_ not in keywords]
    models = services.models
    extractor = (
        models.extractor if isinstance(models.extractor, SpacyExtractor) else SpacyExtractor(models.nlp)
    )
    mentions = extractor.from_doc(doc)
    names = mentions.people + mentions.organizations
    names += [t.text for t in doc if t.pos_ == "PROPN" and t.text[:1].isupper()]
    entity_keys = list(dict.fromkeys(k for n in names for k in {name_key(n), *name_key(n).split()} if k))
    return list(dict.fromkeys(keywords)), entity_keys


async def search(
    services: Services,
    account_id: str,
    question: Question,
    *,
    limit: int,
    config: SearchConfig = DEFAULT_SEARCH,
) -> list[Candidate]:
    """Candidates, best first, each with the rank it had in every method that found it."""
    driver, overfetch = services.driver, services.settings.vector_overfetch

    async def nearest() -> list[dict]:
        # The other queries go to the store while the question's embedding is still being computed.
        embedding = (await asyncio.wrap_future(question.vector)).tolist()
        return await memory_repo.similar_memories(
            driver,
            account_id=account_id,
            embedding=embedding,
            limit=max(config.vector_k, limit),
            overfetch=overfetch,
        )

    total = await repo.memory_count(driver, account_id=account_id)
    max_df = max(5, int(config.entity_max_share * total))
    vector, text, entities, tags = await asyncio.gather(
        nearest(),
        repo.fulltext(
            driver,
            account_id=account_id,
            words=question.keywords,
            limit=config.fulltext_k,
            overfetch=overfetch,
            total=total,
            frequencies=services.term_frequencies,
        ),
        repo.by_entities(
            driver, account_id=account_id, keys=question.entity_keys, limit=config.entity_k, max_df=max_df
        ),
        repo.by_tags(driver, account_id=account_id, tags=question.keywords, limit=config.tag_k),
    )
    ranked = {
        "vector": [r["id"] for r in vector],
        "fulltext": [r["id"] for r in text],
        "entity": [r["id"] for r in entities],
        "tag": [r["id"] for r in tags],
    }
    seeds = _fuse(ranked, config)[: config.neighbour_seeds]
    near = await repo.neighbours(driver, account_id=account_id, ids=seeds, limit=config.neighbour_k)
    ranked["neighbour"] = [r["id"] for r in near]
    order = _fuse(ranked, config)
    rows = await repo.memories(driver, account_id=account_id, ids=order[: max(limit * 4, 20)])
    candidates = []
    for memory_id in order:
        if memory_id not in rows:
            continue
        row = rows[memory_id]
        if question.after_ms is not None and row["ts"] < question.after_ms:
            continue
        if question.before_ms is not None and row["ts"] >= question.before_ms:
            continue
        ranks = {method: ids.index(memory_id) for method, ids in ranked.items() if memory_id in ids}
        fused = sum(config.weights[m] / (config.rrf_k + r + 1) for m, r in ranks.items())
        candidates.append(
            Candidate(id=memory_id, fused=fused * feedback_factor(row, config), ranks=ranks, row=row)
        )
    candidates.sort(key=lambda c: (-c.fused, c.id))
    if question.recent or question.earliest:
        _time_order(
            candidates, newest=question.recent and not question.earliest, weight=config.recency_weight
        )
    return candidates


def feedback_factor(row: dict, config: SearchConfig) -> float:
    """Within [1 − step·cap, 1 + step·cap] (0.75–1.25 by default), times corrected_factor if corrected."""
    net = max(-config.vote_cap, min(config.vote_cap, row.get("votes_up", 0) - row.get("votes_down", 0)))
    factor = 1.0 + config.vote_step * net
    return factor * (config.corrected_factor if row.get("corrected_by") else 1.0)


def _fuse(ranked: dict[str, list[str]], config: SearchConfig) -> list[str]:
    scores: dict[str, float] = {}
    for method, ids in ranked.items():
        for rank, memory_id in enumerate(ids):
            scores[memory_id] = scores.get(memory_id, 0.0) + config.weights[method] / (
                config.rrf_k + rank + 1
            )
    return sorted(scores, key=lambda i: (-scores[i], i))


def _time_order(candidates: list[Candidate], *, newest: bool, weight: float) -> None:
    """Blend a time rank into the fused score: newest first for "last" questions, oldest for "first"."""
    by_time = sorted(candidates, key=lambda c: c.row["ts"], reverse=newest)
    for rank, candidate in enumerate(by_time):
        candidate.fused += weight / (60 + rank + 1)
    candidates.sort(key=lambda c: (-c.fused, c.id))
