"""The twenty-ninth round: the classes six fresh sets of notes showed (a picture framer's, a vineyard's and
a swimming club's, bench/data/understanding-{framer,vineyard,swimclub}.json, and the three written this
session: a bookbinder's, a dance school's and an escape room venue's), on sentences written for this test:
a foreign word read as a name or a weekday; a company in the passive's agent of supplying; the thing a
numbered booking books; a title before a name that is also a place; a trade's name switched to; a weekday
naming a weekly thing; a room's or a game's name; a record's sender opening its heading; a Czech date and
a Czech writer's name; minutes handing out tasks with "will" after a heading; a past written as its verb;
the holder of a role cited from the memory saying the role; a surname that is also a word; a provider
replaced by name without a word of change; a price raised; a count beside a price; staffed hours; keeping
a doing against no longer doing it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipelines.ingest.actions import completed_items
from tests.test_eighth_round import _remember, _supersedes

WHEN = datetime(2026, 6, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "people", "organizations", "dates"),
    [
        # a Swedish word the model runs into a name, and "fri" (free), no Friday
        (
            "Meddelande från Ingrid: den nya symaskinen kommer den 3 mars. Håll bordet fri.",
            ["Ingrid"],
            [],
            ["3 mars"],
        ),
        # the agent of supplying in the passive is a company, unless a given name opens it
        ("Our paper bags are supplied by Kartex Nord.", [], ["Kartex Nord"], []),
        ("Our boiler is serviced by Kofi Mensah.", ["Kofi Mensah"], [], []),
        # what a numbered booking books, capitalised as its heading's first word
        (
            "Lane booking LB-9: two lanes for the water polo squad, Monday 2 March, £48.",
            [],
            [],
            ["Monday 2 March"],
        ),
        # a title before a name whose surname is a town
        ("Commission C-44: reback a ledger for Mr. Obadiah Buxton.", ["Obadiah Buxton"], [], []),
        # a trade's name switched to is a company, not a tool
        ("We've switched to Harrowby Hides for leather.", [], ["Harrowby Hides"], []),
        # a room's or a game's name, a common noun's: nobody's and no company
        ("Kofi cleaned the Jungle clue board.", ["Kofi"], [], []),
        # a record's sender opening its heading, which the tagger reads as a verb
        ("Kestrova invoice KV-221: paid 3 May.", [], ["Kestrova"], ["3 May"]),
        ("The roofer came. Their invoice TR-31 is £95.", [], [], []),
        # a Czech writer's name in the genitive after "od", and a Czech date
        ("Zpráva od Jany: nové klíče dorazí 14. května. Nechte dveře volné.", ["Jana"], [], ["14. května"]),
    ],
)
def test_names_and_dates(read_note, text: str, people: list[str], organizations: list[str], dates: list[str]):
    found = read_note(text)
    assert (sorted(found.people), found.organizations, found.dates) == (people, organizations, dates), found


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        # a weekday naming a weekly thing, with words of kind between, or before the hours it opens
        ("Could you tell me by 3 May whether the Saturday beginners ballet class has room?", ["3 May"]),
        ("Sunday opening is now 11am, starting 5 April.", ["11am", "5 April"]),
        # a weekday alone is still a date
        ("The boiler engineer comes on Saturday.", ["Saturday"]),
    ],
)
def test_a_weekday_naming_a_weekly_thing(read_note, text: str, dates: list[str]):
    assert read_note(text).dates == dates


def test_minutes_handing_out_tasks_with_will_after_a_heading(read_note):
    found = read_note(
        "Studio meeting (Monday 2 March 2026): Kofi will order the paint by 6 March; "
        "Ama will book the van by 9 March."
    )
    assert [(a.owner, a.due_text) for a in found.actions] == [("Kofi", "6 March"), ("Ama", "9 March")], found


@pytest.mark.parametrize(
    ("item", "report", "done"),
    [
        # an irregular past
        ("Lola will hang the winter prints by 3 December.", "Lola hung the winter prints.", True),
        # a past written as the verb itself, said after the name ...
        ("Kwesi will reset the escape room clues by Friday.", "Kwesi reset the escape room clues.", True),
        # ... not after "will": the item again, not done
        (
            "Kwesi will reset the escape room clues by Friday.",
            "Ines finished the rota. Kwesi will reset the escape room clues by Monday.",
            False,
        ),
    ],
)
def test_a_task_reported_done_in_an_irregular_past(item: str, report: str, done: bool):
    owner = item.split()[0]
    assert bool(completed_items(report, [{"id": "a", "text": item, "owner": owner}])) is done


def test_a_holder_cited_from_the_memory_saying_the_role(client, headers):
    _remember(client, headers, "Duncan Reid is our head coach and writes the training plans.", "2026-02-01")
    role = _remember(
        client,
        headers,
        "Duncan is moving to Perth; Efua Mensah will be our head coach from May.",
        "2026-03-01",
    )
    _remember(client, headers, "Efua also coaches the diving squad.", "2026-03-05")
    body = client.post("/v1/ask", json={"question": "Who is the head coach?"}, headers=headers).json()
    assert body["answer"] == "Efua Mensah", body
    assert body["sources"][0]["id"] == role["id"], body


def test_a_surname_that_is_also_a_word(client, headers):
    _remember(client, headers, "Owain Price takes over as cellar manager from 1 May.", "2026-04-01")
    _remember(client, headers, "Owain also drives the delivery van.", "2026-04-03")
    quote = _remember(
        client, headers, "From: Ana Ruiz\nTo: Us\n\nCould you send me a price for forty cases?", "2026-04-04"
    )
    body = client.post("/v1/ask", json={"question": "Who is Owain Price?"}, headers=headers).json()
    assert body["sources"], body
    assert quote["id"] not in {s["id"] for s in body["sources"]}, body


@pytest.mark.parametrize(
    ("earlier", "later", "replaces"),
    [
        # another company provides it, and the one before is named: no word of change needed
        (
            "Our programmes are printed for us by Inkwell Press.",
            "Since Inkwell Press raised their prices, Foxglove Print prints our programmes.",
            True,
        ),
        (
            "Tiles and grout are bought from Marlow Ceramics.",
            "Marlow Ceramics went bust, so we order tiles and grout from Kiln & Co now.",
            True,
        ),
        # both do it
        (
            "Our programmes are printed for us by Inkwell Press.",
            "Foxglove Print also prints our programmes, as Inkwell Press is busy.",
            False,
        ),
        # a price raised, said with the words of raising it
        ("Reframing a print costs £30.", "We've raised the price of reframing a print to £35.", True),
    ],
)
def test_a_provider_replaced_by_name_and_a_price_raised(
    client, headers, earlier: str, later: str, replaces: bool
):
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


@pytest.mark.parametrize(
    ("claim", "stored", "contradicts"),
    [
        # a count both give beside one price each
        ("A family of four pays £60 for a lesson.", "A family of four now pays £66 for a lesson.", True),
        (
            "A family of four pays £60 for a lesson.",
            "A family of four pays £60 for a lesson on Sundays.",
            False,
        ),
        # staffed until a time: open until then
        (
            "The front desk is staffed until 6pm on weekdays.",
            "The front desk closes at 5pm on weekdays.",
            True,
        ),
        # keeping a doing up against no longer doing it, under a decision's label too
        (
            "We decided to keep selling gift vouchers.",
            "Decision: we will no longer sell gift vouchers.",
            True,
        ),
        ("We decided to keep selling gift vouchers.", "We no longer sell concert tickets.", False),
    ],
)
def test_prices_hours_and_a_doing_kept_up(comparator, claim: str, stored: str, contradicts: bool):
    verdict = comparator.compare([(claim, WHEN, stored, WHEN)])[0]
    assert verdict.contradicts is contradicts, verdict


def test_a_check_against_a_provider_replaced_by_name(client, headers):
    _remember(client, headers, "Our programmes are printed for us by Inkwell Press.", "2026-02-02")
    _remember(
        client,
        headers,
        "Since Inkwell Press raised their prices, Foxglove Print prints our programmes.",
        "2026-02-20",
    )
    shown = {
        claim: client.post("/v1/check", json={"context": claim}, headers=headers).json()["show"]
        for claim in ("Inkwell Press prints our programmes.", "Foxglove Print prints our programmes.")
    }
    assert shown == {
        "Inkwell Press prints our programmes.": True,
        "Foxglove Print prints our programmes.": False,
    }


@pytest.mark.parametrize(
    "text",
    [
        # a state announced, whatever comes before "will": no task, nobody's
        "The office Wi-Fi will be down on Saturday morning for a router upgrade.",
        # a plan of ours, no record's sender
        "We ordered 12 copies of the atlas for Year 4.",
    ],
)
def test_no_task_and_no_name(read_note, text: str):
    found = read_note(text)
    assert (found.actions, found.people, found.organizations) == ([], [], []), found
