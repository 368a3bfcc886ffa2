"""The twenty-fifth round: the classes three fresh sets of notes showed (a community pharmacy's, a
community orchestra's and an island ferry's, bench/data/understanding-{pharmacy,orchestra,ferry}.json),
on sentences written for this test: tasks handed out in the minutes' shape after a heading and several
to a sentence; trades and arts bodies that name a company; a note's writer named in its heading in other
languages; a chat's speaker whose name is also a town's; a site of one's own named by its place; a
composer's work; closing and ending times said in other words; a way of doing something stopped for
another; which one of several ("the first half"); an asked record's own note before one referring to it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipelines.nlp.changes import changed_sentences, former_values
from pipelines.nlp.names import author, note_author
from tests.test_eighth_round import _remember, _supersedes

WRITTEN = datetime(2026, 6, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "owners", "dues"),
    [
        (
            "From the fire drill on 4 May: Tomasz to check the extinguishers by 11 May; Ama to update the"
            " evacuation plan by 8 May.",
            ["Tomasz", "Ama"],
            ["11 May", "8 May"],
        ),
        (
            "Next steps: Lena to call the printer by Monday, and Piotr to update the budget.",
            ["Lena", "Piotr"],
            ["Monday", None],
        ),
        ("Actions: Piotr to send the figures by 8 June.", ["Piotr"], ["8 June"]),
        # one task, its clause's "and" no list
        ("Lena to call the printer and book the hall by Monday.", ["Lena"], ["Monday"]),
    ],
)
def test_tasks_handed_out_in_the_minutes_shape(read_note, text: str, owners, dues):
    found = read_note(text)
    assert [a.owner for a in found.actions] == owners, found.actions
    assert [a.due_text for a in found.actions] == dues, found.actions


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        ("Our strings now come from Cadenza Music.", [], ["Cadenza Music"]),
        ("Marcus is touring with Heron Opera this spring.", ["Marcus"], ["Heron Opera"]),
        ("Diesel for the boat comes from Solway Bunkering.", [], ["Solway Bunkering"]),
        ("Thanks,\nRuth Ellery\nSt Aidan's Hospice", ["Ruth Ellery"], ["St Aidan's Hospice"]),
        # a site of one's own, named by where it is
        ("Maja has moved to our Portobello branch.", ["Maja"], []),
        # a composer's work names no company
        ("Parts for Brahms's Symphony No. 2 arrive on Monday.", [], []),
        (
            "Call with Ines Duarte from Tay Harbour Authority about berths.",
            ["Ines Duarte"],
            ["Tay Harbour Authority"],
        ),
        # an article's noun, then whose it is: the company alone
        ("Kannst du bitte die Rechnung von Brandt Druck bis Mittwoch prüfen?", [], ["Brandt Druck"]),
    ],
)
def test_trades_sites_and_works(read_note, text: str, people, organizations):
    found = read_note(text)
    assert sorted(found.people) == people, found.people
    assert sorted(found.organizations) == organizations, found.organizations


@pytest.mark.parametrize(
    ("line", "writer"),
    [
        ("Note from Kemi: the fridge is fixed.", "Kemi"),
        ("Anteckning från Ayo: kylskåpet lagas den 3 oktober.", "Ayo"),
        ("Notat fra Sigrun: Møtet flyttes til 4. mai.", "Sigrun"),
        ("Notatka od Ewy: dostawa przyjdzie jutro.", "Ewy"),
        ("Notes: the fridge is fixed.", None),
    ],
)
def test_a_notes_writer_named_in_its_heading(line: str, writer):
    assert note_author(line) == writer
    assert author(line) == writer


def test_a_notes_writer_is_a_person_whatever_the_lexicon_knows(read_note):
    assert read_note("Anteckning från Kemi: kylskåpet lagas den 3 oktober.").people == ["Kemi"]
    assert read_note("Nota di Kemi: le sedie arrivano il 4 febbraio.").people == ["Kemi"]
    assert read_note("Note from Finance: budgets are due on Friday.").people == []


def test_a_speaker_named_as_a_town_is_among_people(read_note):
    # "Kemi" is a town in Finland too; beside a given name's lines it is a speaker
    chat = "Kemi: the fridge read 9 degrees\nNadia: I'll call the engineer before Thursday\nKemi: thanks"
    assert sorted(read_note(chat).people) == ["Kemi", "Nadia"]
    # a report by place names no one
    assert read_note("Leeds: sales up 5%\nYork: flat\nHull: down 2%").people == []


@pytest.mark.parametrize(
    ("claim", "stored", "contradicts"),
    [
        ("Rehearsals end at 9pm.", "Rehearsals now run until 9:30pm, so the band gets a break.", True),
        ("Rehearsals end at 9pm.", "Rehearsals run from 7pm to 9pm.", False),
        ("The bakery closes at 5pm on Sundays.", "We now close at 2pm on Sundays, as it is quiet.", True),
        ("The bakery closes at 5pm on Sundays.", "The bakery is open from 7am to 5pm on Sundays.", False),
        ("The pool opens at 7am.", "From Monday the pool opens at 6:30am and closes at 9pm.", True),
        # which one of several is a value; the subject's ordinal says which thing
        (
            "We agreed to play the Haydn in the first half.",
            "We agreed to play the Haydn in the second half.",
            True,
        ),
        ("The first session is on Monday.", "The second session is on Monday.", False),
        ("It is the first time we met.", "It is the second time we met.", False),
    ],
)
def test_closing_times_and_which_one(comparator, claim: str, stored: str, contradicts: bool):
    (verdict,) = comparator.compare([(claim, WRITTEN, stored, WRITTEN)])
    assert verdict.contradicts is contradicts, verdict


def test_a_way_of_doing_it_stopped_for_another_is_a_change():
    stopped = "We've stopped renting vans from Hertwell and now lease them from Roadly."
    assert changed_sentences([stopped])
    assert former_values(stopped) == ["Hertwell"]  # what it was: "Who do we rent vans from?" is Roadly
    assert not changed_sentences(["The pump stopped twice this morning."])


@pytest.mark.parametrize(
    ("earlier", "later", "replaces"),
    [
        (
            "Our vans are rented from Hertwell.",
            "We've stopped renting vans from Hertwell and now lease them from Roadly, which is cheaper.",
            True,
        ),
        (
            "The café is open from 8am to 6pm on Sundays.",
            "We now close at 3pm on Sundays, as hardly anyone comes in after three.",
            True,
        ),
    ],
)
def test_stopped_ways_and_closing_hours_replace(client, headers, earlier: str, later: str, replaces: bool):
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


def test_an_asked_records_own_note_answers_before_one_referring_to_it(client, headers):
    hire = "Hire agreement HA-2201: parts for Haydn's Creation from NoteBank, April to June, £190."
    invoice = "Invoice NB-501 from NoteBank for hire agreement HA-2201: £190, due 15 May."
    agreement = _remember(client, headers, hire, "2026-04-01")
    _remember(client, headers, invoice, "2026-04-03")
    question = {"question": "How much is hire agreement HA-2201?"}
    asked = client.post("/v1/ask", json=question, headers=headers).json()
    assert asked["sources"][0]["id"] == agreement["id"], asked["sources"]


def test_where_something_comes_from_now_is_not_what_was_stopped(client, headers):
    _remember(
        client,
        headers,
        "We've stopped buying flour from Millbrook and now get it from Oakfield Mills.",
        "2026-05-02",
    )
    asked = client.post("/v1/ask", json={"question": "Where do we get our flour?"}, headers=headers).json()
    assert asked["answer"] == "Oakfield Mills", asked


@pytest.mark.parametrize(
    ("claim", "stored", "contradicts"),
    [
        # "a second reviewer" is two reviewers, a count as "only one" is
        (
            "We decided that audits need only one reviewer.",
            "Decided: all audits get a second reviewer from May.",
            True,
        ),
        ("The hall has a second exit.", "The hall has a second exit by the stage.", False),
        # "of each month" and "of the month" are one recurring day; a move to another is a change
        (
            "The quiz is on the first Friday of the month.",
            "The quiz is on the first Friday of each month, from 8pm.",
            False,
        ),
        (
            "The choir meets on the first Monday of the month.",
            "The choir moves to the third Monday of each month from June.",
            True,
        ),
    ],
)
def test_counts_said_by_ordinals_and_recurring_days(comparator, claim: str, stored: str, contradicts: bool):
    (verdict,) = comparator.compare([(claim, WRITTEN, stored, WRITTEN)])
    assert verdict.contradicts is contradicts, verdict


def test_a_records_own_note_yields_to_a_later_change_of_it(client, headers):
    _remember(client, headers, "Lease LS-310: the red van from Roadly, £450 a month.", "2026-05-01")
    change = "The rent for lease LS-310 goes up to £480 a month from June, as Roadly raised its prices."
    changed = _remember(client, headers, change, "2026-05-20")
    asked = client.post("/v1/ask", json={"question": "How much is lease LS-310?"}, headers=headers).json()
    assert asked["sources"][0]["id"] == changed["id"], asked["sources"]
