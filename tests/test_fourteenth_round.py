"""The classes an eighth fresh set of notes (a letting agent's property manager: buildings and flats,
repair tickets and contractors' invoices by number, e-mails, moved inspections;
bench/data/understanding-lettings.json) showed, on sentences written for this test: streets, buildings,
flats and a date's month are no names; a hyphenated given name alone is a person; an hour is its day's;
an e-mail's "I" is its sender; a shared company or building name is not a shared fact; a repair is no
change of state; a move says who moved what; one word family answers another; and a pronoun's denial
reaches the check."""

from __future__ import annotations

import pytest

from graph.search import akin
from pipelines.nlp.changes import same_event, same_subject, states_change
from pipelines.nlp.extract import SpacyExtractor, load_spacy
from pipelines.nlp.summary import split_sentences
from tests.test_eighth_round import _linked, _remember


@pytest.fixture(scope="module")
def read():
    nlp = load_spacy()
    return lambda text: SpacyExtractor(nlp).from_doc(nlp(text))


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # A street and a building are addresses, not people or companies.
        ("The skip is parked outside 22 Juniper Road until Friday.", [], []),
        ("Harrow Court needs a new lift motor, says Ollie Brandt.", ["Ollie Brandt"], []),
        ("Viewing at Linden House with Kemal Aydin.", ["Kemal Aydin"], []),
        # ... though a given name before such a word is a person's surname ("Doris Lane").
        ("Doris Lane called about the gutter.", ["Doris Lane"], []),
        # A flat's or a room's number makes the word before it no name.
        ("The boiler in Flat 7C is leaking again.", [], []),
        ("Meeting moved to Room 12b.", [], []),
        # A month's short form beside a day is a date.
        ("The lease ends on 31 Jan. and the keys go back then.", [], []),
        # A company's name stays one when it is what we switched to.
        ("We switched to Pennant Roofing for the gutters.", [], ["Pennant Roofing"]),
        # A hyphenated given name alone, acting, is a person; so within a full name.
        ("Ji-ho signed the inventory yesterday.", ["Ji-ho"], []),
        ("Yesterday Seo-yeon returned the keys.", ["Seo-yeon"], []),
    ],
)
def test_addresses_units_months_and_hyphenated_names(
    read, text: str, people: list[str], organizations: list[str]
):
    found = read(text)
    assert (sorted(found.people), sorted(found.organizations)) == (sorted(people), sorted(organizations))


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("The survey is on 3 March at 9:30.", ["3 March"]),
        ("Keys handed back on Friday, 4 p.m.", ["Friday"]),
        ("Standup at 9:30.", ["9:30"]),  # an hour alone keeps its place
    ],
)
def test_an_hour_beside_a_day_is_that_days(read, text: str, dates: list[str]):
    assert read(text).dates == dates


def test_a_month_s_short_form_before_lower_case_ends_no_sentence():
    text = "Inspection booked for 12 Feb. at 11 a.m. Sam brings the meter readings."
    assert split_sentences(text) == [
        "Inspection booked for 12 Feb. at 11 a.m.",
        "Sam brings the meter readings.",
    ]


def test_an_emails_first_person_is_its_sender_and_let_me_know_by_a_date_is_a_request(read):
    found = read(
        "From: Priti Shah\nTo: Marek Zielinski\nSubject: Boiler service\n\nHi Marek,\n\n"
        "The engineer comes on Thursday. Please let me know by Tuesday if that suits you. "
        "I'll send the access code on Wednesday.\n\nBest,\nPriti"
    )
    owners = {action.owner: action.text for action in found.actions}
    assert owners.get("Marek", "").startswith("Let me know by Tuesday"), owners
    assert owners.get("Priti Shah", "").startswith("I'll send the access code"), owners


def test_let_me_know_without_a_date_is_a_courtesy(read):
    found = read("Hi Marek,\n\nThe quote is attached. Let me know if you have questions.\n\nBest,\nPriti")
    assert found.actions == []


@pytest.mark.parametrize(
    ("sentence", "change"),
    [
        ("Pennant Roofing replaced the cracked slates on the porch.", False),  # a repair
        ("Lena replaced Tom as the caretaker.", True),
        ("The old meter was replaced by a smart meter.", True),
        ("We replaced the landline with a mobile contract.", True),
    ],
)
def test_a_repair_is_no_change_of_state(sentence: str, change: bool):
    assert states_change(sentence) is change


