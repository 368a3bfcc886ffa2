"""Dates against the right anchor: a note's own stated date anchors its relative dates when it comes
without a timestamp; the past tense looks back; a month named alone stays a month; an e-mail's requests
belong to the person it greets."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipelines.ingest.extraction import build_extraction
from pipelines.nlp.dates import resolve_mention, stated_date
from pipelines.nlp.extract import SpacyExtractor, load_spacy

THURSDAY = datetime(2025, 3, 6, 12, tzinfo=UTC)


@pytest.fixture(scope="module")
def read():
    nlp = load_spacy()
    extractor = SpacyExtractor(nlp)
    return lambda text, when=THURSDAY: build_extraction(extractor.from_doc(nlp(text)), when, {})


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("Weekly sync, Tuesday 4 March 2025\nAttendees: Ana, Bo", "2025-03-04"),
        ("Minutes of 2025-03-04. Present: Ana and Bo.", "2025-03-04"),
        ("Project update, March 4, 2025 — all green.", "2025-03-04"),
        ("From: ana@example.com\nDate: Tue, 4 Mar 2025 09:12:00 +0100\nSubject: movers", "2025-03-04"),
        ("Réunion du 12 mars 2025", "2025-03-12"),  # French, Spanish and German months are read
        ("Protokoll vom 9. April 2025: Frau Krüger bestätigt.", "2025-04-09"),
        ("Acta del 3 de marzo de 2025. Presentes: Ana.", "2025-03-03"),
        ("Call with Bob. We last met on 4 March 2025.", None),  # not in the first sentence
        ("We will ship in 2025.", None),  # a year is not a day
    ],
)
def test_the_date_a_note_states_for_itself(text, stated):
    found = stated_date(text)
    assert (found.date().isoformat() if found else None) == stated


def test_a_month_named_alone_is_a_month_never_a_made_up_day():
    march = datetime(2025, 3, 4, tzinfo=UTC)
    assert resolve_mention("May", march) == "2025-05"
    assert resolve_mention("to May", datetime(2025, 11, 4, tzinfo=UTC)) == "2026-05"  # the nearest May
    assert resolve_mention("late March", datetime(2025, 2, 4, tzinfo=UTC), past=True) == "2024-03"
    assert resolve_mention("in June 2026", march) == "2026-06"
    assert resolve_mention("May 5", march) == "2025-05-05"  # a day named with its month is a day
    assert resolve_mention("summer", march) is None


def test_the_past_tense_looks_back_and_the_future_forward(read):
    def dates(text):
        return {d.text: d.date for d in read(text).dates}

    assert dates("Team lunch on Thursday was great.") == {"Thursday": "2025-03-06"}  # written that day
    assert dates("We met on Monday and agreed on the plan.") == {"Monday": "2025-03-03"}
    assert dates("Let us meet on Thursday.") == {"Thursday": "2025-03-13"}
    assert dates("The launch was moved to Friday.") == {"Friday": "2025-03-07"}  # a target, ahead
    assert dates("We decided to move the pilot to May.") == {"May": "2025-05"}
    # A day and month weeks ahead stays ahead whatever the tense; months back stays back.
    assert dates("The offsite moved from Leeds to York, still on 20 March.") == {"20 March": "2025-03-20"}
    assert dates("We signed the lease on 20 November.") == {"20 November": "2024-11-20"}


def test_an_emails_requests_belong_to_the_greeted_person(read):
    for text, owner in (
        ("Hi Oliver, thanks for the update. Please book the movers by next Friday.", "Oliver"),
        ("Dear Ms. Okafor,\nplease send the signed lease by Monday.\nBest,\nTom", "Okafor"),
    ):
        extraction = read(text)
        assert [item.owner for item in extraction.action_items] == [owner], extraction
        assert not any(p.lower().startswith(("dear", "hi ", "hallo")) for p in extraction.people)
    assert [item.owner for item in read("Hi all, please update your timesheets by Friday.").action_items] in (
        [],
        [None],
    )


def test_a_note_without_a_timestamp_is_anchored_by_its_stated_date(client, headers):
    note = (
        "Weekly sync, Tuesday 4 March 2025. Ana will send the budget by 14 March. "
        "Bo books the venue by Friday."
    )
    response = client.post("/v1/remember", json={"content": note}, headers=headers)
    assert response.status_code == 201, response.text
    memory = response.json()
    assert memory["timestamp"].startswith("2025-03-04")
    dues = {item["owner"]: item["due"] for item in memory["extraction"]["action_items"]}
    assert dues.get("Ana") == "2025-03-14"
    assert "2025-03-07" in {d["date"] for d in memory["extraction"]["dates"]}  # Friday of that week


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("Firmarán el contrato el 3 de marzo.", ["2025-03-03"]),
        ("¿Puedes enviar el presupuesto antes del viernes?", ["2025-03-07"]),
        ("La livraison est décalée au 1er mai.", ["2025-05-01"]),
        ("Die Folien kommen bis Freitag.", ["2025-03-07"]),
    ],
)
def test_dates_in_spanish_french_and_german(read, text, dates):
    """Month and weekday names and the day's forms ("3 de marzo", "1er mai", "24. April") of the
    languages the notes come in, resolved as the English ones are (the test's Thursday 6 March 2025)."""
    assert sorted(d.date for d in read(text).dates) == sorted(dates)
