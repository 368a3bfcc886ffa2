"""The classes three more fresh sets of notes (an engineering manager's, a small publisher's and a youth
football club's: bench/data/understanding-{platform,press,club}.json) showed, on sentences written for this
test: "he" or "she" owning an item names the one person the sentence before names; a handover of a
hyphenated thing, a role held "from then on", stepping back with another doing it "instead", and a switch
from the company that did it are changes; tools a thing runs on, titles of books, open ground and a body
named for a nation are no people or companies, while a company's role, its records and its suffixes make
one; a weekday the model tags apart from its date is that date; an irregular past closes an item; a
holding a later memory replaced is no one's open item; who holds something is read clause by clause; and
a request answers what someone asked for."""

from __future__ import annotations

import pytest

from pipelines.ingest.actions import completed_items, reports_completion
from pipelines.nlp.changes import another_holder, changed_sentences, changes_a_clause, opens_with_former
from tests.test_eighth_round import _linked, _remember


@pytest.mark.parametrize(
    ("text", "owner", "worded"),
    [
        # The one person the sentence before names.
        (
            "Had coffee with Ms. Ana Ruiz on 3 Feb. She will send the signed lease by Friday.",
            "Ana Ruiz",
            "Ana Ruiz will send the signed lease by Friday.",
        ),
        # Two people before: whom "he" means is not said.
        ("Spoke to Tom Reyes and Ian Cole. He will call the bank by Monday.", None, None),
        # A chat line's speaker is no one the line speaks of.
        ("Ines: my uncle is visiting. He will stay until Sunday.", None, None),
    ],
)
def test_he_or_she_owns_an_item_of_the_one_person_named_before(read_note, text, owner, worded):
    found = read_note(text)
    owned = [a for a in found.actions if a.owner]
    if owner is None:
        assert not owned, found.actions
    else:
        assert [(a.owner, a.text) for a in owned] == [(owner, worded)], found.actions


def test_an_item_keeps_the_name_the_parser_cut_off(read_note):
    # "Kwame" alone after "4 Dec." is read as a sentence of its own by the parser.
    found = read_note(
        "Ms. Hana Ito from the council will inspect the kitchen on 4 Dec. Kwame Boateng will print the "
        "cleaning log by 2 December."
    )
    assert "Kwame Boateng will print the cleaning log by 2 December." in [a.text for a in found.actions], (
        found
    )


def test_a_handover_of_a_hyphenated_thing_is_a_change():
    changed = "Priya Nair handed the follow-up calls over to Omar Said; Priya keeps the invoicing."
    assert changed_sentences([changed]) == [changed]
    assert changes_a_clause(changed, "Priya Nair makes the follow-up calls and does the invoicing.")


@pytest.mark.parametrize("role", ["captain", "treasurer", "secretary", "editor"])
def test_a_role_held_from_then_on_replaces_its_holder(role: str):
    earlier = f"The spring fair went well; Maya Osei was club {role}."
    later = f"Maya Osei moves to Glasgow in May; Leon Hart is club {role} from then on."
    assert another_holder(later, earlier, ["Maya Osei", "Leon Hart"], ["Maya Osei"])


def test_stepping_back_and_another_doing_it_instead(client, headers):
    before = _remember(client, headers, "Rosa Lind is illustrating the children's atlas.", "2026-03-02")
    after = _remember(
        client,
        headers,
        "Rosa Lind has to step back from the atlas because of her new job. Ken Ito will illustrate it "
        "instead.",
        "2026-03-20",
    )
    assert "supersedes" in _linked(after, before), after["links"]
    # Stepping back is no task of hers.
    assert [a["owner"] for a in after["extraction"]["action_items"]] == ["Ken Ito"], after["extraction"]
    for claim, show in [
        ("Rosa Lind is illustrating the children's atlas.", True),
        ("Ken Ito is illustrating the children's atlas.", False),
    ]:
        body = client.post("/v1/check", json={"context": claim}, headers=headers).json()
        assert body["show"] is show, (claim, body)


