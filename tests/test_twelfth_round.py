"""The classes a sixth fresh set of notes (a household's personal notes, chat lines, bills, orders and
appointments: bench/data/understanding-home.json) showed, on sentences written for this test: records
of different months are different records."""

from __future__ import annotations

import pytest

from pipelines.nlp.extract import SpacyExtractor, load_spacy
from pipelines.nlp.identifiers import conflict, identifiers
from tests.test_eighth_round import _linked, _remember


@pytest.fixture(scope="module")
def read():
    nlp = load_spacy()
    return lambda text: SpacyExtractor(nlp).from_doc(nlp(text))


@pytest.mark.parametrize(
    ("text", "month"),
    [
        ("Gas bill for March: £61.10, due 12 April.", "03"),
        ("Rent for October paid to the landlord.", "10"),
        ("The September phone bill came in at £24.", "09"),
        ("February's payroll ran late.", "02"),
        ("Sales report for the month of July attached.", "07"),
        # A day after the month is a date, not the month a record covers; "may" the verb is no month.
        ("We will send the invoice for May 3.", None),
        ("The rent may rise next year.", None),
        ("Book the venue for June.", None),
    ],
)
def test_a_record_of_one_month_has_that_month_as_its_identifier(text: str, month: str | None):
    assert {i for i in identifiers(text) if i.startswith("period:")} == (
        {f"period:{month}"} if month else set()
    )


def test_records_of_different_months_are_never_the_same_fact(client, headers):
    earlier = _remember(client, headers, "Water bill for January from Tidewell: £40.20, paid.", "2026-02-02")
    later = _remember(client, headers, "Water bill for February from Tidewell: £37.90, paid.", "2026-03-02")
    assert _linked(later, earlier) & {"duplicate", "supersedes", "contradicts"} == set(), later["links"]
    assert conflict(identifiers(earlier["content"]), identifiers(later["content"])) is not None


@pytest.mark.parametrize(
    ("question", "noun"),
    [
        ("How many orders did we place in May?", "orders"),
        ("How many appointments did Noor have?", "appointments"),
        ("How many deliveries came in March?", "deliveries"),
        # A thing no note is a record of is no count of notes.
        ("How many rooms does the flat have?", None),
        ("How many children does Noor have?", None),
    ],
)
def test_a_count_of_records(question: str, noun: str | None):
    from pipelines.ask.overview import overview_of

    intent = overview_of(question)
    assert (intent.noun if intent is not None and intent.kind == "count" else None) == noun


def test_a_count_of_records_counts_each_identifier_once(client, headers):
    for text, day in [
        ("Order #4471 from Kitchenly: a toaster, arriving Friday.", "2026-05-04"),
        ("Order #4472 from Kitchenly: two mugs.", "2026-05-06"),
        ("Order #4471 arrived with a dented lid; Kitchenly will refund it.", "2026-05-09"),
        ("The shop on the corner sells paint.", "2026-05-10"),
    ]:
        _remember(client, headers, text, day)
    question = {"question": "How many orders did we place in May?"}
    body = client.post("/v1/ask", json=question, headers=headers).json()
    assert body["answer"] == "2", body["text"]
    assert len(body["sources"]) == 2


@pytest.mark.parametrize(
    ("content", "writer"),
    [
        ("From: Sam Patel\nTo: Leo Marsh\nSubject: Boiler\n\nHi Leo, the boiler knocks again.", "Sam Patel"),
        ("To: Leo Marsh\nFrom: Sam Patel <sam@example.com>\n\nHi Leo,", "Sam Patel"),
        ("Von: Anna Weber\nAn: Ben Roth\nBetreff: Angebot\n\nHallo Ben,", "Anna Weber"),
        ("Caroline: I went to the support group yesterday.", "Caroline"),
        # An address alone names no one; a "From:" inside a note is no header.
        ("From: sam@example.com\nTo: leo@example.com\n\nHi Leo,", None),
        ("Call with Leo. From: the landlord's office, about the boiler.", None),
    ],
)
def test_the_author_of_a_chat_line_or_an_e_mail(content: str, writer: str | None):
    from pipelines.nlp.names import author

    assert author(content) == writer


def test_what_someone_said_is_answered_by_a_note_reporting_their_words(client, headers):
    reported = _remember(
        client,
        headers,
        "Parents' evening: Mr Osei says Kofi reads well; he should practise spelling.",
        "2026-05-20",
    )
    _remember(
        client,
        headers,
        "From: Ama Mensah\nTo: Mr Osei\nSubject: Kofi's reading\n\nDear Mr Osei,\n\nKofi loves the reading "
        "hour and his reading is better. Could you send his reading book home on Thursday?"
        "\n\nKind regards,\nAma",
        "2026-05-21",
    )
    question = {"question": "What did Mr Osei say about Kofi's reading?"}
    body = client.post("/v1/ask", json=question, headers=headers).json()
    assert body["sources"][0]["id"] == reported["id"], body["text"]


