"""The classes three more fresh sets of notes (a garage's service manager's, an office IT manager's and an
event planner's: bench/data/understanding-{garage,itdesk,events}.json) showed, on sentences written for
this test: cars are no people or companies, an owner's possessive names the owner, rooms and a vendor's
help desk, systems that go live, a company one buys from or renews with; a day "since" is behind, a
range's ends with their weekdays, half a year away looks ahead; a negated clause reports nothing done, a
ticket assigned to someone is their item and its identifier said done closes it, a note naming nobody
closes anyone's item; "their rep", "no longer", "it now …", "pulled out" and "drop the …" change what
they are about; and a replaced memory still describes the others it names."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipelines.ingest.actions import completed_items
from pipelines.nlp.changes import (
    changed_sentences,
    changes_a_clause,
    opens_with_former,
    says_dropped,
    says_ended,
)
from pipelines.nlp.dates import resolve_mention
from pipelines.nlp.extract import SpacyExtractor, load_spacy
from pipelines.nlp.identifiers import identifiers
from pipelines.nlp.summary import split_sentences
from tests.test_eighth_round import _linked, _remember


@pytest.fixture(scope="module")
def nlp():
    return load_spacy()


@pytest.fixture(scope="module")
def read(nlp):
    return lambda text: SpacyExtractor(nlp).from_doc(nlp(text))


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # A maker and a model: a car, no person and no company.
        ("Collected the Honda Civic from Dana Price at noon.", ["Dana Price"], []),
        # An owner's possessive: the owner is the name, the car theirs.
        ("The MOT on Priya Shah's Skoda is due in May.", ["Priya Shah"], []),
        # A word after "his", "her": something of theirs.
        ("Kemal rang: the clutch on his Corsa slips.", ["Kemal"], []),
        # A given name that is also a maker, with a surname: a person.
        ("Mercedes Alvarez called about the estimate.", ["Mercedes Alvarez"], []),
        # A vendor's help desk is a company.
        ("I'll call Netwise Support in the morning.", [], ["Netwise Support"]),
        # A system going live is no company, however it is written.
        ("SSO went live for the finance team.", [], []),
        # Counted goods come from a company; one renews a service with a company.
        ("Bought 40 licences from Vantiq at £3 each.", [], ["Vantiq"]),
        ("Renewed the domain with Namecheap.", [], ["Namecheap"]),
        # A room named after someone is neither.
        ("Booked the Fleming Room for the board meeting.", [], []),
        # A given name the tagger calls a plural proper noun still opens the name.
        ("Ines Moreau runs the front desk.", ["Ines Moreau"], []),
    ],
)
def test_cars_owners_rooms_and_vendors(read, text: str, people: list[str], organizations: list[str]):
    found = read(text)
    assert (sorted(found.people), sorted(found.organizations)) == (sorted(people), sorted(organizations))


def test_a_given_name_tagged_a_plural_noun_is_kept_for_the_account(read):
    assert read("Abebe serviced the van on Friday.").short_names == ["Abebe"]


@pytest.mark.parametrize(
    ("text", "written", "dates"),
    [
        # A day "since" is behind, whatever the tense.
        ("The printer has been down since Monday's power cut.", "2026-06-10", ["2026-06-08"]),
        # A range's ends with their weekdays.
        (
            "The audit is moved from Monday 8 June to Friday 12 June.",
            "2026-05-20",
            ["2026-06-08", "2026-06-12"],
        ),
        # Half a year away either way: a note not in the past tense looks ahead.
        ("The trade show will run for three days from 14 March.", "2026-09-15", ["2027-03-14"]),
    ],
)
def test_since_ranges_and_half_a_year_away(read, text: str, written: str, dates: list[str]):
    from pipelines.ingest.extraction import build_extraction

    base = datetime.fromisoformat(written).replace(tzinfo=UTC)
    extraction = build_extraction(read(text), base, {}, {})
    assert sorted(d.date for d in extraction.dates) == dates


def test_a_date_half_a_year_back_in_the_past_tense_stays_behind():
    base = datetime(2026, 9, 15, tzinfo=UTC)
    assert resolve_mention("14 March", base, past=True) == "2026-03-14"
    assert resolve_mention("14 March", base) == "2027-03-14"


def test_a_negated_clause_reports_nothing_done():
    items = [
        {"id": "tyres", "text": "Ravi: fit the new tyres on the van by Friday.", "owner": "Ravi"},
        {"id": "alignment", "text": "Ravi: do the wheel alignment on the van by Friday.", "owner": "Ravi"},
    ]
    report = "Ravi fitted the new tyres on the van; the wheel alignment on the van is still not done."
    assert completed_items(report, items) == ["tyres"]


def test_complaints_reports_and_job_cards_are_records():
    assert identifiers("Complaint C-7: the courtesy car was dirty.") == {"complaint:c-7"}
    assert "report:ph-3" in identifiers("Phishing report PH-3: a fake invoice.")
    assert "job:jc-88" in identifiers("Job card JC-88: brakes.")


def test_a_ticket_assigned_to_someone_is_theirs_and_closed_by_its_identifier(client, headers):
    _remember(client, headers, "Elif Kaya looks after the printers and scanners.", "2026-05-01")
    _remember(
        client,
        headers,
        "Ticket HD-5120: the scanner on floor 3 keeps dropping off the network. Assigned to Elif Kaya.",
        "2026-05-04",
    )
    _remember(
        client,
        headers,
        "Ticket HD-5121: the label printer prints blank labels. Assigned to Elif Kaya.",
        "2026-05-04",
    )
    _remember(client, headers, "HD-5120 resolved: Elif swapped the scanner's network cable.", "2026-05-06")
    done = client.post("/v1/ask", json={"question": "Which of Elif's items are done?"}, headers=headers)
    assert "HD-5120" in done.json()["text"] and "HD-5121" not in done.json()["text"], done.json()["text"]
    still = client.post("/v1/ask", json={"question": "What does Elif need to do?"}, headers=headers)
    assert "HD-5121" in still.json()["text"] and "HD-5120" not in still.json()["text"], still.json()["text"]


def test_a_note_naming_nobody_closes_anyones_item(client, headers):
    _remember(client, headers, "Marek will renew the antivirus licence with Corvex by June.", "2026-05-02")
    _remember(client, headers, "Renewed the antivirus licence with Corvex for two years.", "2026-05-20")
    body = client.post(
        "/v1/ask", json={"question": "Which of Marek's items are done?"}, headers=headers
    ).json()
    assert "antivirus" in body["text"], body["text"]


def test_their_rep_is_the_company_s_and_a_new_rep_replaces_the_old(client, headers):
    before = _remember(
        client,
        headers,
        "Our stationery comes from Papermill Supplies. Their rep is Gina Holt, who visits monthly.",
        "2026-04-01",
    )
    after = _remember(
        client,
        headers,
        "Gina Holt has retired, so our rep at Papermill Supplies is now Ravi Menon.",
        "2026-05-01",
    )
    assert "supersedes" in _linked(after, before), after["links"]
    for claim, show in [
        ("Gina Holt is our rep at Papermill Supplies.", True),
        ("Ravi Menon is our rep at Papermill Supplies.", False),
    ]:
        body = client.post("/v1/check", json={"context": claim}, headers=headers).json()
        assert body["show"] is show, (claim, body)


def test_what_has_ended_is_outdated():
    change = "From January the café no longer opens on Sundays; the footfall is too low."
    assert says_ended(change, "The café opens on Sunday mornings.")
    assert not says_ended(change, "The café opens on Saturdays.")  # another day: not what ended
    assert not says_ended(change, "The café is not open on Sundays.")  # agrees
    # What the change says is done instead is no claim of what ended.
    swapped = "The caterer can no longer source lobster, so we are serving grilled hake instead."
    assert says_ended(swapped, "The caterer will serve lobster.")
    assert not says_ended(swapped, "The caterer will serve grilled hake.")


def test_an_ended_opening_supersedes_and_its_claim_is_outdated(client, headers):
    before = _remember(client, headers, "The café opens on Sundays from 9am to 2pm for brunch.", "2026-03-01")
    after = _remember(
        client,
        headers,
        "From April the café no longer opens on Sundays; the footfall is too low.",
        "2026-03-20",
    )
    assert "supersedes" in _linked(after, before), after["links"]
    body = client.post("/v1/check", json={"context": "The café opens on Sunday mornings."}, headers=headers)
    assert body.json()["show"] is True, body.json()


def test_it_now_states_a_new_value_of_what_the_clause_before_names():
    change = "Renewed the parking permit for the yard; it now runs until 31 March 2027."
    assert changed_sentences([change]) == [change]
    assert changes_a_clause(change, "The parking permit for the yard runs until 31 March.")


def test_pulling_out_replaces_the_one_booked_for_what_is_now_done():
    change = (
        "Amber Foods has to pull out of the launch because of a kitchen fire. Sage Kitchen will cater it "
        "instead."
    )
    (value,) = changed_sentences(split_sentences(change), elliptic=True)
    assert opens_with_former(value, "Decided to book Amber Foods as the launch caterer.")
    assert not opens_with_former(value, "Amber Foods sent us the menu.")


def test_what_was_dropped_from_the_plan_is_no_longer_planned():
    dropped = "Decided to drop the fireworks: the council refused the permit."
    assert says_dropped(dropped, "We are having fireworks at the party.")
    assert not says_dropped(dropped, "The fireworks quote was £900.")  # history, not a plan
    assert not says_dropped(dropped, "We dropped the fireworks.")  # agrees


def test_a_replaced_memory_still_describes_the_others_it_names(client, headers):
    _remember(
        client,
        headers,
        "Olwen Price is our practice manager and signs off the rota; Idris Bell is the head receptionist.",
        "2026-02-01",
    )
    _remember(
        client,
        headers,
        "Idris Bell retires in March. Nia Rees replaces him as head receptionist from April.",
        "2026-02-20",
    )
    _remember(client, headers, "The staff room kettle is broken; Olwen ordered a new one.", "2026-02-21")
    body = client.post("/v1/ask", json={"question": "Who is Olwen Price?"}, headers=headers).json()
    assert body["answer"] == "practice manager", body
    assert "signs off the rota" in body["text"], body["text"]


def test_a_replacing_memory_answers_for_the_one_it_replaced(client, headers):
    before = _remember(
        client, headers, "The welcome packs for the conference will hold branded notebooks.", "2026-01-10"
    )
    after = _remember(
        client,
        headers,
        "The printer can no longer make branded notebooks for the welcome packs, so we are giving out tote "
        "bags instead.",
        "2026-01-20",
    )
    assert "supersedes" in _linked(after, before), after["links"]
    body = client.post(
        "/v1/ask", json={"question": "What will the conference welcome packs hold?"}, headers=headers
    ).json()
    assert body["sources"][0]["id"] == after["id"], body


def test_counts_by_a_records_identifier_and_who_approves(client, headers):
    _remember(client, headers, "Complaint C-31: a customer's invoice had the wrong VAT rate.", "2026-05-04")
    _remember(client, headers, "Complaint C-32: the courtesy car was returned with no fuel.", "2026-05-11")
    _remember(
        client, headers, "Replied to the customer; the complaint about the VAT rate is closed.", "2026-05-12"
    )
    _remember(client, headers, "Yusuf Adeyemi is the finance lead and approves all expenses.", "2026-05-02")
    count = client.post(
        "/v1/ask", json={"question": "How many complaints were there in May?"}, headers=headers
    ).json()
    assert count["answer"] == "2", count
    owner = client.post("/v1/ask", json={"question": "Who approves expenses?"}, headers=headers).json()
    assert owner["answer"] == "Yusuf Adeyemi", owner
