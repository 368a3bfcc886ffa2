"""The forty-second round: the classes three fresh sets of notes showed (an ice-cream parlour's, a farrier's
forge's and an archery centre's, bench/data/understanding-{icecream,farrier,archery}.json), on sentences
written for this test (a bike repair co-op's names): a deed logged with who did it after it ("Hire bike
chains degreased by Odile this morning", "Workshop floor swept (Tunde)"); a price stated, "Pump hire costs
£5", no request; a payment scheme no company; a club or a youth group by its last word; a company named
across "&"; a weekday's meeting a decision was reported from, or a past verb said at it; a rule asking for
something, against a statement allowing the doing without it; an invoice a change of supplier does not
replace; the note of a record that holds what is asked ("due", an amount) before its payment's; a
report's heading day no task's due date."""

from __future__ import annotations

import pytest

from tests.test_eighth_round import _remember
from tests.test_fifth_round import _checked

_TASKS = (
    "Co-op meeting, Mon 7 Sep 2026\n"
    "To do:\n"
    "• Odile: degrease the hire bike chains by Fri 11th\n"
    "• Tunde: sweep the workshop floor by Thu 10th"
)


@pytest.mark.parametrize(
    ("log", "who"),
    [
        ("Hire bike chains degreased by Odile this morning.", "Odile"),
        ("Workshop floor swept (Tunde), yesterday.", "Tunde"),
    ],
)
def test_a_deed_logged_with_who_did_it(client, headers, log: str, who: str):
    tasks = client.post("/v1/remember", json={"content": _TASKS}, headers=headers).json()
    _remember(client, headers, log, "2026-09-09")
    question = f"Which of {who}'s tasks are done?"
    answer = client.post("/v1/ask", json={"question": question}, headers=headers).json()
    assert [s["id"] for s in answer["sources"]] == [tasks["id"]], answer["text"]
    assert "done" in answer["text"], answer["text"]


def test_a_logged_line_of_a_state_now_closes_nothing(client, headers):
    client.post("/v1/remember", json={"content": _TASKS}, headers=headers)
    _remember(client, headers, "Our hire bike chains are degreased by Velotrade.", "2026-09-09")
    answer = client.post(
        "/v1/ask", json={"question": "Which of Odile's tasks are done?"}, headers=headers
    ).json()
    assert answer["sources"] == [], answer["text"]


def test_a_price_stated_is_no_request(read_note):
    found = read_note("Pump hire costs £5.")
    assert found.actions == [], found.actions


def test_a_payment_scheme_is_no_company(read_note):
    found = read_note("Paid KB-3301 by CHAPS this morning.")
    assert found.organizations == [], found.organizations


def test_a_youth_group_by_its_last_word(read_note):
    found = read_note("Booking RW-201: the pump track for Ashby Scouts, Saturday 5 September.")
    assert found.organizations == ["Ashby Scouts"], found.organizations
    assert found.people == [], found.people


def test_a_company_named_across_an_ampersand(read_note):
    found = read_note("We paid Spanner & Hoof Supplies for the inner tubes yesterday.")
    assert found.organizations == ["Spanner & Hoof Supplies"], found.organizations


@pytest.mark.parametrize(
    ("note", "day", "dates"),
    [
        # written on a Wednesday: Monday's meeting was two days before
        (
            "At Monday's team meeting we agreed that loan bikes go out with their own locks only.",
            "2026-09-09",
            ["2026-09-07"],
        ),
        # written on a Thursday: the report of Tuesday's meeting, two days before
        (
            "Decision from Tuesday's co-op meeting: no repairs without a signed waiver.",
            "2026-09-10",
            ["2026-09-08"],
        ),
        # (control, passes at the start code too) a meeting to come
        ("At Friday's meeting we will agree the new rota.", "2026-09-09", ["2026-09-11"]),
    ],
)
def test_a_weekdays_meeting_reported(client, headers, note: str, day: str, dates: list[str]):
    memory = _remember(client, headers, note, day)
    assert [d["date"] for d in memory["extraction"]["dates"]] == dates, memory["extraction"]


@pytest.mark.parametrize(
    ("rule", "allowing", "keeping"),
    [
        (
            "It was agreed on Monday that loan bikes go out only with a lock.",
            "We agreed loan bikes can go out without a lock.",
            "Loan bikes can go out with a lock.",
        ),
        (
            "Decision from the co-op meeting: no repairs without a signed waiver.",
            "We agreed repairs are fine with an unsigned waiver.",
            "Repairs need a signed waiver first.",
        ),
        (
            "We agreed that kids' bikes are fitted with their own tools only.",
            "We agreed kids' bikes can share the normal tools.",
            "Kids' bikes are fitted with their own tools.",
        ),
    ],
    ids=["only-with (passes at the start code too)", "no-without", "own-only"],
)
def test_a_rule_asking_for_something_against_doing_without_it(client, headers, rule, allowing, keeping):
    _remember(client, headers, rule, "2026-09-09")
    body = _checked(client, headers, allowing)
    assert body["show"], body
    same = _checked(client, headers, keeping)
    assert not same["show"], same


_BILL = "Spoke & Sprocket Supplies invoice SS-7710: £220 for inner tubes, due 4 December."


def test_an_invoice_stands_after_a_change_of_supplier(client, headers):
    _remember(client, headers, "Our inner tubes come from Spoke & Sprocket Supplies.", "2026-10-01")
    bill = _remember(client, headers, _BILL, "2026-10-05")
    later = _remember(
        client,
        headers,
        "Inner tubes now come from Velotrade rather than Spoke & Sprocket Supplies.",
        "2026-10-09",
    )
    assert bill["id"] not in {link["target_id"] for link in later["links"] if link["kind"] == "supersedes"}
    _remember(client, headers, "SS-7710 cleared by bank transfer today.", "2026-12-01")
    answer = client.post("/v1/ask", json={"question": "How much is invoice SS-7710?"}, headers=headers).json()
    assert answer["sources"][0]["id"] == bill["id"], answer["text"]
    assert answer["answer"] == "£220", answer["text"]


def test_when_a_bill_is_due_its_own_note_first(client, headers):
    # (passes at the start code too: the order the farm's notes lost is a near thing, kept here)
    bill = _remember(client, headers, _BILL, "2026-10-05")
    _remember(client, headers, "SS-7710 was paid in full yesterday by card.", "2026-11-20")
    answer = client.post("/v1/ask", json={"question": "When is invoice SS-7710 due?"}, headers=headers).json()
    assert answer["sources"][0]["id"] == bill["id"], answer["text"]


def test_a_reports_heading_dates_the_report_not_the_task(client, headers):
    # written on a Wednesday: the call was on Monday, two days before, and the task holds no date
    memory = _remember(
        client, headers, "Notes from Monday's co-op call: Tunde will order new brake pads.", "2026-09-09"
    )
    assert [d["date"] for d in memory["extraction"]["dates"]] == ["2026-09-07"], memory["extraction"]
    assert [a["due"] for a in memory["extraction"]["action_items"]] == [None], memory["extraction"]
