"""The thirty-third round: the classes three fresh sets of notes showed (a coffee roastery's, a wedding
photographer's and a window cleaner's, bench/data/understanding-{roastery,photographer,windows}.json), on
sentences written for this test: a list's line that names its owner before a dash or by an @-mention; a
company named by a common noun that is no one's name ("… Accountancy"); a name that only occurs inside a
longer company's name; a date said with "next year" or "last year"; a request whose verb acts on what its
preposition names ("quote for a one-off clean by …"); a circumstance given before a changed fact ("As
the evenings get lighter, …"); and a clock time the model tags as nothing ("at 7:45am")."""

from __future__ import annotations

import pytest

from tests.test_eighth_round import _remember, _supersedes


@pytest.mark.parametrize(
    ("text", "owned"),
    [
        (
            "Bakery meeting\nActions:\n- Marta — order the new proving baskets (due 3 March)\n"
            "- Kofi — book the oven service (due 10 March)",
            [
                ("Kofi", "book the oven service (due 10 March)"),
                ("Marta", "order the new proving baskets (due 3 March)"),
            ],
        ),
        (
            "Crew briefing\n1. Ilse - check the harnesses by 12 May\n"
            "2. Tariq - renew the crane permit by 20 May",
            [("Ilse", "check the harnesses by 12 May"), ("Tariq", "renew the crane permit by 20 May")],
        ),
        # an @-mention opening the line, and a phrasal verb the tagger reads as an adverb
        (
            "Office sync\n@Ines send the floor plan by 4 June\n@Rahul back up the site photos by Friday",
            [("Ines", "send the floor plan by 4 June"), ("Rahul", "back up the site photos by Friday")],
        ),
        # ... and the controls: a heading before a dash names no owner; a chat line's exclamation is no
        # request; a label with a colon as before
        ("Planning meeting – discuss the autumn menu", []),
        ("Tomas: Cool photos! You can't beat that light.", []),
        (
            "Site visit\n- Bogdan: order the new tiles by Friday",
            [("Bogdan", "order the new tiles by Friday")],
        ),
    ],
)
def test_a_list_lines_owner_before_a_dash_or_by_a_mention(read_note, text: str, owned: list):
    found = read_note(text)
    assert sorted((a.owner, a.text) for a in found.actions) == owned, found.actions


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # a common noun that is no surname or given name ends a company's name
        ("Larkspur Accountancy sent the year-end figures.", [], ["Larkspur Accountancy"]),
        ("Corran Valley Flour supplies our bakery now.", [], ["Corran Valley Flour"]),
        # a name that only occurs inside a longer company's name is no one and no company of its own
        (
            "Kind regards,\nDaniel Osei\nQuinn & Osei Solicitors",
            ["Daniel Osei"],
            ["Quinn & Osei Solicitors"],
        ),
        # ... and the controls: a surname that is also a word; a given name and a surname no lexicon knows
        ("Amy Fish will send the report on Monday.", ["Amy Fish"], []),
        ("Eilidh MacLeod now runs the rota.", ["Eilidh MacLeod"], []),
    ],
)
def test_companies_named_by_a_trade(read_note, text: str, people: list[str], organizations: list[str]):
    found = read_note(text)
    assert (sorted(found.people), found.organizations) == (people, organizations), found


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("The trade fair is on 14 April next year.", {"14 April next year": "2027-04-14"}),
        ("We hope to open the second shop in March next year.", {"March next year": "2027-03"}),
        ("The shop first opened on 2 June last year.", {"2 June last year": "2025-06-02"}),
    ],
)
def test_a_date_said_with_next_or_last_year(client, headers, content: str, expected: dict):
    memory = _remember(client, headers, content, "2026-07-21")
    dates = {d["text"]: d["date"] for d in memory["extraction"]["dates"]}
    assert dates == expected, memory["extraction"]


@pytest.mark.parametrize(
    ("text", "owned"),
    [
        (
            "Hi Omar,\n\nCould you apply for the parking permit by 9 May?\n\nThanks,\nLena",
            [("Omar", "9 May")],
        ),
        (
            "Good morning Omar,\n\nPlease quote for a one-off deep clean by 2 October.",
            [("Omar", "2 October")],
        ),
        # ... a real question, and no date: no request
        ("Hi Omar, can you look at the dashboard?", []),
        ("Please wait for me by the door.", []),
    ],
)
def test_a_request_acting_on_what_its_preposition_names(read_note, text: str, owned: list):
    assert [(a.owner, a.due_text) for a in read_note(text).actions] == owned


@pytest.mark.parametrize(
    ("earlier", "later", "replaces"),
    [
        # a circumstance before the changed fact
        ("We close the yard at 5pm.", "Since the clocks went back, the yard closes at 4pm.", True),
        (
            "We start the school run at 7:45am.",
            "As the roadworks drag on, the school run starts at 7:30am from 2 November.",
            True,
        ),
        # ... and a control: a circumstance before another fact
        ("We close the yard at 5pm.", "Since the clocks went back, the yard lights come on earlier.", False),
    ],
)
def test_a_circumstance_before_a_change(client, headers, earlier: str, later: str, replaces: bool):
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


@pytest.mark.parametrize(
    ("claim", "show"),
    [
        ("We load the vans at 7:30am.", True),
        ("We load the vans at 8am.", True),
        # ... the same time, written apart
        ("The vans are loaded at 7:45 am.", False),
    ],
)
def test_a_clock_time_the_model_tags_as_nothing(client, headers, claim: str, show: bool):
    """ "7:45am" is a time though the model may tag it as nothing (read as "7" and "45" before)."""
    _remember(client, headers, "We load the vans at 7:45am.", "2026-05-04")
    body = client.post("/v1/check", json={"context": claim}, headers=headers).json()
    assert body["show"] is show, body
