"""The fifty-second round: the classes two fresh sets of notes showed (a game studio's and a gliding
club's, bench/data/understanding-{gamedev,gliding}.json), on sentences written for this test (an air
museum's and a drone-survey firm's): a chat exported as iMessage writes the day and the clock on a line
of their own above the speaker's name, so its messages are the speakers' (and "What did X report?" and
"What is overdue for Y?" find them); an aircraft's registration ("EI-FKS") is an identifier, one craft's
record no other's, and no person or company; a patch or a hotfix is numbered as a record ("Hotfix 2.3.1"
is not "Hotfix 2.3.2"); and companies named for localisation, games or aviation ("Lingua Loc", "Marlow
Aviation") are companies; "What is still open for X?" asks for X's open items; and a duty "gone over
to" someone, ownership taken, or a size that "has shrunk by … to" is a change of state, the later note
the current fact; and a list's line naming its owner and a task said as a noun phrase, then "— done", is
the owner's done item ("• Nuala — guided-tour script for August — DONE")."""

from __future__ import annotations

import pytest

from pipelines.ask.structured import intent_of
from pipelines.nlp.changes import by_how_much
from pipelines.nlp.identifiers import identifiers
from pipelines.nlp.names import chat_headers
from tests.test_eighth_round import _linked, _remember, _supersedes
from tests.test_forty_eighth_round import _ask

_EXPORT = (
    "Mar 3, 2026  9:14:02 AM\nOrla Byrne\nthe hangar door motor tripped again this morning\n\n"
    "Mar 3, 2026  9:20:45 AM\nDeclan Walsh\nI'll call the electrician on Thursday"
)


def test_an_imessage_exports_speakers_head_their_messages():
    assert [m["name"].strip() for m in chat_headers(_EXPORT)] == ["Orla Byrne", "Declan Walsh"]
    # (a control: a dated heading over one line of notes heads no message)
    assert not chat_headers("Mar 3, 2026  9:14 AM\nHangar Notes\nthe door motor tripped")


def test_an_imessage_exports_messages_are_answered_as_the_speakers(client, headers):
    chat = _remember(client, headers, _EXPORT, "2026-03-03")
    _remember(client, headers, "The hangar opens at 9am for the Saturday tours.", "2026-03-01")
    tasks = {(a["owner"], a["due"]) for a in chat["extraction"]["action_items"]}
    assert tasks == {("Declan Walsh", "2026-03-05")}, chat["extraction"]["action_items"]
    answer = _ask(client, headers, "What did Orla report?")
    assert answer["sources"][0]["id"] == chat["id"], answer["text"]
    answer = _ask(client, headers, "What is overdue for Declan?")
    assert [s["id"] for s in answer["sources"]] == [chat["id"]], answer["text"]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Aircraft EI-FKS: propeller overhaul due in May.", {"registration:ei-fks"}),
        ("G-BXYZ is insured with Skyline Cover.", {"registration:g-bxyz"}),
        ("Hotfix 2.3.1 went out on Monday.", {"patch:2.3.1"}),
        ("Patch 4.0.2 fixes the login loop.", {"patch:4.0.2"}),
        # (controls: a word with a hyphen, a verb)
        ("The X-RAY of the wing spar was clear.", set()),
        ("We will patch it on Friday.", set()),
    ],
)
def test_registrations_and_patches_are_identifiers(text: str, found: set[str]):
    assert identifiers(text) == found


def test_a_registration_is_no_ones_name(read_note):
    found = read_note("Aircraft EI-FKS: annual inspection due 30 June.")
    assert not found.people and not found.organizations, found
    found = read_note("Drone SU-KFA flew the quarry survey for 38 minutes.")
    assert not found.people and not found.organizations, found


@pytest.mark.parametrize(
    ("first_text", "other_text", "question", "asked"),
    [
        (
            ("Aircraft EI-FKS: annual inspection due 30 June.", "2026-05-04"),
            ("Aircraft EI-FKT: annual inspection due 31 July.", "2026-05-04"),
            "When is EI-FKT's annual inspection due?",
            "other",
        ),
        (
            ("Hotfix 2.3.1 went out on 2 March.", "2026-03-02"),
            ("Hotfix 2.3.2 went out on 9 March.", "2026-03-09"),
            "When did hotfix 2.3.1 go out?",
            "first",
        ),
    ],
)
def test_one_crafts_or_patchs_record_is_not_anothers(
    client, headers, first_text: tuple, other_text: tuple, question: str, asked: str
):
    first = _remember(client, headers, *first_text)
    other = _remember(client, headers, *other_text)
    assert not _linked(other, first) & {"duplicate", "supersedes", "contradicts"}, other["links"]
    answer = _ask(client, headers, question)
    assert answer["sources"][0]["id"] == {"first": first, "other": other}[asked]["id"], answer["text"]


@pytest.mark.parametrize(
    ("text", "company"),
    [
        ("Invoice 771 from Marlow Aviation: £900 for the engine check.", "Marlow Aviation"),
        ("Our subtitles are translated by Lingua Loc.", "Lingua Loc"),
        ("The trailer was cut by Ember Games.", "Ember Games"),
    ],
)
def test_companies_named_for_their_trade_are_companies(read_note, text: str, company: str):
    found = read_note(text)
    assert found.organizations == [company], found
    assert not found.people, found.people


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        ("What is still open for Declan?", "open action items"),
        ("What's still outstanding for Orla Byrne?", "open action items"),
        ("What is pending?", "open action items"),
        # (controls: a place's hours)
        ("What is open on Sundays?", None),
        ("Is the hangar still open?", None),
    ],
)
def test_what_is_still_open_asks_for_open_items(question: str, intent: str | None):
    found = intent_of(question)
    assert (str(found) if found else None) == intent, found


