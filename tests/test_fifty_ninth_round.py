"""The fifty-ninth round: the classes two fresh sets of notes showed (a scaffolding firm's and a circus
school's, bench/data/understanding-{scaffolding,circus}.json), on sentences written for this test (a fire
station's, a minibus club's, a bell tower's, a brass band's, a youth club's, a theatre's, a bakery's):
a thing's code of one capital and one or two digits ("extinguisher E-7") and a British registration
("KX19 PTA") name two things, not one changed; "by Thursday 5th." at a sentence's end is the 5th, not
April; a stand-in "until she is fit again" is a handover; a schedule or a holder said to hold "now" at
the clause's end ("rehearses on Friday evenings now", "are taught by Inés Peña now") states a change, and
a new holder's accented name ("Inés Peña") is found as written; a note that replaces another is not its
duplicate; an e-mail's header lines are no claims a later e-mail changes; "every Thursday evening" names
no one day and "on Thursday evenings" answers when; "Cirque Nova" and "Teatro Lirico" are companies; a
surname after a title is a person's, though it is also a word."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipelines.nlp.dates import resolve_mention
from pipelines.nlp.identifiers import identifiers
from tests.test_eighth_round import _linked, _remember
from tests.test_fifty_third_round import _check
from tests.test_forty_eighth_round import _ask


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Fire extinguisher E-7 was serviced on 3 March.", {"e:7"}),
        ("Hoses H-12 and H-14 failed the pressure test.", {"h:12", "h:14"}),
        ("Minibus KX19 PTA is due its service on 5 May.", {"registration:kx19pta"}),
        # a grade's or a type's value says how something is, not which it is
        ("We only sell Grade A-1 eggs.", set()),
        ("The boiler is a type B-2 model.", set()),
    ],
)
def test_short_codes_and_registrations_are_identifiers(text, expected):
    assert identifiers(text) == expected


def test_two_things_with_short_codes_are_two_facts(client, headers):
    first = _remember(client, headers, "Fire extinguisher E-7 was serviced on 3 March.", "2026-03-03")
    second = _remember(client, headers, "Fire extinguisher E-9 was serviced on 3 March.", "2026-03-04")
    assert not _linked(second, first) & {"supersedes", "duplicate"}, second["links"]
    answer = _ask(client, headers, "When was fire extinguisher E-7 serviced?")
    assert answer["sources"][0]["id"] == first["id"], answer


def test_two_vans_with_near_registrations_are_two_facts(client, headers):
    first = _remember(client, headers, "Minibus KX19 RTA is due its MOT on 5 May.", "2026-03-02")
    second = _remember(client, headers, "Minibus KX19 RTB is due its MOT on 5 May.", "2026-03-03")
    assert not _linked(second, first) & {"supersedes", "duplicate"}, second["links"]


def test_an_ordinal_day_closing_a_sentence_is_that_day():
    written = datetime(2026, 3, 2, tzinfo=UTC)  # a Monday
    assert resolve_mention("Thursday 5th.", written) == "2026-03-05"
    assert resolve_mention("the 19th.", written) == "2026-03-19"


def test_a_stand_in_until_someone_is_fit_again_is_a_handover(client, headers):
    before = _remember(client, headers, "Watch C is led by Ann Hale.", "2026-03-02")
    after = _remember(
        client,
        headers,
        "Ann Hale has broken her ankle, so Ruth Coles leads watch C until she is fit again.",
        "2026-03-09",
    )
    assert "supersedes" in _linked(after, before), after["links"]
    assert _check(client, headers, "Ann Hale leads watch C.")


def test_a_schedule_said_to_hold_now_replaces_the_one_before(client, headers):
    before = _remember(client, headers, "The brass band rehearses on Wednesday evenings.", "2026-03-02")
    after = _remember(client, headers, "The brass band rehearses on Friday evenings now.", "2026-03-09")
    kinds = _linked(after, before)
    # (a note that replaces another is not its duplicate, however alike the two read)
    assert "supersedes" in kinds and "duplicate" not in kinds, after["links"]
    answer = _ask(client, headers, "When does the brass band rehearse?")
    assert answer["answer"] == "Friday evenings", answer
    assert _check(client, headers, "The brass band rehearses on Wednesday evenings.")


def test_a_new_holder_with_an_accented_name_makes_the_one_before_outdated(client, headers):
    _remember(client, headers, "Tap classes are taught by Ivy Shaw.", "2026-03-02")
    _remember(
        client,
        headers,
        "Ivy Shaw has gone on tour, so tap classes are taught by Inés Peña now.",
        "2026-03-09",
    )
    assert _check(client, headers, "Ivy Shaw teaches the tap classes.")
    assert not _check(client, headers, "Inés Peña teaches the tap classes.")


@pytest.mark.parametrize(
    ("sentence", "changes"),
    [
        ("Tap classes are taught by Inés Peña now.", True),
        ("The brass band rehearses on Friday evenings now.", True),
        # ("now" inside the clause, not closing it, or no schedule's verb before it)
        ("The band rehearses on Fridays, so we can start now.", False),
        ("I am so tired now.", False),
    ],
)
def test_a_holder_or_a_schedule_said_to_hold_now_states_a_change(sentence, changes):
    from pipelines.nlp.changes import states_change

    assert states_change(sentence) is changes


_MAIL = (
    "From: {sender} <{address}>\nTo: Nia Evans\nDate: {date}\nSubject: {subject}\n\n"
    "Hi Nia,\n\n{body}\n\nThanks,\n{first}"
)


def test_an_emails_header_is_no_claim_a_later_email_changes(client, headers):
    first = _remember(
        client,
        headers,
        _MAIL.format(
            sender="Carys Lloyd",
            address="carys@example.org",
            date="Mon, 2 Mar 2026 10:00",
            subject="Panto tickets",
            body="Our book club would love twelve tickets for the panto. Could you hold them until Friday?",
            first="Carys",
        ),
        "2026-03-02",
    )
    second = _remember(
        client,
        headers,
        _MAIL.format(
            sender="Dewi Jenkins",
            address="dewi@example.net",
            date="Wed, 4 Mar 2026 16:30",
            subject="Backstage tour",
            body="My daughter has decided she wants a backstage tour. Could you send me the dates?",
            first="Dewi",
        ),
        "2026-03-04",
    )
    assert "supersedes" not in _linked(second, first), second["links"]
    answer = _ask(client, headers, "What does Carys Lloyd want?")
    assert answer["sources"][0]["id"] == first["id"], answer


def test_a_mails_body_is_read_without_its_header_and_other_text_unchanged():
    from pipelines.nlp.summary import mail_body

    assert mail_body("From: A B <a@b.c>\nDate: Mon, 2 Mar 2026\n\nHello.") == "Hello."
    card = "Date: 12 May\nVenue: the village hall"
    assert mail_body(card) == card  # an event card opens no mail


def test_a_weekday_that_recurs_is_answered_as_recurring_not_dated(client, headers):
    _remember(client, headers, "The hall is swept every Thursday evening now.", "2026-03-02")
    answer = _ask(client, headers, "When is the hall swept?")
    assert answer["answer"] == "every Thursday evening", answer
    assert "(Thursday evening: 2026" not in answer["text"], answer["text"]


def test_a_weekdays_part_recurring_answers_when(client, headers):
    _remember(client, headers, "The youth club meets on Tuesday evenings.", "2026-03-02")
    _remember(client, headers, "Hana to order the new pool cues by 20 March.", "2026-03-03")
    answer = _ask(client, headers, "When does the youth club meet?")
    assert answer["answer"] == "Tuesday evenings", answer


@pytest.mark.parametrize(
    ("text", "company"),
    [
        ("Our lead actor has gone on tour with Teatro Lirico until June.", "Teatro Lirico"),
        ("We borrowed the trapeze rig from Circus Harmony.", "Circus Harmony"),
    ],
)
def test_a_stage_company_named_by_its_kind_first_is_a_company(client, headers, text, company):
    extraction = _remember(client, headers, text, "2026-03-02")["extraction"]
    assert company in extraction["organizations"] and company not in extraction["people"], extraction


def test_a_surname_that_is_also_a_word_after_a_title_is_a_person(client, headers):
    memory = _remember(client, headers, "Mr Sheriff's daughter starts the Saturday class.", "2026-03-02")
    assert "Sheriff" in memory["extraction"]["people"], memory["extraction"]


def test_a_brand_after_a_title_before_what_it_names_is_no_person(client, headers):
    memory = _remember(client, headers, "Mr Kipling cakes are on offer at the café.", "2026-03-02")
    assert "Kipling" not in memory["extraction"]["people"], memory["extraction"]
