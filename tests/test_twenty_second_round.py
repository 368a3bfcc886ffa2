"""The twenty-second round: a hub model whose library is not installed falls back like a model that is
not here (a lent GPU machine without `gliner` stopped the service at start); and the classes three fresh
sets of notes showed, on sentences written for this test: the days a place keeps open are no dates;
rooms, families and boats named, titles read apart, languages, a company's trade words and its short
form; a new state from a date and a changed price replace what they change; "What did X report?" asks
for their own chat line; names with accents; a record's own note before one referring to it; free
against charged; clock times written with a point."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from pipelines.nlp.changes import changed_sentences
from pipelines.nlp.extract import GlinerExtractor
from pipelines.nlp.loader import _hub_or
from tests.test_eighth_round import _remember, _supersedes


@dataclass
class _Offline:
    backend: str = "rules"


def test_a_hub_model_whose_library_is_missing_falls_back(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "gliner", None)  # `from gliner import …` raises ImportError
    model = _hub_or("urchade/gliner_medium-v2.1", GlinerExtractor.load, "cpu", _Offline, "extraction")
    assert isinstance(model, _Offline)
    assert "not installed" in caplog.text


def test_an_error_other_than_a_missing_library_is_not_hidden() -> None:
    def broken(name: str, device: str) -> None:
        raise ValueError("a bug")

    with pytest.raises(ValueError):
        _hub_or("some/model", broken, "cpu", _Offline, "extraction")


# --- The twenty-second round's classes (fresh sets: a nursery's, a marina's and a translation agency's
# notes, bench/data/understanding-{nursery,marina,agency}.json), on sentences written for this test.

WRITTEN = datetime(2026, 6, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    "text",
    [
        "The pharmacy is open Monday to Saturday, 9am to 5.30pm.",
        "The studio is staffed Tuesday to Friday; on Saturdays we hire it out.",
        "From May the café opens Wednesday to Sunday only, as Mondays are too quiet.",
    ],
)
def test_the_days_a_place_keeps_open_are_no_dates(read_note, text: str):
    found = read_note(text).dates
    assert not any(day in d.lower() for d in found for day in ("monday", "tuesday", "wednesday", "sunday"))


def test_a_range_of_days_away_stays_a_range(read_note):
    found = read_note("Tom is off Monday to Wednesday next week.").dates
    assert found, found


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        ("Leah has moved to the Kestrels room, and Femi now leads the Wrens room.", ["Leah", "Femi"], []),
        ("Invoice 88 to the Okafor family: May fees, £900.", [], []),
        ("Work order 31: a new mast for the yacht Blue Heron, £2,100.", [], []),
        ("Invoice 5120 to Insp. Ravi Patel for the harbour berth, due 3 June.", ["Ravi Patel"], []),
        ("The dinghies are lifted out by Tamar Lifting every October.", [], ["Tamar Lifting"]),
        ("Job 17: French to German, 4,000 words for Norvik Pharma.", [], ["Norvik Pharma"]),
        (
            "Brightline Kitchen has been replaced by Corner Table Catering; Brightline sent cold food twice.",
            [],
            ["Brightline Kitchen", "Corner Table Catering"],
        ),
        ("Nota da Rita: o fornecedor Tecnomar enviou as peças.", ["Rita"], ["Tecnomar"]),
        ("Nota da Rita: a cliente Joana Reis ligou ontem.", ["Rita", "Joana Reis"], []),
    ],
)
def test_rooms_families_boats_titles_languages_and_short_forms(
    read_note, text: str, people: list[str], organizations: list[str]
):
    found = read_note(text)
    assert sorted(found.people) == sorted(people), found.people
    assert sorted(found.organizations) == sorted(organizations), found.organizations


@pytest.mark.parametrize(
    ("earlier", "later", "replaces"),
    [
        (
            "The pool opens at 7am on weekdays.",
            "From 1 March the pool opens at 6.30am, as swimmers asked.",
            True,
        ),
        (
            "Parking costs £3 an hour.",
            "Parking goes up to £4 an hour from April, after the council's rise.",
            True,
        ),
        ("Visitors park behind the church on Sundays.", "Parking goes up to £4 an hour from April.", False),
        ("Membership is charged at £40 a month.", "Membership now costs £45 a month, since rent rose.", True),
        (
            "The museum opens Tuesday to Sunday from 10am.",
            "From June the museum opens Wednesday to Sunday only.",
            True,
        ),
    ],
)
def test_a_new_state_from_a_date_and_a_price_changed_replace(
    client, headers, earlier: str, later: str, replaces: bool
):
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


def test_from_then_on_is_no_range():
    assert changed_sentences(["From Monday to Friday we open at 8am."]) == []
    assert changed_sentences(["From: Ada Obi"]) == []
    assert changed_sentences(["Starting next week, the bus leaves at 7:40."])


def test_what_someone_reported_is_their_own_chat_line(client, headers):
    chat = _remember(
        client,
        headers,
        "Kemi: the fridge in the staff room is leaking\nJo: I'll ring the engineer tomorrow\nKemi: thanks",
        "2026-03-03",
    )
    _remember(client, headers, "The quarterly report goes to the board on Friday.", "2026-03-04")
    body = client.post("/v1/ask", json={"question": "What did Kemi report?"}, headers=headers).json()
    assert body["sources"][0]["id"] == chat["id"], body
    assert "fridge" in body["text"] and "engineer" not in body["text"], body["text"]


def test_a_name_with_an_accent_asks_for_that_person_s_items(client, headers):
    # (the item's own words do not hold her name: "I'll send …" is Zoë's by the chat's label)
    _remember(
        client, headers, "Zoë: I'll send the glossary to the client by 2 March\nSam: great", "2026-02-23"
    )
    body = client.post("/v1/ask", json={"question": "What is overdue for Zoë?"}, headers=headers).json()
    assert "glossary" in body["text"], body


def test_the_record_s_own_note_answers_before_one_referring_to_it(client, headers):
    own = _remember(
        client, headers, "Order OR-77: four oak chairs for the reading room, due 3 May.", "2026-04-01"
    )
    _remember(client, headers, "Invoice IV-912 to Hale & Co for order OR-77: £640, due 30 May.", "2026-04-02")
    body = client.post("/v1/ask", json={"question": "When is order OR-77 due?"}, headers=headers).json()
    assert body["sources"][0]["id"] == own["id"], body


@pytest.mark.parametrize(
    ("claim", "stored", "contradicts"),
    [
        ("We decided to charge for parking.", "Decided: parking is free for members from May.", True),
        ("Feel free to call me.", "We charge a call-out fee.", False),
        (
            "The library opens at 9.30am.",
            "From June the library opens at 9am, because of the new bus times.",
            True,
        ),
        (
            "The library opens at 9am.",
            "From June the library opens at 9am, because of the new bus times.",
            False,
        ),
    ],
)
def test_free_against_charged_and_clock_times_with_a_point(
    comparator, claim: str, stored: str, contradicts: bool
):
    (verdict,) = comparator.compare([(claim, WRITTEN, stored, WRITTEN)])
    assert verdict.contradicts is contradicts, verdict


@pytest.mark.parametrize(
    ("claim", "stored", "contradicts"),
    [
        ("The bakery is open on Mondays.", "From May the bakery opens Tuesday to Saturday only.", True),
        ("The bakery is open on Thursdays.", "From May the bakery opens Tuesday to Saturday only.", False),
        ("The bakery is open on Tuesdays.", "The bakery is open Tuesday to Saturday from 8am.", False),
    ],
)
def test_a_day_outside_the_days_a_place_keeps_open(comparator, claim: str, stored: str, contradicts: bool):
    (verdict,) = comparator.compare([(claim, WRITTEN, stored, WRITTEN)])
    assert verdict.contradicts is contradicts, verdict


@pytest.mark.parametrize(
    ("text", "organizations"),
    [
        ("Could the band record a session for BBC Radio 6 Music on 30 September?", ["BBC Radio 6 Music"]),
        ("The interview goes out on Channel 4 News tonight.", ["Channel 4 News"]),
        ("We book the vans through Zipvan.", ["Zipvan"]),
        ("Invoice 1042 from Acme Ltd is due on Friday.", ["Acme Ltd"]),  # a record's number: no name
    ],
)
def test_a_company_with_a_number_in_its_name_and_one_worked_through(read_note, text: str, organizations):
    assert read_note(text).organizations == organizations
