"""`memsvc bench embedding`, small: a tiny model the test builds goes through the service's `Embedder`
the three ways the service encodes, and each run's vectors are compared with the first run's. The
figures themselves come from the full runs (docs/benchmarks.md, "Embedding on a GPU")."""

from __future__ import annotations

import json

from bench import embedding
from tests.test_hub_models import tiny_bert


def test_sentence_spans_cover_each_sentence():
    text = "Ana sends the budget. Ravi checks it! Done?"
    assert [text[a:b] for a, b in embedding.sentence_spans(text)] == [
        "Ana sends the budget.",
        "Ravi checks it!",
        "Done?",
    ]


def test_the_corpus_is_the_understanding_sets_notes_and_questions():
    notes, questions = embedding.corpus(500, 500)
    assert len(notes) > 300 and len(questions) > 200
    assert all(isinstance(t, str) and t for t in notes + questions)
    assert embedding.corpus(7, 3) == (notes[:7], questions[:3])


def test_a_small_run_times_each_way_and_compares_precisions(tmp_path):
    model = tiny_bert(tmp_path / "tiny")
    out = tmp_path / "figures.json"
    assert embedding.main([f"tiny={model}"], ["cpu"], ["float32", "bfloat16"], 20, str(out)) == 0
    report = json.loads(out.read_text())
    assert (report["notes"], report["questions"]) == (20, 20)
    exact, lowered = report["runs"]
    assert exact["precision"] == "float32" and exact["cosine_min"] == 1.0
    for run in (exact, lowered):
        for name in ("question_ms", "remember_batch_of_16_ms", "worker_note_ms"):
            assert 0 < run[name]["p50"] <= run[name]["p95"], name
        assert run["remember_notes_per_s"] > 0 and run["device"] == "cpu"
    # bfloat16 is kept only when its vectors stay within the service's agreement; either way the
    # run is compared with the float32 one.
    assert lowered["precision"] in ("bfloat16", "float32")
    assert 0.99 <= lowered["cosine_min"] <= lowered["cosine_mean"] <= 1.0
