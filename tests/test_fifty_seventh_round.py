"""The fifty-seventh round: the classes two fresh sets of notes showed (a coach-hire firm's and a funeral
director's, bench/data/understanding-{coaches,funeral}.json), on sentences written for this test (a
pottery's, an apiary's, a removals firm's, an allotment society's, a bakery's, a caterer's, a florist's
and a scaffolder's): a common noun a number follows names a thing ("kiln 2", "hive 7"), so two notes
about two of them are two facts, and a question naming one asks about it — though not after a
preposition of place, where the number is where something is ("moved to fridge 3"); a family named by
its surname is a record's subject too; an identifier both name is a subject both share, so a claim
naming its former holder is outdated; a weekday in another language before a date whose month is spelt
as in English is one date; "on a Sunday" and "Sunday availability" name no day; a given name before a
verb the parser calls a plural is a person; and a request's verb opening a sentence in another language
is no company."""

from __future__ import annotations

import pytest

from pipelines.nlp.identifiers import conflict, identifiers
from tests.test_eighth_round import _linked, _remember, _supersedes
from tests.test_fifty_third_round import _check
from tests.test_forty_eighth_round import _ask

_SAME_FACT = {"supersedes", "duplicate", "contradicts"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Kiln 2 was relit on 3 March.", {"kiln:2"}),
        ("Hive 7's queen has stopped laying.", {"hive:7"}),
        ("When did hive 7 swarm?", {"hive:7"}),
        ("Decided to keep fridge 3 switched off until the new seal arrives.", {"fridge:3"}),
        # no thing: a count, a place, a rating, a score, a date, a time, another language's word
        ("We need 38 chairs for the wake.", set()),
        ("The sourdough starter moved from fridge 2 to fridge 3.", set()),
        ("The council rated the bakery 4 out of 5.", set()),
        ("The match ended 3-1.", set()),
        ("Starting 1 March the shop opens at 8am.", set()),
        ("Ana  7:50 AM", set()),
        ("Der Zugang war 30 Minuten lang gestört.", set()),
        ("El camión 7 vuelve del taller el martes 8 de septiembre.", set()),
    ],
)
def test_a_number_after_a_common_noun_names_a_thing(text, expected):
    assert identifiers(text) == expected


def test_two_numbered_things_are_two_facts(client, headers):
    first = _remember(client, headers, "Kiln 2 was relit on 3 March.", "2026-03-03")
    second = _remember(client, headers, "Kiln 4 was relit on 5 March.", "2026-03-05")
    assert not _linked(second, first) & _SAME_FACT, second["links"]
    answer = _ask(client, headers, "When was kiln 2 relit?")
    assert "Kiln 2" in answer["text"] and "Kiln 4" not in answer["text"], answer["text"]


def test_a_numbered_place_stays_a_value_a_change_replaces(client, headers):
    # (a control: the place after "in" and "to" is what changed, no other thing)
    assert (
        conflict(identifiers("The starter lives in fridge 2."), identifiers("The starter moved to fridge 3."))
        is None
    )
    replaced, links = _supersedes(
        client,
        headers,
        "Our sourdough starter lives in fridge 2.",
        "Our sourdough starter has moved to fridge 3.",
    )
    assert replaced, links


def test_a_family_named_by_its_surname_is_a_records_subject(client, headers):
    _remember(client, headers, "The Novak family's removal quote was accepted on 4 March.", "2026-03-04")
    _remember(client, headers, "The Ahmed family's removal quote was accepted on 6 March.", "2026-03-06")
    answer = _ask(client, headers, "When was the Novak family's removal quote accepted?")
    assert "Novak" in answer["text"] and "Ahmed" not in answer["text"], answer["text"]


def test_a_claim_naming_the_former_holder_of_a_numbered_thing_is_outdated(client, headers):
    _remember(client, headers, "Allotment plot 14 is rented by Jim Bell.", "2026-02-02")
    _remember(client, headers, "Plot 14 is now Sue Carr's; Jim Bell has moved to plot 9.", "2026-02-20")
    assert _check(client, headers, "Jim Bell rents plot 14.")
    assert not _check(client, headers, "Sue Carr rents plot 14.")


