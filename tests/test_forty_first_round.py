"""The forty-first round: the classes three fresh sets of notes showed (a kayak hire centre's, a barbershop's
and a music school's, bench/data/understanding-{kayaks,barbers,musicschool}.json), on sentences written for
this test (a bookshop café's names): a chat as WhatsApp exports it ("06/08/2026, 10:02 - Name: …"), as a
saved Zoom chat writes it ("10:14:05 From Name to Everyone: …") and as Google Chat copies it ("Name,
15:02" over the message); a numbered list of minutes ("1) task (Owner) – 21/8"); a date the model ran into
the word before or the thing after it ("in full yesterday", "1 November a half-day"); a length as a
thing's kind ("a 30-minute lesson"); a weekday naming a closing time; a rule given as a vote's outcome,
the vote gone by; a provider dropped for another ("dropped A and now buy … from B"), and one that "is no
longer our supplier"; a handover under way ("is taking over"); a closing hour said as "stop at" against
"welcome until"; a count of records a compound names ("lesson blocks")."""

from __future__ import annotations

import pytest

from pipelines.nlp.names import speaker
from pipelines.nlp.summary import split_sentences
from tests.test_eighth_round import _remember, _supersedes
from tests.test_fifth_round import _checked

_WHATSAPP = (
    "14/09/2026, 09:41 - Ines Duarte: the card machine at the till keeps rebooting\n"
    "14/09/2026, 09:44 - Kwabena Asante: I'll ring the bank's helpdesk on Wednesday"
)
_ZOOM = (
    "09:12:33 From Ines Duarte to Everyone: the projector in the reading room flickers\n"
    "09:13:50 From Kwabena Asante to Everyone: I'll order a new lamp on Monday"
)
_GOOGLE_CHAT = (
    "Ines Duarte, 09:12\nthe espresso grinder is jammed again\n"
    "Kwabena Asante, 09:15\nI'll book the engineer for Thursday"
)


@pytest.mark.parametrize("chat", [_WHATSAPP, _ZOOM, _GOOGLE_CHAT], ids=["whatsapp", "zoom", "google-chat"])
def test_a_chat_as_apps_export_or_copy_it(read_note, chat: str):
    assert [speaker(s) for s in split_sentences(chat)] == ["Ines Duarte", "Kwabena Asante"]
    found = read_note(chat)
    assert [a.owner for a in found.actions] == ["Kwabena Asante"], found.actions
    assert sorted(found.people) == ["Ines Duarte", "Kwabena Asante"], found.people
    assert found.organizations == [], found.organizations  # not "Everyone", nor a speaker


def test_a_chat_exports_stamp_is_no_date_of_its_own(client, headers):
    memory = _remember(client, headers, _WHATSAPP, "2026-09-14")
    # (Wednesday after the Monday it was written: the 16th; not the stamp's day)
    assert [d["date"] for d in memory["extraction"]["dates"]] == ["2026-09-16"], memory["extraction"]


def test_what_someone_reported_in_a_zoom_chat(client, headers):
    _remember(client, headers, _ZOOM, "2026-09-14")
    _remember(client, headers, "Ines Duarte shelved the new poetry delivery this morning.", "2026-09-15")
    answer = client.post("/v1/ask", json={"question": "What did Ines report?"}, headers=headers).json()
    assert "projector" in answer["text"].split("[1]")[0], answer["text"]


@pytest.mark.parametrize("mark", ["1)", "1."])
def test_a_numbered_list_of_tasks_with_their_owners(read_note, mark: str):
    second = mark.replace("1", "2")
    found = read_note(
        f"Shop meeting, Mon 7 Sep 2026\n{mark} restock the travel shelf (Leila) – Fri 11th\n"
        f"{second} renew the café hygiene certificate (Rory) – 24/9"
    )
    assert sorted((a.owner, a.due_text) for a in found.actions) == [("Leila", "Fri 11th"), ("Rory", "24/9")]


def test_a_numbered_line_alone_is_left_as_it_is(read_note):
    # (a list is two lines or more; one line opening with a number is a sentence of its own)
    from pipelines.nlp.summary import list_form

    assert list_form("1. Rory will reprint the loyalty cards by Friday.") == (
        "1. Rory will reprint the loyalty cards by Friday."
    )


