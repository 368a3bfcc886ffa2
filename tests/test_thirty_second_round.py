"""The thirty-second round: the classes three fresh sets of notes showed (a tattoo studio's, a tree
surgeon's and a translation bureau's, bench/data/understanding-{tattoo,arborist,translators}.json), on
sentences written for this test: a company named before its invoice's number after a verb, or sending a
numbered record, or what something is licensed or hired from; a platform's name held by its writers
("our Instagram"); a deed finished on a past day ("finished updating … on Monday"); a request to come and
do something; a meeting line's "Name:" label, not part of the task; an invoice, which no change of
supplier replaces; a thing replaced, which makes no one its holder; a cause given for a change ("…
because of the new noise rules"); a company cancelled for another; and someone's finished items and
"jobs". (A control: "Who is X?" answers first with what says who they are.)"""

from __future__ import annotations

import pytest

from tests.test_eighth_round import _remember, _supersedes


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # a company's name before its invoice's number, after a verb, though it is also a given name
        ("Paid Morgan invoice MG-2231 today.", [], ["Morgan"]),
        # a word that is no given name sending a numbered record
        ("Marlix sent invoice MX-310 for £60.", [], ["Marlix"]),
        # what is licensed from a company
        ("Our practice management software is licensed from Talora.", [], ["Talora"]),
        # a platform's name held by its writers: an account of theirs, no company
        ("Mina also looks after our TikTok.", ["Mina"], []),
        # ... and the controls: a given name sending something, a company's name before a noun
        ("Mina sent the invoices on Friday.", ["Mina"], []),
        ("Harper will send invoice 42 to the school.", ["Harper"], []),
        ("Invoice RT-2207 from Talora has been paid.", [], ["Talora"]),
    ],
)
def test_names(read_note, text: str, people: list[str], organizations: list[str]):
    found = read_note(text)
    assert (sorted(found.people), found.organizations) == (people, organizations), found


@pytest.mark.parametrize(
    ("text", "past"),
    [
        ("Tomasz finished painting the hallway on Thursday.", ["Thursday"]),
        ("Bea started rewiring the studio on Monday.", ["Monday"]),
        # ... not a deed still to finish, nor one decided on
        ("Tomasz will finish painting the hallway on Thursday.", []),
        ("We decided to start painting on Monday.", []),
    ],
)
def test_a_deed_finished_on_a_past_day(read_note, text: str, past: list[str]):
    assert read_note(text).past_dates == past


def test_a_request_to_come_and_do_something(read_note):
    found = read_note(
        "Hi Dmitri,\n\nThe gate hinge has snapped again. Can you come and fix it before 12 June?\n\n"
        "Thanks,\nRosa"
    )
    assert [(a.owner, a.due_text) for a in found.actions] == [("Dmitri", "12 June")], found.actions


def test_a_meeting_lines_label_is_not_the_task(read_note):
    found = read_note("Site meeting 3 March\n- Bogdan: order the new tiles by Friday\n- Ines: book the skip")
    assert sorted((a.owner, a.text) for a in found.actions) == [
        ("Bogdan", "order the new tiles by Friday"),
        ("Ines", "book the skip"),
    ], found.actions


@pytest.mark.parametrize(
    ("earlier", "later", "replaces"),
    [
        # an invoice is what was charged: a change of supplier replaces no invoice of the one before
        (
            "Invoice FH-3021 from Fernhill Plant Hire: £260 for the digger, due 30 June.",
            "The digger now comes from Oakline Hire instead of Fernhill Plant Hire.",
            False,
        ),
        # ... it replaces what the one before provided
        (
            "We hire our mini digger from Fernhill Plant Hire.",
            "The digger now comes from Oakline Hire instead of Fernhill Plant Hire.",
            True,
        ),
        # a cause given for the change on one side only
        (
            "The gym opens at 6am.",
            "The gym opens at 7am from 1 June because of the new staffing rules.",
            True,
        ),
        (
            "Our drivers finish at 5pm.",
            "Drivers finish at 6pm from 1 June owing to the longer delivery routes.",
            True,
        ),
        # a thing replaced is a deed, no one taking over what another looks after
        ("Tariq looks after the climbing ropes.", "Ewa replaced the climbing ropes on Tuesday.", False),
        # a company cancelled for another
        (
            "Our accounts software is licensed from Ledgerly.",
            "We cancelled Ledgerly and switched our accounts to Brightbooks.",
            True,
        ),
    ],
)
def test_what_a_change_replaces(client, headers, earlier: str, later: str, replaces: bool):
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


def test_an_invoice_asked_for_after_a_change_of_supplier(client, headers):
    _remember(client, headers, "We hire our mini digger from Fernhill Plant Hire.", "2026-05-20")
    invoice = _remember(
        client,
        headers,
        "Invoice FH-3021 from Fernhill Plant Hire: £260 for the digger, due 30 June.",
        "2026-06-01",
    )
    _remember(
        client,
        headers,
        "The digger now comes from Oakline Hire instead of Fernhill Plant Hire.",
        "2026-06-10",
    )
    _remember(client, headers, "Settled Fernhill invoice FH-3021 by card.", "2026-06-20")
    body = client.post("/v1/ask", json={"question": "How much is invoice FH-3021?"}, headers=headers).json()
    assert body["answer"] == "£260" and body["sources"][0]["id"] == invoice["id"], body


@pytest.mark.parametrize("question", ["What has Bogdan finished?", "Which of Bogdan's jobs are done?"])
def test_someones_finished_items(client, headers, question: str):
    meeting = _remember(
        client,
        headers,
        "Site meeting\n- Bogdan to order the new tiles by 10 March\n- Ines to book the skip",
        "2026-03-03",
    )
    _remember(client, headers, "Bogdan ordered the new tiles on Friday.", "2026-03-09")
    body = client.post("/v1/ask", json={"question": question}, headers=headers).json()
    assert [s["id"] for s in body["sources"]] == [meeting["id"]], body
    assert "tiles" in body["text"] and "skip" not in body["text"], body


def test_who_is_answered_first_by_what_says_who_they_are(client, headers):
    _remember(client, headers, "Ilaria sent the new rota to the printers yesterday.", "2026-04-20")
    role = _remember(
        client, headers, "Marco has moved to Turin, and Ilaria Conti is now our head chef.", "2026-04-21"
    )
    _remember(client, headers, "Ilaria also does the wine orders.", "2026-04-22")
    body = client.post("/v1/ask", json={"question": "Who is Ilaria Conti?"}, headers=headers).json()
    # what she is first, then the rest (a deed of one day)
    assert body["sources"][0]["id"] == role["id"] and body["text"].startswith("Marco has moved"), body
