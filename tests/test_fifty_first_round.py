"""The fifty-first round: the classes three fresh sets of notes showed (a youth football club's, a wildlife
rescue centre's and a housing co-operative's, bench/data/understanding-{football,wildlife,housing}.json),
on sentences written for this test (a sailing club's): a role written out before a name ("Coach …",
"Nurse …", "Ranger …") is no part of it; the company "A have been replaced by" is taken on "as our
<supplier>" is a company, not a person; an hour's "h." ends a French sentence (its next word no
company); "increasing by £40 to £360" changes the amount to £360 (for links, check and the short
answer); "Motion carried:" heads a decision; a leave refused ("will not be allowed in") is read against
one given ("may come into"); a task list's line reporting its task done ("(b) Ines has already renewed
…") is its doer's done task; age groups and school years ("under-12s", "U16", "Year 6") are identifiers;
and a role given by a vote ("was elected in her place") is held, so "Who is our secretary now?" names
the holders."""

from __future__ import annotations

import pytest

from pipelines.nlp.identifiers import identifiers
from tests.test_eighth_round import _linked, _remember
from tests.test_forty_eighth_round import _ask
from tests.test_forty_ninth_round import _check


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Coach Imani Brooks runs the junior squad on Saturdays.", "Imani Brooks"),
        ("Nurse Tobias Lind checks the first-aid room every month.", "Tobias Lind"),
        ("Ranger Priya Nair leads the shore walk in May.", "Priya Nair"),
    ],
)
def test_a_role_written_out_is_no_part_of_the_name(read_note, text: str, person: str):
    found = read_note(text)
    assert found.people == [person], found.people
    assert not found.organizations, found.organizations


def test_the_company_taken_on_as_our_supplier_is_a_company(read_note):
    found = read_note("Keelson Sails have been replaced by Windward Canvas as our sail supplier.")
    assert sorted(found.organizations) == ["Keelson Sails", "Windward Canvas"], found
    assert not found.people, found.people
    # (a control: a person replaced by a person in a role people hold)
    found = read_note("Marta Silva has been replaced by Joe Park as our treasurer.")
    assert sorted(found.people) == ["Joe Park", "Marta Silva"], found
    assert not found.organizations, found.organizations


def test_an_hours_point_ends_a_french_sentence(read_note):
    found = read_note("La régate aura lieu le dimanche 14 juin à 10 h. Prévoyez un gilet de sauvetage.")
    assert not found.organizations, found.organizations


def test_increasing_by_an_amount_to_another_changes_it(client, headers):
    first = _remember(client, headers, "The mooring fee for a dinghy is £320 a year.", "2026-05-04")
    _remember(client, headers, "The slipway gate closes at 8pm.", "2026-05-05")
    later = _remember(
        client,
        headers,
        "The mooring fee for a dinghy is increasing by £40 to £360 a year from July.",
        "2026-06-01",
    )
    assert "supersedes" in _linked(later, first), later["links"]
    answer = _ask(client, headers, "How much is the mooring fee for a dinghy?")
    assert answer["sources"][0]["id"] == later["id"], answer
    assert answer["answer"] == "£360", answer["text"]
    assert _check(client, headers, "The mooring fee for a dinghy is £320 a year.")["show"] is True
    assert _check(client, headers, "The mooring fee for a dinghy is £360 a year.")["show"] is False


def test_a_motion_carried_heads_a_decision(read_note):
    found = read_note("Motion carried: dinghies may not be left on the slipway overnight.")
    assert found.decisions == ["dinghies may not be left on the slipway overnight."], found
    found = read_note("Proposal passed unanimously: the clubhouse bar closes at 11pm.")
    assert found.decisions == ["the clubhouse bar closes at 11pm."], found


def test_a_leave_refused_is_read_against_one_given(client, headers):
    _remember(
        client, headers, "It was agreed that dogs will not be allowed into the clubhouse.", "2026-05-04"
    )
    assert _check(client, headers, "It was agreed that dogs may come into the clubhouse.")["show"] is True
    # (a control: the same refusal restated)
    assert _check(client, headers, "Dogs are not allowed into the clubhouse.")["show"] is False


_MINUTES = (
    "Committee minutes — 1st June 2026\n\nPresent: Kemal, Ines, Joe\n\nActions arising:\n"
    "(a) Kemal will repaint the starting hut by 12th June.\n"
    "(b) Ines has already renewed the club's insurance.\n"
    "(c) Joe will order new rescue-boat fuel by Fri 5th June."
)


def test_a_task_lists_line_reporting_it_done_is_a_done_task(read_note):
    found = read_note(_MINUTES)
    tasks = {(a.owner, a.done) for a in found.actions}
    assert tasks == {("Kemal", False), ("Ines", True), ("Joe", False)}, found.actions
    # (a control: the same sentence outside a list of tasks is no task)
    assert not read_note("Ines has already renewed the club's insurance.").actions


def test_a_done_task_in_the_minutes_is_answered(client, headers):
    _remember(client, headers, _MINUTES, "2026-06-01")
    answer = _ask(client, headers, "Which of Ines's tasks are done?")
    assert "renewed the club's insurance" in answer["text"], answer["text"]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Under-12s sailing is on Saturdays at 10am.", {"age:12"}),
        ("Our U16 squad races at Rutland.", {"age:16"}),
        ("The under 14s have a new coach.", {"age:14"}),
        ("Year 6 visit the club on Tuesday.", {"year:6"}),
        # (controls: a limit, a band, a year)
        ("The launch took under 5 minutes.", set()),
        ("U2 played at the regatta party.", set()),
        ("Year 2026 was our busiest.", set()),
    ],
)
def test_age_groups_and_school_years_are_identifiers(text: str, found: set[str]):
    assert identifiers(text) == found


def test_one_age_groups_change_is_not_anothers(client, headers):
    twelves = _remember(client, headers, "Under-12s sailing is on Saturdays at 10am.", "2026-05-04")
    _remember(client, headers, "The under-16s sail on Saturdays at 2pm.", "2026-05-04")
    sixteens = _remember(
        client, headers, "Under-16s sailing has moved from Saturdays to Sundays at 2pm.", "2026-06-01"
    )
    assert "supersedes" not in _linked(sixteens, twelves), sixteens["links"]
    answer = _ask(client, headers, "When is under-12s sailing?")
    assert answer["sources"][0]["id"] == twelves["id"], answer["text"]


def test_a_role_given_by_a_vote_is_held(client, headers):
    first = _remember(client, headers, "Marta Silva is the sailing club's secretary.", "2026-05-04")
    later = _remember(
        client,
        headers,
        "Marta Silva stepped down as secretary; Joe Park was elected in her place.",
        "2026-06-01",
    )
    answer = _ask(client, headers, "Who is our secretary now?")
    assert answer["answer"] == "Joe Park", answer["text"]
    assert {s["id"] for s in answer["sources"]} == {first["id"], later["id"]}, answer["text"]


def test_a_short_month_after_an_ordinal_day_ends_no_list_line(read_note):
    found = read_note(
        "Actions:\n1. Kemal will repaint the starting hut by Fri 12th Jun.\n2. Ines will renew the insurance."
    )
    kemal = next(a for a in found.actions if a.owner == "Kemal")
    assert kemal.text == "Kemal will repaint the starting hut by Fri 12th Jun.", found.actions
    assert kemal.due_text is not None and "Jun" in kemal.due_text, kemal
