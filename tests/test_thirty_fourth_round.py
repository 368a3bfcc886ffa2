"""The thirty-fourth round: the classes three fresh sets of notes showed (a piano workshop's, a hair
salon's and a plumber's, bench/data/understanding-{pianos,salon,plumber}.json), on sentences written for
this test: a to-do box, an arrow or a table's row between an owner and a task (and a table's heading row
no request); a numeric day and month
without a year, and a short weekday before a date; a request asked as "are you able to"; a choice said as
going ahead with something, and a check that decides against it; one doing said as a verb and as a noun; a
thing of a make after "the", a supplier's record by its code, a company named for its trade; a role taken
on by stepping up; a provider moved over to another; a task reported done by an irregular past again."""

from __future__ import annotations

import re
from datetime import datetime

import pytest

from pipelines.ingest.actions import completed_items
from tests.test_eighth_round import _remember, _supersedes


@pytest.mark.parametrize(
    ("text", "owned"),
    [
        (
            "Studio meeting, Thu 3/9/2026\n[ ] Oskar to rewire the kiln by 11/9\n"
            "[ ] Hana to email the gallery by 15/9",
            [("Hana", "2026-09-15"), ("Oskar", "2026-09-11")],
        ),
        (
            "Shop huddle, Mon 2 Mar 2026\nLeon → reorder the sea salt by Thu 5 Mar\n"
            "Priti -> fix the till roll by Wed 11 Mar",
            [("Leon", "2026-03-05"), ("Priti", "2026-03-11")],
        ),
        (
            "Yard planning 04/05/2026\nWho | What | When\nIvo | grease the trailer hitch | Fri 8 May\n"
            "Carys | renew the skip permit | Tue 12 May",
            [("Carys", "2026-05-12"), ("Ivo", "2026-05-08")],
        ),
        (
            "| Owner | Task | Due |\n|---|---|---|\n| Dara | repaint the gate | Mon 11 May |",
            [("Dara", "2026-05-11")],
        ),
        # a price table's heading row is no request
        ("Item | Weight | Price\nFlour | 25kg | £40\nSugar | 10kg | £12", []),
        # ... and the controls: a ticked box is a task done; a rescue is no task
        ("Studio meeting, Thu 3/9/2026\n[x] Oskar rewired the kiln", []),
        ("Tom to the rescue as always.", []),
    ],
)
def test_a_to_do_box_an_arrow_or_a_tables_row(client, headers, text: str, owned: list):
    # (the note's time the day it states: a dated heading anchors a note sent without one)
    stated = re.search(r"(\d{1,2})[ /]([A-Za-z]{3}|\d{1,2})[ /](2026)", text)
    day = "2026-01-05" if stated is None else _day(*stated.groups())
    memory = _remember(client, headers, text, day)
    items = memory["extraction"]["action_items"]
    assert sorted((a["owner"], a["due"]) for a in items) == owned, items


def _day(day: str, month: str, year: str) -> str:
    month = month if month.isdigit() else str(datetime.strptime(month, "%b").month)
    return f"{year}-{int(month):02d}-{int(day):02d}"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        # a short weekday before a numeric date is that date's; a day and month with no year, day first
        ("Kitchen sync, Tue 6/10/2026\nThe oven is serviced by 13/10.", {"2026-10-06", "2026-10-13"}),
        ("Fri 9 Oct: the scaffold comes down on Wed 14 Oct.", {"2026-10-09", "2026-10-14"}),
        # ... and the controls: a fraction, a shift pattern
        ("Everything in the window is 1/2 price and we answer the phone 24/7.", set()),
    ],
)
def test_numeric_and_short_weekday_dates(client, headers, content: str, expected: set):
    memory = _remember(client, headers, content, "2026-09-20")
    assert {d["date"] for d in memory["extraction"]["dates"]} == expected, memory["extraction"]


@pytest.mark.parametrize(
    ("text", "owned"),
    [
        (
            "Hello Fergus,\n\nAre you able to send over a quote for the loft by 12 June?\n\nThanks,\nMaia",
            ["Fergus"],
        ),
        ("Hi Fergus, would you be able to check the gutter before Friday?", ["Fergus"]),
        # ... a real question: no request
        ("Hi Fergus, are you able to see the new dashboard?", []),
    ],
)
def test_a_request_asked_as_being_able_to(read_note, text: str, owned: list):
    assert [a.owner for a in read_note(text).actions] == owned


@pytest.mark.parametrize(
    ("text", "decided"),
    [
        ("We're going ahead with the loyalty card for regulars.", True),
        ("We'll go with the oak worktops for the kitchen.", True),
        ("Agreed: the stocktake moves to Sunday.", True),
        # ... one person's plan is no team's choice
        ("Sam is going ahead with the repair.", False),
    ],
)
def test_a_choice_said_as_going_ahead(read_note, text: str, decided: bool):
    assert bool(read_note(text).decisions) is decided


