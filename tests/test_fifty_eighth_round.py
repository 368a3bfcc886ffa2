"""The fifty-eighth round: the classes two fresh sets of notes showed (an auction house's and a golf
club's, bench/data/understanding-{auction,golfclub}.json), on sentences written for this test (a music
school's, a livestock market's, a chapel's, a swimming pool's, a museum's): a handover written with a
verb of doing before a round of work ("so Dylan Hart gives the piano lessons this week") names who holds
it now, so the note replaces the one before and a claim naming the one on leave is outdated; a given name
that is also an English word ("Florence", "Georgia") opening a sentence as the subject of what people do
is a person; "the weekend entry fee" names no weekend; notes each opening with a part's noun and its
number ("Lot 31: …") are the records a count of them counts; and "Who is X?" cites what X held before a
handover, as held before."""

from __future__ import annotations

import pytest

from pipelines.nlp.changes import holders
from tests.test_eighth_round import _linked, _remember
from tests.test_fifty_third_round import _check
from tests.test_forty_eighth_round import _ask


def test_a_handover_by_a_verb_of_doing_replaces_the_holder(client, headers):
    before = _remember(client, headers, "Piano lessons are given by Ruth Evans.", "2026-03-02")
    after = _remember(
        client, headers, "Ruth Evans has flu, so Dylan Hart gives the piano lessons this week.", "2026-03-09"
    )
    assert "supersedes" in _linked(after, before), after["links"]
    assert _check(client, headers, "Ruth Evans gives the piano lessons.")
    assert not _check(client, headers, "Dylan Hart gives the piano lessons.")
    answer = _ask(client, headers, "Who gives the piano lessons?")
    assert answer["sources"][0]["id"] == after["id"], answer


def test_a_duty_said_with_does_is_held(client, headers):
    _remember(client, headers, "The pool's water tests are done by Bryn Morgan.", "2026-03-02")
    _remember(
        client,
        headers,
        "Bryn Morgan is on a course, so Elin Rees does the water tests until he is back.",
        "2026-03-09",
    )
    assert _check(client, headers, "Bryn Morgan does the water tests.")


@pytest.mark.parametrize(
    ("sentence", "names", "expected"),
    [
        ("Tomos makes the school runs until Friday.", ["Tomos"], ["Tomos"]),
        ("Cerys takes the minutes at trustee meetings.", ["Cerys"], ["Cerys"]),
        # one deed, an object after the plural, or a task beside a role: no holding
        ("Ifor gives the kids a lesson on Saturday.", ["Ifor"], []),
        ("Ilaria also does the wine orders.", ["Ilaria"], []),
        ("Sara takes the bus to work.", ["Sara"], []),
    ],
)
def test_a_verb_of_doing_before_a_definite_plural_holds_it(sentence, names, expected):
    assert holders(sentence, names) == expected


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Florence books the minibus for the choir's Tuesday trip.", "Florence"),
        ("Georgia rang about the unpaid invoice.", "Georgia"),
    ],
)
def test_a_given_name_that_is_also_a_word_doing_a_persons_deed_is_a_person(client, headers, text, person):
    memory = _remember(client, headers, text, "2026-03-02")
    assert person in memory["extraction"]["people"], memory["extraction"]


@pytest.mark.parametrize(
    "text", ["Storm damaged the chapel roof on Friday.", "Sofia is the capital of Bulgaria."]
)
def test_a_word_that_is_also_a_given_name_doing_nothing_a_person_does_is_none(client, headers, text):
    memory = _remember(client, headers, text, "2026-03-02")
    assert memory["extraction"]["people"] == [], memory["extraction"]


@pytest.mark.parametrize(
    ("text", "dated"),
    [
        ("We agreed to raise the weekend entry fee to £8.", False),
        ("The Saturday ticket prices go up to £12.", False),
        # a clause's own date, and the weekend itself
        ("On Friday the prices go up.", True),
        ("The gallery closes for cleaning at the weekend.", True),
    ],
)
def test_a_weekends_fee_names_no_weekend(client, headers, text, dated):
    memory = _remember(client, headers, text, "2026-03-02")
    assert bool(memory["extraction"]["dates"]) is dated, memory["extraction"]


def test_notes_opening_with_a_parts_noun_and_number_are_records_counted(client, headers):
    for text in (
        "Lot 31: six Texel ewes, in the sale on 14 March.",
        "Lot 32: four Suffolk shearlings, in the sale on 14 March.",
        "Lot 33: a Border Collie pup, in the sale on 14 March.",
        "The car park behind the mart has room for forty trailers; lot 3 is for staff.",
    ):
        _remember(client, headers, text, "2026-03-02")
    answer = _ask(client, headers, "How many lots are in the 14 March sale?")
    assert answer["answer"] == "3", answer
    assert len(answer["sources"]) == 3, answer


def test_the_parts_one_thing_has_are_no_count_of_records(client, headers):
    _remember(client, headers, "Room 2: the radiator needs bleeding.", "2026-03-02")
    _remember(client, headers, "The flat has three rooms and a small kitchen.", "2026-03-02")
    answer = _ask(client, headers, "How many rooms does the flat have?")
    assert answer["answer"] != "1", answer


def test_who_is_cites_what_they_held_before_a_handover(client, headers):
    held = _remember(client, headers, "The Sunday school is run by Gwen Price.", "2026-03-02")
    handover = _remember(
        client,
        headers,
        "Gwen Price is on sabbatical, so Huw Jones runs the Sunday school until Easter.",
        "2026-03-09",
    )
    answer = _ask(client, headers, "Who is Gwen Price?")
    assert {s["id"] for s in answer["sources"]} == {held["id"], handover["id"]}, answer
    assert "Before: The Sunday school is run by Gwen Price" in answer["text"], answer["text"]
    # the current holder is still the answer for who runs it
    assert _ask(client, headers, "Who runs the Sunday school?")["answer"] == "Huw Jones"


def test_the_cap_keeps_the_newest_of_equal_links_whatever_their_ids():
    from pipelines.ingest.links import MAX_LINKS, find_links

    # fourteen memories naming the one entity the new one names, their random ids in any order
    sharing = [
        {
            "id": f"{(i * 7919) % 97:02d}-id",
            "ts": 100 + i,
            "source": "email",
            "shared": 1,
            "content_hash": f"h{i}",
        }
        for i in range(14)
    ]
    for rows in (sharing, sharing[::-1]):
        links = find_links(
            similar=[], sharing=rows, content_hash="new", entity_count=1, source="notes", ts=1000
        )
        kept = {link.target_id for link in links}
        assert kept == {row["id"] for row in sharing[-MAX_LINKS:]}, kept
