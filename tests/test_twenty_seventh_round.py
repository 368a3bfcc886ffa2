"""The twenty-seventh round: the classes three fresh sets of notes showed (a village hall's, a florist's
and a climbing centre's, bench/data/understanding-{hall,florist,climbing}.json), on sentences written for
this test: a due date and the day something was paid are dates of different things; allowing a thing
against stopping what is done with it; a price by the hour is no date; an amount that rose or fell from
one value to another; a trade's name the model calls a person's; a given name no lexicon knows before a
surname that is also a word; a given name the tagger calls a common noun; what someone said."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.test_eighth_round import _remember, _supersedes

WRITTEN = datetime(2026, 6, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("claim", "stored", "contradicts"),
    [
        # a deadline and the day it was met: two dates of different things
        ("Invoice KT-118 is due on 14 July.", "Paid invoice KT-118 to Kestrel Tiles on 11 July.", False),
        (
            "Invoice KT-118 from Kestrel Tiles: £640, due 14 July.",
            "Invoice KT-118 was settled on 9 July.",
            False,
        ),
        # (whatever the parser makes of a note's clipped "Paid …": here a noun phrase's modifier)
        (
            "Paid invoice GH-52 to Greenway Hardware Supplies on 3 May.",
            "Invoice GH-52: £75, due 8 May.",
            False,
        ),
        ("Invoice GH-52 must be paid by 3 May.", "Invoice GH-52 was paid on 6 May.", False),
        # two deadlines, or two days it was done, still differ
        ("Invoice KT-118 is due on 14 July.", "Invoice KT-118 from Kestrel Tiles: £640, due 21 July.", True),
        ("We paid invoice KT-118 on 9 July.", "Invoice KT-118 was paid on 12 July.", True),
    ],
)
def test_a_due_date_and_the_day_it_was_paid(comparator, claim: str, stored: str, contradicts: bool):
    (verdict,) = comparator.compare([(claim, WRITTEN, stored, WRITTEN)])
    assert verdict.contradicts is contradicts, verdict


def test_paying_an_invoice_replaces_nothing_and_its_amount_is_found(client, headers):
    invoice = _remember(
        client, headers, "Invoice KT-118 from Kestrel Tiles: £640, due 14 July.", "2026-06-20"
    )
    _remember(client, headers, "Kestrel Tiles was three days late with the bathroom order.", "2026-07-02")
    paid = _remember(
        client, headers, "Paid invoice KT-118 to Kestrel Tiles by card on 11 July.", "2026-07-11"
    )
    assert not {"supersedes", "contradicts"} & {
        link["kind"] for link in paid["links"] if link["target_id"] == invoice["id"]
    }, paid["links"]
    asked = client.post("/v1/ask", json={"question": "How much is invoice KT-118?"}, headers=headers).json()
    assert asked["answer"] == "£640", asked


@pytest.mark.parametrize(
    ("claim", "stored", "contradicts"),
    [
        (
            "We agreed to allow dogs in the tea room.",
            "We agreed to stop letting dogs into the tea room.",
            True,
        ),
        ("The club allows smoking on the terrace.", "The club decided to stop selling cigarettes.", False),
        ("We allow bikes in the yard.", "We stopped repairing bikes in the yard.", True),
        # what it allows, wherever it allows it; the parser's "stop boarding cats" as a noun phrase
        ("We agreed to allow rabbits in the boarding barn.", "We decided to stop boarding rabbits.", True),
        # a doing and its noun: "keep rehearsing" against "stop holding rehearsals"
        ("We decided to keep rehearsing in July.", "We decided to stop holding rehearsals in July.", True),
        ("We decided to keep rehearsing in July.", "We decided to stop holding raffles in July.", False),
    ],
)
def test_allowing_a_thing_against_stopping_it(comparator, claim: str, stored: str, contradicts: bool):
    (verdict,) = comparator.compare([(claim, WRITTEN, stored, WRITTEN)])
    assert verdict.contradicts is contradicts, verdict


def test_a_price_by_the_hour_is_no_date(read_note, comparator):
    found = read_note("From September the studio will cost €25 an hour to rent.")
    assert found.dates == ["September"], found.dates
    stored = "From September the studio will cost €25 an hour to rent, as the landlord raised the rent."
    (changed, same) = comparator.compare(
        [
            ("The studio costs €20 an hour from September.", WRITTEN, stored, WRITTEN),
            ("The studio costs €25 an hour.", WRITTEN, stored, WRITTEN),
        ]
    )
    assert changed.contradicts and "20" in changed.reason and "25" in changed.reason, changed
    assert not same.contradicts, same


@pytest.mark.parametrize(
    ("claim", "contradicts"),
    [
        ("The locker fee is £12.", True),
        ("The locker fee is £15.", False),
    ],
)
def test_an_amount_that_rose_from_one_value_to_another(comparator, claim: str, contradicts: bool):
    stored = "The locker fee rose from £12 to £15 in March."
    (verdict,) = comparator.compare([(claim, WRITTEN, stored, WRITTEN)])
    assert verdict.contradicts is contradicts, verdict
    # a range of prices says no change
    (ranged,) = comparator.compare([("Tickets cost £8.", WRITTEN, "Tickets cost from £8 to £12.", WRITTEN)])
    assert not ranged.contradicts, ranged


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # a trade's name: no given name, then a common noun's plural
        ("Our bulbs come from Ter Horst Bulbs.", [], ["Ter Horst Bulbs"]),
        # a person whose surname is a plural noun stays a person
        ("Lunch with Hannah Banks.", ["Hannah Banks"], []),
        # a given name no lexicon knows, a surname that is also a word, a person's deed
        ("The climbing rota is set by Chidi Gold.", ["Chidi Gold"], []),
        # a given name the tagger calls a common noun, before the surname
        ("Chiamaka Fields will email the rota.", ["Chiamaka Fields"], []),
        # a company the model calls one, opening with a word the name lexicon also lists
        ("Our reeds are bought from Allegro Reeds.", [], ["Allegro Reeds"]),
        # one of a make's products; a common noun opening a heading-like sentence
        ("A new chain for a Brompton owned by Mr. Kwame Asante.", ["Kwame Asante"], []),
        ("Boat hire costs £40 a day.", [], []),
    ],
)
def test_names_of_trades_and_people(read_note, text: str, people: list[str], organizations: list[str]):
    found = read_note(text)
    assert (sorted(found.people), found.organizations) == (people, organizations), found


def test_opening_days_after_the_hours_are_no_dates(read_note):
    found = read_note("From 4 May the café is open from 8am to 4pm, Tuesday to Sunday.")
    assert found.dates == ["4 May"], found.dates


def test_the_owner_of_a_task_is_the_whole_name(read_note):
    (action,) = read_note("Chiamaka Fields will email the rota.").actions
    assert action.owner == "Chiamaka Fields"


def test_what_someone_said(client, headers):
    _remember(
        client,
        headers,
        "Dorcas: The coach is booked for the trip to Keswick.\nIlya: I will bring the maps.",
        "2026-05-04",
    )
    _remember(
        client, headers, "Ilya said the orienteering course moves to Ambleside next month.", "2026-05-05"
    )
    ilya = client.post("/v1/ask", json={"question": "What did Ilya say?"}, headers=headers).json()
    assert ilya["answer"] in (
        "the orienteering course moves to Ambleside next month",
        "I will bring the maps",
    ), ilya
    dorcas = client.post("/v1/ask", json={"question": "What did Dorcas say?"}, headers=headers).json()
    assert dorcas["answer"] == "The coach is booked for the trip to Keswick", dorcas


def test_a_price_from_a_month_is_a_change(client, headers):
    linked, links = _supersedes(
        client,
        headers,
        "The studio costs €20 an hour to rent.",
        "From September the studio will cost €25 an hour to rent.",
    )
    assert linked, links


def test_a_thing_bought_from_a_company_and_then_from_another(client, headers):
    linked, links = _supersedes(
        client,
        headers,
        "Our printer paper is bought from Allegro Papers.",
        "Printer paper now comes from Kestrel Stationery; Allegro Papers raised its prices.",
    )
    assert linked, links


def test_a_suppliers_story_is_who_supplies_not_its_invoices(client, headers):
    first = _remember(client, headers, "Our printer ink comes from Harbour Office Supplies.", "2026-03-02")
    _remember(
        client,
        headers,
        "Invoice HO-311 from Harbour Office Supplies for printer ink: £88, due 3 April.",
        "2026-03-05",
    )
    second = _remember(
        client,
        headers,
        "Printer ink now comes from Inkwell Direct; Harbour Office Supplies stopped stocking it.",
        "2026-04-10",
    )
    story = client.post(
        "/v1/ask", json={"question": "What happened with our printer ink supplier?"}, headers=headers
    ).json()
    assert [s["id"] for s in story["sources"]] == [first["id"], second["id"]], story


@pytest.mark.parametrize(
    ("claim", "stored", "contradicts"),
    [
        # stopping making a thing denies no order of it
        (
            "PO-5512 to Harlow Glassware: 12 boxes of beakers, £96.",
            "Harlow Glassware has stopped making beakers.",
            False,
        ),
        # an order's total is no unit price
        (
            "PO-5530 to Harlow Glassware: 30 boxes of beakers, £270.",
            "Harlow Glassware raised the price of beakers from £8 to £9 a box.",
            False,
        ),
        (
            "Beakers from Harlow Glassware cost £8.50 a box.",
            "Harlow Glassware raised the price of beakers from £8 to £9 a box.",
            True,
        ),
    ],
)
def test_what_a_stop_or_a_price_rise_does_not_touch(comparator, claim: str, stored: str, contradicts: bool):
    (verdict,) = comparator.compare([(claim, WRITTEN, stored, WRITTEN)])
    assert verdict.contradicts is contradicts, verdict


def test_a_surname_that_no_nouns_plural_is_stays_a_persons():
    from pipelines.nlp.extract import _nouns, _plural_of_a_noun, load_spacy

    nouns = _nouns(load_spacy())
    assert _plural_of_a_noun("Flowers", nouns) and _plural_of_a_noun("Nurseries", nouns)
    # ("-ies" is read as "-y" only where the word ends so: "Jones" is no plural of "joy")
    assert not _plural_of_a_noun("Jones", nouns) and not _plural_of_a_noun("Williams", nouns)
