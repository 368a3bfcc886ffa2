"""The thirty-fifth round: the classes three fresh sets of notes showed (a driving school's, an
upholsterer's and a caterer's, bench/data/understanding-{driving,upholstery,catering}.json), on sentences
written for this test: an owner in brackets closing a list's line or after a to-do mark, a "Name:" label
the parser cut from its line; a day and month with dots and no year, a month's possessive; a request asked
as "I was wondering if you could" or "would it be possible to"; a rule set going forward, a choice kept, one
thing dropped in favour of another, a final call; a decision for another kind of the same thing; a company
named for its trade in "-ing", a course's name of common words, a street's name a company is bought from, a
word's prefix; a role one becomes; a provider dropped in favour of another; a move wished for."""

from __future__ import annotations

import pytest

from tests.test_eighth_round import _remember, _supersedes


@pytest.mark.parametrize(
    ("text", "day", "owned"),
    [
        (
            "Crew meeting – 2026-03-04\n• service the forklift (Bashir, Thu 12 Mar)\n"
            "• repaint the loading bay lines (Orla, Mon 16 Mar)",
            "2026-03-04",
            [("Bashir", "2026-03-12"), ("Orla", "2026-03-16")],
        ),
        (
            "Lab notes 14.04.2026\nTODO(Kasimir): calibrate the pipettes by 20.04.\n"
            "TODO(Wenna): book the fume hood check by 24.04.",
            "2026-04-14",
            [("Kasimir", "2026-04-20"), ("Wenna", "2026-04-24")],
        ),
        # ... and a control (the parser cuts "Name:" from its line only in some contexts; the catering
        # set's tune notes showed one): labelled lines keep their owners
        (
            "Studio catch-up (5 May 2026)\nActions:\nFenna: send the proofs to the printer — due 8 May\n"
            "Abel: order the binding thread — due 12 May",
            "2026-05-05",
            [("Abel", "2026-05-12"), ("Fenna", "2026-05-08")],
        ),
        # a day or a word in capitals in brackets is no owner (the start code took any capitalised word)
        (
            "• water the ferns (ASAP)\n• sweep the yard (Friday)",
            "2026-05-05",
            [(None, None), (None, "2026-05-08")],
        ),
    ],
)
def test_an_owner_in_brackets_or_a_labelled_line(client, headers, text: str, day: str, owned: list):
    memory = _remember(client, headers, text, day)
    items = memory["extraction"]["action_items"]
    assert sorted(((a["owner"], a["due"]) for a in items), key=str) == sorted(owned, key=str), items


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        # a day and month with dots, closed by one, no year: the nearest year's
        ("Order sheet 03.02.2026\nThe new shelving arrives by 09.02.", {"2026-02-03", "2026-02-09"}),
        # a month's possessive is what that month's is, no date; the due date stays
        ("Invoice RT-118: £1,200 for March's rent, due 5 April.", {"2026-04-05"}),
        # ... and the controls: a time, a measure
        ("Be at the yard by 9.30. The plank is 2.5 m long.", set()),
    ],
)
def test_dotted_days_and_a_months_possessive(client, headers, content: str, expected: set):
    memory = _remember(client, headers, content, "2026-01-28")
    assert {d["date"] for d in memory["extraction"]["dates"]} == expected, memory["extraction"]


@pytest.mark.parametrize(
    ("text", "owned"),
    [
        (
            "Dear Ilse,\n\nI was wondering if you could send the signed lease by 3 July?\n\nBest,\nTomas",
            ["Ilse"],
        ),
        (
            "Hello Ilse,\n\nWould it be possible to move the viewing before Friday?\n\nThanks,\nTomas",
            ["Ilse"],
        ),
        # ... no request asked
        ("Hi Ilse, I was wondering if you were free.", []),
    ],
)
def test_a_request_asked_as_wondering_or_possible(read_note, text: str, owned: list):
    assert [a.owner for a in read_note(text).actions] == owned


@pytest.mark.parametrize(
    ("text", "decided"),
    [
        ("Going forward we'll only print on recycled paper.", True),
        ("We're sticking with the Tuesday delivery slot.", True),
        ("Final call: the open day moves to Saturday.", True),
        ("We've dropped the paper rota in favour of a shared calendar.", True),
        ("No more cash tips; from now on every tip goes through the card machine.", True),
        # ... one person's liking, one person's plan
        ("I'm in favour of the blue tiles.", False),
        ("From now on I will walk to work.", False),
    ],
)
def test_a_rule_going_forward_or_a_choice_kept(read_note, text: str, decided: bool):
    assert bool(read_note(text).decisions) is decided


