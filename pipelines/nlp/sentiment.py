"""Sentiment: positive, neutral, negative or mixed.

Offline: VADER, adapted to workplace notes — incident words it lacks are negative ("outage",
"crashed", "leaked"), and politeness and decision words it counts as positive are neutral ("please",
"thanks", "agreed", "approved": "we agreed to move the launch" states a decision, not a feeling). The
label comes from the compound score (neutral within ±0.3); `mixed` when one clause is clearly positive
and another clearly negative (clauses split at sentence ends and at "but", "though", "however",
"although", "while", ";"; compound ≥ 0.2 and ≤ -0.2). The adaptation and the band were chosen on the
labelled notes in tests/data/extraction_set.py. With a transformers text classifier
(`MEMSVC_SENTIMENT_MODEL`): the top label, `mixed` when positive and negative both score ≥ 0.3.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

from pipelines.nlp.device import on_torch_thread
from pipelines.nlp.hub import load_hub_model

MIXED_CLAUSE = 0.2
NEUTRAL_BAND = 0.3
WORKPLACE_LEXICON = {
    # negative: incidents and trouble
    "outage": -2.0,
    "outages": -2.0,
    "crash": -2.0,
    "crashed": -2.0,
    "crashes": -2.0,
    "downtime": -2.0,
    "failure": -2.0,
    "failures": -2.0,
    "leak": -1.5,
    "leaked": -1.5,
    "breach": -2.5,
    "blocked": -1.5,
    "blocker": -1.5,
    "bug": -1.0,
    "bugs": -1.0,
    "incident": -1.5,
    "spiked": -1.2,
    "paged": -1.0,
    "expired": -1.0,
    "broken": -2.0,
    "regression": -1.5,
    "exhausted": -1.5,
    "down": -1.0,
    "urgent": -1.0,
    # neutral: politeness and decision words
    "please": 0.0,
    "thanks": 0.0,
    "thank": 0.0,
    "agree": 0.0,
    "agreed": 0.0,
    "approve": 0.0,
    "approved": 0.0,
    "confirm": 0.0,
    "confirmed": 0.0,
    "support": 0.0,
    "chance": 0.0,
    "ok": 0.0,
    "sure": 0.0,
    "fun": 0.0,
    "help": 0.0,
    "free": 0.0,
}
_CLAUSE = re.compile(
    r"(?<=[.!?;])\s+|\n+|,?\s+\b(?:but|though|however|although|while|yet)\b\s*", re.IGNORECASE
)


class SentimentModel(Protocol):
    backend: str

    def classify(self, texts: list[str], sentences: list[list[str]]) -> list[tuple[str, float]]:
        """(label, strength 0..1) per text."""
        ...


class VaderSentiment:
    backend = "vader (vadersentiment lexicon)"

    def __init__(self) -> None:
        self.analyzer = SentimentIntensityAnalyzer()
        self.analyzer.lexicon.update(WORKPLACE_LEXICON)

    def classify(self, texts: list[str], sentences: list[list[str]]) -> list[tuple[str, float]]:
        return [self._one(text, sents) for text, sents in zip(texts, sentences, strict=True)]

    def _one(self, text: str, sentences: list[str]) -> tuple[str, float]:
        compound = self.analyzer.polarity_scores(text)["compound"]
        clauses = [c for c in _CLAUSE.split(text) if c and c.strip()]
        scores = [self.analyzer.polarity_scores(c)["compound"] for c in clauses] if len(clauses) > 1 else []
        if scores and max(scores) >= MIXED_CLAUSE and min(scores) <= -MIXED_CLAUSE:
            return "mixed", abs(compound)
        if compound >= NEUTRAL_BAND:
            return "positive", compound
        if compound <= -NEUTRAL_BAND:
            return "negative", -compound
        return "neutral", abs(compound)


def _label_kind(label: str) -> str | None:
    lowered = label.lower()
    for kind in ("negative", "neutral", "positive"):
        if lowered.startswith(kind[:3]):
            return kind
    return {"label_0": "negative", "label_1": "neutral", "label_2": "positive"}.get(lowered)


class TransformerSentiment:
    def __init__(self, pipe: Any, name: str):
        self.pipe = pipe
        self.backend = f"transformers {name}"

    @classmethod
    def load(cls, name: str, device: str) -> TransformerSentiment | None:
        from transformers import AutoModelForSequenceClassification, AutoTokenizer, pipeline

        def loader(model: str) -> Any:
            tokenizer = AutoTokenizer.from_pretrained(model)
            classifier = AutoModelForSequenceClassification.from_pretrained(model)
            return pipeline(
                "text-classification", model=classifier, tokenizer=tokenizer, device=device, top_k=None
            )

        pipe = load_hub_model(name, loader, task="sentiment")
        return cls(pipe, name) if pipe is not None else None

    @on_torch_thread
    def classify(self, texts: list[str], sentences: list[list[str]]) -> list[tuple[str, float]]:
        results = []
        for scores in self.pipe(texts, truncation=True, batch_size=16):
            by_kind = {_label_kind(s["label"]): s["score"] for s in scores}
            positive, negative = by_kind.get("positive", 0.0), by_kind.get("negative", 0.0)
            if positive >= MIXED_CLAUSE and negative >= MIXED_CLAUSE:
                results.append(("mixed", abs(positive - negative)))
                continue
            kind, score = max(((k, v) for k, v in by_kind.items() if k), key=lambda kv: kv[1])
            results.append((kind, score if kind != "neutral" else 1 - score))
        return results