def test_switching_from_the_company_that_did_it(client, headers):
    before = _remember(
        client, headers, "Harbour Print prints all our leaflets, including the menus.", "2026-01-05"
    )
    after = _remember(
        client,
        headers,
        "Decided to switch printers from Harbour Print to Kestrel Press, because Harbour is closing.",
        "2026-02-01",
    )
    assert "supersedes" in _linked(after, before), after["links"]
    assert opens_with_former(
        "Decided to switch printers from Harbour Print to Kestrel Press.",
        "Harbour Print prints our leaflets.",
    )
    body = client.post(
        "/v1/ask", json={"question": "Which printer do we use for the menus?"}, headers=headers
    ).json()
    assert body["sources"][0]["id"] == after["id"], body


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # A tool a thing runs on is no company, as one used or switched to.
        ("The booking site runs on Squarespace, at £20 a month.", [], []),
        # A company's role: what printers, caterers do is done by companies.
        (
            "We switched caterers from Olive Tree to Saffron Table for the gala.",
            [],
            ["Olive Tree", "Saffron Table"],
        ),
        # A record from a name that is no given name: a company's.
        ("Order BX-4410 from Tentwork: 12 gazebos, £840.", [], ["Tentwork"]),
        # Open ground after "at" is no one's name.
        ("Sports day is at Victoria Park; Helen Ward runs the races.", ["Helen Ward"], []),
        # A book's title is no company.
        ("The proofs for The Quiet Orchard arrive on Monday.", [], []),
        ("We printed 500 copies of Silver Lanes last year.", [], []),
        # A body named for a nation.
        ("The grant from Sport England pays for the new nets.", [], ["Sport England"]),
        # A press and a print shop are companies.
        ("Kestrel Press sent a quote.", [], ["Kestrel Press"]),
    ],
)
def test_tools_titles_ground_and_companies(read_note, text: str, people: list[str], organizations: list[str]):
    found = read_note(text)
    assert sorted(found.people) == sorted(people), found
    assert sorted(found.organizations) == sorted(organizations), found


def test_a_weekday_tagged_apart_from_its_date_is_that_date(read_note):
    found = read_note("Design review, Thursday 10 September 2026. Ravi: send the mock-ups by Tuesday.")
    assert "Thursday" not in found.dates and "Thursday 10 September 2026" in found.dates, found.dates


def test_an_irregular_past_closes_an_item():
    assert reports_completion("Bea wrote the release notes.")
    assert not reports_completion("Caroline: I wrote a poem about the sea.")  # no one's deed said
    item = {"id": "x", "text": "Bea: write the release notes by Friday.", "owner": "Bea Lund"}
    assert completed_items("Bea wrote the release notes.", [item]) == ["x"]


def test_a_replaced_holding_is_no_ones_open_item(client, headers):
    _remember(client, headers, "Nadia Rahman owns the supplier audits and the fire drills.", "2026-04-01")
    _remember(client, headers, "Nadia Rahman will book the fire drill by 30 April.", "2026-04-02")
    _remember(client, headers, "Nadia Rahman handed the supplier audits over to Joe Okoro.", "2026-04-10")
    body = client.post(
        "/v1/ask", json={"question": "What are Nadia Rahman's open action items?"}, headers=headers
    ).json()
    assert "fire drill" in body["text"] and "owns" not in body["text"], body["text"]


def test_who_holds_it_clause_by_clause(client, headers):
    _remember(
        client,
        headers,
        "Owen Price runs the Saturday market stall; Ama Boateng leads the youth choir.",
        "2026-02-01",
    )
    _remember(
        client,
        headers,
        "Owen Price is stepping down from the market stall at Easter. Lisa Moss takes over from 1 April.",
        "2026-03-01",
    )
    body = client.post("/v1/ask", json={"question": "Who runs the market stall?"}, headers=headers).json()
    assert body["answer"] == "Lisa Moss", body
    assert "Ama Boateng" not in body["text"], body["text"]


def test_who_coaches_an_age_group(client, headers):
    _remember(client, headers, "The under-9s train on Fridays; Sam Reid coaches them.", "2026-02-01")
    body = client.post("/v1/ask", json={"question": "Who coaches the under-9s?"}, headers=headers).json()
    assert body["answer"] == "Sam Reid", body


def test_what_someone_asked_for(client, headers):
    asked = _remember(
        client,
        headers,
        "Release 2.1 adds the export button; Farah Aziz asked for a changelog before it ships.",
        "2026-05-01",
    )
    _remember(client, headers, "Farah Aziz is moving to the Leeds office in June.", "2026-05-20")
    body = client.post("/v1/ask", json={"question": "What did Farah Aziz ask for?"}, headers=headers).json()
    assert body["sources"][0]["id"] == asked["id"], body
