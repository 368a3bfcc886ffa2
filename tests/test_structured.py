"""Structured questions answered from the graph: action items by owner and status (overdue against the
service's clock), decisions by period, each item citing its memory; the same answer over ask, its
stream and chat completions; text retrieval when the graph has nothing. Over the real app (the clock
stands at 2026-03-14 12:00 UTC)."""

from __future__ import annotations

import json

import pytest

from pipelines.ask.compose import NOTHING_FOUND
from pipelines.ask.structured import intent_of

NOTES = [
    ("Ana Lopez will send the press kit by March 10.", "2026-03-02T09:00:00Z"),
    ("Ana Lopez will update the pricing page by March 20.", "2026-03-03T09:00:00Z"),
    ("Bob Stone will draft the hiring plan by March 12.", "2026-03-04T09:00:00Z"),
    ("We decided to move the launch to May 3.", "2026-03-05T09:00:00Z"),
    ("We decided to hire two designers for the mobile app.", "2026-02-10T09:00:00Z"),
    ("Bob Stone completed the hiring plan.", "2026-03-13T09:00:00Z"),
]


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        ("What is overdue?", "overdue action items"),
        ("What are Lucia's open action items?", "open action items"),
        ("Which of Ravi's items are done?", "done action items"),
        ("What does Mei need to do?", "open action items"),
        ("List all of our tasks", "all action items"),
        ("What did we decide in March?", "decisions"),
        ("Which decisions did Kwame make?", "decisions"),
        ("When was invoice 1042 paid?", None),
        ("Who is Dana Whitfield?", None),
        # What a question asks about, not a word it holds, makes the intent: a bare "items" with no
        # status asks for things; "working on" followed by a deed, a "why / when" of a decision, what
        # someone decided to do and what someone thinks of a decision are text retrieval's.
        ("What items did Priya buy at the market?", None),
        ("What food item did Tom bring to the picnic?", None),
        ("What is Tom working on building?", None),
        ("Why did Ana decide to leave the agency?", None),
        ("When did we decide to move the launch?", None),
        ("What city has Ravi decided to move to?", None),
        ("What does Bob think about Ana's decision to resign?", None),
        ("What is Mei working on?", "open action items"),
        ("Which items are overdue?", "overdue action items"),
        ("What items does Ravi own?", "open action items"),
        ("What did we decide to do about the pricing page?", "decisions"),
    ],
)
def test_the_intent_a_question_reads_as(question: str, intent: str | None):
    found = intent_of(question)
    assert (str(found) if found else None) == intent


@pytest.fixture
def stored(client, headers) -> list[str]:
    ids = []
    for content, timestamp in NOTES:
        body = {"content": content, "timestamp": timestamp}
        response = client.post("/v1/remember", json=body, headers=headers)
        assert response.status_code == 201, response.text
        ids.append(response.json()["id"])
    return ids


def _ask(client, headers, question: str) -> dict:
    return client.post("/v1/ask", json={"question": question}, headers=headers).json()


def test_action_items_by_owner_and_status(client, headers, stored):
    overdue = _ask(client, headers, "What is overdue?")
    assert overdue["text"] == (
        "There is one overdue action item: Ana Lopez will send the press kit by March 10, owner Ana Lopez, "
        "due 2026-03-10, overdue [1]."
    )
    assert [s["id"] for s in overdue["sources"]] == [stored[0]]

    open_items = _ask(client, headers, "What are Ana's open action items?")
    assert open_items["text"].startswith("Ana Lopez has two open action items: ")
    assert {s["id"] for s in open_items["sources"]} == {stored[0], stored[1]}
    assert "owner Ana Lopez" not in open_items["text"]  # the question named her

    done = _ask(client, headers, "Which of Bob's tasks are done?")
    assert done["text"].startswith("Bob Stone has one done action item: ")
    assert [s["id"] for s in done["sources"]] == [stored[2]]


def test_decisions_by_period_and_topic(client, headers, stored):
    march = _ask(client, headers, "What did we decide in March?")
    assert march["text"] == "One decision in March: We decided to move the launch to May 3 (2026-03-05) [1]."
    assert [s["id"] for s in march["sources"]] == [stored[3]]
    designers = _ask(client, headers, "What did we decide about the designers?")
    assert [s["id"] for s in designers["sources"]] == [stored[4]]


def test_an_unknown_person_or_an_empty_graph_falls_back_to_text(client, headers, stored):
    assert _ask(client, headers, "What are Greta's open tasks?")["text"] == NOTHING_FOUND
    # The graph holds no decision in 2024: text retrieval answers, and finds none either.
    assert "decision" not in _ask(client, headers, "What did we decide in 2024?")["text"].lower()[:20]


def test_the_stream_and_chat_completions_give_the_same_answer(client, headers, stored):
    question = "What is overdue?"
    expected = _ask(client, headers, question)["text"]
    streamed = client.post("/v1/ask", json={"question": question, "stream": True}, headers=headers)
    deltas, event = [], None
    for line in streamed.text.splitlines():
        if line.startswith("event:"):
            event = line[len("event:") :].strip()
        elif line.startswith("data:") and event == "delta":
            deltas.append(json.loads(line[len("data:") :])["text"])
    assert "".join(deltas) == expected
    chat = client.post(
        "/v1/chat/completions",
        json={"model": "memory", "messages": [{"role": "user", "content": question}]},
        headers=headers,
    ).json()
    assert chat["choices"][0]["message"]["content"].startswith(expected)


@pytest.mark.parametrize(
    ("report", "item", "owner", "closes"),
    [
        (
            "Sara sent the venue shortlist to the team.",
            "Sara will send the venue shortlist by Friday.",
            "Sara",
            True,
        ),
        ("Hi Sara, the caterer is booked for the 28th.", "Tom to book the caterer by 14 March.", "Tom", True),
        (
            "Bob Stone completed the hiring plan.",
            "Bob Stone will draft the hiring plan by March 12.",
            "Bob Stone",
            True,
        ),
        # A completion word about something else does not close the item.
        (
            "Mei Chen: I finished the feature pipeline, the churn model trains overnight now.",
            "Mei Chen will send the churn model results by 24 January.",
            "Mei Chen",
            False,
        ),
        ("The caterer sent the menu.", "Tom to book the caterer by 14 March.", "Tom", False),
    ],
)
def test_an_item_reported_done_is_closed(report: str, item: str, owner: str, closes: bool):
    from pipelines.ingest.actions import completed_items

    found = completed_items(report, [{"id": "act_1", "text": item, "owner": owner}])
    assert (found == ["act_1"]) is closes
