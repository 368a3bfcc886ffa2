"""The LoCoMo harness: its measures, and a small real run over one development conversation."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from bench import locomo

DATA = Path(__file__).resolve().parents[2] / "shared" / "locomo"


def test_measures():
    assert locomo.session_time("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert locomo.normalize("The LGBTQ support-group!") == ["lgbtq", "support", "group"]
    assert locomo.token_f1("She went on 7 May 2023 [1].", "7 May 2023") == pytest.approx(2 * 0.5 * 1 / 1.5)
    assert locomo.token_f1("nothing", "7 May 2023") == 0.0
    assert locomo.recall_at(["D1:3", "D2:1", "D5:5"], ["D5:5", "D9:9"], 2) == 0.0
    assert locomo.recall_at(["D1:3", "D2:1", "D5:5"], ["D5:5", "D9:9"], 3) == 0.5
    assert locomo.supported("7 May 2023", "Caroline: on 7 May, 2023 I went")
    assert not locomo.supported("7 May 2023", "Caroline: in May I went")


def test_support_is_reported_beside_what_perfect_retrieval_would_score():
    def row(category: int, support: bool, ceiling: bool) -> dict:
        return {
            "category": category,
            "latency_ms": 10.0,
            "cited": True,
            "recall_at_5": 1.0,
            "recall_at_10": 1.0,
            "support": support,
            "support_ceiling": ceiling,
            "candidate_recall_at_40": 1.0,
            "f1": 1.0 if support else 0.0,  # the short answer's (or the text's when there is none)
            "f1_text": 0.0,
            "short": support,
        }

    records = [row(2, False, False), row(2, False, True), row(4, True, True), row(4, False, True)]
    result = locomo.summarize(records, {}, ingested=4, ingest_seconds=1.0)
    assert (result["answer_support"], result["support_ceiling"]) == (0.25, 0.75)
    assert result["per_category"]["temporal"]["support_ceiling"] == 0.5
    assert result["per_category"]["multi-hop"]["answer_support"] == 0.5
    assert "(ceiling)" in locomo.report(result)
    assert result["candidate_recall_at_40"] == 1.0
    # Token F1 is the short answer's where ask gives one; the text's own F1 and the share beside it.
    assert (result["token_f1"], result["token_f1_text"], result["short_answer_share"]) == (0.25, 0.0, 0.25)
    assert "(short share)" in locomo.report(result)


def test_turns_carry_speaker_caption_and_session_date():
    conversation = {
        "speaker_a": "A",
        "speaker_b": "B",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "A", "dia_id": "D1:1", "text": "Hi!"},
            {"speaker": "B", "dia_id": "D1:2", "text": "Look", "blip_caption": "a dog on a beach"},
        ],
        "session_1_summary": "never read",
        "events_session_1": ["never read"],
    }
    turns = locomo.turns_of(conversation)
    assert [(t.dia_id, t.content) for t in turns] == [
        ("D1:1", "A: Hi!"),
        ("D1:2", "B: Look [shares a photo: a dog on a beach]"),
    ]
    assert all(t.timestamp == datetime(2023, 5, 8, 13, 56, tzinfo=UTC) for t in turns)


@pytest.mark.skipif(
    not DATA.is_dir(), reason="the LoCoMo development set is not beside the project (../shared/locomo)"
)
async def test_a_small_real_run():
    result = await locomo.run(DATA, limit=10, max_conversations=1, max_questions=12)
    assert result["ingest"]["turns"] > 300
    for key in (
        "recall_at_5",
        "recall_at_10",
        "candidate_recall_at_40",
        "answer_support",
        "support_ceiling",
        "token_f1",
    ):
        assert 0.0 <= result[key] <= 1.0
    assert set(result["per_category"]) == {"single-hop", "temporal", "open-domain", "multi-hop"}
    assert set(result["baselines"]) == {"bm25", "dense", "fusion"}
    assert result["ask_ms"]["p50"] > 0
    assert "recall@10" in locomo.report(result)
