"""The forty-seventh round: the classes three fresh sets of notes showed (a makerspace's, a taco truck's and
a language school's, bench/data/understanding-{makerspace,tacos,languages}.json), on sentences written for
this test (a repair café's): a checklist's "- [ ] @Name …" lines are tasks and a ticked one, or one a
"— done" closes, is a task done where written; minutes' "Decisions" list is decisions, and a bill settled
on a day is none; a report's heading dates its weekday back ("Team decision on Monday:"); a Teams copy's
"[09:12] Name" heads a message; a body opened by a name alone greets it; a weekday in another language
before its date is one phrase; a thing bought from a name makes it a company, and so does "IT" after it;
"has stepped in", "has taken … off X's hands" and "keeps looking after" name who holds a thing; a chat's
speaker is no holder a handover ends; "has gone from £280 to £300" and "(it was £30)" state a change; a
request is its asker's, before a sentence only naming them; a name with marks is no key word."""

from __future__ import annotations

import pytest

from pipelines.nlp.changes import states_change
from tests.test_eighth_round import _linked, _remember


def _ask(client, headers, question: str) -> dict:
    return client.post("/v1/ask", json={"question": question}, headers=headers).json()


_CHECKLIST = (
    "Volunteers' meeting — 2 Feb 2026\n\nAction items\n"
    "- [ ] @Ines Moreau order new soldering tips by 9 Feb\n"
    "- [ ] @Tariq Bell book the church hall by Fri 13 Feb\n"
    "- [x] @Olga Petrov print the repair tickets"
)


def test_a_checklists_lines_are_tasks(read_note):
    found = read_note(_CHECKLIST)
    tasks = {(a.owner, a.text, a.done) for a in found.actions}
    assert ("Ines Moreau", "order new soldering tips by 9 Feb", False) in tasks, found.actions
    assert ("Tariq Bell", "book the church hall by Fri 13 Feb", False) in tasks, found.actions
    assert ("Olga Petrov", "print the repair tickets", True) in tasks, found.actions
    assert {"Ines Moreau", "Tariq Bell", "Olga Petrov"} <= set(found.people), found.people
    assert not {"Moreau", "Bell", "Petrov"} & set(found.organizations), found.organizations


@pytest.mark.parametrize(
    "line",
    [
        "3. Kenji — sort the spare fuses — done",
        "- Kenji: sort the spare fuses (done)",
        "Kenji: sort the spare fuses ✓",
    ],
)
def test_a_task_closed_by_done_is_done(read_note, line: str):
    found = read_note(
        f"Actions\n1. Bea — wipe the benches — by 20/2\n2. Ines — count the float — by 21/2\n{line}"
    )
    done = [(a.owner, a.text) for a in found.actions if a.done]
    assert done == [("Kenji", "sort the spare fuses")], found.actions


def test_a_task_ticked_where_written_is_done_not_overdue(client, headers):
    _remember(client, headers, _CHECKLIST, "2026-02-02")
    done = _ask(client, headers, "Which of Olga's tasks are done?")
    assert "print the repair tickets" in done["text"], done["text"]
    overdue = _ask(client, headers, "What is overdue for Olga?")
    assert "repair tickets" not in overdue["text"], overdue["text"]
    late = _ask(client, headers, "What is overdue for Ines?")
    assert "soldering tips" in late["text"], late["text"]


def test_a_list_of_decisions(read_note):
    found = read_note(
        "Volunteers' meeting 05/02/2026\n\nDecisions\n- Every repair is logged on a ticket.\n"
        "- Children under 12 stay with an adult.\n\nActions\n- Bea: buy cable ties (by 12 Feb)"
    )
    assert found.decisions == ["Every repair is logged on a ticket.", "Children under 12 stay with an adult."]


def test_a_bill_settled_on_a_day_is_no_decision(read_note):
    assert read_note("RC-0412 was settled on 9 February.").decisions == []


