"""The learned lead (pipelines/ask/lead.py, bench/lead.py): the weight file read and refused; ask's
rule for picking the sentence a short answer is read from; a weight file deciding which sentence
answers, quoted and cited; the training learning what its data rewards and doing better than the
composer's order on conversations it was not fitted on."""

from __future__ import annotations

import json
import logging

import numpy as np
import pytest
from litestar.testing import TestClient

from app.main import create_app
from bench import lead as training
from pipelines.ask import lead
from tests.conftest import new_key


def weights(**given: float) -> dict[str, float]:
    return {name: given.get(name, 0.0) for name in lead.FEATURES}


def test_the_bundled_weights_load_and_cover_every_feature():
    learned = lead.load(lead.BUNDLED)
    assert learned is not None and len(learned.weights) == len(lead.FEATURES)
    # What the development conversations taught: a sentence that reads as an answer of the question's
    # type by its structure leads, and a chat's question ("How did it make you feel?") does not.
    named = dict(zip(lead.FEATURES, learned.weights, strict=True))
    assert named["strict"] > 0 and named["asks"] < 0


def test_a_weight_file_that_is_not_one_leaves_the_hand_set_order(tmp_path, caplog):
    assert lead.load("") is None
    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps({"weights": {"score": 1.0}}))
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"weights": weights(score="high")}))
    with caplog.at_level(logging.WARNING):
        for path in (tmp_path / "missing.json", partial, wrong):
            assert lead.load(str(path)) is None
    assert caplog.text.count("hand-set order stands") == 3
    with pytest.raises(ValueError, match="weight for each"):
        lead.parse({"weights": {}})


def read(name: str, score: float, strict: str | None, plain: str | None, filler: bool = False) -> lead.Read:
    features = [0.0] * len(lead.SENTENCE)
    features[lead.SENTENCE.index("score")] = score
    features[lead.SENTENCE.index("filler")] = float(filler)
    return lead.Read(name, features, strict, plain)


def test_the_pick_prefers_a_structural_answer_among_the_first_and_leaves_out_reactions():
    by_score = lead.LeadWeights(np.array([weights(score=1.0)[n] for n in lead.FEATURES]))
    readings = [
        read("wow", 0.99, "Jon", "Jon", filler=True),  # "Wow, Jon!": never read
        read("best", 0.9, None, "good cause"),
        read("second", 0.8, "veterans and their families", "veterans and their families"),
    ]
    found = lead.pick(readings, by_score)
    assert found is not None and found[0].lead == "second" and found[1] == "veterans and their families"
    # Past the first TRIED sentences a structure does not answer: the best one's phrase does.
    far = [read(f"s{i}", 1 - i / 100, None, f"phrase {i}") for i in range(lead.TRIED)]
    far.append(read("late", 0.5, "a structural answer", "a structural answer"))
    found = lead.pick(far, by_score)
    assert found is not None and found[0].lead == "s0"
    assert lead.pick([read("only", 0.9, None, None)], by_score) is None


NOTES = [
    "Nadia adopted a puppy called Biscuit from the shelter on Elm Street.",
    "The shelter on Elm Street also placed a puppy called Rex with a family last week.",
]


def answer_with(settings, clock, tmp_path, **given: float) -> dict:
    # One file for each set of weights: `lead.load` keeps what it read by path.
    path = tmp_path / f"weights-{abs(hash(tuple(sorted(given.items()))))}.json"
    path.write_text(json.dumps({"weights": weights(**given)}))
    with TestClient(
        create_app(settings.model_copy(update={"lead_weights": str(path)}), clock=clock)
    ) as client:
        headers = {"Authorization": f"Bearer {new_key(client)}"}
        for note in NOTES:
            client.post("/v1/remember", json={"content": note}, headers=headers).raise_for_status()
        response = client.post(
            "/v1/ask",
            json={"question": "What was the puppy from the Elm Street shelter called?"},
            headers=headers,
        )
        response.raise_for_status()
        return response.json()


def test_the_weights_decide_which_sentence_answers_and_the_answer_cites_it(settings, clock, tmp_path):
    answers = {
        sign: answer_with(settings, clock, tmp_path, rank=sign * 10.0) for sign in (1, -1)
    }  # the first candidate's sentence, or the last one's
    named = {sign: answer["answer"] for sign, answer in answers.items()}
    assert set(named.values()) == {"Biscuit", "Rex"}
    for answer in answers.values():
        # The text opens with the short answer and the sentence it came from, citing its memory.
        number = int(answer["text"].split("[", 1)[1].split("]", 1)[0])
        assert answer["answer"] in answer["sources"][number - 1]["snippet"]
        assert answer["text"].startswith(f"{answer['answer']} [{number}].")


def pools(conversations: int, seed: int) -> list[dict]:
    """Questions whose best sentence by the composer's score is a chat's question, and whose answer is in
    a sentence that is not one: what `asks` tells apart."""
    rng = np.random.default_rng(seed)
    rows = []
    for conversation in range(conversations):
        for _ in range(30):
            sentences = []
            for i in range(12):
                features = [0.0] * len(lead.SENTENCE)
                answers = i == 0
                features[lead.SENTENCE.index("asks")] = float(not answers and rng.random() < 0.5)
                question = bool(features[lead.SENTENCE.index("asks")])
                features[lead.SENTENCE.index("score")] = float(
                    rng.uniform(0.6, 0.9) + (0.2 if question else 0)
                )
                sentences.append(
                    {
                        "features": features,
                        "strict": 1.0 if answers else None,
                        "plain": 1.0 if answers else 0.0,
                        "evidence": answers,
                    }
                )
            rows.append({"conversation": f"c{conversation}", "category": 4, "sentences": sentences})
    return rows


def test_training_learns_what_its_data_rewards_and_helps_on_conversations_it_never_saw():
    rows = pools(3, seed=3) + [{**row, "conversation": "other"} for row in pools(1, seed=11)]
    learned, result = training.learn(rows, {"c0", "c1", "c2"})
    named = dict(zip(lead.FEATURES, learned, strict=True))
    assert named["asks"] < 0 and named["strict"] > 0
    for fold in result["folds"]:
        assert fold["learned"]["token_f1"] > fold["composer"]["token_f1"]
    others = result["not_trained_on"]
    assert others["learned"]["evidence_share"] > others["composer"]["evidence_share"]
    assert others["composer"]["questions"] == 30