def test_a_shared_company_or_day_is_not_a_shared_fact():
    # The same company and nothing else: no change of what the stored sentence says.
    assert not same_subject(
        "Pennant Roofing switched the gutter job to Monday",
        "Pennant Roofing's van broke down",
        named_apart=True,
    )
    # The same month alone neither.
    assert not same_subject("Ana moved her check-in to 4 May", "The caretaker is away until 9 May")
    # A word beside them still counts.
    assert same_subject(
        "They moved the gutter job to Friday", "The gutter job is on Monday", named_apart=True
    )


def test_a_move_with_an_object_says_who_moved_what():
    moved = "Kemal moved his viewing to 14 March at noon."
    assert same_event(moved, "Viewing of Flat 2 with Kemal Aydin on 9 March.")
    assert not same_event(moved, "Kemal Aydin moves out on 31 March.")
    assert not same_event(moved, "Kemal asked for his deposit back within 10 days of the viewing.")
    # An object that is any event ("the visit") leaves the mover to say whose it is.
    assert same_event(
        "Pennant moved the visit to Friday at 10:00.", "The roofer from Pennant comes on Wednesday."
    )


def test_one_word_family():
    assert akin("electrician", "electrical") and akin("accountant", "accounting")
    assert not akin("contract", "contact")


def test_a_moved_date_replaces_only_the_booking_it_moves(client, headers):
    booked = _remember(
        client, headers, "Damp survey at Linden House booked with Kemal Aydin for 9 March.", "2026-03-01"
    )
    asked = _remember(
        client,
        headers,
        "Kemal asked whether his deposit comes back within 10 days of the survey.",
        "2026-03-02",
    )
    moved = _remember(client, headers, "Kemal moved his damp survey to 12 March, at noon.", "2026-03-03")
    assert "supersedes" in _linked(moved, booked), moved["links"]
    assert "supersedes" not in _linked(moved, asked), moved["links"]


def test_a_repair_by_the_same_company_replaces_no_other_note(client, headers):
    sick = _remember(
        client,
        headers,
        "The roof check at Harrow Court moved to 20 May; Pennant Roofing's roofer is off sick.",
        "2026-05-02",
    )
    repair = _remember(client, headers, "Pennant Roofing replaced two slates above Flat 3.", "2026-05-21")
    assert _linked(repair, sick) & {"supersedes", "contradicts"} == set(), repair["links"]


def test_one_word_family_puts_a_sentence_on_topic(client, headers):
    # The question's place is its entity, not a topic word: "electrician" has to meet "electrical".
    _remember(client, headers, "The lift at Harrow Court was serviced on Monday.", "2026-05-01")
    switched = _remember(
        client, headers, "We switched to Volta Power for electrical work at Harrow Court.", "2026-05-02"
    )
    question = {"question": "Which electrician do we use at Harrow Court?"}
    body = client.post("/v1/ask", json=question, headers=headers).json()
    assert switched["id"] in {source["id"] for source in body["sources"]}, body["text"]
    assert body["answer"] == "Volta Power", body["text"]


def test_a_pronoun_denial_reaches_the_check(client, headers):
    _remember(
        client,
        headers,
        "Call with Malik Osei about the Harrow Court lease. He is not renewing.",
        "2026-05-02",
    )
    body = client.post(
        "/v1/check", json={"context": "Malik Osei is renewing the lease."}, headers=headers
    ).json()
    assert body["show"] is True, body
    assert "He is not renewing." in body["context"], body["context"]


def test_the_writers_own_item_reported_done_is_closed(client, headers):
    own = _remember(
        client, headers, "I need to renew the parking permit for Flat 2 before 15 January.", "2026-11-02"
    )
    other = _remember(
        client, headers, "I need to order new smoke alarms for Flat 4A by Friday.", "2026-11-03"
    )
    _remember(client, headers, "Renewed the parking permit for Flat 2 this morning.", "2026-11-05")
    _remember(client, headers, "Ordered smoke alarms for Flat 6 as well.", "2026-11-05")
    body = client.post("/v1/ask", json={"question": "What do I need to do?"}, headers=headers).json()
    cited = {source["id"] for source in body["sources"]}
    assert other["id"] in cited and own["id"] not in cited, body["text"]


def test_an_assistants_promise_is_no_task_of_the_user(read):
    found = read(
        "User: Remind me to call the glazier on Thursday.\nAssistant: I'll remind you on Thursday at 9."
    )
    assert [action.text for action in found.actions] == ["Remind me to call the glazier on Thursday."]
    assert found.actions[0].owner is None


