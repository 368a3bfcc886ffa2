"""The twenty-third round: the classes three fresh sets of notes showed (a coworking space's, a bike
repair co-op's and a dental practice's, bench/data/understanding-{cowork,cycles,dental}.json), on
sentences written for this test: a room's name run into the company booking it, "Miss" as a title, a
French elision before a name, the names on an e-mail's address lines, its subject's first word and the
company under its signature; a price that rises, a share against a price, nouns joined by "and", a
supplier blamed for a change; a span of days against another, something allowed against kept out;
payments settled and one person's yes are no decisions; an item done again; someone's own report, their
current role, and a chat's thanks."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipelines.ask.compose import filler
from pipelines.ingest.actions import completed_items
from pipelines.nlp.changes import former_values
from tests.test_eighth_round import _remember, _supersedes

WRITTEN = datetime(2026, 6, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        ("Booked meeting room Birch for Norland Legal, 3pm to 5pm.", [], ["Norland Legal"]),
        ("Miss Harriet Vane joins the front office on Monday.", ["Harriet Vane"], []),
        ("Note d'Amélie : la réunion est déplacée au 4 mai.", ["Amélie"], []),
        # (a name's elision only: "l'équipe" and English apostrophes stay as they were)
        ("Il faut prévenir toute l'équipe.", [], []),
        ("I'd ask Tom, he's the one who knows.", ["Tom"], []),
    ],
)
def test_rooms_titles_and_elided_names(read_note, text: str, people: list[str], organizations: list[str]):
    found = read_note(text)
    assert sorted(found.people) == sorted(people), found.people
    assert sorted(found.organizations) == sorted(organizations), found.organizations


_MAIL = (
    "From: Oisín Byrne\nTo: Niamh Kelly\nSubject: Extra chairs\n\nHi Niamh,\n\nCould you order twelve "
    "folding chairs for the launch by 9 May?\n\nThanks,\nOisín Byrne\nHarbour Print"
)


def test_an_e_mail_s_address_lines_subject_and_signature(read_note):
    found = read_note(_MAIL)
    assert "Niamh Kelly" in found.people, found.people
    assert found.organizations == ["Harbour Print"], found.organizations  # not "Extra", not "Niamh Kelly"


def test_a_request_belongs_to_the_reader_named_in_full(client, headers):
    memory = _remember(client, headers, _MAIL, "2026-05-01")
    owners = [item["owner"] for item in memory["extraction"]["action_items"]]
    assert owners == ["Niamh Kelly"], memory["extraction"]


def test_a_job_title_under_a_signature_is_no_company(read_note):
    found = read_note("Hi Tom,\n\nThe room is ready.\n\nBest,\nAmy Lee\nPractice Manager")
    assert found.organizations == [], found.organizations


@pytest.mark.parametrize(
    ("earlier", "later", "replaces"),
    [
        ("A yoga class costs £9 for members.", "A yoga class goes up to £10 from 1 June.", True),
        (
            "A locker costs £12 a month.",
            "Locker hire rises to £15 a month from July, as the landlord raised the rent.",
            True,
        ),
        # a share is no price: "15% off coffee" is not what a day pass's new price changes
        (
            "Members get 15% off coffee.",
            "A day pass is now £20, since coffee and cleaning have gone up.",
            False,
        ),
        (
            "Our paper is ordered from Inkwell Supplies.",
            "We now order paper and toner from Paperline, because Inkwell Supplies kept delivering late.",
            True,
        ),
    ],
)
def test_prices_that_rise_and_suppliers_replaced(client, headers, earlier: str, later: str, replaces: bool):
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


def test_the_supplier_a_change_blames_is_the_one_replaced():
    assert former_values("We now buy milk from Daisy Farm, because Hill Dairy kept delivering late.") == [
        "Hill Dairy"
    ]
    assert "Tom" not in former_values("Lunch moved to Friday because Tom was away.")
    assert former_values("We switched to Paperline, because Paperline is cheaper.") == []


def test_a_claim_naming_the_blamed_supplier_is_outdated(client, headers):
    _remember(client, headers, "Our milk comes from Hill Dairy.", "2026-01-05")
    _remember(
        client,
        headers,
        "We now buy milk from Daisy Farm, because Hill Dairy kept delivering late.",
        "2026-02-05",
    )
    body = client.post("/v1/check", json={"context": "Hill Dairy supplies our milk."}, headers=headers).json()
    assert body["show"] is True, body


@pytest.mark.parametrize(
    ("claim", "stored", "contradicts"),
    [
        (
            "We agreed to allow dogs in the reading room.",
            "We agreed to keep the reading room dog-free.",
            True,
        ),
        ("The reading room is phone-free.", "Phones are allowed in the reading room.", True),
        ("Dogs are allowed in the garden.", "The kitchen is nut-free.", False),
        ("The canteen is open Monday to Friday.", "The canteen is open Monday to Friday, 8am to 3pm.", False),
        ("The canteen is open Monday to Friday.", "From June the canteen is open Tuesday to Friday.", True),
    ],
)
def test_kept_out_against_allowed_and_one_span_of_days_against_another(
    comparator, claim: str, stored: str, contradicts: bool
):
    (verdict,) = comparator.compare([(claim, WRITTEN, stored, WRITTEN)])
    assert verdict.contradicts is contradicts, verdict


@pytest.mark.parametrize(
    ("text", "decided"),
    [
        ("Brightwell Ltd settled invoice BW-301 on 4 May.", False),
        ("We settled on the green logo.", True),
        ("I asked the council about parking; she agreed to three spaces.", False),
        ("We agreed to close early on Fridays.", True),
    ],
)
def test_a_payment_settled_and_one_person_s_yes_are_no_decisions(read_note, text: str, decided: bool):
    assert bool(read_note(text).decisions) is decided, read_note(text).decisions


def test_an_item_done_again_closes_it():
    item = {"id": "i1", "text": "Sam: reorder the printer paper by Friday.", "owner": "Sam"}
    assert completed_items("Sam reordered the printer paper.", [item]) == ["i1"]
    assert completed_items("Sam reordered the coffee.", [item]) == []


def _asked(client, headers, notes: list[tuple[str, str]], question: str) -> tuple[list[dict], dict]:
    """The notes remembered (text, day), and the answer to the question over them."""
    stored = [_remember(client, headers, text, day) for text, day in notes]
    return stored, client.post("/v1/ask", json={"question": question}, headers=headers).json()


def test_what_someone_reported_is_not_a_task_given_them(client, headers):
    notes = [
        (
            "Team meeting, 3 March 2026. Lola: order new aprons by 10 March. Ben: fix the till by Friday.",
            "2026-03-03",
        ),
        ("Lola: the dishwasher is leaking again\nBen: I'll call the engineer\nLola: cheers", "2026-03-04"),
        ("Lola cleaned the coffee machine.", "2026-03-06"),
    ]
    stored, body = _asked(client, headers, notes, "What did Lola report?")
    assert body["sources"][0]["id"] == stored[1]["id"], body
    assert "dishwasher" in body["text"], body["text"]


def test_what_someone_does_now_is_their_latest_change(client, headers):
    notes = [
        ("Ben Ortiz runs the Saturday market stall.", "2026-03-01"),
        ("Ben has handed the market stall over to Mira and now runs the catering.", "2026-04-01"),
        ("Ben fixed the till.", "2026-04-20"),
    ]
    stored, body = _asked(client, headers, notes, "What does Ben do now?")
    assert body["sources"][0]["id"] == stored[1]["id"], body


@pytest.mark.parametrize(
    ("line", "says_nothing"),
    [("Sam: brilliant", True), ("Dev: perfect, ta", True), ("Sam: the printer keeps jamming", False)],
)
def test_a_chat_s_thanks_says_nothing(line: str, says_nothing: bool):
    assert filler(line) is says_nothing
