"""The fifty-second round: the classes two fresh sets of notes showed (a game studio's and a gliding
club's, bench/data/understanding-{gamedev,gliding}.json), on sentences written for this test (an air
museum's and a drone-survey firm's): a chat exported as iMessage writes the day and the clock on a line
of their own above the speaker's name, so its messages are the speakers' (and "What did X report?" and
"What is overdue for Y?" find them); an aircraft's registration ("EI-FKS") is an identifier, one craft's
record no other's, and no person or company; a patch or a hotfix is numbered as a record ("Hotfix 2.3.1"
is not "Hotfix 2.3.2"); and companies named for localisation, games or aviation ("Lingua Loc", "Marlow
Aviation") are companies; and "What is still open for X?" asks for X's open items."""

from __future__ import annotations

import pytest

from pipelines.ask.structured import intent_of
from pipelines.nlp.identifiers import identifiers
from pipelines.nlp.names import chat_headers
from tests.test_eighth_round import _linked, _remember
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


def test_one_crafts_record_is_not_anothers(client, headers):
    first = _remember(client, headers, "Aircraft EI-FKS: annual inspection due 30 June.", "2026-05-04")
    other = _remember(client, headers, "Aircraft EI-FKT: annual inspection due 31 July.", "2026-05-04")
    assert not _linked(other, first) & {"duplicate", "supersedes", "contradicts"}, other["links"]
    answer = _ask(client, headers, "When is EI-FKT's annual inspection due?")
    assert answer["sources"][0]["id"] == other["id"], answer["text"]


def test_one_patch_is_not_another(client, headers):
    first = _remember(client, headers, "Hotfix 2.3.1 went out on 2 March.", "2026-03-02")
    other = _remember(client, headers, "Hotfix 2.3.2 went out on 9 March.", "2026-03-09")
    assert not _linked(other, first) & {"duplicate", "supersedes", "contradicts"}, other["links"]
    answer = _ask(client, headers, "When did hotfix 2.3.1 go out?")
    assert answer["sources"][0]["id"] == first["id"], answer["text"]


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
