"""The fiftieth round: the classes three fresh sets of notes showed (a chess club's, a parish council's and
a tutoring agency's, bench/data/understanding-{chess,parish,tutoring}.json), on sentences written for this
test (a residents' association's): a reply's quote of the earlier message ("On …, X wrote:" and its "> "
lines) gives the reply no dates or tasks; an office written out before a name ("Councillor Chidi Okonkwo")
is no part of it, and the person is found by first name later; "Resolved:" heads a decision; "Done – Name
…" names no one "Done"; an AGM is no company; a one-word date naming a kind of thing ("the Christmas
lights") is no task's due date; "How many enquiries …" counts "Enquiry Q-…" records; "A are out; … now
from B", "We agreed that …" against "Agreed at the AGM: …", and "rises to £X next year, from £Y" are read
by check; and a length before a noun ("a two-hour session") is a kind of it, apart from "a group
session"."""

from __future__ import annotations

import pytest

from pipelines.nlp.changes import former_values
from pipelines.nlp.identifiers import kinds_apart
from tests.test_eighth_round import _linked, _remember
from tests.test_forty_eighth_round import _ask
from tests.test_forty_ninth_round import _check

_REPLY = (
    "From: Hollie Marsh <hollie.marsh@example.org>\nTo: Dev Ramaswamy\nDate: Tue, 1 Dec 2026 09:10\n"
    "Subject: Re: Street party\n\nHi Dev,\n\nThe school can lend us the trestle tables. Could you collect "
    "them by Friday 11 December?\n\nThanks,\nHollie\n\nOn Mon, 30 Nov 2026 at 18:02, Dev Ramaswamy wrote:\n"
    "> Could the school lend us tables in January?\n> Please confirm by Thursday 3 December."
)


def test_a_replys_quote_gives_it_no_dates_or_tasks(client, headers):
    memory = _remember(client, headers, _REPLY, "2026-12-01")
    extraction = memory["extraction"]
    assert {d["date"] for d in extraction["dates"]} == {"2026-12-11"}, extraction["dates"]
    tasks = [(a["owner"], a["due"]) for a in extraction["action_items"]]
    assert tasks == [("Dev Ramaswamy", "2026-12-11")], tasks


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Councillor Chidi Okonkwo chairs the residents' association.", "Chidi Okonkwo"),
        ("Professor Ruth Adebayo gave the talk on the new cycle lane.", "Ruth Adebayo"),
    ],
)
def test_an_office_written_out_is_no_part_of_the_name(read_note, text: str, person: str):
    found = read_note(text)
    assert found.people == [person], found.people
    assert not found.organizations, found.organizations


def test_a_councillor_is_found_by_first_name_later(client, headers):
    _remember(client, headers, "Councillor Chidi Okonkwo chairs the residents' association.", "2026-11-02")
    later = _remember(client, headers, "Chidi also manages the street party budget.", "2026-11-09")
    assert later["extraction"]["people"] == ["Chidi Okonkwo"], later["extraction"]


def test_resolved_heads_a_decision(read_note):
    found = read_note("Resolved: the association will buy a defibrillator for the community hall.")
    assert found.decisions == ["the association will buy a defibrillator for the community hall."], found
    assert not found.actions, found.actions


@pytest.mark.parametrize(
    "text",
    [
        "Done – Femi published the newsletter on Friday morning.",
        "Done - Hollie booked the community hall on Wednesday.",
    ],
)
def test_a_done_label_is_no_one(read_note, text: str):
    assert "Done" not in read_note(text).people


def test_an_agm_is_no_company(read_note):
    found = read_note("Agreed at the AGM: no parking on the green during the street party.")
    assert not found.organizations, found.organizations


def test_a_date_naming_a_kind_of_thing_is_no_due_date(read_note):
    found = read_note("- Order the Christmas lights — Femi, 12 Dec")
    assert [(a.owner, a.due_text) for a in found.actions] == [("Femi", "12 Dec")], found.actions
    # (a control: a day before its part of the day is when, "tomorrow morning" its due date)
    promise = read_note("Femi: I'll chase the printers tomorrow morning")
    assert [(a.owner, (a.due_text or "")[:8]) for a in promise.actions] == [("Femi", "tomorrow")], (
        promise.actions
    )


def test_a_plural_in_ies_counts_its_records(client, headers):
    for day, text in [
        ("2026-11-02", "Enquiry Q-101: a resident asks about the bin collection days."),
        ("2026-11-03", "Enquiry Q-102: the school asks about the street party road closure."),
        ("2026-11-04", "The hall's boiler was serviced on Wednesday."),
    ]:
        _remember(client, headers, text, day)
    answer = _ask(client, headers, "How many enquiries have we had?")
    assert answer["text"].startswith("2 enquiries"), answer["text"]


def test_a_provider_out_is_replaced(client, headers):
    assert former_values("Brightbin are out; our recycling is now collected by Greenway Waste.") == [
        "Brightbin"
    ]
    # (a control: someone away for the day is no former value)
    assert former_values("Femi is out today, back on Monday.") == []
    _remember(client, headers, "Our recycling is collected by Brightbin.", "2026-11-02")
    _remember(
        client, headers, "Brightbin are out; our recycling is now collected by Greenway Waste.", "2026-11-20"
    )
    assert _check(client, headers, "Brightbin collects our recycling.")["show"] is True


def test_an_agreement_framed_is_read_against_one_labelled(client, headers):
    _remember(
        client, headers, "Agreed at the AGM: the hall lights must be switched off after 10pm.", "2026-11-10"
    )
    check = _check(client, headers, "We agreed that the hall lights can stay on after 10pm.")
    assert check["show"] is True, check


def test_rising_next_year_from_an_amount_is_a_change(client, headers):
    assert former_values("The annual subscription rises to £15 next year, from £12.") == ["£12"]
    _remember(client, headers, "The annual subscription is £12.", "2026-11-02")
    _remember(client, headers, "The annual subscription rises to £15 next year, from £12.", "2026-11-20")
    assert _check(client, headers, "The annual subscription is £12.")["show"] is True


def test_a_length_is_a_kind(client, headers):
    assert kinds_apart(
        "A two-hour hall booking now costs £40 (previously £35).", "A group hall booking costs £12."
    )
    # (a control: one length's price changed is a change of it)
    assert not kinds_apart(
        "A two-hour hall booking now costs £40 (previously £35).", "A two-hour hall booking costs £35."
    )
    group = _remember(client, headers, "A group hall booking costs £12.", "2026-11-02")
    changed = _remember(
        client, headers, "A two-hour hall booking now costs £40 (previously £35).", "2026-11-20"
    )
    assert "supersedes" not in _linked(changed, group), changed["links"]
