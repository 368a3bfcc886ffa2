"""The thirty-seventh round: the classes three fresh sets of notes showed (a bowling alley's, a hostel's and
a courier firm's, bench/data/understanding-{bowling,hostel,courier}.json), on sentences written for this
test: chat lines as apps export them (a date inside the time stamp's brackets, a bare clock before or
after the speaker, a dash after a stamped speaker); minutes' action-point marks before an owner ("AP
Name:", "ACTION Name —"); a weekday before a date without its year; a compound verb the tagger calls a
noun; what someone had done ("got the worktops re-sealed") looking back and closing the item; decisions
headed "Decision made:" or "Consensus at …:" and said as "made the call to"; "I'd love it if you could";
a weekday that recurs by the word before it; "this morning"; and in check, a stop of a thing said by its
noun, "no more" of a thing, and one thing's hours said in other words, at midnight."""

from __future__ import annotations

import pytest

from pipelines.ingest.actions import completed_items, reports_completion
from pipelines.nlp.names import speaker, spoken_text
from pipelines.nlp.summary import list_form
from tests.test_eighth_round import _remember, _supersedes
from tests.test_fifth_round import _checked


@pytest.mark.parametrize(
    ("line", "name", "said"),
    [
        (
            "[14/03/2026, 09:41] Yusuf: the proving cabinet is stuck at 20°",
            "Yusuf",
            "the proving cabinet is stuck at 20°",
        ),
        ("Freya 16:05: the card reader is offline", "Freya", "the card reader is offline"),
        ("07:58 Tomas — oven 2 keeps tripping", "Tomas", "oven 2 keeps tripping"),
        ("[2026-03-14 07:58] Tomas: oven 2 keeps tripping", "Tomas", "oven 2 keeps tripping"),
        # ... without a clock a dash is a list's line, and a version is no time
        ("Tomas — clean the proving cabinet", None, "Tomas — clean the proving cabinet"),
        ("Release 2.5: the new menu", None, "Release 2.5: the new menu"),
    ],
)
def test_a_chat_line_as_apps_export_it(line: str, name: str | None, said: str):
    assert (speaker(line), spoken_text(line)) == (name, said)
    assert len(list_form(line)) == len(line)


def test_a_thread_with_bare_clocks_leaves_its_speakers_and_their_promises(read_note):
    found = read_note(
        "07:58 Tomas — oven 2 keeps tripping\n08:02 Freya — I'll call the electrician at noon\n"
        "08:03 Tomas — ta"
    )
    assert sorted(found.people) == ["Freya", "Tomas"], found
    assert [a.owner for a in found.actions] == ["Freya"], found.actions


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Bakery huddle 2026-04-06\nAP Ines: re-seal the worktops by Fri 10/4\nAP Tomas: replace the oven "
            "seals by Wed 15/4",
            [("Ines", "Fri 10/4"), ("Tomas", "Wed 15/4")],
        ),
        (
            "Café meeting (06/04/2026)\nACTION Freya — renew the hygiene certificate — 20 April\n"
            "ACTION Yusuf — order more flour — 9 April",
            [("Freya", "20 April"), ("Yusuf", "9 April")],
        ),
        ("Action point Yusuf: book the boiler service by Friday", [("Yusuf", "Friday")]),
    ],
)
def test_an_action_points_mark_before_its_owner(read_note, text: str, expected: list):
    found = read_note(text)
    assert sorted((a.owner, a.due_text) for a in found.actions) == sorted(expected), found.actions
    assert not any(p.startswith(("AP", "ACTION", "Action")) for p in found.people), found.people


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        # a weekday before a date without its year is that date's weekday
        ("Yusuf to descale the espresso machine by Wed 15/4.", {"2026-04-15"}),
        ("Freya, please send the rota by Thu 09.04. Thanks!", {"2026-04-09"}),
        # what someone had done, on a weekday gone by
        ("Ines got the worktops re-sealed on Thursday.", {"2026-04-02"}),
        ("We had the extractor serviced on Monday.", {"2026-03-30"}),
        # ... ahead, where it will be done
        ("We will get the extractor serviced on Monday.", {"2026-04-06"}),
        # the morning of the note's day; a weekday a word says recurs is no date
        ("The flour order went out this morning.", {"2026-04-03"}),
        ("Could you set up a fortnightly Tuesday delivery for us before 30 April?", {"2026-04-30"}),
    ],
)
def test_dates_of_this_rounds_phrasings(client, headers, content: str, expected: set):
    memory = _remember(client, headers, content, "2026-04-03")  # a Friday
    found = {d["date"] for d in memory["extraction"]["dates"]}
    found |= {a["due"] for a in memory["extraction"]["action_items"] if a["due"]}
    assert found == expected, memory["extraction"]


