"""The twenty-fourth round: the classes three fresh sets of notes showed (a community radio station's, a
campsite's and a heating firm's, bench/data/understanding-{radio,campsite,heating}.json), on sentences
written for this test: who has taken something over, and a duty said to be someone's; a price "up from"
the old one; a provider that closed or has stopped; a record referring to another is no change of it;
more street names, other languages' function words and a lower-case sign-off are nobody's name; what
"without" denies."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipelines.nlp.changes import changed_sentences, former_values, holders
from pipelines.nlp.identifiers import another_record, own_identifiers
from tests.test_eighth_round import _remember, _supersedes

WRITTEN = datetime(2026, 6, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("sentence", "names", "held_by"),
    [
        (
            "Marta is off to college, so Ewa Nowak has taken over the ticket desk.",
            ["Marta Lis", "Ewa Nowak"],
            ["Ewa Nowak"],
        ),
        ("Payroll is now Deepa Rao's; Marta has moved to audits.", ["Deepa Rao", "Marta Lis"], ["Deepa Rao"]),
        ("This is Tom's van.", ["Tom"], []),
    ],
)
def test_who_has_taken_something_over_and_whose_duty_it_is(sentence: str, names: list[str], held_by):
    assert holders(sentence, names) == held_by


def test_a_price_up_from_the_old_one_is_a_change():
    assert changed_sentences(["A family ticket will cost £30 next year, up from £26."])
    assert not changed_sentences(["We are up from 6am for the market."])


def test_a_provider_that_closed_or_has_stopped_is_the_one_replaced():
    assert former_values("Flyer printing is now done by Inkspot; Printwise closed its shop.") == ["Printwise"]
    assert former_values("Milk now comes from Daisy Farm, as Hill Dairy has stopped delivering.") == [
        "Hill Dairy"
    ]


@pytest.mark.parametrize(
    ("earlier", "later", "replaces"),
    [
        (
            "A family ticket costs £26 on weekends.",
            "A family ticket will cost £30 next year, up from £26.",
            True,
        ),
        (
            "Our flyers are printed by Printwise.",
            "Flyer printing is now done by Inkspot; Printwise closed its shop.",
            True,
        ),
        # a record referring to another is no change of it: the invoice's due date is not the booking's
        (
            "Room booking RB-55: the hall for the Patel family in May, £90.",
            "Invoice IN-901 to the Patel family for booking RB-55: £90, due 30 June.",
            False,
        ),
    ],
)
def test_prices_providers_and_records_referring_to_others(
    client, headers, earlier: str, later: str, replaces: bool
):
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


def _another(ours: str, theirs: str) -> bool:
    return another_record(own_identifiers(ours), own_identifiers(theirs))


def test_another_record_is_told_by_its_own_identifier():
    booking = "Room booking RB-55: the hall for the Patel family in May, £90."
    assert _another("Invoice IN-901 to the Patel family for booking RB-55: £90, due 30 June.", booking)
    assert not _another("Booking RB-55 moved to 14 May.", booking)
    assert not _another("The hall is booked for May.", booking)
    # a code read without its noun is no other kind: the flight a change of flight changes
    assert not _another(
        "Changed my Lisbon flight to TP1337, leaving 3 June.", "Booked flight TP1331 to Lisbon for 2 June."
    )


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        ("New boiler fitted at 22 Ash Grove for Mr. Patel.", ["Patel"], []),
        ("Notiz von Anke: Die Lieferung kommt am 3. Mai. Bitte den Keller aufräumen.", ["Anke"], []),
        ("Mo: the lift is stuck again\nLi: I'll call the engineer\nMo: thanks, night", ["Li", "Mo"], []),
        ("Kind regards, Tom", ["Tom"], []),
    ],
)
def test_streets_function_words_and_sign_offs_are_nobody(read_note, text: str, people, organizations):
    found = read_note(text)
    assert sorted(found.people) == people, found.people
    assert sorted(found.organizations) == organizations, found.organizations


@pytest.mark.parametrize(
    ("claim", "stored", "contradicts"),
    [
        (
            "We decided to accept bookings without a deposit.",
            "We decided to stop accepting bookings without a deposit.",
            True,
        ),
        (
            "We decided to accept bookings without a deposit.",
            "We decided to stop taking card payments without a receipt.",
            False,
        ),
        ("We will launch without the app.", "We will launch with the app.", True),
    ],
)
def test_what_without_denies(comparator, claim: str, stored: str, contradicts: bool):
    (verdict,) = comparator.compare([(claim, WRITTEN, stored, WRITTEN)])
    assert verdict.contradicts is contradicts, verdict


def test_the_amount_a_price_went_up_from_is_outdated(client, headers):
    _remember(client, headers, "A family ticket costs £26 on weekends.", "2026-03-02")
    _remember(client, headers, "A family ticket will cost £30 next year, up from £26.", "2026-03-20")
    old = client.post("/v1/check", json={"context": "A family ticket costs £26 next year."}, headers=headers)
    new = client.post("/v1/check", json={"context": "A family ticket costs £30 next year."}, headers=headers)
    assert old.json()["show"] is True, old.json()
    assert new.json()["show"] is False, new.json()
