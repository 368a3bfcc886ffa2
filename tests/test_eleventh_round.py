"""The classes a fifth fresh set of notes (a volunteer food bank's chat lines, logs, minutes and e-mails:
bench/data/understanding-foodbank.json) showed, on sentences written for this test: logs and minutes of
different days are different occasions, never the same fact, while a dated note stating a change still
replaces; a question naming a day without its year; a change's own clause is what it changes; someone
confirming a fact or what they can do decides nothing; a decision's sentence that hands a named person
a task; one person under a first name and a full name."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipelines.ask.retrieve import named_period
from pipelines.nlp.changes import changed_sentences, changes_a_clause
from pipelines.nlp.extract import SpacyExtractor, load_spacy
from pipelines.nlp.identifiers import conflict, identifiers, occasion
from tests.test_eighth_round import _linked, _remember


@pytest.fixture(scope="module")
def read():
    nlp = load_spacy()
    return lambda text: SpacyExtractor(nlp).from_doc(nlp(text))


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Night shift, 12 June: two calls, no incidents.", "06-12"),
        ("Board meeting, Thursday 5 February 2026. Present: all.", "02-05"),
        ("Standup Monday 9 March — Ana is blocked on the API.", "03-09"),
        ("Minutes of 3 April: the budget was approved.", "04-03"),
        ("June 12: the pantry ran out of rice.", "06-12"),
        # A date in what a note says, not in its heading, is a value, not its occasion.
        ("The pantry reopens on 12 June.", None),
        ("Invoice 77 was paid on June 12.", None),
        ("Lunch moved to 3 April.", None),
    ],
)
def test_a_note_opening_with_its_occasion_and_its_day(text: str, day: str | None):
    assert occasion(text) == day


def test_logs_of_different_days_are_different_occasions():
    ours = identifiers("Night shift, 12 June: two calls, no incidents.")
    assert conflict(ours, identifiers("Night shift, 19 June: five calls, one incident.")) is not None
    assert conflict(ours, identifiers("Night shift, June 12: two calls.")) is None


def test_logs_of_different_days_are_never_the_same_fact(client, headers):
    earlier = _remember(
        client, headers, "Pantry log, 6 May: 140 parcels packed by 11 volunteers.", "2026-05-06"
    )
    later = _remember(
        client, headers, "Pantry log, 13 May: 126 parcels packed by 9 volunteers.", "2026-05-13"
    )
    assert _linked(later, earlier) & {"duplicate", "supersedes", "contradicts"} == set(), later["links"]


def test_a_dated_note_stating_a_change_still_replaces(client, headers):
    earlier = _remember(
        client,
        headers,
        "Weekly sync, 4 May: the roof survey at Kelso Street is booked for 20 May.",
        "2026-05-04",
    )
    later = _remember(
        client,
        headers,
        "Weekly sync, 11 May: the roof survey at Kelso Street slipped to 3 June.",
        "2026-05-11",
    )
    assert "supersedes" in _linked(later, earlier), later["links"]


def test_a_question_naming_a_day_without_its_year():
    now = datetime(2026, 6, 1, tzinfo=UTC)
    period = named_period("How many parcels were packed on 13 May?", now)
    assert period is not None and (period.month, period.day) == (5, 13)
    written = int(datetime(2025, 5, 14, 9, tzinfo=UTC).timestamp() * 1000)  # a day after, another year
    assert period.holds(written)
    assert not period.holds(int(datetime(2026, 5, 27, tzinfo=UTC).timestamp() * 1000))
    assert named_period("What happened on 31 February?", now) is None


def test_a_log_of_the_day_asked_about_answers(client, headers):
    for day, parcels in (("06", 140), ("13", 126), ("20", 151)):
        _remember(client, headers, f"Pantry log, {int(day)} May: {parcels} parcels packed.", f"2026-05-{day}")
    answer = client.post(
        "/v1/ask", json={"question": "How many parcels were packed on 13 May?"}, headers=headers
    ).json()
    assert answer["answer"] == "126", answer


@pytest.mark.parametrize(
    ("stored", "later", "changes"),
    [
        # The change moves the stock; what the first clause says of the freezer changes nothing.
        (
            "We chose Coldline for the Eastgate freezer.",
            "Incident: the Eastgate freezer alarm went off overnight; Pete moved the stock to the church.",
            False,
        ),
        (
            "Kenta Mori leads the accessibility review for the claims portal.",
            "Kenta Mori stepped back from the accessibility review; Aisha Bello is leading it now.",
            True,
        ),
        (
            "The volunteer briefing is at the church hall.",
            "The volunteer briefing moved to the library; the church hall is being painted.",
            True,
        ),
    ],
)
def test_a_change_changes_what_its_own_clause_says(stored: str, later: str, changes: bool):
    found = changed_sentences([later])
    names = frozenset({"kenta", "mori", "aisha", "bello", "pete"})
    assert any(changes_a_clause(change, stored, names) for change in found) is changes


@pytest.mark.parametrize(
    ("text", "decision"),
    [
        ("Rowan Hill confirmed they can collect 30 boxes every Monday.", False),
        ("Iris confirmed that Tomasz runs the depot day to day.", False),
        ("Ola Berg confirmed the booking.", False),
        ("We confirmed that the appeal runs until June.", True),
        ("The trustees confirmed we will open on Sundays.", True),
    ],
)
def test_confirming_a_fact_decides_nothing(read, text: str, decision: bool):
    assert bool(read(text).decisions) is decision


def test_a_decision_can_hand_a_named_person_a_task(read):
    found = read("We chose Arctica for the chiller; Nadia Rahman will place the order on Friday.")
    assert found.decisions
    assert [(a.owner, a.due_text) for a in found.actions] == [("Nadia Rahman", "Friday")]
    # A decision about a thing ("block B will use …") makes no one of it.
    found = read("Priya Raman decided that block B will use the same window supplier as block A.")
    assert found.actions == [] and "B" not in found.people


def test_one_person_under_a_first_name_and_a_full_name(client, headers):
    """A chat line from "Ines" before any note gave her full name, then a note naming Ines Duarte: one
    person in the answer about her work."""
    _remember(client, headers, "Ines: Thanks all, see you at the warehouse!", "2026-05-01")
    _remember(client, headers, "Ines Duarte will count the tins in aisle 3 by 8 May.", "2026-05-04")
    answer = client.post("/v1/ask", json={"question": "What does Ines need to do?"}, headers=headers).json()
    assert answer["text"].startswith("Ines Duarte has one open action item"), answer


@pytest.mark.parametrize(
    ("text", "organizations"),
    [
        # A district or a village by its English ending, where a place stands: no company.
        ("We decided to open a second food hub in Northgate from June.", []),
        ("Volunteers in Eastgate asked for more crates.", []),
        ("The Brackley site opens on Monday.", []),
        ("Sam Odum is the first aider for the Ashby site.", []),
        # Where companies stand too, the name stays one.
        ("We signed the Hilton contract.", ["Hilton"]),
        ("Ashford Ltd sent the invoice.", ["Ashford Ltd"]),
    ],
)
def test_a_place_by_its_ending_is_no_organization(read, text: str, organizations: list[str]):
    assert read(text).organizations == organizations


def test_a_changed_score_on_one_scale_is_shown(client, headers):
    _remember(
        client, headers, "Inspection: the council rated our canteen 5 out of 5 for hygiene.", "2026-05-02"
    )

    def shown(statement: str) -> bool:
        return client.post("/v1/check", json={"context": statement}, headers=headers).json()["show"]

    assert shown("The council rated the canteen 2 out of 5 for hygiene.")
    assert not shown("The council rated the canteen 5 out of 5 for hygiene.")


def test_a_standing_arrangement_and_one_occasion_count_different_things(client, headers):
    _remember(client, headers, "Delivery note DN-5120 from Harvest Link: 52 crates received.", "2026-05-07")

    def shown(statement: str) -> bool:
        return client.post("/v1/check", json={"context": statement}, headers=headers).json()["show"]

    assert not shown("Harvest Link delivers 60 crates every Thursday.")
    assert shown("Delivery note DN-5120 from Harvest Link: 48 crates received.")
