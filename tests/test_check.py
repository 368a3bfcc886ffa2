"""POST /v1/check: the offline comparator against labelled pairs (floors), the endpoint, the NLI path."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipelines.nlp.contradict import NliComparator, SlotComparator
from tests.conftest import auth, new_key
from tests.data.check_pairs import CONTRADICTION, PAIRS

PRECISION_FLOOR, RECALL_FLOOR = 0.8, 0.7
WRITTEN = datetime(2026, 3, 10, 9, tzinfo=UTC)


def test_offline_comparator_meets_the_floors(comparator, capsys):
    assert len(PAIRS) >= 40
    verdicts = comparator.compare([(claim, WRITTEN, stored, WRITTEN) for claim, stored, _ in PAIRS])
    predicted = [v.contradicts for v in verdicts]
    actual = [label == CONTRADICTION for _, _, label in PAIRS]
    tp = sum(p and a for p, a in zip(predicted, actual, strict=True))
    precision = tp / max(sum(predicted), 1)
    recall = tp / sum(actual)
    with capsys.disabled():
        print(f"\ncheck (offline): precision {precision:.2f}, recall {recall:.2f} on {len(PAIRS)} pairs")
    misses = [
        (c, s, v.reason)
        for (c, s, _), v, a in zip(PAIRS, verdicts, actual, strict=True)
        if v.contradicts != a
    ]
    assert precision >= PRECISION_FLOOR and recall >= RECALL_FLOOR, misses


def test_relative_dates_compare_by_their_words_explicit_ones_by_day(comparator):
    march, november = datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 11, 20, tzinfo=UTC)
    # "Friday" written in March and "Friday" written in November say the same thing.
    same, other, explicit = comparator.compare(
        [
            (
                "The launch of the beta is on Friday.",
                november,
                "The launch of the beta is on Friday.!",
                march,
            ),
            ("The launch of the beta is on Monday.", november, "The launch of the beta is on Friday.", march),
            (
                "The launch of the beta is on 2026-04-02.",
                november,
                "The launch of the beta is on April 2.",
                march,
            ),
        ]
    )
    assert (
        not same.contradicts and other.contradicts and "monday" in other.reason and "friday" in other.reason
    )
    assert not explicit.contradicts


def test_readings_are_parsed_and_encoded_once(comparator):
    fresh = SlotComparator(comparator.nlp, comparator.encode, cached=8)
    parsed, encoded = [], []
    fresh.nlp = type(
        "Spy", (), {"pipe": lambda _, texts: parsed.extend(texts) or comparator.nlp.pipe(texts)}
    )()
    fresh.encode = lambda texts: encoded.extend(texts) or comparator.encode(texts)
    later = datetime(2026, 3, 12, 9, tzinfo=UTC)
    pairs = [("The launch of the beta is on Monday.", later, "The launch of the beta is on Friday.", WRITTEN)]
    first = fresh.compare(pairs)
    # The two read the same once their dates are masked: the same vector, so nothing is encoded.
    assert first[0].contradicts and first[0].confidence == 1.0 and len(parsed) == 2 and encoded == []
    reworded = [("The beta's launch is on Monday.", later, pairs[0][2], WRITTEN)]
    second = fresh.compare(reworded)
    assert second[0].contradicts and 0.8 <= second[0].confidence < 1.0 and len(encoded) == 2
    parsed.clear(), encoded.clear()
    assert fresh.compare(pairs) == first and fresh.compare(reworded) == second
    assert parsed == [] and encoded == []
    other = [("The launch of the beta is on Tuesday.", later, pairs[0][2], WRITTEN)]
    assert fresh.compare(other)[0].contradicts and parsed == [other[0][0]]  # the stored one is kept
    # A pair that differs in no value, polarity or antonym cannot contradict: nothing is encoded for it.
    encoded.clear()
    same = [("The launch of the beta is still on Friday.", later, pairs[0][2], WRITTEN)]
    assert not fresh.compare(same)[0].contradicts and encoded == []


def test_check_endpoint(client, headers):
    stored = client.post(
        "/v1/remember",
        json={
            "content": "The launch of the beta is on Friday. Ana Lopez lives in Berlin.",
            "timestamp": "2026-03-10T09:00:00Z",
        },
        headers=headers,
    ).json()
    result = client.post(
        "/v1/check", json={"context": "Reminder: the launch of the beta is on Monday."}, headers=headers
    )
    assert result.status_code == 200, result.text
    body = result.json()
    assert body["show"] is True and body["contradictions"][0]["memory_id"] == stored["id"]
    assert "launch" in body["contradictions"][0]["statement"] and body["context"].startswith(
        "This may contradict"
    )
    assert any(r["id"] == stored["id"] for r in body["related"])
    agreeing = client.post(
        "/v1/check", json={"context": "Ana Lopez lives in Berlin."}, headers=headers
    ).json()
    assert agreeing["show"] is False and agreeing["context"] == "" and agreeing["contradictions"] == []
    other = auth(new_key(client, account="other"))
    assert client.post(
        "/v1/check", json={"context": "The launch of the beta is on Monday."}, headers=other
    ).json() == {"show": False, "context": "", "contradictions": [], "related": []}
    for body in ({"context": ""}, {"context": " "}, {}, {"context": "x" * 20_001}):
        response = client.post("/v1/check", json=body, headers=headers)
        assert response.status_code == 422 and response.json()["error"]["param"] == "context"


def test_nli_comparator_loads_a_saved_cross_encoder(tmp_path):
    from tests.test_hub_models import tiny_bert

    folder = tiny_bert(tmp_path, classifier=True, labels={0: "contradiction", 1: "entailment", 2: "neutral"})
    comparator = NliComparator.load(str(folder), "cpu")
    assert comparator is not None and comparator.contradiction == 0
    verdicts = comparator.compare([("the launch is on friday", WRITTEN, "the launch is on monday", WRITTEN)])
    assert len(verdicts) == 1 and 0.0 <= verdicts[0].confidence <= 1.0


@pytest.mark.parametrize("restarted", [False, True])
def test_a_stored_memory_s_sentences_are_not_parsed_again_when_a_later_one_is_compared(
    client, headers, monkeypatch, restarted
):
    """Kept in the comparator's cache, and with the memory in the store: a restarted service (an empty
    cache) reads the stored readings instead of parsing."""
    comparator = client.app.state.services.models.comparator
    assert isinstance(comparator, SlotComparator)
    first = client.post(
        "/v1/remember",
        json={
            "content": "The launch of the gamma console is on Friday. Ines Moreau owns it.",
            "timestamp": "2026-03-10T09:00:00Z",
        },
        headers=headers,
    ).json()
    parsed: list[str] = []
    real = comparator.nlp
    spy = type("Spy", (), {"pipe": lambda _, texts: parsed.extend(texts) or real.pipe(texts)})()
    monkeypatch.setattr(comparator, "nlp", spy)
    if restarted:
        comparator._claims.clear()
    second = client.post(
        "/v1/remember",
        json={
            "content": "The launch of the gamma console is on Monday. Ines Moreau owns it.",
            "timestamp": "2026-03-12T09:00:00Z",
        },
        headers=headers,
    ).json()
    assert (first["id"], "supersedes") in [(link["target_id"], link["kind"]) for link in second["links"]]
    assert parsed == []  # the first memory's readings were kept when it was stored
    if restarted:  # and the first memory's readings came back from the store, in its time
        assert ("The launch of the gamma console is on Friday.", datetime(2026, 3, 10, 9, tzinfo=UTC)) in (
            comparator._claims
        )


@pytest.mark.parametrize(
    ("stored", "statement", "reason"),
    [
        # A code beside the amount ("Q3") is what the sentence is about, not a second number.
        (
            "The marketing budget for Q3 is 40,000 euros.",
            "The marketing budget for Q3 is 45,000 euros.",
            "number",
        ),
        # A clock time differs though the day is the same; "Ana Silva's" is Ana Silva.
        (
            "Ana Silva flight TP1234 lands at 9:40 on Friday.",
            "Ana Silva's flight TP1234 lands at 10:15 on Friday.",
            "time",
        ),
        ("The standup is at 9am on Monday.", "The standup is at 10am on Monday.", "time"),
    ],
)
def test_a_changed_amount_or_time_is_shown(client, headers, stored, statement, reason):
    body = {"content": stored, "timestamp": "2025-06-02T09:00:00Z"}
    assert client.post("/v1/remember", json=body, headers=headers).status_code == 201
    result = client.post("/v1/check", json={"context": statement}, headers=headers).json()
    assert result["show"] is True, result
    assert f"different {reason}" in result["context"], result
    same = client.post("/v1/check", json={"context": stored}, headers=headers).json()
    assert same["show"] is False, same


@pytest.mark.parametrize(
    ("stored", "statement", "reason"),
    [
        (
            "Fatou Diallo: I moved the team offsite from Rotterdam to Utrecht.",
            "The team offsite is in Rotterdam.",
            "changed since: rotterdam became utrecht",
        ),
        (
            "Update: the event moved from 28 March to 4 April because the hall flooded.",
            "The event is on 28 March.",
            "changed since: 28 March became 4 April",
        ),
    ],
)
def test_a_value_a_note_says_was_changed_is_shown(client, headers, stored, statement, reason):
    """A note that moves something ("from A to B") makes A outdated: stating A again is shown; stating B,
    or A about something else, is not."""
    # Written the day before the test clock's now (2026-03-14), so "28 March" means the same day in both.
    body = {"content": stored, "timestamp": "2026-03-13T15:00:00Z"}
    assert client.post("/v1/remember", json=body, headers=headers).status_code == 201
    result = client.post("/v1/check", json={"context": statement}, headers=headers).json()
    assert result["show"] is True and reason in result["context"], result
    current = statement.replace("Rotterdam", "Utrecht").replace("28 March", "4 April")
    assert client.post("/v1/check", json={"context": current}, headers=headers).json()["show"] is False
    elsewhere = client.post("/v1/check", json={"context": "Our warehouse is in Rotterdam."}, headers=headers)
    assert elsewhere.json()["show"] is False


@pytest.mark.parametrize(
    ("stored", "statement", "current"),
    [
        # Who held something before a handover or a replacement.
        (
            "Carla Mendes handed the vendor review over to Dmitri Petrov.",
            "Carla Mendes owns the vendor review.",
            "Dmitri Petrov owns the vendor review.",
        ),
        # "B instead of A".
        (
            "Update: the board dinner will be in Braga instead of Porto, the Porto venue is closed.",
            "The board dinner is in Porto.",
            "The board dinner is in Braga.",
        ),
        # A value neither what was nor what became, about what changed.
        (
            "The beta launch moved from 2 May to 16 May because of the audit.",
            "The beta launch is planned for 9 May.",
            "The beta launch is planned for 16 May.",
        ),
        # One identifier pins two durations, or opposite words, however else the sentences differ.
        (
            "INC-512: the nightly import failed for 3 hours because a password expired.",
            "INC-512 lasted 30 minutes.",
            "INC-512 lasted 3 hours.",
        ),
        ("Order A-17 was paid on 3 March.", "Order A-17 is still unpaid.", "Order A-17 is paid."),
    ],
)
def test_what_a_note_says_changed_or_pins_is_shown(client, headers, stored, statement, current):
    body = {"content": stored, "timestamp": "2026-03-13T15:00:00Z"}
    assert client.post("/v1/remember", json=body, headers=headers).status_code == 201
    result = client.post("/v1/check", json={"context": statement}, headers=headers).json()
    assert result["show"] is True, result
    assert client.post("/v1/check", json={"context": current}, headers=headers).json()["show"] is False


def test_a_handover_at_another_organization_replaces_nothing(client, headers):
    """Two notes about an account owner at different organizations: neither supersedes nor contradicts
    the other, and checking the first still finds it current."""
    first = {"content": "Amara Okafor owns the Kestrel Bank account.", "timestamp": "2026-03-01T09:00:00Z"}
    later = {
        "content": "Emeka Eze handed the Larkspur account over to Sunita Rao; she is the account owner now.",
        "timestamp": "2026-03-10T09:00:00Z",
    }
    assert client.post("/v1/remember", json=first, headers=headers).status_code == 201
    linked = client.post("/v1/remember", json=later, headers=headers).json()["links"]
    assert not [link for link in linked if link["kind"] in ("supersedes", "contradicts")], linked
    statement = {"context": "Amara Okafor owns the Kestrel Bank account now."}
    result = client.post("/v1/check", json=statement, headers=headers)
    assert result.json()["show"] is False, result.json()


def test_the_current_fact_is_no_contradiction_of_the_note_it_replaced(client, headers):
    """A statement of the current value disagrees with the outdated note, not with the current one:
    no warning. The outdated value still warns."""
    for content, ts in (
        ("The mobile app 3.1 release is planned for 14 April.", "2026-03-02"),
        (
            "The mobile app 3.1 release moved from 14 April to 28 April because of the payment bug.",
            "2026-03-09",
        ),
    ):
        body = {"content": content, "timestamp": f"{ts}T09:00:00Z"}
        assert client.post("/v1/remember", json=body, headers=headers).status_code == 201
    current = {"context": "The mobile app 3.1 release is planned for 28 April."}
    assert client.post("/v1/check", json=current, headers=headers).json()["show"] is False
    outdated = {"context": "The mobile app 3.1 release is planned for 14 April."}
    assert client.post("/v1/check", json=outdated, headers=headers).json()["show"] is True
