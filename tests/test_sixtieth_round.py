"""The sixtieth round: the classes two fresh sets of notes showed (a stonemason's and a lifeboat
station's, bench/data/understanding-{stonemason,lifeboat}.json), on sentences written for this test (a
coroner's office's, an ambulance station's, a print shop's, a sign maker's, a choir's): a record numbered
by its year and its place in that year ("Case 2025/118") is one record, and the next number another; a
list's task line "- Name: <verb> …" whose verb the tagger reads as a past (a verb whose past is its base,
"cut", or one "re" renews, "recut") is the named person's open task, due when it says; and "Name to
<verb> <object>" without the object's article ("Ravi to order polishing pads") is a task all the same;
a coast's feature a boat is off or near ("off Gull Point", "near Seal Rocks") is a place, no company."""

from __future__ import annotations

import pytest

from pipelines.nlp.identifiers import identifiers
from tests.test_eighth_round import _linked, _remember


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Case 2025/118 was referred to the coroner on 3 March.", {"case:2025/118"}),
        ("Callout 2026/17: cardiac arrest at the leisure centre, 4 May.", {"callout:2026/17"}),
        ("When was callout 2026/18?", {"callout:2026/18"}),
        # a tax year, a season's span with no noun of a record, a day: no record's number
        ("The tax year 2025/26 ends in April.", set()),
        ("The choir's 2026/27 season opens in September.", set()),
        ("We met on 24/11/2026 at the hall.", set()),
    ],
)
def test_a_record_numbered_by_its_year_is_an_identifier(text, expected):
    assert identifiers(text) == expected


def test_two_callouts_numbered_in_one_year_are_two_facts(client, headers):
    first = _remember(
        client, headers, "Callout 2026/17: cardiac arrest at the leisure centre, 4 May.", "2026-05-04"
    )
    second = _remember(
        client, headers, "Callout 2026/18: cardiac arrest at the leisure centre, 4 May.", "2026-05-04"
    )
    assert not _linked(second, first) & {"duplicate", "supersedes", "contradicts"}


def _actions(client, headers, content: str) -> list[dict]:
    response = client.post("/v1/remember", json={"content": content}, headers=headers)
    assert response.status_code == 201, response.text
    return response.json()["extraction"]["action_items"]


def test_a_task_line_whose_verb_reads_as_a_past_is_the_named_persons_open_task(client, headers):
    items = _actions(
        client,
        headers,
        "Print shop meeting, Tuesday 3 March 2026\nPresent: Odile, Tom, Suki\n\nActions\n"
        "- Tom: recut the misspelt banner by Friday 6th\n- Suki: reset the guillotine by 10 March\n"
        "- Odile: order the card stock (done)",
    )
    by_owner = {item["owner"]: item for item in items}
    assert by_owner["Tom"]["due"] == "2026-03-06" and not by_owner["Tom"]["done"]
    assert by_owner["Tom"]["text"].startswith("recut")
    assert by_owner["Suki"]["due"] == "2026-03-10" and not by_owner["Suki"]["done"]
    assert by_owner["Odile"]["done"]


def test_a_task_line_reporting_a_deed_done_stays_done(client, headers):
    # (a past that is no base form: the line reports the deed, as before)
    items = _actions(
        client, headers, "Sign shop huddle, 3 March 2026\n\nActions\n- Kwame: painted the fascia board"
    )
    assert [item["done"] for item in items if item["owner"] == "Kwame"] == [True]


def test_a_task_without_its_objects_article_is_a_task(client, headers):
    items = _actions(
        client,
        headers,
        "Choir committee, 3 March 2026\n\nRavi to order choir folders by 20 March. "
        "Mei to order laminating pouches by Friday. Ana to order polishing discs (done)",
    )
    dues = {item["owner"]: (item["due"], item["done"]) for item in items}
    assert dues == {"Ravi": ("2026-03-20", False), "Mei": ("2026-03-06", False), "Ana": (None, True)}


def test_a_name_going_somewhere_is_no_task(client, headers):
    assert _actions(client, headers, "Lena to school tomorrow, then swimming.") == []


@pytest.mark.parametrize(
    "content",
    [
        "Callout 2026/19: dinghy capsized off Gull Point, 6 May.",
        "The kayakers were stranded near Seal Rocks on Sunday.",
    ],
)
def test_a_coasts_feature_a_boat_is_off_is_no_company(client, headers, content):
    response = client.post("/v1/remember", json={"content": content}, headers=headers)
    assert response.json()["extraction"]["organizations"] == []


def test_a_company_named_for_a_point_stays_one(client, headers):
    content = "We buy our ropes from Anchor Point Chandlery."
    response = client.post("/v1/remember", json={"content": content}, headers=headers)
    assert response.json()["extraction"]["organizations"] == ["Anchor Point Chandlery"]