def test_how_much_cites_the_memory_stating_the_amount_first(client, headers):
    stated = _remember(
        client,
        headers,
        "Invoice 7730 from Pennant Roofing: £1,240 for the porch roof, due 12 June.",
        "2026-05-20",
    )
    _remember(client, headers, "Paid invoice 7730 from Pennant Roofing today.", "2026-06-10")
    body = client.post("/v1/ask", json={"question": "How much was invoice 7730?"}, headers=headers).json()
    assert body["sources"][0]["id"] == stated["id"], body["text"]


def test_a_contact_who_has_left_is_replaced_by_the_new_one(client, headers):
    first = _remember(
        client,
        headers,
        "Call with Daisy Moran, my contact at Fennel Labs. She wants a cost review.",
        "2026-09-01",
    )
    change = _remember(
        client, headers, "Daisy has left Fennel Labs. Omar Haddad is my new contact there.", "2026-10-02"
    )
    assert "supersedes" in _linked(change, first), change["links"]
    question = {"question": "Who is my contact at Fennel Labs?"}
    body = client.post("/v1/ask", json=question, headers=headers).json()
    assert body["text"].startswith("Omar Haddad"), body["text"]
    checked = client.post(
        "/v1/check", json={"context": "Daisy Moran is my contact at Fennel Labs."}, headers=headers
    ).json()
    assert checked["show"] is True, checked


def test_decisions_with_an_organization_are_its_own(client, headers):
    ours = _remember(
        client,
        headers,
        "Review with Fennel Labs: we decided to start with the billing clean-up.",
        "2026-09-03",
    )
    heading = _remember(client, headers, "Fennel: we agreed to drop the second workshop.", "2026-09-10")
    other = _remember(client, headers, "Call with Marlow Bank: we decided to extend the audit.", "2026-09-04")
    question = {"question": "What did we decide with Fennel Labs?"}
    cited = {s["id"] for s in client.post("/v1/ask", json=question, headers=headers).json()["sources"]}
    assert ours["id"] in cited and heading["id"] in cited and other["id"] not in cited, cited


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # A company's role beside a name makes it a company's.
        ("Our courier is Rapido Sul; they collect at noon.", [], ["Rapido Sul"]),
        ("We switched the courier from Rapido Sul to Vento Expresso.", [], ["Rapido Sul", "Vento Expresso"]),
        ("Ana: order 300 labels from Papel Alto by Friday.", ["Ana"], ["Papel Alto"]),
        # A holiday and a counted product are no companies; a language no name.
        ("The Easter market opens on Friday.", [], []),
        ("Stock count: 30 Juniper, 12 Amber Rose.", [], []),
        ("The customs office wants the form in English.", [], []),
    ],
)
def test_company_roles_holidays_and_counted_products(
    read, text: str, people: list[str], organizations: list[str]
):
    found = read(text)
    assert (sorted(found.people), sorted(found.organizations)) == (sorted(people), sorted(organizations))


def test_a_records_heading_is_no_order_and_a_label_names_the_owner(read):
    assert read("Order #771 from Ana Silva: 2 lamps, €90.").actions == []
    labelled = read("Plan for the week. Ana: order 300 labels from Papel Alto by Friday.").actions
    assert [(a.owner, a.due_text) for a in labelled] == [("Ana", "Friday")]
    assert [a.text for a in read("Order 40 more jars by Friday.").actions] == [
        "Order 40 more jars by Friday."
    ]


def test_a_known_company_read_as_a_person_stays_a_company(client, headers):
    _remember(client, headers, "Vento Expresso is our new courier.", "2026-05-01")
    later = _remember(client, headers, "Vento Expresso's van broke down near Leiria.", "2026-05-03")
    assert "Vento Expresso" in later["extraction"]["organizations"], later["extraction"]
    assert "Vento Expresso" not in later["extraction"]["people"]


def test_the_same_words_with_other_numbers_update_rather_than_repeat(client, headers):
    first = _remember(client, headers, "Stock count: 30 Juniper jars, 12 Amber Rose, 50 Linen.", "2026-05-01")
    second = _remember(client, headers, "Stock count: 18 Juniper jars, 4 Amber Rose, 71 Linen.", "2026-05-20")
    assert "duplicate" not in _linked(second, first), second["links"]
    assert "supersedes" in _linked(second, first), second["links"]
    body = client.post(
        "/v1/ask", json={"question": "How many Linen jars are in stock?"}, headers=headers
    ).json()
    assert body["sources"][0]["id"] == second["id"] and body["answer"] == "71", body["text"]


