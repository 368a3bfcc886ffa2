"""The thirty-eighth round: the classes three fresh sets of notes showed (a karting track's, a glass
studio's and a dog-walking business's, bench/data/understanding-{karting,glassworks,dogwalk}.json), on
sentences written for this test: a chat copied with a header line of the speaker and the clock above each
message, and a time stamp with the day after the time; a weekday before a day of the month alone ("by
Tues 10th"); Korean given names written with a hyphen; "Next steps:" alone; a value that will hold from a
date, a plural restating a singular and a hyphened compound; a relative clause on the one handed over
from, one word taken over, planning a duty; a trade's name ending in two nouns run together; a title
under a signature; a date in a clause of what was agreed; a decision headed with a dash; "would you mind",
"would it be OK for you to", "Please confirm by"; a deed in the passive of who did it; a place against
the only one allowed; a name given a title; a school's year group; the new time of a change as the short
answer; a line of an emoji alone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipelines.ask.compose import filler
from pipelines.ask.short import when
from pipelines.ingest.actions import completed_items, reports_completion
from pipelines.nlp.dates import resolve
from pipelines.nlp.extract import is_first_name
from pipelines.nlp.names import as_said, speaker, spoken_text
from pipelines.nlp.summary import list_form, split_sentences
from tests.test_eighth_round import _remember, _supersedes
from tests.test_fifth_round import _checked

_SLACK = (
    "Tariq  9:14 AM\nthe truing stand is wobbling again\nBeatriz  9:20 AM\nI'll shim it after lunch\n"
    "Tariq  9:21 AM\nta"
)
_BRACKETED = (
    "Ola Berg [08:02]\nthe shop alarm went off twice\nTariq Aziz [08:05]\nI'll call the installer tomorrow"
)


@pytest.mark.parametrize(
    ("text", "speakers", "first"),
    [
        (_SLACK, ["Tariq", "Beatriz", "Tariq"], "the truing stand is wobbling again"),
        (_BRACKETED, ["Ola Berg", "Tariq Aziz"], "the shop alarm went off twice"),
    ],
)
def test_a_chat_copied_with_a_header_line_above_each_message(text: str, speakers: list, first: str):
    sentences = split_sentences(text)  # each header with its message, one sentence
    assert [speaker(s) for s in sentences] == speakers, sentences
    assert spoken_text(sentences[0]) == first
    assert len(list_form(text)) == len(text)


def test_a_header_chats_speakers_and_their_promises(read_note):
    found = read_note(_BRACKETED)
    assert sorted(found.people) == ["Ola Berg", "Tariq Aziz"], found.people
    assert [a.owner for a in found.actions] == ["Tariq Aziz"], found.actions
    found = read_note(_SLACK)
    assert [a.owner for a in found.actions] == ["Beatriz"], found.actions


def test_a_header_line_is_quoted_as_said():
    assert as_said("Ola Berg [08:02]\nthe shop alarm went off twice") == (
        "Ola Berg [08:02]: the shop alarm went off twice"
    )
    assert as_said("The shop alarm went off twice") == "The shop alarm went off twice"


@pytest.mark.parametrize(
    "text",
    [
        # one heading of a clock and a capitalised word heads a list, no chat
        "Standup 9:30\n- Tariq to order more brake pads\n- Ola to re-true the demo wheels",
        # ... nor do two whose lines below are a list's
        "Monday 9:30\n- order brake pads\nTuesday 10:00\n- re-true the wheels",
    ],
)
def test_a_heading_with_a_clock_is_no_speaker(text: str):
    assert all(speaker(s) is None for s in split_sentences(text))
    assert list_form(text).count("\n") == text.count("\n")


def test_a_stamp_with_the_day_after_the_time(read_note):
    text = (
        "[09:12, 03/03/2026] Priya: the Dawes tandem is ready\n"
        "[09:15, 03/03/2026] Ola: I'll ring Mr Dawes tonight"
    )
    assert (speaker(text), spoken_text(text).split("\n")[0]) == ("Priya", "the Dawes tandem is ready")
    found = read_note(text)
    assert [a.owner for a in found.actions] == ["Ola"], found.actions
    assert "Dawes" not in found.organizations, found.organizations


@pytest.mark.parametrize(
    ("phrase", "base", "expected"),
    [
        ("Tues 10th", datetime(2026, 3, 2, tzinfo=UTC), "2026-03-10"),
        ("by Wed 25th", datetime(2026, 3, 2, tzinfo=UTC), "2026-03-25"),
        ("Friday the 13th", datetime(2026, 3, 2, tzinfo=UTC), "2026-03-13"),
        # ... the month ahead where this one's day falls on another weekday
        ("Thurs 9th", datetime(2026, 3, 2, tzinfo=UTC), "2026-04-09"),
    ],
)
def test_a_weekday_before_a_day_of_the_month(phrase: str, base: datetime, expected: str):
    assert resolve(phrase, base).isoformat() == expected


def test_a_weekday_before_a_day_of_the_month_in_minutes(client, headers):
    memory = _remember(
        client,
        headers,
        "Workshop sync – Mon 2 March 2026\n- Ola to re-true the demo wheels by Tues 10th",
        "2026-03-02",
    )
    assert [a["due"] for a in memory["extraction"]["action_items"]] == ["2026-03-10"], memory["extraction"]


@pytest.mark.parametrize(
    ("word", "given"),
    [
        ("Ha-eun", True),
        ("Seo-jun", True),
        ("Ji-woo", True),
        ("Set-up", False),
        ("Pop-up", False),
        ("Co-op", False),
    ],
)
def test_korean_given_names_written_with_a_hyphen(word: str, given: bool):
    assert is_first_name(word) is given


def test_a_hyphened_given_name_owns_a_minutes_line(read_note):
    found = read_note("Next steps:\n- Ha-eun to restock the inner tubes by Friday\n- Ola to order chain oil")
    assert sorted((a.owner, a.due_text) for a in found.actions) == [("Ha-eun", "Friday"), ("Ola", None)]
    assert "Ha-eun" in found.people, found.people


def test_next_steps_alone_is_no_task(read_note):
    found = read_note("Next steps:\n- Ola to order chain oil")
    assert [a.text for a in found.actions] == ["Ola to order chain oil"], found.actions


@pytest.mark.parametrize(
    ("earlier", "later", "replaces"),
    [
        ("A basic service costs £45 per bike.", "Basic services will be £50 per bike from May.", True),
        ("A one-hour fitting session costs £60.", "Fitting sessions will cost £70 from 1 June.", True),
        (
            "The first delivery of the day is at 7am.",
            "First deliveries move to 6:30am from next Monday.",
            True,
        ),
        # ... another thing's price, and a range of days, no change
        ("A basic service costs £45 per bike.", "Wheel builds will be £90 from May.", False),
        (
            "The shop is open from Tuesday to Saturday.",
            "The shop will be open from Tuesday to Saturday.",
            False,
        ),
    ],
)
def test_a_value_that_will_hold_from_a_date(client, headers, earlier: str, later: str, replaces: bool):
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


def test_the_old_price_is_shown_against_the_one_from_a_date(client, headers):
    _remember(client, headers, "Basic services will be £50 per bike from May.", "2026-02-20")
    body = _checked(client, headers, "A basic service costs £45.")
    assert body["show"] is True, body


def _ask(client, headers, question: str) -> dict:
    return client.post("/v1/ask", json={"question": question}, headers=headers).json()


def test_who_holds_it_after_a_hand_over_with_a_relative_clause(client, headers):
    _remember(
        client, headers, "Beatriz Costa looks after the wheel jigs and also trains the juniors.", "2026-02-02"
    )
    _remember(
        client,
        headers,
        "Tariq Aziz has taken over the wheel jigs from Beatriz Costa, who now runs the fitting studio.",
        "2026-02-20",
    )
    answer = _ask(client, headers, "Who looks after the wheel jigs?")
    assert answer["answer"] == "Tariq Aziz", answer["text"]


@pytest.mark.parametrize(
    ("earlier", "later", "replaces"),
    [
        (
            "Ola Berg runs the demo rides and also checks the hire fleet.",
            "Ola Berg is off to the Leeds shop in May, so Tariq Aziz takes over the rides.",
            True,
        ),
        # ... another thing taken over
        (
            "Ola Berg runs the demo rides and also checks the hire fleet.",
            "Tariq Aziz takes over the accounts.",
            False,
        ),
    ],
)
def test_one_word_taken_over(client, headers, earlier: str, later: str, replaces: bool):
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


def test_planning_a_duty_is_holding_it(client, headers):
    _remember(client, headers, "Priya Shah plans the delivery rounds and also handles returns.", "2026-02-02")
    _remember(
        client,
        headers,
        "The delivery rounds are now planned by Ola Berg; Priya has moved to sales.",
        "2026-02-20",
    )
    answer = _ask(client, headers, "Who is in charge of the delivery rounds?")
    assert answer["answer"] == "Ola Berg", answer["text"]
    assert "Priya Shah" in answer["text"], answer["text"]


@pytest.mark.parametrize(
    ("text", "organization", "person"),
    [
        ("Our race chains come from Velotrek Cyclesport.", "Velotrek Cyclesport", None),
        ("Tomas Woodhouse joined the workshop.", None, "Tomas Woodhouse"),
    ],
)
def test_a_trade_named_by_two_nouns_run_together(read_note, text: str, organization, person):
    found = read_note(text)
    assert organization in found.organizations if organization else person in found.people, found


def test_a_title_under_a_signature_is_no_company(read_note):
    found = read_note(
        "From: Lena Fox\nTo: Ola Berg\nSubject: Trade order\n\nDear Ola,\n\nI'd be grateful if you could "
        "send me your spring price list by 19 March.\n\nKind regards,\nLena Fox\nBuyer, Tidewater Craft Co-op"
    )
    assert found.organizations == ["Tidewater Craft Co-op"], found.organizations


def test_a_date_in_a_clause_of_what_was_agreed_looks_ahead(client, headers):
    memory = _remember(
        client, headers, "It was agreed that under-14s race only on the short track from June.", "2026-03-02"
    )
    assert [d["date"] for d in memory["extraction"]["dates"]] == ["2026-06"], memory["extraction"]


@pytest.mark.parametrize(
    ("text", "decided"),
    [
        ("Decision — from April no bike leaves the shop without a safety check.", True),
        ("Decision - we keep the Saturday opening.", True),
        # ... a dash in a sentence about a decision to come
        ("The decision is still open - we'll talk on Friday.", False),
    ],
)
def test_a_decision_headed_with_a_dash(read_note, text: str, decided: bool):
    assert bool(read_note(text).decisions) is decided, read_note(text).decisions


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "Would you mind fitting new brake pads to my tandem? Please confirm by 20 March.",
            ("Ola", "20 March"),
        ),
        ("Would it be OK for you to store our hire bikes until 30 April?", ("Ola", "30 April")),
        # ... a question of no deed
        ("Would you mind if we came a bit later?", None),
    ],
)
def test_requests_said_as_would_you_mind(read_note, body: str, expected):
    found = read_note(f"Hi Ola,\n\n{body}\n\nThanks,\nGrace Hollis")
    assert [(a.owner, a.due_text) for a in found.actions] == ([expected] if expected else []), found.actions


@pytest.mark.parametrize(
    ("done", "closed"),
    [
        ("All the demo wheels were re-trued by Ola yesterday.", True),
        ("The demo wheels have been trued by Ola.", True),
        # ... another thing done by them
        ("The hire bikes were cleaned by Ola yesterday.", False),
    ],
)
def test_a_deed_in_the_passive_of_who_did_it(done: str, closed: bool):
    item = {"id": "a1", "text": "Ola to true the demo wheels by Thurs 12th", "owner": "Ola"}
    assert reports_completion(done)
    assert (completed_items(done, [item]) == ["a1"]) is closed


@pytest.mark.parametrize(
    ("claim", "show"),
    [
        ("We agreed under-14s can race on the long track.", True),
        # ... the place allowed
        ("Under-14s race on the short track.", False),
    ],
)
def test_another_place_than_the_only_one_allowed(client, headers, claim: str, show: bool):
    _remember(
        client, headers, "It was agreed that under-14s race only on the short track from June.", "2026-03-02"
    )
    body = _checked(client, headers, claim)
    assert body["show"] is show, body


def test_a_name_given_a_title_is_a_persons(read_note):
    found = read_note("Ola: the Dawes house has a new gate code\nTariq: I'll ring Mrs Dawes tonight")
    assert "Dawes" in found.people and "Dawes" not in found.organizations, found


def test_a_schools_year_group_is_no_date():
    assert resolve("Year 6", datetime(2026, 3, 2, tzinfo=UTC)) is None
    assert resolve("our Year 10", datetime(2026, 3, 2, tzinfo=UTC)) is None


def test_the_new_time_of_a_change_is_the_short_answer():
    written = datetime(2026, 3, 4, 9, tzinfo=UTC)  # a Wednesday
    assert when("First deliveries move to 6:30am from next Monday.", written) == "6:30am from 9 March 2026"
    assert when("The last ride leaves at 17:30.", written) == "17:30"


def test_a_line_of_an_emoji_alone_is_filler():
    assert filler("Tariq: 👍")
    assert not filler("Tariq: the stand is fixed")


def test_whats_overdue_for_a_hyphened_name(client, headers):
    _remember(
        client,
        headers,
        "Workshop notes 2 March 2026\n- Ha-eun to restock the inner tubes by 5 March",
        "2026-03-02",
    )
    _remember(
        client, headers, "Ola: the track pump is broken\nHa-eun: I'll fix the pump by 6 March", "2026-03-03"
    )
    answer = _ask(client, headers, "What is overdue for Ha-eun?")
    assert "two overdue action items" in answer["text"], answer["text"]
    assert "inner tubes" in answer["text"] and "fix the pump" in answer["text"], answer["text"]