@pytest.mark.parametrize(
    "text",
    [
        "- Ines: re-oil doors 1 to 4 by Friday",
        "Tomas: re-grout showers 1 to 3 by Monday",
        "- Ines: re-varnish tables 2 to 5 by Friday",
        # ... and where the tagger reads the piece as a verb, as it did before
        "Ines: deep-clean the walk-in freezer",
    ],
)
def test_a_compound_verb_the_tagger_calls_a_noun(read_note, text: str):
    assert [a.owner for a in read_note(text).actions] == [text.lstrip("- ").split(":")[0]]


def test_a_compound_verb_before_no_object_asks_nothing(read_note):
    assert read_note("Ines: deep-clean done").actions == []


@pytest.mark.parametrize(
    ("done", "closed"),
    [
        ("Ines got the worktops re-sealed on Thursday.", True),
        ("Ines had the worktops sealed again.", True),
        # ... another thing had done
        ("Ines got the windows cleaned on Thursday.", False),
    ],
)
def test_what_someone_had_done_closes_their_item(done: str, closed: bool):
    item = {"id": "a1", "text": "re-seal the worktops by Fri 10/4", "owner": "Ines"}
    assert reports_completion(done)
    assert (completed_items(done, [item]) == ["a1"]) is closed


def test_had_to_is_no_deed_done():
    assert not reports_completion("I had to leave early and missed the talk.")


@pytest.mark.parametrize(
    ("text", "decided"),
    [
        ("Decision made: from May, cakes for collection must be ordered two days ahead.", True),
        ("Consensus at the café meeting: no more card payments under £3.", True),
        ("We've made the call to stop Monday openings.", True),
        ("We took the decision to close early on Sundays.", True),
        # ... a phone call, and an issue resolved
        ("We made a call to the miller about the delay.", False),
        ("We made the call to the miller this morning.", False),
        ("Resolved: the till's paper jam.", False),
    ],
)
def test_a_decision_headed_or_said_as_making_the_call(read_note, text: str, decided: bool):
    assert bool(read_note(text).decisions) is decided, read_note(text).decisions


def test_a_request_said_as_id_love_it_if_you_could(read_note):
    text = (
        "Hi Freya,\n\nI'd love it if you could bake two extra loaves for us before 12 April.\n\nThanks,\nMo"
    )
    assert [(a.owner, a.due_text) for a in read_note(text).actions] == [("Freya", "12 April")]


@pytest.mark.parametrize(
    ("claim", "show"),
    [
        ("We decided to keep doing Monday openings.", True),
        ("We decided to keep Monday openings.", True),
        # ... what both keep
        ("We decided to keep the Saturday market stall.", False),
    ],
)
def test_a_thing_stopped_by_its_noun(client, headers, claim: str, show: bool):
    _remember(client, headers, "We've made the call to stop Monday openings.", "2026-04-01")
    body = _checked(client, headers, claim)
    assert body["show"] is show, body


def test_no_more_of_a_thing_against_keeping_it(client, headers):
    _remember(client, headers, "Consensus at the café meeting: no more card payments under £3.", "2026-04-01")
    body = _checked(client, headers, "We decided to keep taking card payments under £3.")
    assert body["show"] is True, body


@pytest.mark.parametrize(
    ("later", "replaces"),
    [
        ("The café now closes at midnight.", True),
        ("The café now shuts at 11pm.", True),
        # ... another thing's hours
        ("The bakery next door now closes at midnight.", False),
    ],
)
def test_one_things_hours_said_in_other_words(client, headers, later: str, replaces: bool):
    earlier = "The café is staffed until 10pm."
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


def test_a_statement_of_the_old_hours_is_shown_against_the_new(client, headers):
    _remember(client, headers, "The café is staffed until 10pm.", "2026-04-01")
    _remember(client, headers, "The café now closes at midnight.", "2026-04-20")
    body = _checked(client, headers, "The café is staffed until 10pm.")
    assert body["show"] is True, body


@pytest.mark.parametrize(
    ("done", "closed"),
    [
        ("The dishwasher passed its safety test; Tomas booked it in on Monday.", True),
        # ... what passed is no word of the item
        ("I passed the spare keys to Tomas.", False),
    ],
)
def test_a_test_passed_closes_the_item_that_asked_for_it(done: str, closed: bool):
    item = {"id": "a1", "text": "renew the dishwasher safety test — 15 April", "owner": "Tomas"}
    assert (completed_items(done, [item]) == ["a1"]) is closed


def test_what_someone_reported_before_a_task_they_took_on(client, headers):
    """ "What did Freya report?": the line where she reports something, before one where she only takes a
    task on, though both are hers."""
    reported = _remember(
        client, headers, "Freya 16:05: the card reader is offline\nTomas 16:07: ok", "2026-04-01"
    )
    _remember(client, headers, "Freya: I'll order new till rolls first thing tomorrow", "2026-04-02")
    body = client.post("/v1/ask", json={"question": "What did Freya report?"}, headers=headers).json()
    assert body["sources"][0]["id"] == reported["id"], body["text"]