@pytest.mark.parametrize(
    "line",
    [
        "Team decision on Monday: no kettles are repaired on site.",
        "Decision (Monday): no kettles are repaired on site.",
    ],
)
def test_a_decisions_heading_dates_its_day_back(client, headers, line: str):
    memory = _remember(client, headers, line, "2026-02-10")  # a Tuesday
    assert memory["extraction"]["decisions"] == ["no kettles are repaired on site."], memory["extraction"]
    assert [d["date"] for d in memory["extraction"]["dates"]] == ["2026-02-09"], memory["extraction"]["dates"]


_TEAMS = (
    "[09:12] Kenji Sato\nThe PAT tester won't power on\n"
    "[09:20] Bea Lund\nI'll get a replacement battery on Thursday"
)


def test_a_teams_copy_heads_its_messages(client, headers):
    memory = _remember(client, headers, _TEAMS, "2026-02-03")  # a Tuesday
    items = memory["extraction"]["action_items"]
    assert [(a["owner"], a["due"]) for a in items] == [("Bea Lund", "2026-02-05")], items
    answer = _ask(client, headers, "What did Kenji report?")
    assert [s["id"] for s in answer["sources"]][:1] == [memory["id"]], answer["text"]
    assert "PAT tester" in answer["text"], answer["text"]


def test_a_body_opened_by_a_name_greets_it(client, headers):
    memory = _remember(
        client,
        headers,
        "From: Tariq Bell\nTo: Ines Moreau\nSubject: FW: Stall\n\nInes,\n\nForwarding this. Can you send "
        "Westgate Library a note of our dates by 20 February?\n\nThanks,\nTariq",
        "2026-02-10",
    )
    items = memory["extraction"]["action_items"]
    assert [(a["owner"], a["due"]) for a in items] == [("Ines Moreau", "2026-02-20")], items


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("Message de Kenji : le nouvel établi arrive le mardi 17 février.", "2026-02-17"),
        ("Messaggio di Bea: il nuovo banco arriva giovedì 19 febbraio.", "2026-02-19"),
    ],
)
def test_a_weekday_abroad_before_its_date(client, headers, line: str, day: str):
    memory = _remember(client, headers, line, "2026-02-09")
    assert [d["date"] for d in memory["extraction"]["dates"]] == [day], memory["extraction"]["dates"]


@pytest.mark.parametrize(
    ("text", "company"),
    [
        ("We no longer buy solder from Fluxline — it comes from Pellmark now.", "Pellmark"),
        (
            "Olga Petrov, 8:02 AM\nThe till laptop won't boot\nBea Lund, 8:10 AM\n"
            "I'll ask Bramwell IT to come in on Friday",
            "Bramwell IT",
        ),
    ],
)
def test_a_supplier_is_a_company(read_note, text: str, company: str):
    # (the first passes at the round's start code too: the model reads "Pellmark" as a company itself)
    found = read_note(text)
    assert company in found.organizations and company not in found.people, (found.people, found.organizations)


@pytest.mark.parametrize("name", ["Sam", "Kofi", "Leo"])
def test_a_name_before_a_tick_is_someone(read_note, name: str):
    found = read_note(f"Float counted on Monday — {name} ☑")
    assert found.people == [name] and found.organizations == [], (found.people, found.organizations)


@pytest.mark.parametrize(
    ("question", "who"),
    [("Who runs the kettle repairs?", "Bea Lund"), ("Who looks after the lamp repairs?", "Kenji Sato")],
)
def test_who_steps_in(client, headers, question: str, who: str):
    _remember(
        client, headers, "Kenji Sato runs the kettle repairs and looks after the lamp repairs.", "2026-02-02"
    )
    _remember(
        client,
        headers,
        "Kenji Sato has stepped down from the kettle repairs and Bea Lund has stepped in; Kenji keeps "
        "looking after the lamp repairs.",
        "2026-02-16",
    )
    answer = _ask(client, headers, question)
    assert answer["answer"] == who, answer["text"]


