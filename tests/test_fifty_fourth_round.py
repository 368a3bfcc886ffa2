"""The fifty-fourth round: the classes two fresh sets of notes showed (a pest control firm's and a
hot-air balloon company's, bench/data/understanding-{pestcontrol,balloons}.json), on sentences written
for this test (a garage's, a haulier's, a youth football club's and a garden centre's): "this morning"
after a number is a date the model's NER takes none of; a message's heading before a colon keeps its
writer ("Nachricht von Greta: …"); a city as German, French or Spanish write it is a place, no company
("aus München"); a one-word name of a field ("the Broadmead playing field") is a place; a request asked of
the reader's people ("Could your driver collect …?") is the greeted reader's; "When is invoice X due?"
is answered by the invoice's day it is payable by, not by the day it was paid; and "What did X notice?"
by the line X wrote, as "What did X report?" is."""

from __future__ import annotations

import pytest

from tests.test_eighth_round import _remember
from tests.test_forty_eighth_round import _ask


def test_this_morning_after_a_number_is_a_date(client, headers):
    memory = _remember(client, headers, "Owen fitted new seals on van 5 this morning.", "2026-03-10")
    assert {"text": "this morning", "date": "2026-03-10"} in memory["extraction"]["dates"], memory


def test_a_message_heading_keeps_its_writer(client, headers):
    memory = _remember(client, headers, "Nachricht von Lena: Die Lieferung kommt am Dienstag.", "2026-03-09")
    assert "Lena" in memory["extraction"]["people"], memory["extraction"]


def test_a_city_as_german_writes_it_is_a_place(client, headers):
    content = "Nachricht von Greta: Die Gruppe aus München kommt am Freitag, 13. März."
    memory = _remember(client, headers, content, "2026-03-09")
    assert "München" not in memory["extraction"]["organizations"], memory["extraction"]


@pytest.mark.parametrize(
    ("content", "organization", "kept"),
    [
        ("The under-12s train at the Broadmead playing field.", "Broadmead", False),
        ("Invoice BF-220 from Broadmead Fencing: £200 for new posts.", "Broadmead Fencing", True),  # control
    ],
)
def test_a_fields_one_word_name_is_a_place(client, headers, content, organization, kept):
    memory = _remember(client, headers, content, "2026-03-02")
    assert (organization in memory["extraction"]["organizations"]) is kept, memory["extraction"]


def test_a_request_of_the_readers_people_is_the_readers(client, headers):
    content = (
        "From: Ola Nilsen <ola@example.com>\nTo: Tomasz Nowak\nDate: Mon, 9 Mar 2026 10:00\n"
        "Subject: Pallets\n\n"
        "Hi Tomasz,\n\nCould your driver collect the empty pallets by Thursday 12 March?\n\nThanks,\nOla"
    )
    memory = _remember(client, headers, content, "2026-03-09")
    owners = {(item["owner"], item["due"]) for item in memory["extraction"]["action_items"]}
    assert ("Tomasz Nowak", "2026-03-12") in owners, memory["extraction"]


_INVOICE = (
    ("Invoice GL-5521 from Greenleaf Nurseries: £180 for hedging plants, payable by 27 March.", "2026-03-06"),
    ("Invoice GL-5521 paid on 20 March.", "2026-03-20"),
)
_CHAT = (
    (
        "Chat, 3 March\nMaya Singh: the walk-in fridge is ticking loudly again\n"
        "Leo Hart: I'll call the engineer tomorrow",
        "2026-03-03",
    ),
    ("Maya re-stocked the dry store on Friday.", "2026-03-07"),
)


@pytest.mark.parametrize(
    ("notes", "question", "first", "said"),
    [
        (_INVOICE, "When is invoice GL-5521 due?", 0, "27 March"),  # the day payable, not the day paid
        (_INVOICE, "When was invoice GL-5521 paid?", 1, "20 March"),  # (the control: the payment's day)
        (_CHAT, "What did Maya notice?", 0, "fridge"),  # her own line, not a deed of hers
    ],
)
def test_the_sentence_the_question_asks_for_answers(client, headers, notes, question, first, said):
    memories = [_remember(client, headers, content, day) for content, day in notes]
    answer = _ask(client, headers, question)
    assert answer["sources"][0]["id"] == memories[first]["id"], answer["text"]
    assert said in (answer["answer"] or ""), answer
