"""The classes a tenth fresh set of notes (a primary-school teacher's: purchase orders and incident
reports by number, a trip moved and its coach company replaced, a club moved and handed on;
bench/data/understanding-school.json) showed, on sentences written for this test: a book's title, a
venue after "the" and a company's last word are no people; a hyphenated name's second piece is no name;
a range's dangling "to" and a recurring part of the day are no dates; a capitalised common noun may be a
known company's short form; a sign-off label is no decision; an "instead" with nothing after it replaces
what the sentence before names; a claim of a former value is outdated; a "Name:" item reported done by
its owner closes; and "Who is X?" is answered by what X is."""

from __future__ import annotations

from datetime import datetime

import pytest

from pipelines.ask.short import short_answer
from pipelines.nlp.changes import changed_sentences, former_values, still_former
from pipelines.nlp.extract import SpacyExtractor, load_spacy
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
        # A book's title the model calls a person: an English noun that does nothing people do.
        ("We ordered 12 copies of Wonder for Year 4.", [], []),
        # ... though a surname alone that is an English noun too still names someone.
        ("Lunch with Baker about the roof.", ["Baker"], []),
        # A venue after a lower-case "the", though its first word is also a given name.
        ("Year 6 will visit the Royal Armouries in May.", [], ["Royal Armouries"]),
        # A company whose first word the parser split off: its last word does not act as a person.
        ("Northgate Coaches will drive us to the stadium.", [], ["Northgate Coaches"]),
        # A hyphenated given name's second piece is no name of its own.
        ("Ji-woo needs the consent forms by Monday.", ["Ji-woo"], []),
    ],
)
def test_titles_venues_and_pieces_of_names(read, text: str, people: list[str], organizations: list[str]):
    found = read(text)
    assert (sorted(found.people), sorted(found.organizations)) == (sorted(people), sorted(organizations))


def test_a_company_that_acts_owns_no_action_item_as_a_person(read):
    found = read("Northgate Coaches will drive us to the stadium.")
    assert all(action.owner is None for action in found.actions), found.actions


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        # The model's span "3 May to": the range's word dangles, the date is still one.
        ("The exhibition moved from 3 May to 17 May.", ["3 May", "17 May"]),
        # A part of the day in the plural recurs: no one date.
        ("The hall is booked on Tuesday afternoons for the choir.", []),
        ("We meet on Monday mornings.", []),
        ("The gala is on Wednesday afternoon.", ["Wednesday afternoon"]),
    ],
)
def test_range_ends_and_recurring_parts_of_the_day(read, text: str, dates: list[str]):
    assert read(text).dates == dates


def test_a_sign_off_label_is_no_decision(read):
    assert read("PO-118 for 20 atlases, £140. Approved by Helen Carr.").decisions == []
    assert read("The budget was approved by the governors.").decisions == [
        "The budget was approved by the governors."
    ]


def test_a_capitalised_common_noun_is_a_known_company_s_short_form(client, headers):
    _remember(client, headers, "Beacon Tutoring runs the Saturday maths class.", "2026-09-01")
    short = _remember(client, headers, "Beacon sent the new timetable for October.", "2026-09-20")
    assert short["extraction"]["organizations"] == ["Beacon Tutoring"], short["extraction"]
    assert short["extraction"]["people"] == [], short["extraction"]


def test_an_instead_with_nothing_after_it_reads_the_sentence_before():
    text = "Hilltop Minibuses cancelled our festival booking. Castle Cabs is driving the choir instead."
    changes = changed_sentences(split_sentences(text), elliptic=True)
    assert changes == [text], changes
    # (its topic stays its own: only what it replaces is read from the sentence before)
    assert changed_sentences(split_sentences(text)) == [text.split(". ")[1]]
    assert former_values(changes[0]) == ["Hilltop Minibuses"]
    # A "we" opening names no one replaced, nor does the same company on another day.
    assert former_values("We could not get the hall. Kofi booked the library instead.") == []
    assert former_values("Sparkwell cannot come on Tuesday. They will come on Thursday instead.") == []
    # Nor does a sentence that ends nothing: "instead" there replaces no one it names.
    assert changed_sentences(["Kofi booked the hall.", "Ama brings the chairs instead."], elliptic=True) == [
        "Ama brings the chairs instead."
    ]


def test_an_instead_replaces_what_the_replaced_did_not_all_it_said():
    from pipelines.nlp.changes import opens_with_former

    change = "Hilltop Minibuses cancelled our booking. Castle Cabs is driving the choir instead."
    assert opens_with_former(change, "Hilltop Minibuses will drive the choir to the festival.")
    assert not opens_with_former(change, "Hilltop Minibuses sent a new price list.")
    assert not opens_with_former(change, "The choir meets on Thursdays; Hilltop Minibuses drives them.")


