"""Learned fusion (pipelines/ask/fusion.py, bench/fusion.py): the weight file read and refused; the
hand-set fusion as one linear function of the candidates' features; a weight file deciding retrieval's
order; the training moving weights only where its data pulls them, and improving held-out recall on
data where one list carries the answers."""

from __future__ import annotations

import json
import logging

import numpy as np
import pytest
from litestar.testing import TestClient

from app.main import create_app
from bench import fusion as training
from pipelines.ask import fusion
from pipelines.ask.retrieve import DEFAULT_SEARCH, feedback_factor, read_question, search
from tests.conftest import new_key
from tests.graph_helpers import account_of

NOTES = [
    "Lucia Romano will update the pricing page for Acme by March 7.",
    "Ravi Shah said the quarterly review with Globex went well.",
    "The pricing launch moved to May 3 after the Globex review.",
    "Mei Chen is training for the Berlin marathon in September.",
    "Lucia Romano asked Ravi about the pricing review last week.",
    "The office printer on the third floor jams every Monday.",
]


def weights(**given: float) -> dict[str, float]:
    return {name: given.get(name, 0.0) for name in fusion.FEATURES}


def test_the_bundled_weights_load_and_cover_every_feature():
    learned = fusion.load(fusion.BUNDLED)
    assert learned is not None
    for second in (True, False):
        assert set(learned.weights(second)) == set(fusion.FEATURES)
        assert all(w >= 0 for w in learned.weights(second).values())
    # LoCoMo has no identifiers: that weight was never pulled from the hand-set one.
    assert learned.with_second["identifier"] == DEFAULT_SEARCH.identifier_weight


def test_a_weight_file_that_is_not_one_leaves_the_hand_set_weights(tmp_path, caplog):
    assert fusion.load("") is None
    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps({"with_second": {"vector": 1.0}, "without_second": weights()}))
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"with_second": weights(vector="a"), "without_second": weights()}))
    with caplog.at_level(logging.WARNING):
        for path in (tmp_path / "missing.json", partial, wrong):
            assert fusion.load(str(path)) is None
    assert caplog.text.count("hand-set weights rank") == 3
    with pytest.raises(ValueError, match="weight for each"):
        fusion.parse({"with_second": weights(), "without_second": {}})


def ranked(settings, clock, question: str) -> list:
    with TestClient(create_app(settings, clock=clock), raise_server_exceptions=False) as client:
        headers = {"Authorization": f"Bearer {new_key(client)}"}
        ids = [
            client.post("/v1/remember", json={"content": note}, headers=headers).json()["id"]
            for note in NOTES
        ]
        services = client.app.state.services
        account = account_of(client, ids[0])
        read = read_question(services, question, clock())
        return client.blocking_portal.call(lambda: search(services, account, read, limit=10))


def test_the_hand_set_fusion_is_a_linear_function_of_the_features(settings, clock):
    hand = DEFAULT_SEARCH.feature_weights(second=False)
    found = ranked(
        settings.model_copy(update={"fusion_weights": ""}), clock, "What did Lucia Romano say about pricing?"
    )
    assert len(found) >= 3
    for candidate in found:
        linear = sum(hand[name] * value for name, value in candidate.features.items())
        expected = linear * feedback_factor(candidate.row, DEFAULT_SEARCH)
        assert candidate.fused == pytest.approx(expected)
        assert set(candidate.features) <= set(fusion.FEATURES)


def test_learned_weights_decide_the_order(settings, clock, tmp_path):
    orders = {}
    for method in ("vector", "fulltext"):
        path = tmp_path / f"{method}.json"
        path.write_text(
            json.dumps({"with_second": weights(**{method: 1.0}), "without_second": weights(**{method: 1.0})})
        )
        found = ranked(
            settings.model_copy(update={"fusion_weights": str(path)}),
            clock,
            "Who said the pricing review went well?",
        )
        # Weights that count one list alone order the candidates as that list does.
        found_by = [c.ranks[method] for c in found if method in c.ranks]
        assert found_by == sorted(found_by) and found_by
        assert all(method in c.ranks for c in found[: len(found_by)])
        orders[method] = [c.id for c in found]
    assert orders["vector"] != orders["fulltext"]


def pools_where_fulltext_answers(conversations: int, seed: int) -> list[dict]:
    """Questions whose evidence the full-text list ranks near the top and the vector list low, while
    the vector list's top holds other memories."""
    rng = np.random.default_rng(seed)
    rows = []
    for conversation in range(conversations):
        for _ in range(30):
            candidates = []
            for i in range(40):
                evidence = i < 2
                text_rank, vector_rank = (
                    (rng.integers(0, 5), rng.integers(10, 30))
                    if evidence
                    else (rng.integers(5, 30), rng.integers(0, 12))
                )
                features = {
                    "vector": fusion.reciprocal(int(vector_rank), 15),
                    "fulltext": fusion.reciprocal(int(text_rank), 15),
                }
                candidates.append([features, evidence])
            rng.shuffle(candidates)
            rows.append(
                {"conversation": f"c{conversation}", "category": 1, "evidence": 2, "candidates": candidates}
            )
    return rows


def test_training_moves_the_weights_its_data_supports_and_helps_out_of_the_folds():
    rows = pools_where_fulltext_answers(3, seed=7)
    learned, _, folds = training.learn(rows, second=True)
    hand = DEFAULT_SEARCH.feature_weights(second=True)
    assert learned["fulltext"] / max(learned["vector"], 1e-9) > hand["fulltext"] / hand["vector"]
    # No candidate ever had an identifier, speaker or period rank: those weights stay the hand-set ones.
    for untouched in ("second", "entity", "identifier", "speaker", "period", "time"):
        assert learned[untouched] == pytest.approx(hand[untouched], abs=1e-3)
    summary = training.summary(folds)
    assert summary["learned_out_of_folds"] > summary["hand"]
