"""The forty-eighth round: the classes three fresh sets of notes showed (a repair café's, a physiotherapy
clinic's and a walking company's, bench/data/understanding-{repaircafe,physio,hiking}.json), on sentences
written for this test (a community bike workshop's): a Markdown table's row is a task whose "Done" cell
closes it, and a date after its owner's comma is its due date; the lines under a "Done:" heading are done
tasks; "AI: Name — … — done" is a minutes' action point; a list's "• Name: task" is a task however the
tagger reads its verb; a saved Zoom chat's "From Name to Everyone:" line heads the message below it; an
ordinal opens a group's name ("3rd Hale Scouts"), and parts, kit and mail-order sellers are companies;
"was £3, now £4" states a change; "Resolution of last night's meeting:" heads a decision; "X is stepping
back from … — Y writes them from now on" makes Y the holder; "How many repair tickets …?" counts the
tickets, "How many rides are booked?" the bookings of rides; "Who is X?" keeps what X holds among the
sources, past a chat's lines (a control here)."""

from __future__ import annotations

import pytest

from pipelines.nlp.changes import holders, states_change
from pipelines.nlp.summary import split_sentences
from tests.test_eighth_round import _remember


def _ask(client, headers, question: str) -> dict:
    return client.post("/v1/ask", json={"question": question}, headers=headers).json()


_TABLE = (
    "Workshop meeting 2026-03-09\n\n| Action | Owner | Due |\n|---|---|---|\n"
    "| Fit the new brake pads on the loan bikes | Ade | 6 Mar |\n"
    "| Renew the workshop's insurance | Lena | 10 Mar |\n"
    "| Update the volunteer handbook | Priti | Done |"
)


def test_a_tables_rows_are_tasks_a_done_cell_closes(read_note):
    found = read_note(_TABLE)
    tasks = {(a.owner, a.due_text, a.done) for a in found.actions}
    assert ("Ade", "6 Mar", False) in tasks, found.actions
    assert ("Lena", "10 Mar", False) in tasks, found.actions
    assert ("Priti", None, True) in tasks, found.actions
    assert "Done" not in found.people, found.people
    assert not found.organizations, found.organizations


def test_a_table_row_done_is_listed_done(client, headers):
    _remember(client, headers, _TABLE, "2026-03-09")
    done = _ask(client, headers, "Which of Priti's tasks are done?")
    assert "volunteer handbook" in done["text"], done["text"]
    late = _ask(client, headers, "What is overdue for Lena?")
    assert "insurance" in late["text"], late["text"]


_LISTS = (
    "Mechanics' meeting — Wed 4 Mar 2026\n\nTo do:\n"
    "• Ade: adjust the gears on bike 12 (due 11 Mar)\n"
    "• Lena: order the chain lube (due Fri 13 Mar)\n"
    "Done:\n"
    "• Priti: sort the donated frames"
)


def test_the_lines_under_a_done_heading_are_done(read_note):
    found = read_note(_LISTS)
    tasks = {(a.owner, a.done) for a in found.actions}
    assert ("Priti", True) in tasks, found.actions
    assert ("Ade", False) in tasks and ("Lena", False) in tasks, found.actions


def test_an_action_points_mark_before_its_owners_dash(read_note):
    found = read_note(
        "Workshop meeting, Tue 3 Mar 2026\n\nAI: Ade to order brake cables by 10 Mar\n"
        "AI: Priti — book the hall for the open day — done"
    )
    tasks = {(a.owner, a.done) for a in found.actions}
    assert ("Ade", False) in tasks, found.actions
    assert ("Priti", True) in tasks, found.actions
    assert "Priti" in found.people, found.people


_ZOOM = (
    "18:02:11 From Ade Okoro to Everyone:\n\tthe truing stand has a bent arm\n"
    "18:05:37 From Lena Berg to Everyone:\n\tI'll order a new one on Thursday"
)


def test_a_zoom_chats_label_heads_the_message_below_it(read_note):
    found = read_note(_ZOOM)
    assert [(a.owner, a.due_text) for a in found.actions] == [("Lena Berg", "Thursday")], found.actions
    sentences = split_sentences(_ZOOM)
    assert len(sentences) == 2 and sentences[1].endswith("on Thursday"), sentences


def test_a_label_without_a_stamp_is_no_chat(read_note):
    # (passes at the round's start code too: "Decisions:" heads its list, no message of a speaker)
    text = "Decisions:\n- Every bike gets a safety check before it leaves."
    assert len(split_sentences(text)) == 2, split_sentences(text)


