"""The models' pass over a batch of texts (a worker thread calls it), in two halves that ingest can await
apart: `parse_texts` (spaCy, the extractor, sentiment, beside the forward pass on the torch thread), then
`finish_readings` once the vectors are there (summary, triage, tags).
"""

from __future__ import annotations

import hashlib
import threading
from concurrent.futures import Future
from dataclasses import dataclass

import numpy as np
from spacy.tokens import Doc

from models.memory import Sentiment, TriageType
from pipelines.nlp.device import sharing_cores, submit_to_torch
from pipelines.nlp.embed import Embedder
from pipelines.nlp.extract import Mentions, SpacyExtractor
from pipelines.nlp.loader import Models
from pipelines.nlp.summary import list_form, sentence_spans, summarize
from pipelines.nlp.tags import tags_for


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
    # It runs on the torch thread (pipelines/nlp/device.py), with one core fewer, while spaCy parses here:
    # torch releases the GIL in its kernels, so on two cores the two overlap.
    parsed = threading.Event()
    embedding = submit_to_torch(_encode_beside_spacy, models.embedder, texts, spans, parsed)
    try:
        # (list marks read as a list's dash: pipelines/nlp/summary.py; every offset unchanged)
        docs = list(models.nlp.pipe([list_form(text) for text in texts], batch_size=16))
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
