"""The twenty-sixth round: the classes three fresh sets of notes showed (an allotment society's, an
independent bookshop's and a removals firm's, bench/data/understanding-{allotments,bookshop,removals}.json),
on sentences written for this test: a date the model runs on into a question's clause; months and
weekdays in Dutch, Swedish, Norwegian and Polish; a company's name with its abbreviation's point; a thing
another company now provides; hours said as locked and unlocked, and a range of hours no change; tasks
handed to a given name no lexicon knows; a deed reported in any verb's past; what someone reported, in
their own words; a note of theirs in another language."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from spacy.tokens import Span

from pipelines.ingest.actions import completed_items, reports_completion
from pipelines.nlp.changes import provides_instead
from pipelines.nlp.dates import resolve_mention
from pipelines.nlp.extract import date_text, in_another_language, load_spacy
from pipelines.nlp.names import name_key
from tests.test_eighth_round import _remember, _supersedes

WRITTEN = datetime(2026, 6, 1, 9, tzinfo=UTC)


def test_a_date_is_cut_where_a_question_opens():
    # (the small model sometimes runs a date on into the clause after it: "17 April which week")
    nlp = load_spacy()
    doc = nlp("Please confirm by 3 June which day suits the fitters best.")
    at = [t.text for t in doc].index("3")
    span = Span(doc, at, at + 4, label="DATE")
    assert span.text == "3 June which day"
    assert date_text(span) == "3 June"
    assert date_text(Span(doc, at, at + 2, label="DATE")) == "3 June"


@pytest.mark.parametrize(
    ("text", "phrase", "day"),
    [
        ("Bericht van Joost: de nieuwe kassa komt op 21 maart.", "21 maart", "2026-03-21"),
        ("Meddelande från Linnea: leveransen kommer den 4 augusti.", "4 augusti", "2026-08-04"),
        ("Wiadomość od Oli: kurier przyjedzie 12 lipca.", "12 lipca", "2026-07-12"),
        ("Fra Sindre: vi stenger 1. desember.", "1. desember", "2026-12-01"),
    ],
)
def test_months_in_more_languages(read_note, text: str, phrase: str, day: str):
    found = read_note(text)
    assert phrase in found.dates, found.dates
    assert resolve_mention(phrase, WRITTEN) == day


def test_a_month_that_is_also_a_given_name_stays_a_name(read_note):
    # "mei" is Dutch for May and a Chinese given name
    assert read_note("Mei will send the seating plan by Friday.").people == ["Mei"]
    assert "14 mei" in read_note("De nieuwe kast komt op 14 mei.").dates


def test_weekdays_in_more_languages():
    # 2026-06-01 is a Monday: the coming Friday is the 5th
    assert resolve_mention("vrijdag", WRITTEN) == "2026-06-05"
    assert resolve_mention("fredag", WRITTEN) == "2026-06-05"
    assert resolve_mention("piątek", WRITTEN) == "2026-06-05"


def test_a_companys_abbreviation_with_its_point_or_without_is_one_name(read_note):
    assert name_key("Dunmore Timber Co.") == name_key("Dunmore Timber Co") == "dunmore timber co"
    assert name_key("J. P. Okoro") == "j. p. okoro"  # (initials inside keep theirs)
    found = read_note("We order our timber from Dunmore Timber Co. these days.")
    assert [name_key(o) for o in found.organizations] == ["dunmore timber co"], found.organizations


@pytest.mark.parametrize(
    ("changed", "stored", "replaces"),
    [
        ("Bread now comes from Marlow Loaf Co.", "Our bread is delivered by Halden Bakery.", True),
        ("We now buy the paper from Keswick Mills.", "Tarn Paper supplies our paper.", True),
        # another thing; the same company; one delivery, history
        ("Milk now comes from Marlow Dairy.", "Our bread is delivered by Halden Bakery.", False),
        ("Bread now comes from Halden Bakery's new van.", "Our bread is delivered by Halden Bakery.", False),
        ("Bread now comes from Marlow Loaf Co.", "The bread was delivered by Halden Bakery.", False),
        # a record from the company is still owed
        (
            "Bread now comes from Marlow Loaf Co.",
            "Invoice HB-220: our bread is delivered by Halden Bakery.",
            False,
        ),
    ],
)
def test_another_company_provides_it_now(changed: str, stored: str, replaces: bool):
    assert provides_instead(changed, stored) is replaces


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        (
            "Our bread is delivered by Halden Bakery.",
            "Bread now comes from Marlow Loaf Co.; Halden Bakery stopped its van round.",
        ),
        ("Our bread is delivered by Halden Bakery.", "Bread now comes from Marlow Loaf Co."),
    ],
)
def test_a_new_provider_replaces_the_old(client, headers, earlier: str, later: str):
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked, links


def test_a_providers_story_its_check_and_who_provides_now(client, headers):
    first = _remember(client, headers, "Our bread is delivered by Halden Bakery.", "2026-03-02")
    second = _remember(
        client,
        headers,
        "Bread now comes from Marlow Loaf Co.; Halden Bakery raised its prices.",
        "2026-04-20",
    )
    old = client.post("/v1/check", json={"context": "Halden Bakery delivers our bread."}, headers=headers)
    assert old.json()["show"] is True, old.json()
    new = client.post("/v1/check", json={"context": "Marlow Loaf Co. delivers our bread."}, headers=headers)
    assert new.json()["show"] is False, new.json()
    story = client.post(
        "/v1/ask", json={"question": "What happened with our bread supplier?"}, headers=headers
    )
    assert [s["id"] for s in story.json()["sources"]] == [first["id"], second["id"]], story.json()
    where = client.post("/v1/ask", json={"question": "Where does our bread come from?"}, headers=headers)
    assert where.json()["answer"] == "Marlow Loaf Co.", where.json()


@pytest.mark.parametrize(
    ("claim", "stored", "contradicts"),
    [
        ("The car park is locked at 10pm.", "From June the car park stays unlocked until 11pm.", True),
        ("The car park is locked at 10pm.", "The car park is unlocked from 6am to 10pm.", False),
        # a range of hours or days is no change from its start to its end
        ("The library opens at 9am.", "The library is open from 9am to 5pm.", False),
        ("The course runs on 4 May.", "The course runs from 4 May to 8 May.", False),
        ("The course starts on 4 May.", "The course has moved from 4 May to 11 May.", True),
        # the first hour of a span, and when something starts
        ("Check-in starts at 2pm.", "Check-in is from 3pm to 11pm.", True),
        ("Check-in starts at 3pm.", "Check-in is from 3pm to 11pm.", False),
    ],
)
def test_locked_hours_and_ranges(comparator, claim: str, stored: str, contradicts: bool):
    (verdict,) = comparator.compare([(claim, WRITTEN, stored, WRITTEN)])
    assert verdict.contradicts is contradicts, verdict


def test_tasks_handed_to_names_no_lexicon_knows(read_note):
    found = read_note(
        "Actions from the audit on 2 March: Dzifa to scan the receipts by 9 March; Kerry to file the returns"
        " by 16 March."
    )
    assert [(a.owner, a.due_text) for a in found.actions] == [("Dzifa", "9 March"), ("Kerry", "16 March")]


@pytest.mark.parametrize(
    ("report", "read", "closes"),
    [
        ("Selorm photographed the shelf labels.", True, ["1"]),
        ("Tomas took the minibus for its service.", True, ["2"]),
        ("We discussed the shelf labels.", False, []),  # no one's deed
        ("Tomas took the kids to the park.", True, []),  # someone's deed, another one
        # the item's words, but not its verb: presenting a plan shares no checklist
        ("Lena presented the budget review plan to the finance team.", True, []),
    ],
)
def test_a_deed_reported_in_any_past(report: str, read: bool, closes: list[str]):
    items = [
        {"id": "1", "text": "Selorm to photograph the shelf labels by Friday", "owner": "Selorm"},
        {"id": "2", "text": "Tomas: service the minibus by Monday", "owner": "Tomas"},
        {
            "id": "3",
            "text": "Lena to share the budget review checklist with the finance team by Friday",
            "owner": "Lena",
        },
    ]
    assert reports_completion(report) is read  # (the open items are read only then)
    assert completed_items(report, items) == closes


def test_what_someone_reported_is_their_own_line(client, headers):
    chat = _remember(
        client,
        headers,
        "Hana: the dishwasher in unit 2 is leaking\nOwen: I'll call the plumber",
        "2026-03-02",
    )
    _remember(client, headers, "Hana confirmed the delivery slots for Friday.", "2026-03-04")
    _remember(
        client, headers, "From May, ordering is done by Owen; Hana is moving to the Leeds site.", "2026-03-20"
    )
    asked = client.post("/v1/ask", json={"question": "What did Hana report?"}, headers=headers).json()
    assert asked["sources"][0]["id"] == chat["id"], asked


@pytest.mark.parametrize(
    ("text", "foreign"),
    [
        ("Mensaje de Lucía: la furgoneta nueva llega el 3 de junio.", True),
        ("Bericht van Joost: de nieuwe kassa komt op 21 maart.", True),
        ("The new van arrives on 3 June.", False),
        ("lol yeah totally, gonna hit the gym tmrw", False),
    ],
)
def test_a_sentence_in_another_language(text: str, foreign: bool):
    assert in_another_language(text) is foreign


def test_a_persons_note_in_another_language_answers_what_they_said(client, headers):
    note = _remember(
        client, headers, "Mensaje de Lucía: la furgoneta nueva llega el 3 de junio.", "2026-05-20"
    )
    _remember(client, headers, "The van needs new tyres before the summer.", "2026-05-02")
    asked = client.post(
        "/v1/ask", json={"question": "What did Lucía say about the van?"}, headers=headers
    ).json()
    assert asked["sources"] and asked["sources"][0]["id"] == note["id"], asked