def test_when_reads_recurring_days_and_how_much_keeps_the_currency(client, headers):
    _remember(
        client, headers, "Vento Expresso collects parcels on Tuesdays and Fridays at 16:00.", "2026-05-01"
    )
    body = client.post(
        "/v1/ask", json={"question": "When does Vento Expresso collect parcels?"}, headers=headers
    )
    assert body.json()["answer"] == "Tuesdays and Fridays at 16:00", body.json()["text"]
    _remember(client, headers, "Order #771 from Ana Silva: 2 lamps, €90, paid by card.", "2026-05-02")
    body = client.post("/v1/ask", json={"question": "How much was order #771?"}, headers=headers).json()
    assert body["answer"] == "€90", body["text"]


def test_stopping_denies_and_a_retiring_holder_is_outdated(client, headers):
    _remember(
        client, headers, "We decided to stop selling the Amber Rose jar after this batch.", "2026-05-01"
    )
    body = client.post(
        "/v1/check", json={"context": "We still sell the Amber Rose jar."}, headers=headers
    ).json()
    assert body["show"] is True, body
    _remember(
        client,
        headers,
        "Papel Alto's owner, Jorge Lima, is retiring; his son Davi Lima runs the business from June.",
        "2026-05-02",
    )
    body = client.post(
        "/v1/check", json={"context": "Papel Alto is run by Jorge Lima."}, headers=headers
    ).json()
    assert body["show"] is True, body


def test_a_count_of_numbered_records_leaves_out_notes_that_number_none(client, headers):
    for n, day in ((771, "2026-05-02"), (772, "2026-05-09"), (773, "2026-05-16")):
        _remember(client, headers, f"Order #{n} from a customer in Braga: 2 lamps.", day)
    _remember(client, headers, "Ana: order 300 labels from Papel Alto by Friday.", "2026-05-12")
    body = client.post(
        "/v1/ask", json={"question": "How many orders did we get in May?"}, headers=headers
    ).json()
    assert body["answer"] == "3", body["text"]


def test_a_clause_of_a_stored_sentence_is_compared_at_remember(client, headers):
    moved = _remember(
        client,
        headers,
        "The pottery class moves to Wednesdays at 18:00 from May; the studio is repainting the kiln room.",
        "2026-04-01",
    )
    back = _remember(client, headers, "The pottery class moves to Mondays at 18:00 from May.", "2026-04-10")
    assert _linked(back, moved) & {"supersedes"}, back["links"]


def test_a_person_named_as_a_known_company_is_it_unless_a_given_name_opens_it():
    from datetime import UTC, datetime

    from pipelines.ingest.extraction import build_extraction
    from pipelines.nlp.extract import Mentions

    # A name some note stored as a company (misread there or not) makes no person with a given name one.
    mentions = Mentions(people=["Lukas Brandt", "Velas Norte", "Etsy"])
    known = {"lukas": ["Lukas Brandt"], "velas": ["Velas Norte"], "etsy": ["Etsy"]}
    found = build_extraction(mentions, datetime(2026, 4, 2, tzinfo=UTC), {}, known)
    assert (found.people, sorted(found.organizations)) == (["Lukas Brandt"], ["Etsy", "Velas Norte"])


def test_a_schedule_kept_after_all_is_the_current_one(client, headers):
    moved = _remember(
        client,
        headers,
        "Leo's piano lessons move to Wednesdays at 17:30 from May; the school hall is closed.",
        "2026-04-01",
    )
    kept = _remember(
        client,
        headers,
        "Leo's piano: the Wednesday slot is taken, so he stays on Mondays at 16:00.",
        "2026-04-20",
    )
    assert "supersedes" in _linked(kept, moved), kept["links"]
    body = client.post("/v1/ask", json={"question": "When are Leo's piano lessons?"}, headers=headers).json()
    assert body["sources"][0]["id"] == kept["id"] and body["answer"] == "Mondays at 16:00", body["text"]
    claim = {"context": "Leo's piano lessons are on Wednesdays at 17:30."}
    assert client.post("/v1/check", json=claim, headers=headers).json()["show"] is True


def test_a_moved_event_outdates_no_other_event_of_the_same_person(client, headers):
    _remember(client, headers, "Ji-ho Kim gave notice: he moves out of Flat 9 on 30 March.", "2026-03-01")
    _remember(
        client,
        headers,
        "Final inspection of Flat 9 booked with Ji-ho Kim for 30 March at 10:00.",
        "2026-03-05",
    )
    _remember(
        client,
        headers,
        "Ji-ho moved his final inspection to 28 March at noon, because the van comes early.",
        "2026-03-09",
    )
    body = client.post(
        "/v1/check", json={"context": "Ji-ho Kim moves out of Flat 9 on 30 March."}, headers=headers
    )
    assert body.json()["show"] is False, body.json()["context"]