@pytest.mark.parametrize(
    ("note", "day", "dates"),
    [
        ("PO-5512 paid in full yesterday.", "2026-09-29", ["2026-09-28"]),
        ("From 1 November a half-day bookbinding course will be £45.", "2026-09-30", ["2026-11-01"]),
        ("A 45-minute reading group costs £6 from January.", "2026-10-31", ["2027-01"]),
        ("Saturday closing time changes to 6pm from 5 September.", "2026-08-20", ["2026-09-05"]),
    ],
)
def test_a_date_apart_from_the_words_the_model_ran_into_it(client, headers, note: str, day: str, dates):
    memory = _remember(client, headers, note, day)
    assert [d["date"] for d in memory["extraction"]["dates"]] == dates, memory["extraction"]


def test_a_weekday_with_its_date_is_still_a_day(client, headers):
    memory = _remember(client, headers, "Signing KH-12: Saturday 12 September at the shop.", "2026-09-01")
    assert [d["date"] for d in memory["extraction"]["dates"]] == ["2026-09-12"], memory["extraction"]


def test_a_rule_given_as_a_votes_outcome(client, headers):
    # written on a Thursday: Monday's vote was three days before, not next week's
    memory = _remember(
        client,
        headers,
        "Following Monday's vote, laptops are no longer allowed at the café tables.",
        "2026-10-08",
    )
    assert [d["date"] for d in memory["extraction"]["dates"]] == ["2026-10-05"], memory["extraction"]
    assert len(memory["extraction"]["decisions"]) == 1, memory["extraction"]


def test_after_a_vote_to_come_looks_ahead(client, headers):
    memory = _remember(
        client, headers, "After Monday's vote we will announce the new opening hours.", "2026-10-08"
    )
    assert [d["date"] for d in memory["extraction"]["dates"]] == ["2026-10-12"], memory["extraction"]


@pytest.mark.parametrize(
    ("earlier", "later", "question", "provider"),
    [
        (
            "Our greetings cards are bought from Paperlark Wholesale.",
            "We've dropped Paperlark Wholesale and now buy our greetings cards from Quillstone Trade.",
            "Where do we buy our greetings cards?",
            "Quillstone Trade",
        ),
        (
            "Our bookmarks come from Inkwell Print.",
            "Inkwell Print is no longer our bookmark supplier — we order from Foxglove Press now.",
            "Where do our bookmarks come from?",
            "Foxglove Press",
        ),
    ],
)
def test_a_provider_dropped_for_another(client, headers, earlier: str, later: str, question: str, provider):
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked, links
    answer = client.post("/v1/ask", json={"question": question}, headers=headers).json()
    assert answer["answer"] == provider, answer["text"]
    body = _checked(client, headers, earlier)
    assert body["show"], body


def test_a_handover_under_way(client, headers):
    _remember(
        client,
        headers,
        "Leila Farahani manages the events calendar and also runs the book club.",
        "2026-08-01",
    )
    later = "Rory Gallagher is taking over the events calendar, so Leila Farahani can focus on the book club."
    _remember(client, headers, later, "2026-08-17")
    answer = client.post(
        "/v1/ask", json={"question": "Who manages the events calendar?"}, headers=headers
    ).json()
    assert answer["answer"] == "Rory Gallagher", answer["text"]


def test_a_closing_hour_said_as_stop_against_welcome_until(client, headers):
    _remember(
        client,
        headers,
        "It was decided at Tuesday's meeting that hot food stops at 3pm on weekdays.",
        "2026-08-07",
    )
    body = _checked(client, headers, "We decided hot food is available until 5pm every weekday.")
    assert body["show"], body
    same = _checked(client, headers, "We decided hot food is available until 3pm every weekday.")
    assert not same["show"], same


def test_a_length_is_no_date_in_a_check(client, headers):
    _remember(client, headers, "From 1 November a 45-minute reading group will cost £7.", "2026-09-30")
    body = _checked(client, headers, "A 45-minute reading group costs £6.")
    assert body["show"], body
    assert "different date" not in body["context"], body["context"]


def test_a_count_of_records_a_compound_names(client, headers):
    for n, (day, who) in enumerate([("2026-10-02", "Mr. Owen Lacey"), ("2026-10-03", "Ms. Ada Brennan")]):
        _remember(
            client, headers, f"Reading block RB-{610 + n}: six sessions for {who}, starting Monday.", day
        )
    _remember(client, headers, "A reading session costs £8.", "2026-10-04")
    answer = client.post(
        "/v1/ask", json={"question": "How many reading blocks are there?"}, headers=headers
    ).json()
    assert answer["answer"] == "2", answer["text"]