def test_a_duty_taken_off_someones_hands(client, headers):
    first = _remember(client, headers, "Olga Petrov handles the Saturday sign-in desk.", "2026-02-02")
    second = _remember(
        client, headers, "Tariq Bell has taken the Saturday sign-in desk off Olga's hands.", "2026-02-16"
    )
    assert "supersedes" in _linked(second, first), second["links"]
    assert _ask(client, headers, "Who handles the Saturday sign-in desk?")["answer"] == "Tariq Bell"


def test_a_chats_speaker_is_no_holder_a_handover_ends(client, headers):
    chat = _remember(
        client,
        headers,
        "Kenji Sato  9:14 AM\nthe kettle repair bench is wobbling again\nBea Lund  9:20 AM\n"
        "I'll fix it Monday",
        "2026-02-04",
    )
    handover = _remember(
        client,
        headers,
        "Kenji Sato has stepped down from the kettle repairs and Bea Lund has stepped in.",
        "2026-02-16",
    )
    assert "supersedes" not in _linked(handover, chat), handover["links"]


@pytest.mark.parametrize(
    "sentence",
    [
        "The price of a five-token repair bundle has gone from £20 to £25.",
        "Our hourly rate went from £30 to £35.",
    ],
)
def test_an_amount_gone_from_one_to_another_is_a_change(sentence: str):
    assert states_change(sentence)


def test_a_price_gone_from_one_amount_to_another(client, headers):
    # (passes at the round's start code too: the comparator reads £20 against £25 here)
    first = _remember(client, headers, "A bench session with a volunteer costs £5.", "2026-02-02")
    second = _remember(
        client, headers, "The price of a volunteer bench session has gone from £5 to £7.", "2026-02-16"
    )
    assert "supersedes" in _linked(second, first), second["links"]


def test_a_price_it_was_is_outdated(client, headers):
    _remember(client, headers, "Annual membership is £15.", "2026-01-05")
    _remember(client, headers, "Annual membership goes up to £18 from 1 February (it was £15).", "2026-01-20")
    check = client.post("/v1/check", json={"context": "Annual membership is £15."}, headers=headers).json()
    assert check["show"] is True, check


def test_a_request_is_its_askers(client, headers):
    # (passes at the round's start code too: a control for the asker's boost)
    theirs = _remember(
        client,
        headers,
        "From: Tariq Bell\nTo: Ines Moreau\nSubject: Hall\n\nHi Ines,\n\nPlease book the church hall for "
        "March.\n\nThanks,\nTariq",
        "2026-02-02",
    )
    asked = _remember(
        client,
        headers,
        "From: Olga Petrov\nTo: Tariq Bell\nSubject: Saturday\n\nHi Tariq,\n\nCould you fetch the spare "
        "extension leads on Saturday?\n\nThanks,\nOlga",
        "2026-02-03",
    )
    answer = _ask(client, headers, "What did Olga ask Tariq to bring?")
    assert [s["id"] for s in answer["sources"]][:1] == [asked["id"]], answer["text"]
    assert theirs["id"] not in [s["id"] for s in answer["sources"]][:1]


def test_a_request_before_a_sentence_naming_its_writer(client, headers):
    request = _remember(
        client,
        headers,
        "From: Sofía Marín\nTo: Ines Moreau\nSubject: Stall\n\nHi Ines,\n\nPlease could you send Westgate "
        "Library our dates by 20 February?\n\nCheers,\nSofía",
        "2026-02-09",
    )
    _remember(client, headers, "Bea Lund has passed the newsletter on to Sofía Marín.", "2026-02-10")
    answer = _ask(client, headers, "What does Sofía Marín want?")
    assert [s["id"] for s in answer["sources"]][:1] == [request["id"]], answer["text"]