def test_what_is_still_open_for_someone_is_answered(client, headers):
    chat = _remember(client, headers, _EXPORT, "2026-03-03")
    _remember(client, headers, "Declan Walsh restored the Tiger Moth's wings last winter.", "2026-02-01")
    answer = _ask(client, headers, "What is still open for Declan?")
    assert [s["id"] for s in answer["sources"]] == [chat["id"]], answer["text"]
    assert "call the electrician" in answer["text"], answer["text"]


@pytest.mark.parametrize(
    ("earlier", "later", "question", "current"),
    [
        (
            "The drone batteries are serviced by Ashdown Electrics.",
            "Ashdown Electrics has stopped trading, so battery servicing has gone over to Kestrel Power.",
            "Who services the drone batteries?",
            "Kestrel Power",
        ),
        (
            "Maeve Doyle owns the flight-log database.",
            "Starting this month Tomás Reyes takes ownership of the flight-log database from Maeve Doyle.",
            "Who owns the flight-log database?",
            "Tomás Reyes",
        ),
        (
            "The survey archive takes 340 GB on the server.",
            "The survey archive has shrunk by 90 GB to 250 GB.",
            "How big is the survey archive?",
            "250 GB",
        ),
        (
            "The volunteer crew is 30 people.",
            "The volunteer crew has grown by 8 to 38 people.",
            "How many people are in the volunteer crew?",
            "38",
        ),
    ],
)
def test_a_duty_gone_over_ownership_taken_and_a_size_shrunk_are_changes(
    client, headers, earlier: str, later: str, question: str, current: str
):
    replaced, links = _supersedes(client, headers, earlier, later)
    assert replaced, links
    answer = _ask(client, headers, question)
    assert answer["answer"] == current, answer["text"]


def test_growing_to_do_something_is_no_change(client, headers):
    # (a control: "grown to" a verb is a feeling, no value grown)
    replaced, links = _supersedes(
        client, headers, "Ivy Chen flies the night surveys.", "Ivy Chen has grown to love the night surveys."
    )
    assert not replaced, links


def test_by_how_much_a_size_shrank_is_no_value():
    text = "The survey archive has shrunk by 90 GB to 250 GB."
    at = text.index("90")
    assert by_how_much(text, at, at + 2)
    at = text.index("250")
    assert not by_how_much(text, at, at + 3)


_MINUTES = (
    "Volunteer meeting, Thursday 4 June 2026\n\nAttending: Nuala, Ciarán, Bríd\n\nNext steps\n"
    "• Ciarán — repaint the hangar doors (due 18 June)\n"
    "• Nuala — guided-tour script for August — DONE\n\n"
    "FL2 – Bríd: battery audit of the survey drones — done."
)


def test_a_list_lines_task_said_as_a_noun_phrase_and_done_is_the_owners(client, headers):
    minutes = _remember(client, headers, _MINUTES, "2026-06-04")
    done = {(a["owner"], a["text"]) for a in minutes["extraction"]["action_items"] if a["done"]}
    assert done == {
        ("Nuala", "Guided-tour script for August."),
        ("Bríd", "Battery audit of the survey drones."),
    }, minutes["extraction"]["action_items"]
    answer = _ask(client, headers, "Which of Nuala's tasks are done?")
    assert [s["id"] for s in answer["sources"]] == [minutes["id"]], answer["text"]


@pytest.mark.parametrize(
    "text",
    [
        # (controls: no person owns the line; no list holds it; a date, no task)
        "Next steps\n• Hangar Seven — the August tours — done",
        "Nuala: tour script for August — done",
        "Next steps\n• Nuala — 12 June — done",
    ],
)
def test_a_done_line_without_an_owner_or_a_list_or_a_task_is_no_item(read_note, text: str):
    assert not read_note(text).actions, read_note(text).actions


def test_a_company_that_closed_before_the_change_is_the_one_before(client, headers):
    replaced, links = _supersedes(
        client,
        headers,
        "The drone batteries are serviced by Ashdown Electrics.",
        "Ashdown Electrics has stopped trading, so battery servicing has gone over to Kestrel Power.",
    )
    assert replaced, links
    body = {"context": "Ashdown Electrics services the drone batteries."}
    assert client.post("/v1/check", json=body, headers=headers).json()["show"]
    # (a control: the current holder is no outdated claim)
    body = {"context": "Kestrel Power services the drone batteries."}
    assert not client.post("/v1/check", json=body, headers=headers).json()["show"]


def test_who_has_succeeded_someone_holds_the_role_and_the_one_before_is_named(client, headers):
    earlier = _remember(client, headers, "Declan Walsh is our museum curator.", "2026-04-01")
    later = _remember(
        client, headers, "Declan Walsh has retired as curator and Orla Byrne has succeeded him.", "2026-05-12"
    )
    answer = _ask(client, headers, "Who is our museum curator now?")
    assert answer["answer"] == "Orla Byrne", answer["text"]
    assert [s["id"] for s in answer["sources"]] == [later["id"], earlier["id"]], answer["text"]
