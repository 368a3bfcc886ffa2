"""The twelve signals of a memory from the local models: summary, triage_type, tags, people,
organizations, decisions, action_items, dates, sentiment, importance, links and the embedding.

`Models` loads each task's model (the configured hub model, or the offline fallback at once);
`read_texts` runs the models over a batch in one go (a worker thread calls it), in two halves that
ingest can await apart (`parse_texts`, then `finish_readings` once the forward pass is done);
`build_extraction` and the helpers below turn what they found into the contract's objects, with what
the account's graph knows (canonical names).
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import UTC, datetime, time
from functools import cache
from typing import TypeVar

import numpy as np
from spacy.language import Language
from spacy.tokens import Doc

from models.memory import ActionItem, DateMention, Extraction, Sentiment, TriageType
from models.settings import Settings
from pipelines.contradict import Comparator, NliComparator, SlotComparator
from pipelines.dates import resolve
from pipelines.device import on_torch_thread, sharing_cores, submit_to_torch
from pipelines.embed import Embedder, resolve_precision
from pipelines.extract import Extractor, GlinerExtractor, Mentions, SpacyExtractor, load_spacy
from pipelines.ids import new_id
from pipelines.names import first_key, merge_short_forms, name_key, plain_key, variant_key
from pipelines.rerank import Reranker
from pipelines.sentiment import SentimentModel, TransformerSentiment, VaderSentiment
from pipelines.summary import sentence_spans, summarize
from pipelines.tags import tags_for
from pipelines.triage import TriageClassifier

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass
class Models:
    embedder: Embedder
    nlp: Language
    extractor: Extractor
    sentiment: SentimentModel
    triage: TriageClassifier
    comparator: Comparator
    reranker: Reranker | None = None

    @classmethod
    def load(cls, settings: Settings, device: str) -> Models:
        return _load(
            settings.embedding_model,
            resolve_precision(settings.embedding_precision, device),
            settings.gliner_model,
            settings.sentiment_model,
            settings.check_model,
            settings.rerank_model,
            device,
        )

    def backends(self) -> dict[str, str]:
        """The model behind each signal, for /v1/health and /v1/stats."""
        spacy_name = f"spacy {self.nlp.meta.get('name')} {self.nlp.meta.get('version')}"
        return {
            "embedding": self.embedder.backend,
            "summary": f"extractive centrality over {self.embedder.backend}",
            "triage_type": f"prototypes over {self.embedder.backend}",
            "tags": f"noun phrases, {spacy_name}",
            "people": self.extractor.backend,
            "organizations": self.extractor.backend,
            "dates": f"{self.extractor.backend} + dateparser",
            "decisions": self.extractor.backend,
            "action_items": self.extractor.backend,
            "sentiment": self.sentiment.backend,
            "importance": "formula over the signals",
            "links": "vector index + entity nodes",
            "check": self.comparator.backend,
            "rerank": self.reranker.backend if self.reranker else "off",
        }


@cache
@on_torch_thread  # see pipelines/device.py
def _load(
    embedding_model: str,
    embedding_precision: str,
    gliner_model: str,
    sentiment_model: str,
    check_model: str,
    rerank_model: str,
    device: str,
) -> Models:
    """Loaded once per process and shared: the models are read-only at inference time."""
    embedder = Embedder.load(embedding_model, device, embedding_precision)
    nlp = load_spacy()
    reranker = Reranker.load(rerank_model, device) if rerank_model else None
    if rerank_model and reranker is None:
        log.warning("rerank: %s cannot be loaded here; ask runs without a reranker", rerank_model)
    return Models(
        embedder,
        nlp,
        _hub_or(gliner_model, GlinerExtractor.load, device, lambda: SpacyExtractor(nlp), "extraction"),
        _hub_or(sentiment_model, TransformerSentiment.load, device, VaderSentiment, "sentiment"),
        TriageClassifier(embedder.encode),
        _hub_or(
            check_model, NliComparator.load, device, lambda: SlotComparator(nlp, embedder.encode), "check"
        ),
        reranker,
    )


def _hub_or(
    name: str, load: Callable[[str, str], T | None], device: str, offline: Callable[[], T], task: str
) -> T:
    """The configured hub model, or at once the offline one (saying so once in the log)."""
    model = load(name, device) if name else None
    if model is None:
        fallback = offline()
        if name:
            log.warning("%s: %s cannot be loaded here; using %s", task, name, fallback.backend)
        return fallback
    return model


@dataclass
class Reading:
    """What the models read in one text, before the account's graph is consulted."""

    summary: str
    embedding: np.ndarray
    mentions: Mentions
    tags: list[str]
    sentiment: Sentiment
    sentiment_strength: float
    triage_type: TriageType
    content_hash: str
    # Each sentence's vector in the context of the whole text (one per `sentence_spans`), kept with the
    # memory so ask's composer reads them instead of encoding the sentences again.
    sentence_vectors: np.ndarray
    doc: Doc  # spaCy's parse, which the contradiction step reuses


def content_hash(text: str) -> str:
    return hashlib.sha256(" ".join(text.casefold().split()).encode()).hexdigest()[:32]


def _encode_beside_spacy(
    embedder: Embedder, texts: list[str], spans: list[list[tuple[int, int]]], parsed: threading.Event
) -> tuple[np.ndarray, list[np.ndarray]]:
    with sharing_cores(until=parsed) as adjust:
        return embedder.encode_in_context(texts, spans, before_chunk=adjust)


@dataclass
class Parse:
    """The first half of reading a batch: spaCy's parse and what comes of it (mentions, sentiment), with
    the forward pass that may still be running on the torch thread."""

    texts: list[str]
    sentences: list[list[str]]
    docs: list[Doc]
    mentions: list[Mentions]
    moods: list[tuple[str, float]]
    embedding: Future[tuple[np.ndarray, list[np.ndarray]]]