@pytest.mark.parametrize(
    ("text", "company"),
    [
        ("Can you send 3rd Hale Scouts the price for the maintenance class by Friday?", "3rd Hale Scouts"),
        ("We've switched from Cogworks Spares to Velo Parts for brake blocks.", "Cogworks Spares"),
        ("Our inner tubes come from Tubeline Parts now.", "Tubeline Parts"),
        ("Workshop aprons: Ironside Kit from now on.", "Ironside Kit"),
    ],
)
def test_a_groups_ordinal_and_a_sellers_name(read_note, text: str, company: str):
    # (the second and the third pass at the round's start code too: controls, the model's companies kept)
    found = read_note(text)
    assert company in found.organizations, (found.organizations, found.people)
    assert company not in found.people, found.people


def test_was_then_now_states_a_change(client, headers):
    assert states_change("Tyre levers: was £3, now £4 a pair from 1 April.")
    _remember(client, headers, "Tyre levers are £3 a pair.", "2026-03-02")
    _remember(client, headers, "Tyre levers: was £3, now £4 a pair from 1 April.", "2026-03-16")
    check = client.post("/v1/check", json={"context": "Tyre levers are £3 a pair."}, headers=headers).json()
    assert check["show"] is True, check


def test_a_resolution_of_a_meeting_is_a_decision(read_note):
    found = read_note("Resolution of last night's mechanics' meeting: every loan bike carries a lock.")
    assert found.decisions == ["every loan bike carries a lock."], found.decisions


def test_who_writes_them_from_now_on(client, headers):
    first = "Lena Berg writes the monthly newsletter and runs the Tuesday rides."
    _remember(client, headers, first, "2026-03-02")
    _remember(
        client,
        headers,
        "Lena Berg is stepping back from the monthly newsletter — Priti Shah writes it from now on. "
        "Lena carries on running the Tuesday rides.",
        "2026-03-16",
    )
    answer = _ask(client, headers, "Who is in charge of the monthly newsletter?")
    assert answer["answer"] == "Priti Shah", answer["text"]


def test_loving_them_now_holds_nothing():
    # (the second line a control: it passes at the round's start code too)
    assert holders("Priti Shah writes them from now on.", ["Priti Shah"]) == ["Priti Shah"]
    assert holders("Priti Shah loves them now.", ["Priti Shah"]) == []


def test_a_count_of_tickets_of_a_kind_and_of_rides_booked(client, headers):
    for day, note in [
        ("2026-03-02", "Ticket WB-101: a puncture on a folding bike for Mr. Omar Haddad, Saturday 7 March."),
        ("2026-03-02", "Ticket WB-102: a wheel rebuild for Thornbury Primary School, Saturday 14 March."),
        ("2026-03-03", "Booking RD-201: a guided ride for the Ashby Cycling Club, Sunday 8 March."),
        ("2026-03-03", "Booking RD-202: a guided ride for Ms. Nadia Petrova, Sunday 15 March."),
        ("2026-03-04", "A repair costs £5 for members."),
    ]:
        _remember(client, headers, note, day)
    tickets = _ask(client, headers, "How many repair tickets are there?")
    assert tickets["answer"] == "2", tickets["text"]
    rides = _ask(client, headers, "How many rides are booked?")
    assert rides["answer"] == "2", rides["text"]
    # (a control: no booking names a wedding, so there is no count of weddings)
    assert _ask(client, headers, "How many weddings are booked?")["answer"] != "2"


def test_who_is_keeps_what_they_hold_past_a_chats_lines(client, headers):
    # (passes at the round's start code too: here retrieval ranks the holding memory within the limit
    # already; the walking company's tune set, where six memories name her, is where it had not)
    chats = [
        ("Ade Okoro", "the compressor is leaking again", "Lena Berg", "I'll call the fitter tomorrow"),
        ("Lena Berg", "the till roll has run out", "Ade Okoro", "I'll buy some on Monday"),
        ("Ade Okoro", "saddle 4 is split", "Lena Berg", "I'll order one tonight"),
        ("Lena Berg", "the van is booked for Friday", "Ade Okoro", "I'll drive it"),
        ("Ade Okoro", "the stand clamp is loose", "Lena Berg", "I'll tighten it now"),
        ("Lena Berg", "the spoke key has gone missing", "Ade Okoro", "I'll look for it"),
        ("Ade Okoro", "the bench vice is stuck", "Lena Berg", "I'll oil it tomorrow"),
    ]
    for day, (one, said, other, reply) in enumerate(chats, start=2):
        _remember(client, headers, f"{one}  6:40 PM\n{said}\n{other}  6:45 PM\n{reply}", f"2026-03-{day:02d}")
    _remember(client, headers, "Lena also handles the parts orders.", "2026-03-09")
    answer = _ask(client, headers, "Who is Lena Berg?")
    assert any("parts orders" in s["summary"] for s in answer["sources"]), answer["text"]