def test_a_replaced_company_is_superseded_and_its_claim_outdated(client, headers):
    booked = _remember(
        client, headers, "Hilltop Minibuses will drive the choir to the festival: £310.", "2026-03-01"
    )
    replaced = _remember(
        client,
        headers,
        "Hilltop Minibuses cancelled our festival booking because of a breakdown. Castle Cabs is driving"
        " the choir instead, £360.",
        "2026-03-09",
    )
    assert "supersedes" in _linked(replaced, booked), replaced["links"]
    body = client.post(
        "/v1/check",
        json={"context": "Hilltop Minibuses is driving the choir to the festival."},
        headers=headers,
    ).json()
    assert body["show"] is True, body


@pytest.mark.parametrize(
    ("claim", "outdated"),
    [
        ("Drama club meets in the hall.", True),
        ("Drama club meets in Room 4.", False),  # the new value
        ("The hall is being painted.", False),  # the change's cause, no claim of where the club meets
        ("Drama club no longer meets in the hall.", False),  # agrees
    ],
)
def test_a_former_value_said_as_current(claim: str, outdated: bool):
    change = "Drama club moves from the hall to Room 4 from Tuesday, because the hall is being painted."
    assert still_former(change, claim) is outdated


def test_checks_of_former_values(client, headers):
    _remember(client, headers, "Drama club meets in the hall on Thursdays after school.", "2026-02-01")
    _remember(
        client,
        headers,
        "Drama club moves from the hall to Room 4 from Tuesday, because the hall is being painted.",
        "2026-02-20",
    )
    _remember(
        client,
        headers,
        "From next term we use the online register instead of the paper registers for clubs.",
        "2026-02-21",
    )
    _remember(client, headers, "Nadia Okoye runs the coding club.", "2026-02-02")
    _remember(
        client,
        headers,
        "Nadia Okoye is stepping down from the coding club; Sam Reid runs it from May.",
        "2026-02-22",
    )
    for claim, show in [
        ("Drama club meets in the hall.", True),
        ("We use the paper registers for clubs.", True),
        ("Nadia Okoye runs the coding club.", True),
        ("Sam Reid runs the coding club.", False),
    ]:
        body = client.post("/v1/check", json={"context": claim}, headers=headers).json()
        assert body["show"] is show, (claim, body)


def test_a_labelled_item_reported_done_by_its_owner_is_closed(client, headers):
    _remember(client, headers, "Tomasz Wójcik volunteers on Thursdays.", "2026-10-01")
    _remember(
        client,
        headers,
        "Week plan. Tomasz: collect the reply slips by Thursday. Tomasz: book the minibus by Friday.",
        "2026-10-05",
    )
    _remember(client, headers, "Tomasz collected the reply slips this morning.", "2026-10-07")
    body = client.post("/v1/ask", json={"question": "What does Tomasz need to do?"}, headers=headers).json()
    assert "minibus" in body["text"] and "reply slips" not in body["text"], body["text"]


def test_who_is_answers_what_they_are(client, headers, nlp):
    first = _remember(
        client,
        headers,
        "Wiktor Nowak leads the robotics club on Wednesdays. He is a retired engineer.",
        "2026-09-02",
    )
    _remember(
        client,
        headers,
        "Wiktor Nowak is stepping down from the robotics club; Esi Mensah leads it from June.",
        "2026-10-02",
    )
    body = client.post("/v1/ask", json={"question": "Who is Wiktor Nowak?"}, headers=headers).json()
    assert body["sources"][0]["id"] == first["id"], body["text"]
    assert body["answer"] == "retired engineer", body["text"]
    # Never someone else the sentence names.
    question = nlp("Who is Wiktor Nowak?")
    sentence = "Wiktor Nowak is stepping down; Esi Mensah leads it from June."
    assert short_answer(nlp, question, sentence, datetime(2026, 10, 2)) is None


