"""The fifty-third round: the classes two fresh sets of notes showed (a ski school's and a woollen
mill's, bench/data/understanding-{skischool,woolmill}.json), on sentences written for this test (a
restaurant's, a tile merchant's, a joinery's and a walking club's): a booking, an order or a quote is what
was agreed on its day, so a later change of a general price ("From 1 March the tasting menu will cost
£65 instead of £58") replaces no reservation's note; a question naming a record is answered from the
record's own note, before a price naming no record and before a note saying it was paid; check reads one
record's count or deadline against a statement of another count or day for it ("Order WO-4410 is for 40
metres"), and a time with how far it moved ("7:30, half an hour earlier") as the time; a month naming the
thing after it ("the April timetable") is the nearest April, whatever the verb's tense, and "went
walking in April" looks back; a field after a title in a signature is no company ("Head of Licensing"),
nor is a place after a French "de", nor a product measured out in metres; and a structured answer gives
a list line's due date once ("order new bibs, due 2026-05-08", not "…, due 8 May, due 2026-05-08")."""

from __future__ import annotations

import pytest

from tests.test_eighth_round import _linked, _remember
from tests.test_forty_eighth_round import _ask


def _check(client, headers, statement: str) -> bool:
    return client.post("/v1/check", json={"context": statement}, headers=headers).json()["show"]


def test_a_general_price_change_replaces_no_reservation(client, headers):
    reservation = _remember(
        client, headers, "Reservation R-2208: the tasting menu for eight on 14 March, £464.", "2026-02-02"
    )
    menu = _remember(client, headers, "The tasting menu costs £58 a head.", "2026-02-03")
    change = _remember(
        client, headers, "From 1 March the tasting menu will cost £65 instead of £58.", "2026-02-20"
    )
    assert "supersedes" not in _linked(change, reservation), change["links"]
    assert "supersedes" in _linked(change, menu), change["links"]  # (the control: the price it changes)
    answer = _ask(client, headers, "How much is reservation R-2208?")
    assert answer["sources"][0]["id"] == reservation["id"], answer["text"]
    assert answer["answer"] == "£464", answer


@pytest.mark.parametrize(
    ("notes", "record", "question", "answer"),
    [
        (
            [
                ("The price of oak boards has been raised to £28 a metre.", "2026-05-02"),
                ("Order JO-881: 12 metres of oak boards for the Fenwick kitchen, due 4 June.", "2026-05-04"),
            ],
            1,
            "How much oak does order JO-881 need?",
            "12 metres",
        ),
        (
            [
                (
                    "Invoice TW-3310 from Marlowe Tiles: £1,260 for ninety square metres of Welsh slate "
                    "and two pallets of adhesive, due 14 April.",
                    "2026-03-20",
                ),
                ("Invoice TW-3310 paid by card on 9 April.", "2026-04-09"),
            ],
            0,
            "When is invoice TW-3310 due?",
            "14 April",
        ),
    ],
)
def test_a_record_is_read_from_its_own_note(
    client, headers, notes: list, record: int, question: str, answer: str
):
    memories = [_remember(client, headers, text, day) for text, day in notes]
    found = _ask(client, headers, question)
    assert found["sources"][0]["id"] == memories[record]["id"], found["text"]
    assert found["answer"].startswith(answer), found


_ORDER = "Order WO-4410: 85 metres of Harbour Oak skirting for Fenwick Builders, due 3 May."


@pytest.mark.parametrize(
    ("statement", "shown"),
    [
        ("Order WO-4410 is for 40 metres.", True),
        ("Order WO-4410 is due 6 May.", True),
        # (controls: what the order says, and another order)
        ("Order WO-4410 is due 3 May.", False),
        ("Order WO-4410 is for 85 metres.", False),
        ("Order WO-4411 is for 40 metres.", False),
    ],
)
def test_check_reads_a_records_count_and_deadline(client, headers, statement: str, shown: bool):
    _remember(client, headers, _ORDER, "2026-04-06")
    _remember(client, headers, "Order WO-4411: 40 metres of pine architrave, due 9 May.", "2026-04-06")
    _remember(
        client,
        headers,
        "Invoice FB-2290 to Fenwick Builders for job JB-7710: £940, due 30 May.",
        "2026-04-06",
    )
    assert _check(client, headers, statement) is shown


def test_an_invoice_for_a_job_gives_no_deadline_of_the_job(client, headers):
    _remember(client, headers, "Job JB-7710: refit the Fenwick kitchen, due 20 May.", "2026-04-06")
    _remember(
        client,
        headers,
        "Invoice FB-2290 to Fenwick Builders for job JB-7710: £940, due 30 May.",
        "2026-04-20",
    )
    assert not _check(client, headers, "Job JB-7710 is due 20 May.")
    assert _check(client, headers, "Job JB-7710 is due 26 May.")


@pytest.mark.parametrize(
    ("statement", "shown"),
    [("The box office opens at 7:30.", False), ("The box office opens at 8:30.", True)],
)
def test_a_time_is_read_without_how_far_it_moved(client, headers, statement: str, shown: bool):
    _remember(client, headers, "The box office opens at 8:00.", "2026-04-01")
    _remember(client, headers, "The box office now opens at 7:30, half an hour earlier.", "2026-04-10")
    assert _check(client, headers, statement) is shown


@pytest.mark.parametrize(
    ("text", "month"),
    [
        ("Ruth finished the April timetable on Monday.", "2026-04"),
        ("We sent out our April newsletter yesterday.", "2026-04"),
        # (controls: a month the deed was done in, gone by, and one ahead)
        ("We went walking in April.", "2025-04"),
        ("We are walking in April.", "2026-04"),
    ],
)
def test_a_month_naming_a_thing_is_the_nearest_one(client, headers, text: str, month: str):
    memory = _remember(client, headers, text, "2026-03-18")
    assert {d["date"] for d in memory["extraction"]["dates"] if d["text"] == "April"} == {month}, memory


@pytest.mark.parametrize(
    ("text", "organizations"),
    [
        ("Kind regards,\nPriya Raman\nHead of Licensing, Oakridge Foods", ["Oakridge Foods"]),
        ("Message de Julie : le club de Marseille arrive samedi.", []),
        ("Order 7720: 40 metres of Harbour Blue denim for Calder & Finch.", ["Calder & Finch"]),
    ],
)
def test_a_title_field_a_french_place_and_a_measured_product_are_no_companies(
    read_note, text: str, organizations: list[str]
):
    assert read_note(text).organizations == organizations


def test_a_structured_answer_gives_a_lines_due_date_once(client, headers):
    _remember(
        client,
        headers,
        "Rota meeting, Monday 4 May 2026\n\nActions:\n- Ines: order new bibs for the juniors, due 8 May\n"
        "- Ines: book the minibus (due Fri 15 May)\n- Tom: file the report, by hand",
        "2026-05-04",
    )
    text = _ask(client, headers, "What are Ines's open action items?")["text"]
    assert "order new bibs for the juniors, due 2026-05-08" in text, text
    assert "book the minibus, due 2026-05-15" in text, text
    text = _ask(client, headers, "What are Tom's open action items?")["text"]
    assert "file the report, by hand" in text, text  # (a control: no date in it)