@pytest.mark.parametrize(
    ("text", "owner", "due"),
    [
        ("I need to send the insurance form by 15 June.", None, "15 June"),
        ("Sam: I have to book the vet before Friday.", "Sam", "Friday"),
        ("We need to pay the deposit by 12 June.", None, "12 June"),
    ],
)
def test_a_first_person_task_held_to_a_date_is_an_action_item(read, text: str, owner: str | None, due: str):
    (item,) = read(text).actions
    assert (item.owner, item.due_text) == (owner, due)


@pytest.mark.parametrize(
    "text", ["I need to relax more.", "I need to get a new phone.", "We have to try it."]
)
def test_a_first_person_wish_is_no_action_item(read, text: str):
    assert read(text).actions == []


def test_my_action_items_are_those_no_one_else_owns(client, headers):
    mine = _remember(client, headers, "Passport: I need to post the renewal form by 20 June.", "2026-06-01")
    _remember(client, headers, "Ines will book the ferry by 12 June.", "2026-06-02")
    question = {"question": "What do I need to do?"}
    body = client.post("/v1/ask", json=question, headers=headers).json()
    assert [s["id"] for s in body["sources"]] == [mine["id"]], body["text"]
    everyone = client.post("/v1/ask", json={"question": "What are the open action items?"}, headers=headers)
    assert len(everyone.json()["sources"]) == 2, everyone.json()["text"]


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # A name written with its "The" is a venue's or a company's, never a person's.
        ("Dinner at The Red Lion with Tom on Friday.", ["Tom"], ["The Red Lion"]),
        ("The Copper Kettle called about the booking.", [], ["Copper Kettle"]),
        # After a chat line's colon, a verb opening the line is no part of a name.
        ("Sam: Sent Mia's passport form today.", ["Mia", "Sam"], []),
        ("Joanna: Thanks Nate! See you later!", ["Joanna", "Nate"], []),
        # A capitalised word inside a sentence that is no English word is a name the tagger missed.
        ("Gas bill for May from Voltwise: £61.10, due 19 June.", [], ["Voltwise"]),
    ],
)
def test_venues_brands_and_a_line_opening_verb(read, text: str, people: list[str], organizations: list[str]):
    found = read(text)
    assert (sorted(found.people), sorted(found.organizations)) == (people, organizations)


def test_a_venue_with_and_without_its_the_is_one_organization():
    from pipelines.nlp.names import variant_key

    assert variant_key("The Old Mill") == variant_key("Old Mill") != variant_key("Old Mill Bakery")
    assert variant_key("The") == "the"


def test_a_plan_called_off_after_all_replaces_it(client, headers):
    earlier = _remember(client, headers, "Dev will host the quiz night at the club on Friday.", "2026-03-02")
    later = _remember(
        client, headers, "Dev can't host the quiz night after all; Lena will host it.", "2026-03-04"
    )
    assert "supersedes" in _linked(later, earlier), later["links"]


@pytest.mark.parametrize(
    ("changed", "stored", "same"),
    [
        # What was moved, named after the verb; who moved it before.
        ("Sparkwell rang: they moved the electrician visit to Thursday at 11:00.",
         "The electrician is coming on Monday at 9:00.", True),
        ("The clinic pushed Noor's check-up to 3 June.", "Noor's check-up is on 20 May.", True),
        # Dates moved from one day to another name no thing; another thing is another event.
        ("The 3.1 release moved from 14 April to 28 April.", "Invoice 2291 was paid on 1 April.", False),
        ("They moved the electrician visit to Thursday.", "The plumber is coming on Monday.", False),
    ],
)  # fmt: skip
def test_a_move_names_what_it_moves_after_its_verb(changed: str, stored: str, same: bool):
    from pipelines.nlp.changes import same_event

    assert same_event(changed, stored) is same


def test_a_claim_of_the_day_before_a_move_is_shown(client, headers):
    _remember(client, headers, "The electrician from Sparkwell is coming on Monday at 9:00.", "2026-04-06")
    _remember(
        client,
        headers,
        "Sparkwell rang: they moved the electrician visit to Thursday at 11:00.",
        "2026-04-07",
    )
    old = client.post(
        "/v1/check", json={"context": "The electrician is coming on Monday at 9:00."}, headers=headers
    )
    new = client.post(
        "/v1/check", json={"context": "The electrician is coming on Thursday."}, headers=headers
    )
    assert (old.json()["show"], new.json()["show"]) == (True, False), old.json()["context"]


