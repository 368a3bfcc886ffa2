"""The classes a seventh fresh set of notes (a freelance consultant's assistant memory: client calls,
invoices, proposals by version, handovers, bench/data/understanding-consult.json) showed, on sentences
written for this test: roles are no names, a town's name can be a client's short name, the current fact
answers for what it replaced, amounts, requests and deeds answer what they are asked, negation denies
a predicate, and an undotted version is an identifier."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graph.search import root
from pipelines.nlp.extract import SpacyExtractor, load_spacy
from pipelines.nlp.identifiers import identifiers
from tests.test_eighth_round import _linked, _remember


@pytest.fixture(scope="module")
def read():
    nlp = load_spacy()
    return lambda text: SpacyExtractor(nlp).from_doc(nlp(text))


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # A chief's acronym and a job title are roles, not companies.
        ("Our CISO signed off the pen test on Friday.", [], []),
        ("Priya Nair, Head of Finance at Corbel Foods, called.", ["Priya Nair"], ["Corbel Foods"]),
        ("The Chief Operating Officer of Corbel Foods resigned.", [], ["Corbel Foods"]),
        # A heading's noun compound the tagger reads as subject and verb ("Kickoff call").
        ("Kickoff call with Barnsley Bank.", [], ["Barnsley Bank"]),
        ("Oracle signed the deal.", [], ["Oracle"]),
        # A job title before a name is no part of it.
        ("Sales Director Tom Reyes approved the discount.", ["Tom Reyes"], []),
        # Coordinated with who chose: a person, not a tool chosen.
        ("Dana Kim and Luis Ortega chose the cheaper vendor.", ["Dana Kim", "Luis Ortega"], []),
    ],
)
def test_roles_headings_and_choosers(read, text: str, people: list[str], organizations: list[str]):
    found = read(text)
    assert (sorted(found.people), sorted(found.organizations)) == (sorted(people), sorted(organizations))


def test_a_towns_name_stands_for_the_accounts_company_where_a_company_stands(client, headers):
    _remember(client, headers, "Signed the consulting contract with Barnsley Bank.", "2026-03-02")
    board = _remember(client, headers, "The Barnsley board approved the audit budget.", "2026-03-04")
    both = _remember(client, headers, "Barnsley and Corbel Foods fill my diary until May.", "2026-03-05")
    town = _remember(client, headers, "We had a long lunch in Barnsley after the meeting.", "2026-03-06")
    assert "Barnsley Bank" in board["extraction"]["organizations"]
    assert "Barnsley Bank" in both["extraction"]["organizations"]
    assert town["extraction"]["organizations"] == []


def test_a_given_name_before_a_companys_part_is_the_company(client, headers):
    _remember(client, headers, "Signed the retainer with Fenwick Capital.", "2026-03-02")
    team = _remember(client, headers, "Standup call with the Fenwick team.", "2026-03-04")
    assert team["extraction"]["organizations"] == ["Fenwick Capital"]
    assert team["extraction"]["people"] == []


def test_the_current_fact_answers_for_the_memory_it_replaced(client, headers):
    booked = "Brightline's design review is booked for Monday 5 October at 11:00."
    _remember(client, headers, booked, "2026-09-28")
    moved = _remember(
        client, headers, "Farah moved the design review to Wednesday 7 October at 15:00.", "2026-09-30"
    )
    body = client.post("/v1/ask", json={"question": "When is the Brightline design review?"}, headers=headers)
    assert body.json()["sources"][0]["id"] == moved["id"], body.json()["text"]


def test_an_amount_answers_how_much_and_a_later_unpaid_note_replaces_nothing(client, headers):
    sent = _remember(client, headers, "Invoice 2231 to Corbel Foods: €3,400, due 30 June.", "2026-06-01")
    unpaid = _remember(client, headers, "Corbel Foods has not paid invoice 2231 yet.", "2026-07-03")
    assert _linked(unpaid, sent) & {"supersedes", "contradicts"} == set(), unpaid["links"]
    body = client.post("/v1/ask", json={"question": "How much was invoice 2231?"}, headers=headers).json()
    assert body["sources"][0]["id"] == sent["id"], body["text"]
    assert "3,400" in (body["answer"] or ""), body["answer"]


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("What did Rosa Quint ask me to do?", True),
        ("What does Ivo want from us?", True),
        ("What did Rosa Quint say about the order?", False),
    ],
)
def test_a_request_is_asked_for(client, question: str, asks: bool):
    from pipelines.ask.retrieve import read_question

    read = read_question(client.app.state.services, question, datetime(2026, 6, 5, tzinfo=UTC))
    assert read.request is asks


def test_a_request_question_is_best_answered_by_the_request(client):
    from dataclasses import replace

    from pipelines.ask.compose import score_sentences
    from pipelines.ask.retrieve import Candidate, read_question

    services = client.app.state.services
    read = read_question(services, "What did Rosa Quint ask me to do?", datetime(2026, 6, 5, tzinfo=UTC))
    note = "Rosa Quint from Corbel says the delivery note is missing. She asked me to send a copy by Friday."
    candidates = [Candidate("m", 1.0, {}, {"content": note})]

    def best(asked) -> str:
        scored = score_sentences(services.models.embedder.encode, asked, candidates)
        return max(scored, key=lambda s: s.score).text

    # Read as a request, the question is answered by the request ("She asked me to …", spoken of
    # after the sentence naming her); read as any question, by the sentence naming her.
    assert best(read) == "She asked me to send a copy by Friday."
    assert best(replace(read, request=False)) == "Rosa Quint from Corbel says the delivery note is missing."


def test_a_deed_answers_what_someone_did_before_a_plan_of_it(client, headers):
    _remember(client, headers, "Ivo Marsh will send the signed lease by Friday.", "2026-06-01")
    sent = _remember(client, headers, "Ivo Marsh sent the signed lease and the inventory.", "2026-06-05")
    body = client.post("/v1/ask", json={"question": "What did Ivo Marsh send?"}, headers=headers)
    assert body.json()["sources"][0]["id"] == sent["id"], body.json()["text"]
    assert root("sent") == root("send") and root("paid") == root("pays")


def test_a_raised_amount_supersedes_the_one_agreed(client, headers):
    agreed = _remember(client, headers, "Corbel Foods agreed a weekly retainer of €500.", "2026-05-01")
    raised = _remember(
        client, headers, "Corbel Foods agreed to raise the weekly retainer to €550 from July.", "2026-06-20"
    )
    assert "supersedes" in _linked(raised, agreed), raised["links"]


def test_check_reads_a_turned_down_alternative_by_its_verb(client, headers):
    decided = "We decided to start with the data clean-up rather than a platform migration."
    _remember(client, headers, decided, "2026-04-01")
    shown = client.post("/v1/check", json={"context": "We decided to migrate the platform."}, headers=headers)
    assert shown.json()["show"] is True
    kept = client.post("/v1/check", json={"context": "We start with the data clean-up."}, headers=headers)
    assert kept.json()["show"] is False


def test_an_undotted_version_is_an_identifier_check_compares_by(client, headers):
    assert identifiers("Sent the proposal v2 to Ivo.") == {"version:2"}
    assert identifiers("the V8 engine") == set()
    _remember(client, headers, "Sent draft v3 of the retainer proposal to Ivo: 8 days of work.", "2026-04-02")
    _remember(client, headers, "Sent draft v2 of the retainer proposal to Ivo: 5 days of work.", "2026-03-20")
    shown = client.post("/v1/check", json={"context": "Draft v3 is 5 days of work."}, headers=headers)
    assert shown.json()["show"] is True
    assert "5 days here, 8 days in the memory" in shown.json()["context"]  # durations as people say them
    kept = client.post("/v1/check", json={"context": "Draft v2 is 5 days of work."}, headers=headers)
    assert kept.json()["show"] is False


def test_a_negation_denies_its_own_predicate():
    from pipelines.nlp.contradict import SlotComparator

    nlp = load_spacy()
    comparator = SlotComparator(nlp, lambda texts: __import__("numpy").ones((len(texts), 4)) / 2)
    when = datetime(2026, 7, 1, tzinfo=UTC)
    stored = "Sent invoice 77 to Corbel Foods on 2 June."
    [other] = comparator.compare([("Corbel Foods has not paid invoice 77.", when, stored, when)])
    [same] = comparator.compare([("We did not send invoice 77 to Corbel Foods.", when, stored, when)])
    assert not other.contradicts and same.contradicts, (other, same)


@pytest.mark.parametrize(
    ("sentence", "known", "answer"),
    [
        # A month ahead of a target word looks forward, whatever the tense; ingest's reading wins.
        ("Decided to stop taking new clients until January.", {}, "January 2027"),
        ("Decided to stop taking new clients until January.", {"january": "2027-01"}, "January 2027"),
        ("The office move is planned for March.", {}, "March 2027"),
        ("We moved the office in March.", {}, "March 2026"),
    ],
)
def test_a_month_alone_is_the_one_the_sentence_means(sentence: str, known: dict[str, str], answer: str):
    from pipelines.ask.short import when

    written = datetime(2026, 10, 13, 9, tzinfo=UTC)
    past = sentence.startswith(("Decided", "We moved"))
    assert when(sentence, written, past_tense=past, known=known) == answer


def test_durations_are_said_in_the_largest_whole_unit():
    from pipelines.nlp.contradict import said_durations

    said = said_durations("different duration: 120 min here, 47 min in the memory; 17280 min, 20160 min")
    assert said == "different duration: 2 hours here, 47 minutes in the memory; 12 days, 2 weeks"


def test_a_month_alone_is_dated_in_the_answer_as_ingest_read_it(client, headers):
    _remember(client, headers, "Decided to stop taking new clients until January.", "2026-10-13")
    body = client.post(
        "/v1/ask", json={"question": "Until when am I not taking new clients?"}, headers=headers
    )
    assert body.json()["answer"] == "January 2027", body.json()["text"]
    assert "(January: 2027-01)" in body.json()["text"]