@pytest.mark.parametrize(
    ("content", "phrase", "expected"),
    [
        (
            "Bericht van Anouk: de taarten worden op zaterdag 12 september geleverd.",
            "zaterdag 12 september",
            "2026-09-12",
        ),
        (
            "Nachricht von Jens: Die Gerüste kommen am Freitag, 18. September.",
            "Freitag, 18. September",
            "2026-09-18",
        ),
    ],
)
def test_a_weekday_abroad_before_a_month_spelt_as_in_english_is_one_date(
    client, headers, content, phrase, expected
):
    memory = _remember(client, headers, content, "2026-09-01")
    found = {d["text"]: d["date"] for d in memory["extraction"]["dates"]}
    assert found == {phrase: expected}, found


def test_any_one_weekday_and_a_weekdays_availability_are_no_day(client, headers):
    content = (
        "[10:02] Ana Silva: the Okafors would like the wake on a Sunday if we can\n"
        "[10:05] Tom Reid: I'll check Sunday availability with the caterer"
    )
    memory = _remember(client, headers, content, "2026-09-01")
    assert memory["extraction"]["dates"] == [], memory["extraction"]["dates"]
    assert [a["due"] for a in memory["extraction"]["action_items"]] == [None], memory["extraction"]
    # (a control: a weekday a request is for stays a day)
    control = _remember(client, headers, "Please book the minibus for Sunday.", "2026-09-01")
    assert [d["date"] for d in control["extraction"]["dates"]] == ["2026-09-06"], control["extraction"]


def test_a_given_name_before_a_verb_read_as_a_plural_is_a_person(client, headers):
    memory = _remember(client, headers, "Ruth books oven 3's service for the 12th.", "2026-09-01")
    assert "Ruth" in memory["extraction"]["people"], memory["extraction"]


def test_a_request_opening_a_sentence_abroad_is_no_company(client, headers):
    content = "Mensaje de Carla: los andamios llegan el lunes 14 de septiembre. Avisad a Diego, por favor."
    memory = _remember(client, headers, content, "2026-09-01")
    assert "Avisad" not in memory["extraction"]["organizations"], memory["extraction"]


def test_a_clients_familys_choice_is_no_decision_of_ours(client, headers):
    content = (
        "From: Grace Okafor <grace@example.net>\nTo: Ruth Kaur\nSubject: Dad's plan\n\nHello Ruth,\n\n"
        "Dad has decided on the walnut casket. Please can you update his plan by Friday?"
        "\n\nBest wishes,\nGrace"
    )
    memory = _remember(client, headers, content, "2026-09-01")
    assert memory["extraction"]["decisions"] == [], memory["extraction"]["decisions"]
    # (a control: a decision of the team's stays one)
    control = _remember(client, headers, "The board decided to close the Leeds yard.", "2026-09-01")
    assert control["extraction"]["decisions"], control["extraction"]


def test_the_change_that_outdates_a_claim_is_read_though_search_ranks_it_low(client, headers):
    # (the note that changed it ranks below the former holder's chat lines and minutes, as in the coach set)
    _remember(client, headers, "The Tuesday bread round is driven by Marek Nowak.", "2026-02-02")
    for day, line in [
        ("2026-02-03", "Marek Nowak  7:42 AM\nthe chiller on the bread van is rattling again"),
        ("2026-02-04", "Marek Nowak  6:10 AM\nrunning ten minutes late, the bypass is shut"),
        (
            "2026-02-05",
            "Bakery meeting – Thursday 5 February 2026\n\nAttendees: Marek, Ana, Joe\n\n"
            "Actions\n• Marek – renew his van permit – done",
        ),
        ("2026-02-06", "Marek Nowak  5:55 AM\nloaded the rye for the cafés, off now"),
        ("2026-02-09", "Decision: the Tuesday bread round no longer takes cash."),
        ("2026-02-10", "Marek Nowak  6:02 AM\nthe Tuesday round's first drop is now the Mill Café"),
        ("2026-02-11", "Marek Nowak  6:20 AM\nvan tyre pressure light is on again"),
        (
            "2026-02-12",
            "Bakery meeting – Thursday 12 February 2026\n\nAttendees: Marek, Ana\n\n"
            "Actions\n• Marek – log the round's mileage – by Friday 13th",
        ),
    ]:
        _remember(client, headers, line, day)
    _remember(
        client,
        headers,
        "The Tuesday bread round is now Ana Silva's; Marek Nowak has moved to the wholesale run.",
        "2026-02-20",
    )
    assert _check(client, headers, "Marek Nowak drives the Tuesday bread round.")
    assert not _check(client, headers, "Ana Silva drives the Tuesday bread round.")
