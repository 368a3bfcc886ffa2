"""Per-field precision and recall of the offline pipeline on the labelled notes, with floors.

Run with `-s` to see the table; the README quotes it."""

from __future__ import annotations

from datetime import datetime

import pytest

from models.settings import Settings
from pipelines.ingest.extraction import build_extraction
from pipelines.ingest.reading import read_texts
from pipelines.nlp.loader import Models
from pipelines.nlp.names import name_key
from tests.data.extraction_set import NOTES

FLOORS = {"people": 0.85, "organizations": 0.85, "dates": 0.85, "action_items": 0.7, "decisions": 0.7}
SENTIMENT_FLOOR = 0.75


def offline_models() -> Models:
    return Models.load(Settings(gliner_model="", sentiment_model=""), "cpu")


def _prf(tp: int, n_pred: int, n_gold: int) -> tuple[float, float, float]:
    precision = tp / n_pred if n_pred else 1.0
    recall = tp / n_gold if n_gold else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def _match_count(predicted: list, gold: list, same) -> int:
    """Greedy one-to-one matching."""
    unused = list(predicted)
    hits = 0
    for g in gold:
        for p in unused:
            if same(p, g):
                unused.remove(p)
                hits += 1
                break
    return hits


def evaluate(models: Models) -> tuple[dict[str, tuple[float, float, float]], float, list[str]]:
    readings = read_texts(models, [n["text"] for n in NOTES])
    counts = {field: [0, 0, 0] for field in FLOORS}
    sentiment_hits = 0
    misses = []
    for item, reading in zip(NOTES, readings, strict=True):
        got = build_extraction(reading.mentions, datetime.fromisoformat(item["timestamp"]), {})
        pairs = {
            "people": ([name_key(p) for p in got.people], [name_key(p) for p in item["people"]], str.__eq__),
            "organizations": (
                [name_key(o) for o in got.organizations],
                [name_key(o) for o in item["organizations"]],
                str.__eq__,
            ),
            "dates": (sorted({d.date for d in got.dates}), item["dates"], str.__eq__),
            "decisions": (got.decisions, item["decisions"], lambda p, g: g.lower() in p.lower()),
            "action_items": (
                got.action_items,
                item["action_items"],
                lambda p, g: (
                    g[0].lower() in p.text.lower()
                    and name_key(p.owner or "") == name_key(g[1] or "")
                    and p.due == g[2]
                ),
            ),
        }
        for field, (predicted, gold, same) in pairs.items():
            hits = _match_count(predicted, gold, same)
            counts[field][0] += hits
            counts[field][1] += len(predicted)
            counts[field][2] += len(gold)
            if hits < max(len(predicted), len(gold)):
                misses.append(f"{field}: {item['text'][:50]!r} got {predicted} want {gold}")
        if reading.sentiment.value == item["sentiment"]:
            sentiment_hits += 1
        else:
            misses.append(
                f"sentiment: {item['text'][:50]!r} got {reading.sentiment.value} want {item['sentiment']}"
            )
    scores = {field: _prf(*c) for field, c in counts.items()}
    return scores, sentiment_hits / len(NOTES), misses


@pytest.fixture(scope="module")
def quality():
    return evaluate(offline_models())


def test_the_labelled_set_is_big_and_varied():
    assert len(NOTES) >= 40
    assert sum(1 for n in NOTES if not n["people"] and not n["organizations"]) >= 5
    assert {n["sentiment"] for n in NOTES} == {"positive", "neutral", "negative", "mixed"}


def test_offline_extraction_meets_the_floors(quality, capsys):
    scores, sentiment_accuracy, misses = quality
    with capsys.disabled():
        print("\nfield            precision  recall   F1")
        for field, (p, r, f) in scores.items():
            print(f"{field:<16} {p:9.2f} {r:7.2f} {f:5.2f}")
        print(f"sentiment accuracy {sentiment_accuracy:.2f}")
    for field, floor in FLOORS.items():
        assert scores[field][2] >= floor, (field, scores[field], [m for m in misses if m.startswith(field)])
    assert sentiment_accuracy >= SENTIMENT_FLOOR, [m for m in misses if m.startswith("sentiment")]