@pytest.mark.parametrize(
    ("phrase", "past", "day"),
    [
        # A day of the month alone is the next one to come (the last one gone, in the past tense),
        # never a month: "the 3rd" was read as 3 March.
        ("the 3rd", False, "2026-06-03"),
        ("on the 15th", False, "2026-05-15"),
        ("the 3rd", True, "2026-05-03"),
        ("the 31st", False, "2026-05-31"),
        ("next weekend", False, "2026-05-16"),
        ("the end of next month", False, "2026-06-30"),
        ("a week from Friday", False, "2026-05-15"),
        ("Tuesday week", False, "2026-05-19"),
    ],
)
def test_days_of_the_month_and_a_week_after(phrase: str, past: bool, day: str):
    from datetime import UTC, datetime

    from pipelines.nlp.dates import resolve

    written = datetime(2026, 5, 6, 9, tzinfo=UTC)  # a Wednesday
    assert str(resolve(phrase, written, past=past)) == day


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("The party is next weekend.", "next weekend"),
        ("Send the photos a week from Friday.", "a week from Friday"),
        ("I'll see you Tuesday week.", "Tuesday week"),
        ("Book the cottage for mid-June.", "mid-June"),
        ("Pay the deposit by the end of next month.", "end of next month"),
    ],
)
def test_date_phrases_of_a_household(text: str, phrase: str):
    from pipelines.nlp.extract import DATE_PHRASES

    assert phrase in [m.group(0) for m in DATE_PHRASES.finditer(text)]


def test_bills_due_on_different_days_are_different_bills(client, headers):
    june = _remember(client, headers, "Phone bill from Skyline Mobile: £18.40, due 12 June.", "2026-05-28")
    july = _remember(client, headers, "Phone bill from Skyline Mobile: £21.10, due 12 July.", "2026-06-28")
    assert _linked(july, june) & {"duplicate", "supersedes", "contradicts"} == set(), july["links"]
    # … while a note stating that the day changed still replaces it
    moved = _remember(client, headers, "The Skyline phone bill is now due 14 July.", "2026-06-30")
    assert "supersedes" in _linked(moved, july), moved["links"]


def test_a_question_about_a_period_finds_what_is_due_in_it(client, headers):
    due = _remember(client, headers, "Water bill from Tidewell: £38.10, due 10 July.", "2026-06-20")
    _remember(client, headers, "Gas bill from Voltwise: £52.00, due 9 August.", "2026-07-21")
    _remember(client, headers, "Booked the bike service for July at Spokes.", "2026-07-01")
    body = client.post("/v1/ask", json={"question": "Which bills are due in July?"}, headers=headers).json()
    assert body["sources"][0]["id"] == due["id"], body["text"]


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # After a chat speaker's colon a capitalised word opens the line: a reply, not a company.
        ("Ravi: Dentist for Anya moved to Friday.", ["Anya", "Ravi"], []),
        ("Melanie: Yep, Caroline. Taking care of ourselves is vital.", ["Caroline", "Melanie"], []),
        ("Jon: Cool, Gina! I love all dances.", ["Gina", "Jon"], []),
        # … while a given name there is the person called.
        ("Melanie: Caroline, thanks! That means a lot.", ["Caroline", "Melanie"], []),
    ],
)
def test_a_word_opening_a_chat_line_is_no_name(read, text: str, people: list[str], organizations: list[str]):
    found = read(text)
    assert (sorted(found.people), sorted(found.organizations)) == (people, organizations)


def test_a_change_stored_before_the_note_it_changes_stays_current(client, headers):
    # Notes sent out of time order (an import): the change, written later, arrives first.
    change = _remember(
        client, headers, "Ravi: Dentist for Anya moved to Friday 12 June at 10:00.", "2026-06-03"
    )
    first = _remember(
        client,
        headers,
        "Anya has a dentist appointment at Brightsmile on Monday 8 June at 16:00.",
        "2026-06-01",
    )
    assert "contradicts" in _linked(first, change), first["links"]
    body = client.post("/v1/ask", json={"question": "When is Anya's dentist appointment?"}, headers=headers)
    assert body.json()["sources"][0]["id"] == change["id"], body.json()["text"]


@pytest.mark.parametrize(
    ("question", "first", "last"),
    [
        ("What do I have on Friday?", "2026-06-05", "2026-06-05"),
        ("What is due next week?", "2026-06-08", "2026-06-14"),
        ("What did I do yesterday?", "2026-06-02", "2026-06-02"),
        ("What did we do last Friday?", "2026-05-29", "2026-05-29"),
        ("What is on this weekend?", "2026-06-06", "2026-06-07"),
        ("What happened last month?", "2026-05-01", "2026-05-31"),
    ],
)
def test_a_time_named_relative_to_the_question(question: str, first: str, last: str):
    from datetime import UTC, datetime

    from pipelines.ask.retrieve import named_period

    period = named_period(question, datetime(2026, 6, 3, 9, tzinfo=UTC))  # a Wednesday
    assert (str(period.start), str(period.end)) == (first, last)


def test_what_is_due_next_week(client, headers):
    # The test clock reads Saturday 14 March 2026: next week is 16 to 22 March.
    due = _remember(client, headers, "Council tax instalment of £142 falls due on 18 March.", "2026-03-02")
    _remember(client, headers, "Water bill from Tidewell: £40.10, due 2 April.", "2026-03-12")
    _remember(client, headers, "Phone bill from Skyline: £18.40, due 30 March.", "2026-03-13")
    body = client.post("/v1/ask", json={"question": "Which bill is due next week?"}, headers=headers).json()
    assert body["sources"][0]["id"] == due["id"], body["text"]