@pytest.mark.parametrize(
    ("stored", "claim", "show"),
    [
        ("We've settled on offering evening viewings.", "We decided against evening viewings.", True),
        ("We're going ahead with the loyalty card for regulars.", "We decided against a loyalty card.", True),
        # one doing, a verb in one and a noun in the other
        ("We agreed to stop taking bicycle repairs.", "We decided to keep repairing bicycles.", True),
        # ... and the controls: another thing decided against; the same choice said again
        ("We've settled on offering evening viewings.", "We decided against weekend viewings.", False),
        ("We're going ahead with the loyalty card for regulars.", "We chose the loyalty card.", False),
    ],
)
def test_a_decision_against_what_was_chosen(client, headers, stored: str, claim: str, show: bool):
    _remember(client, headers, stored, "2026-04-02")
    body = client.post("/v1/check", json={"context": claim}, headers=headers).json()
    assert body["show"] is show, body


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # one word after "the", heading its phrase: a thing of that make
        ("Ines: the damper pedal on the Schimmel is squeaking", ["Ines"], []),
        ("Marek regulated the Pleyel on Tuesday.", ["Marek"], []),
        ("Marek regulated the Welmar on Tuesday.", ["Marek"], []),
        # a supplier's record by its code after its name's "'s"
        ("Paid Corvex's CX-4410 this morning.", [], ["Corvex"]),
        # a company named for its trade, the trade named in lower case too
        # ... and the controls: a company's name before a noun, an acronym, a person's code, a surname
        ("Ines sent the Corvex quote.", ["Ines"], ["Corvex"]),
        ("Deborah Mills from the PTA runs the fair.", ["Deborah Mills"], ["PTA"]),
        ("Amy Fish will send the report on Monday.", ["Amy Fish"], []),
    ],
)
def test_things_suppliers_and_trades(read_note, text: str, people: list[str], organizations: list[str]):
    found = read_note(text)
    assert (sorted(found.people), found.organizations) == (people, organizations), found


@pytest.mark.parametrize(
    ("earlier", "later", "replaces"),
    [
        (
            "Rhian Moss is our bookkeeper and also orders the coffee beans.",
            "Rhian is moving to Cardiff next month; Tobias Berg steps up as bookkeeper.",
            True,
        ),
        # ... and a control: another role taken on
        (
            "Rhian Moss is our bookkeeper and also orders the coffee beans.",
            "Tobias Berg steps up as stock manager.",
            False,
        ),
    ],
)
def test_a_role_stepped_into(client, headers, earlier: str, later: str, replaces: bool):
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


@pytest.mark.parametrize(
    ("item", "report", "done"),
    [
        ("Ines to restring the Grotrian by 18/9", "Ines restrung the Grotrian on Monday.", True),
        (
            "bleed the boiler at Kestrel Court, Fri 9 Oct",
            "Ivo bled the boiler at Kestrel Court on Friday.",
            True,
        ),
        ("order more grout by Fri 14 Aug", "Grout ordered – Leon sorted it this morning.", True),
        # ... and a control: said as still to do
        (
            "bleed the boiler at Kestrel Court, Fri 9 Oct",
            "Ivo will bleed the boiler at Kestrel Court on Friday.",
            False,
        ),
    ],
)
def test_a_task_reported_done_again_or_irregularly(item: str, report: str, done: bool):
    assert bool(completed_items(report, [{"id": "a", "text": item, "owner": "Ivo"}])) is done


@pytest.mark.parametrize(
    ("claim", "show"),
    [
        ("Hartwell Timber supplies our flooring.", True),
        # ... the new provider: the current fact
        ("Tamsin Flooring supplies our flooring.", False),
    ],
)
def test_a_provider_moved_over_to_another(client, headers, claim: str, show: bool):
    _remember(client, headers, "All our flooring comes from Hartwell Timber.", "2026-03-01")
    _remember(
        client,
        headers,
        "We've moved our flooring over to Tamsin Flooring – Hartwell Timber kept cancelling deliveries.",
        "2026-03-10",
    )
    body = client.post("/v1/check", json={"context": claim}, headers=headers).json()
    assert body["show"] is show, body


def test_a_name_and_a_day_in_common_are_no_subject_in_common(client, headers):
    """Words compared by their roots, not names or days: moving an inspection is not moving out."""
    _remember(
        client, headers, "Check-out inspection for Flat 4A booked with Min-jun Park for 30 May.", "2026-05-04"
    )
    _remember(
        client,
        headers,
        "Min-jun moved his check-out inspection to 28 May at 2 p.m., because the van comes earlier.",
        "2026-05-10",
    )
    claim = "Min-jun Park moves out of Flat 4A on 30 May."
    body = client.post("/v1/check", json={"context": claim}, headers=headers).json()
    assert body["show"] is False, body