@pytest.mark.parametrize(
    ("stored", "claim", "show"),
    [
        (
            "We've opted for gas ovens for the new kitchen.",
            "We decided to stay with electric ovens for the new kitchen.",
            True,
        ),
        (
            "Going forward we'll only use recycled packaging.",
            "We decided to keep using plastic packaging.",
            True,
        ),
        ("We're sticking with paper menus for the terrace.", "We decided to switch to tablet menus.", True),
        # ... and the controls: a word that says no other kind, the same choice again
        (
            "We've opted for gas ovens for the new kitchen.",
            "We decided to buy new ovens for the new kitchen.",
            False,
        ),
        ("We've opted for gas ovens for the new kitchen.", "We chose gas ovens for the new kitchen.", False),
    ],
)
def test_a_decision_for_another_kind(client, headers, stored: str, claim: str, show: bool):
    _remember(client, headers, stored, "2026-04-02")
    body = client.post("/v1/check", json={"context": claim}, headers=headers).json()
    assert body["show"] is show, body


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # a company named for its trade, a verb's "-ing" form
        ("Our vans are leased from Ashby Vehicle Leasing.", [], ["Ashby Vehicle Leasing"]),
        # a course's name of common words before a noun
        ("Nadia also covers the Gold Award sessions.", ["Nadia"], []),
        # a street's name that things are bought from
        (
            "We now buy our yarn from Bramble Row instead of Kettle & Vane Yarns.",
            [],
            ["Bramble Row", "Kettle & Vane Yarns"],
        ),
        # a heading's noun before a date
        ("Workshop notes 02.03.2026\nThe glue gun is broken.", [], []),
        # ... and the controls: a word's prefix (the parser took "Re" of another such sentence for a name),
        # a surname in "-ing", a street, a company before a noun
        ("Re-upholstering a dining chair costs £120.", [], []),
        ("Thanks to Sam Harding for the help.", ["Sam Harding"], []),
        ("We moved to 14 Ferry Road last week.", [], []),
        ("Send the Kestrel Bank statements to Ana.", ["Ana"], ["Kestrel Bank"]),
    ],
)
def test_trades_courses_streets_and_prefixes(read_note, text: str, people: list, organizations: list):
    found = read_note(text)
    assert (sorted(found.people), found.organizations) == (people, organizations), found


@pytest.mark.parametrize(
    ("later", "replaces"),
    [
        ("Idris is moving to Dundee in May; Femi Adeyemi becomes our site foreman.", True),
        # ... another role
        ("Femi Adeyemi becomes our safety officer.", False),
    ],
)
def test_a_role_one_becomes(client, headers, later: str, replaces: bool):
    earlier = "Idris Kahn is our site foreman and also orders the timber."
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


@pytest.mark.parametrize(
    ("claim", "show"),
    [
        ("Brightwater Linen washes our tablecloths.", True),
        # ... the new provider: the current fact
        ("Clearspring Laundry washes our tablecloths.", False),
    ],
)
def test_a_provider_dropped_in_favour_of_another(client, headers, claim: str, show: bool):
    _remember(client, headers, "Our tablecloths are washed by Brightwater Linen.", "2026-03-01")
    _remember(
        client, headers, "We've dropped Brightwater Linen in favour of Clearspring Laundry.", "2026-03-10"
    )
    body = client.post("/v1/check", json={"context": claim}, headers=headers).json()
    assert body["show"] is show, body


@pytest.mark.parametrize(
    ("later", "replaces"),
    [
        # a move wished or asked for changes nothing yet
        ("Mrs. Ada Quist would like the piano recital moved to Saturday 20 June.", False),
        # ... and the controls: a move made, a move reported after a request to pass it on
        ("The piano recital has moved to Saturday 20 June.", True),
        ("Ada asked me to tell you that the piano recital moved to Saturday 20 June.", True),
    ],
)
def test_a_move_wished_for_is_no_change(client, headers, later: str, replaces: bool):
    linked, links = _supersedes(client, headers, "The piano recital is on Thursday 18 June.", later)
    assert linked is replaces, links


def test_a_later_price_change_leaves_a_decision_standing(client, headers):
    """A later change that only agrees with a claim, saying little of it, does not settle what an earlier
    note contradicts: a price rise of the same service leaves a decision about paying for it standing."""
    _remember(client, headers, "We decided to stop taking cheques for room hire.", "2026-02-01")
    _remember(client, headers, "A room hire went up from £40 to £45 an evening on 1 March.", "2026-02-20")
    claim = "We decided to keep taking cheques for room hire."
    body = client.post("/v1/check", json={"context": claim}, headers=headers).json()
    assert body["show"] is True, body
