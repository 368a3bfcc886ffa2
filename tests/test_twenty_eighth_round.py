"""The twenty-eighth round: the classes three fresh sets of notes showed (an independent cinema's, a scout
group's and a pottery studio's, bench/data/understanding-{cinema,scouts,pottery}.json), on sentences
written for this test: a counted noun after a word of kind that ends in "s"; a weekday and its day's
number the model reads apart from the month; a given name shaped like a nationality; a name holding a
role only people hold; a body's name going on after "of"; a role handed to someone else; a provider
replaced, named by the change, whatever word each note uses for what it provides. Then the classes of the
three sets written this session (a launderette's, a beekeepers' association's and a tailor's): a subject
the parser joins to its verb as a noun compound; a company switched to for what we buy of it; a word the
account knows as someone's whole name; a retirement handing a role on."""

from __future__ import annotations

import pytest

from tests.test_eighth_round import _remember, _supersedes


def test_a_count_after_a_word_of_kind_ending_in_s(client, headers):
    for day, text in [
        (
            "2026-05-01",
            "Glass booking GB-31: a fusing evening for the Harlow book club, Friday 12 June, £180.",
        ),
        ("2026-05-02", "Glass booking GB-32: a window panel course for Mr. Idris Khan, Saturday 20 June."),
        ("2026-05-03", "The glass kiln needs a new element before June."),
    ]:
        _remember(client, headers, text, day)
    body = client.post(
        "/v1/ask", json={"question": "How many glass bookings do we have?"}, headers=headers
    ).json()
    assert body["answer"] == "2", body


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        # (the model's span "Saturday 21", the month after it)
        (
            "Van hire VH-31: the long van for Mrs. Ada Obi's move, Saturday 21 February, £90.",
            ["Saturday 21 February"],
        ),
        ("Hall hire HH-7: the main hall for a ceilidh, Friday 13 February, £150.", ["Friday 13 February"]),
    ],
)
def test_a_weekday_and_its_days_number_before_the_month(read_note, text: str, dates: list[str]):
    assert read_note(text).dates == dates


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # a given name shaped like a nationality, the subject of what it does
        ("Hamish is retiring at the end of June.", ["Hamish"], []),
        ("The Danish supplier sent the sails.", [], []),
        # names no lexicon knows, holding a role only people hold (not a company's role)
        ("Themba Zulu becomes site technician from June.", ["Themba Zulu"], []),
        ("Zentra Kloss is our supplier.", [], ["Zentra Kloss"]),
        # a body's name goes on after "of", under an e-mail's signature too
        (
            "Hello Ana,\n\nCould you send the rota by Friday?\n\n"
            "Kind regards,\nPriya Shah\nWestbrook College of Music",
            ["Ana", "Priya Shah"],
            ["Westbrook College of Music"],
        ),
    ],
)
def test_people_and_bodies(read_note, text: str, people: list[str], organizations: list[str]):
    found = read_note(text)
    assert (sorted(found.people), found.organizations) == (people, organizations), found


@pytest.mark.parametrize(
    ("earlier", "later", "replaces"),
    [
        # a role said as a noun both times: who holds it changes
        (
            "Nia Evans is our archivist and keeps the minute books.",
            "Nia is moving to Leeds in May; Kofi Mensah takes over as archivist from 1 June.",
            True,
        ),
        # another role is another fact
        (
            "Gwen Parry is our treasurer and keeps the accounts.",
            "Kofi Mensah takes over as groundsman from 1 June.",
            False,
        ),
    ],
)
def test_a_role_handed_on(client, headers, earlier: str, later: str, replaces: bool):
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


@pytest.mark.parametrize(
    ("later", "replaces"),
    [
        # the change names the provider it replaces, and another word for what it provides
        ("Groceries now come from Fenwick Foods; Harbour Wholesale put its prices up again.", True),
        # a provider still doing something is not replaced
        ("Bread now comes from Fenwick Foods; Harbour Wholesale still sends the milk.", False),
        # nor one the change does not name, for another thing
        ("Bread now comes from Fenwick Foods.", False),
    ],
)
def test_a_provider_replaced_by_name(client, headers, later: str, replaces: bool):
    linked, links = _supersedes(client, headers, "Our milk and eggs come from Harbour Wholesale.", later)
    assert linked is replaces, links


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # a name the parser joins to its verb as a noun compound ("Leon" of "Leon retires")
        ("Leon retires at the end of June.", ["Leon"], []),
        ("Hamish retires in May.", ["Hamish"], []),
        # a company switched to for what we buy of it, not a tool chosen
        ("We switched our flour order to Millstone Direct.", [], ["Millstone Direct"]),
        ("We switched the build to Buildkite.", [], []),
    ],
)
def test_a_subject_read_as_a_compound_and_a_supplier_switched_to(
    read_note, text: str, people: list[str], organizations: list[str]
):
    found = read_note(text)
    assert (sorted(found.people), found.organizations) == (people, organizations), found


@pytest.mark.parametrize(
    ("first", "later", "name"),
    [
        # a lone word the parser reads as no name ...
        (
            "Rota meeting, Monday 7 September 2026. Gosia will print the new rota by 11 September.",
            "Gosia printed the new rota.",
            "Gosia",
        ),
        # ... or as a company's, known from a chat line as a person's whole name
        ("Basia: I'll print the menu cards by Friday", "Basia printed the menu cards.", "Basia"),
    ],
)
def test_a_word_the_account_knows_as_someones_whole_name(client, headers, first: str, later: str, name: str):
    _remember(client, headers, first, "2026-09-07")
    done = _remember(client, headers, later, "2026-09-10")
    assert name in done["extraction"]["people"], done["extraction"]
    assert name not in done["extraction"]["organizations"], done["extraction"]


def test_a_retirement_hands_the_role_on(client, headers):
    linked, links = _supersedes(
        client,
        headers,
        "Moira Quinn is our head baker and orders the flour.",
        "Moira retires at the end of June, and Tomasz Bielecki will be our head baker from July.",
    )
    assert linked, links