# --- The classes the eleventh fresh set (a lab manager's notes: samples, a supplier replaced, a lab
# meeting moved and back; bench/data/understanding-lab.json) showed.


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # A name never runs across a sentence's start, after a room's or a rack's letter.
        ("The printer is in Store Room C. Maria Lopez has the key.", ["Maria Lopez"], []),
        ("The kit is on shelf B. Omar Haddad checked it.", ["Omar Haddad"], []),
        # A room with its letter is no company.
        ("Booked Meeting Room C for the audit.", [], []),
        # A day with a month's short form ends its sentence before a capital.
        ("The visa expires on 9 Feb. Omar renews it next week.", ["Omar"], []),
        # The medium people meet on is no company of the note.
        ("Spoke to Omar on Teams about the visa.", ["Omar"], []),
        # A word coordinated with a known first name is a name too.
        ("Wei and Sophie are both presenting posters.", ["Sophie", "Wei"], []),
    ],
)
def test_rooms_channels_and_sentence_starts(read, text: str, people: list[str], organizations: list[str]):
    found = read(text)
    assert (sorted(found.people), sorted(found.organizations)) == (sorted(people), sorted(organizations))


def test_re_is_an_abbreviation():
    assert split_sentences("Call with Ana re. the lease. She agrees.") == [
        "Call with Ana re. the lease.",
        "She agrees.",
    ]


@pytest.mark.parametrize(
    ("text", "dates"),
    [("The Friday session is full.", []), ("The Friday deadline is tight.", ["Friday"])],
)
def test_a_weekday_naming_a_weekly_thing_is_no_date(read, text: str, dates: list[str]):
    assert read(text).dates == dates


def test_a_one_word_organization_known_as_a_persons_first_name_is_that_person():
    from datetime import UTC

    from pipelines.ingest.extraction import build_extraction, single_names
    from pipelines.nlp.extract import Mentions

    mentions = Mentions(organizations=["Obinna", "Brightline"])
    assert "obinna" in single_names(mentions)
    extraction = build_extraction(
        mentions,
        datetime(2026, 10, 1, tzinfo=UTC),
        {"obinna": ["Obinna Eze"]},
        {"brightline": ["Brightline"]},
    )
    assert (extraction.people, extraction.organizations) == (["Obinna Eze"], ["Brightline"])


def test_more_changes_said_in_other_words():
    from pipelines.nlp.changes import names_in_common, states_change

    assert states_change("Choir practice is back on Thursdays from May.")
    rent = "The landlord raised the rent for Flat 2 from £900 to £950."
    assert states_change(rent) and former_values(rent) == ["£900"]
    changes = changed_sentences(
        ["Brightline stopped delivering to our area.", "We switched to Parcelo for parcels."], elliptic=True
    )
    assert changes == ["Brightline stopped delivering to our area. We switched to Parcelo for parcels."]
    assert former_values(changes[0]) == ["Brightline"]
    # People both sentences name are no subject in common.
    later = "Lena is the new owner of the cell line now that Omar is leaving."
    assert not names_in_common(
        later, "The microscope: Lena on Mondays, Omar on Thursdays.", frozenset({"lena", "omar"})
    )


def test_a_single_letter_code_before_three_digits_is_an_identifier():
    from pipelines.nlp.identifiers import identifiers

    assert identifiers("Sample S-104 moved to freezer 4.") == {"s:104"}
    assert identifiers("Grade A-1 pupils") == set()


def test_another_samples_move_replaces_nothing_and_where_is_answered_by_where(client, headers):
    kept = _remember(client, headers, "Sample T-201 (rat liver) is in freezer 3, rack B.", "2026-09-01")
    other = _remember(client, headers, "Sample T-202 (rat kidney) is in freezer 3, rack C.", "2026-09-01")
    moved = _remember(
        client,
        headers,
        "Sample T-202 moved from freezer 3 to freezer 5, because freezer 3 is failing.",
        "2026-09-09",
    )
    _remember(
        client, headers, "Ana Ruiz is the new owner of sample T-201 now that Ben is leaving.", "2026-09-10"
    )
    assert "supersedes" in _linked(moved, other) and "supersedes" not in _linked(moved, kept), moved["links"]
    body = client.post("/v1/ask", json={"question": "Where is sample T-201?"}, headers=headers).json()
    assert body["sources"][0]["id"] == kept["id"], body["text"]
    assert body["answer"] == "freezer 3, rack B", body["text"]


def test_a_present_price_is_answered_per_unit(client, headers):
    price = _remember(
        client, headers, "Brightpaper raised the price of copier paper from £4 to £4.50 a ream.", "2026-09-02"
    )
    _remember(client, headers, "PO-5512 to Brightpaper: 30 reams of copier paper, £135.", "2026-09-20")
    question = {"question": "How much does copier paper cost from Brightpaper?"}
    body = client.post("/v1/ask", json=question, headers=headers).json()
    assert body["sources"][0]["id"] == price["id"], body["text"]