def parse_texts(models: Models, texts: list[str]) -> Parse:
    """spaCy's pass, the extractor and sentiment over a batch, beside its one embedding call."""
    spans = [sentence_spans(text) or [(0, len(text))] for text in texts]
    sentences = [[text[a:b] for a, b in text_spans] for text, text_spans in zip(texts, spans, strict=True)]
    # One forward pass per text gives its vector and, from its token embeddings, its sentences' vectors.
    # It runs on the torch thread (pipelines/device.py), with one core fewer, while spaCy parses here:
    # torch releases the GIL in its kernels, so on two cores the two overlap.
    parsed = threading.Event()
    embedding = submit_to_torch(_encode_beside_spacy, models.embedder, texts, spans, parsed)
    try:
        docs = list(models.nlp.pipe(texts, batch_size=16))
        if isinstance(models.extractor, SpacyExtractor):
            mentions = [models.extractor.from_doc(doc) for doc in docs]
        else:
            mentions = models.extractor.extract(texts)
        moods = models.sentiment.classify(texts, sentences)
    finally:
        parsed.set()  # the forward pass's remaining chunks take both cores
    return Parse(texts, sentences, docs, mentions, moods, embedding)


def finish_readings(models: Models, parse: Parse) -> list[Reading]:
    """The second half, once the forward pass is done: summary, triage and tags need the vectors."""
    documents, sentence_vectors = parse.embedding.result()
    readings = []
    for i, text in enumerate(parse.texts):
        embedding = documents[i]
        found = parse.mentions[i]
        triage = models.triage.classify(
            embedding, text=text, decisions=len(found.decisions), actions=len(found.actions)
        )
        mood, strength = parse.moods[i]
        readings.append(
            Reading(
                summary=summarize(parse.sentences[i], sentence_vectors[i]),
                embedding=embedding,
                mentions=found,
                tags=tags_for(parse.docs[i], fallback=triage.value),
                sentiment=Sentiment(mood),
                sentiment_strength=float(strength),
                triage_type=triage,
                content_hash=content_hash(text),
                sentence_vectors=sentence_vectors[i],
                doc=parse.docs[i],
            )
        )
    return readings


def read_texts(models: Models, texts: list[str]) -> list[Reading]:
    """All model work for a batch: one embedding call, one spaCy pass, one extractor and sentiment call."""
    return finish_readings(models, parse_texts(models, texts))


def single_names(mentions: Mentions) -> list[str]:
    """First-name keys of one-word people, to look up their full names in the account."""
    names = mentions.people + [a.owner for a in mentions.actions if a.owner]
    return sorted({name_key(n) for n in names if n and " " not in name_key(n)})


def build_extraction(
    mentions: Mentions, timestamp: datetime, known_full_names: dict[str, list[str]]
) -> Extraction:
    """Canonical, deduplicated names; dates resolved against the memory's timestamp."""
    owners = [a.owner for a in mentions.actions if a.owner]
    canonical = merge_short_forms(mentions.people + owners, known_full_names)
    organizations = list(dict.fromkeys(mentions.organizations))
    org_keys = {name_key(o) for o in organizations}
    people = [p for p in dict.fromkeys(canonical.values()) if name_key(p) not in org_keys]
    dates: list[DateMention] = []
    for text in mentions.dates:
        day = resolve(text, timestamp)
        if day is not None and all(d.text != text.strip() for d in dates):
            dates.append(DateMention(text=text.strip(), date=day.isoformat()))
    actions = []
    for action in mentions.actions:
        due = resolve(action.due_text, timestamp) if action.due_text else None
        actions.append(
            ActionItem(
                text=action.text[:500],
                owner=canonical.get(action.owner) if action.owner else None,
                due=due.isoformat() if due else None,
            )
        )
    return Extraction(
        people=people,
        organizations=organizations,
        decisions=[d[:500] for d in dict.fromkeys(mentions.decisions)],
        action_items=actions,
        dates=dates,
    )


def entity_keys(extraction: Extraction) -> list[str]:
    """The keys the account's Person and Organization nodes are merged by."""
    return [name_key(name) for name in extraction.people + extraction.organizations]


def graph_lists(extraction: Extraction, tags: list[str]) -> dict[str, list]:
    """The lists `cypher/memory/create` unwinds into nodes and relationships."""
    return {
        "people": [{**_entity(p, "per"), "first_key": first_key(p)} for p in extraction.people],
        "organizations": [_entity(o, "org") for o in extraction.organizations],
        "tags": [{"name": t, "id": new_id("tag")} for t in tags],
        "decisions": [{"id": new_id("dec"), "text": d} for d in extraction.decisions],
        "action_items": [
            {
                "id": new_id("act"),
                "text": a.text,
                "owner": a.owner,
                # Normally the owner is among the people; the node is created here when not.
                "owner_node": {**_entity(a.owner, "per"), "first_key": first_key(a.owner)}
                if a.owner
                else None,
                "due": a.due,
                "due_ms": _due_ms(a.due),
            }
            for a in extraction.action_items
        ],
    }


def _entity(name: str, prefix: str) -> dict[str, str]:
    # The id is set only when the node is created (MERGE ... ON CREATE): a fresh one per mention is fine.
    return {
        "key": name_key(name),
        "name": name,
        "id": new_id(prefix),
        "plain": plain_key(name),
        "variant": variant_key(name),
    }


def _due_ms(due: str | None) -> int | None:
    if not due:
        return None
    day = datetime.fromisoformat(due).date()
    return int(datetime.combine(day, time(23, 59, 59), UTC).timestamp() * 1000)
