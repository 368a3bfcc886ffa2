"""The thirtieth round: the classes three fresh sets of notes showed (a dog groomer's, a surf school's and a
cider maker's, bench/data/understanding-{grooming,surfschool,cidery}.json), on sentences written for this
test: a given name no lexicon knows that does something; a pet named beside its breed; a weekday of a
regular slot or of a late opening; a month after "the end of" handing no one a task; an age group as a
subject; a place named for its saint; a task done in the perfect; a grower named in the active replaced
by another; an agent's role held by another."""

from __future__ import annotations

import pytest

from tests.test_eighth_round import _remember, _supersedes


@pytest.mark.parametrize(
    ("text", "people", "organizations", "dates"),
    [
        # a given name the lexicons lack, opening the sentence and doing something
        ("Xiu restocked the shampoo shelf this afternoon.", ["Xiu"], [], ["this afternoon"]),
        # a pet named beside its breed, a cross named for a poodle
        (
            "Booking BK-77: bath and tidy for Pickle, a cavapoo owned by Mr. Idris Falana, Friday 8 May.",
            ["Idris Falana"],
            [],
            ["Friday 8 May"],
        ),
        # a weekday of a regular slot, or of a late opening after the words that say from when
        (
            "Could you give me a regular Wednesday slot for the pups? Please reply by 20 May.",
            [],
            [],
            ["20 May"],
        ),
        ("From 2 March, Friday late opening runs until 9pm.", [], [], ["2 March", "9pm"]),
        # ... and a weekday alone, a slot that may be one day's, is still a date
        ("We have a Tuesday slot free for the audit.", [], [], ["Tuesday"]),
        # a month after "the end of" is nobody, and hands no one a task
        (
            "Dario retires at the end of June to travel; Lena Brandt is our head brewer from July.",
            ["Dario", "Lena Brandt"],
            [],
            ["the end of June", "July"],
        ),
        # a place named for its saint, read whole
        ("St Brigid's Primary would like a beach clean in May.", [], ["St Brigid's Primary"], ["May"]),
    ],
)
def test_names_and_dates(read_note, text: str, people: list[str], organizations: list[str], dates: list[str]):
    found = read_note(text)
    assert (sorted(found.people), found.organizations, found.dates) == (people, organizations, dates), found
    if "the end of" in text:
        assert found.actions == [], found


def test_an_age_group_is_no_one(read_note):
    found = read_note("Over-60s must book the early swim.")
    assert found.people == [] and [a.owner for a in found.actions] == [None], found


def test_a_task_handed_out_in_the_minutes_shape_stays(read_note):
    found = read_note("Actions: Tom to book the van by Friday.")
    assert [(a.owner, a.due_text) for a in found.actions] == [("Tom", "Friday")], found


@pytest.mark.parametrize(
    ("report", "done"),
    [
        ("Ines has descaled the kettles.", True),
        ("Ines has now descaled both kettles.", True),
        ("Ines has not descaled the kettles yet.", False),
    ],
)
def test_a_task_reported_done_in_the_perfect(client, headers, report: str, done: bool):
    item = _remember(client, headers, "Kitchen jobs:\n* Ines will descale the kettles by 4 May", "2026-04-27")
    _remember(client, headers, report, "2026-05-01")
    asked = "Which of Ines's tasks are done?"
    body = client.post("/v1/ask", json={"question": asked}, headers=headers).json()
    assert (item["id"] in {s["id"] for s in body["sources"]}) is done, body


@pytest.mark.parametrize(
    ("earlier", "later", "replaces"),
    [
        # a grower said in the active, another named now
        (
            "Oakfield Farm grows our pumpkins.",
            "After Oakfield Farm retired, we buy our pumpkins from Redhill Growers.",
            True,
        ),
        # an agent's role of ours held by another from a date
        (
            "Our head brewer is Dario Conti, who also runs the tastings.",
            "Dario retires at the end of June; Lena Brandt is our head brewer from July.",
            True,
        ),
        # ... not another role
        (
            "Our head brewer is Dario Conti, who also runs the tastings.",
            "Lena Brandt is our new bookkeeper.",
            False,
        ),
    ],
)
def test_a_grower_and_a_role_held_by_another(client, headers, earlier: str, later: str, replaces: bool):
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


def test_who_holds_a_role_of_ours_now(client, headers):
    _remember(client, headers, "Our head brewer is Dario Conti, who also runs the tastings.", "2026-03-01")
    _remember(
        client,
        headers,
        "Dario retires at the end of June; Lena Brandt is our head brewer from July.",
        "2026-04-01",
    )
    body = client.post("/v1/ask", json={"question": "Who is our head brewer?"}, headers=headers).json()
    assert body["answer"] == "Lena Brandt", body


def test_a_check_against_a_grower_replaced(client, headers):
    _remember(client, headers, "Oakfield Farm grows our pumpkins.", "2026-02-02")
    _remember(
        client,
        headers,
        "After Oakfield Farm retired, we buy our pumpkins from Redhill Growers.",
        "2026-03-02",
    )
    shown = {
        claim: client.post("/v1/check", json={"context": claim}, headers=headers).json()["show"]
        for claim in ("Oakfield Farm grows our pumpkins.", "Redhill Growers supplies our pumpkins.")
    }
    assert shown == {
        "Oakfield Farm grows our pumpkins.": True,
        "Redhill Growers supplies our pumpkins.": False,
    }


def test_a_known_companys_short_form_that_acts_stays_the_company(client, headers):
    _remember(client, headers, "The Saltera Shipping contract is worth EUR 84,000.", "2026-03-01")
    later = _remember(client, headers, "Saltera signed the amendment yesterday.", "2026-03-05")
    extraction = later["extraction"]
    assert (extraction["people"], extraction["organizations"]) == ([], ["Saltera Shipping"]), extraction


@pytest.mark.parametrize(
    ("claim", "shown"),
    [
        # a claim sharing only a company's name, or only the former holder's, with a later change
        ("Kickoff with Halvard Shipping in Bergen.", False),
        ("Olu Bakare fixed it.", False),
        # ... and the claims the changes made outdated
        ("The Halvard Shipping deal is worth EUR 84,000 a year.", True),
        ("Olu Bakare runs the payroll exports.", True),
    ],
)
def test_a_change_outdates_what_it_changed_not_what_shares_a_name(client, headers, claim: str, shown: bool):
    _remember(client, headers, "The Halvard Shipping deal is worth EUR 84,000 a year.", "2026-03-01")
    _remember(client, headers, "Olu Bakare runs the payroll exports.", "2026-03-02")
    _remember(
        client,
        headers,
        "Halvard Shipping signed new terms: the deal now comes to EUR 91,000 a year.",
        "2026-04-01",
    )
    _remember(
        client,
        headers,
        "Olu Bakare no longer runs the payroll exports; Ana Duarte runs them now.",
        "2026-04-02",
    )
    body = client.post("/v1/check", json={"context": claim}, headers=headers).json()
    assert body["show"] is shown, body