def test_an_owners_service_report_closes_the_labelled_item(client, headers):
    _remember(client, headers, "Ola Bello looks after the building.", "2026-10-01")
    _remember(
        client,
        headers,
        "Week plan. Ola: service the boiler by Friday. Ola: paint the gate by Monday.",
        "2026-10-05",
    )
    _remember(client, headers, "Ola serviced the boiler this morning.", "2026-10-08")
    body = client.post("/v1/ask", json={"question": "What does Ola need to do?"}, headers=headers).json()
    assert "gate" in body["text"] and "boiler" not in body["text"], body["text"]


# --- The classes the twelfth fresh set (a restaurant manager's notes: suppliers' invoices and allergen
# incidents by number, a supplier that cancelled, a contact who left; understanding-kitchen.json) showed.


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        ("Riverbank Produce cancelled our standing order.", [], ["Riverbank Produce"]),
        ("Tom: I'll call Oven Care this afternoon", ["Tom"], ["Oven Care"]),
    ],
)
def test_a_kitchens_trades_make_companies(read, text: str, people: list[str], organizations: list[str]):
    found = read(text)
    assert (sorted(found.people), sorted(found.organizations)) == (sorted(people), sorted(organizations))


def test_a_range_whose_end_the_model_cut_keeps_both_days(read):
    assert set(read("The audit is moved from 21 October to 28 October: Ana is off sick.").dates) == {
        "21 October",
        "28 October",
    }


def test_a_compound_verb_after_a_label_is_a_request(read):
    found = read("Week plan. Olek: deep-clean the walk-in fridge by Wednesday.")
    assert [(a.owner, a.due_text) for a in found.actions] == [("Olek", "Wednesday")]
    assert read("Top-notch service as usual.").actions == []


def test_a_role_named_before_its_holder():
    from pipelines.nlp.changes import another_holder, holders, placed

    earlier = placed("Our contact there is Dylan Hughes.", ["Harbour Fish Co"])
    later = placed(
        "Dylan Hughes has left Harbour Fish Co; our new contact there is Priya Sharma.", ["Harbour Fish Co"]
    )
    assert holders(earlier, ["Dylan Hughes"]) == ["Dylan Hughes"]
    assert another_holder(later, earlier, ["Dylan Hughes", "Priya Sharma"], ["Dylan Hughes"])
    assert placed("There is a leak.", ["Harbour Fish Co"]) == "There is a leak."


def test_an_amount_s_cents_are_its_own(client, headers):
    _remember(client, headers, "Invoice NB-4410 from Northbay Dairy: £389.00. Due 19 October.", "2026-10-05")
    body = client.post("/v1/check", json={"context": "Invoice NB-4410 was £389."}, headers=headers).json()
    assert body["show"] is False, body
    body = client.post("/v1/check", json={"context": "Invoice NB-4410 was £398."}, headers=headers).json()
    assert body["show"] is True, body


def test_what_leaves_the_menu_is_no_longer_served(client, headers):
    _remember(
        client,
        headers,
        "Decided to drop the chilli squid from the menu because of the supplier.",
        "2026-11-02",
    )
    for claim, show in [("We serve the chilli squid.", True), ("We serve the lemon tart.", False)]:
        body = client.post("/v1/check", json={"context": claim}, headers=headers).json()
        assert body["show"] is show, (claim, body)


def test_a_records_heading_names_its_kind_for_a_count(client, headers):
    _remember(
        client,
        headers,
        "Safety incident SI-31: a porter slipped on the wet floor. Bruised wrist.",
        "2026-10-06",
    )
    _remember(
        client,
        headers,
        "Safety incident SI-32: a pan handle broke during service. No one hurt.",
        "2026-10-09",
    )
    body = client.post(
        "/v1/ask", json={"question": "How many safety incidents were there in October?"}, headers=headers
    ).json()
    assert body["answer"] == "2", body["text"]


def test_who_holds_a_role_is_the_holder_the_sentence_names(client, headers):
    _remember(
        client, headers, "Eggs come from Moorside Farms. Our contact there is Gareth Lloyd.", "2026-10-01"
    )
    _remember(client, headers, "Invoice MF-210 from Moorside Farms: £96.", "2026-10-20")
    new = _remember(
        client,
        headers,
        "Gareth Lloyd has left Moorside Farms; our new contact there is Nia Evans.",
        "2026-11-10",
    )
    body = client.post(
        "/v1/ask", json={"question": "Who is our contact at Moorside Farms?"}, headers=headers
    ).json()
    assert body["sources"][0]["id"] == new["id"], body["text"]
    assert body["answer"] == "Nia Evans", body["text"]
