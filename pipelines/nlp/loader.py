"""The local models of one process, loaded once: the embedder, spaCy, the extractor, sentiment, triage, the
check comparator and the optional reranker. Each task gets its configured hub model, or the offline
fallback at once. Ingest reads texts with them (`pipelines/ingest/reading.py`); ask, check and files
take them from `Services.models`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from spacy.language import Language

from models.settings import Settings
from pipelines.nlp.contradict import Comparator, NliComparator, SlotComparator
from pipelines.nlp.device import on_torch_thread
from pipelines.nlp.embed import Embedder, resolve_precision
from pipelines.nlp.extract import Extractor, GlinerExtractor, SpacyExtractor, load_spacy
from pipelines.nlp.rerank import Reranker
from pipelines.nlp.sentiment import SentimentModel, TransformerSentiment, VaderSentiment
from pipelines.nlp.triage import TriageClassifier

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
    # The second vector index's model (pipelines/ingest/second_embedding.py); None when off.
    second: Embedder | None = None

    @classmethod
    def load(cls, settings: Settings, device: str) -> Models:
        return _load(
            settings.embedding_model,
            resolve_precision(settings.embedding_precision, device),
            settings.gliner_model,
            settings.sentiment_model,
            settings.check_model,
            settings.rerank_model,
            settings.second_embedding_model,
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
            "second_embedding": self.second.backend if self.second else "off",
        }


@cache
@on_torch_thread  # see pipelines/nlp/device.py
def _load(
    embedding_model: str,
    embedding_precision: str,
    gliner_model: str,
    sentiment_model: str,
    check_model: str,
    rerank_model: str,
    second_embedding_model: str,
    device: str,
) -> Models:
    """Loaded once per process and shared: the models are read-only at inference time."""
    embedder = Embedder.load(embedding_model, device, embedding_precision)
    nlp = load_spacy()
    reranker = Reranker.load(rerank_model, device) if rerank_model else None
    if rerank_model and reranker is None:
        log.warning("rerank: %s cannot be loaded here; ask runs without a reranker", rerank_model)
    second = (
        Embedder.load_named(second_embedding_model, device, embedding_precision)
        if second_embedding_model
        else None
    )
    if second_embedding_model and second is None:
        log.warning("embedding: %s cannot be loaded here; no second vector index", second_embedding_model)
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
        second,
    )


def _hub_or(
    name: str, load: Callable[[str, str], T | None], device: str, offline: Callable[[], T], task: str
) -> T:
    """The configured hub model, or at once the offline one (saying so once in the log). A hub model's
    library that is not installed is the same as its model not being here: a machine found without
    `gliner` stopped the service at start before (a lent GPU machine, 2026-11-27)."""
    try:
        model = load(name, device) if name else None
    except ImportError as exc:
        log.warning("%s: %s needs %s, which is not installed", task, name, exc.name or exc)
        model = None
    if model is None:
        fallback = offline()
        if name:
            log.warning("%s: %s cannot be loaded here; using %s", task, name, fallback.backend)
        return fallback
    return model
