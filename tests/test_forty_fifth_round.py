"""The forty-fifth round: the classes three fresh sets of notes showed (a tennis club's, a gin distillery's
and a cattery's, bench/data/understanding-{tennis,distillery,cattery}.json), on sentences written for
this test (a bakery's names): chats as IRC logs write them ("[07:14] <Tomas Eklund> …"), as Slack copies
them with the clock on a line of its own, and stamped with a bare day and clock ("14/10/2026 06:40 Ama
Boateng: …") have their speakers; minutes' lines owned in a bracket's "owner:" field or by a name between
spaced dashes have their owners; a ticked box's line closes its item."""

from __future__ import annotations

import pytest

from tests.test_eighth_round import _remember


@pytest.mark.parametrize(
    ("chat", "owner"),
    [
        (
            "[07:14] <Tomas Eklund> the proving cabinet is leaking\n"
            "[07:20] <Ama Boateng> I'll call the engineer on Friday",
            "Ama Boateng",
        ),
        (
            "Ruairi Walsh\n6:55 AM\nthe flour delivery is short by two sacks\n"
            "Priya Natarajan\n7:02 AM\nI'll ring the mill on Friday",
            "Priya Natarajan",
        ),
        (
            "14/10/2026 06:40 Ama Boateng: oven 2's thermostat reads low\n"
            "14/10/2026 06:48 Tomas Eklund: I'll book a repair on Friday",
            "Tomas Eklund",
        ),
    ],
)
def test_a_chats_speaker_owns_the_promise(read_note, chat: str, owner: str):
    found = read_note(chat)
    assert [a.owner for a in found.actions] == [owner], found.actions
    assert found.dates == ["Friday"], found.dates  # (not the clock, "06:40")


def test_what_the_speaker_of_an_irc_line_reported(client, headers):
    # (control, passes at the round's start code too: the chat's words alone put it first)
    chat = _remember(
        client,
        headers,
        "[07:14] <Tomas Eklund> the proving cabinet is leaking\n"
        "[07:20] <Ama Boateng> I'll call the engineer on Friday",
        "2026-10-12",
    )
    _remember(client, headers, "Ama Boateng has handed the bread van to Tomas Eklund.", "2026-10-13")
    answer = client.post("/v1/ask", json={"question": "What did Tomas report?"}, headers=headers).json()
    assert [s["id"] for s in answer["sources"]][:1] == [chat["id"]], answer["text"]
    assert "proving cabinet" in answer["text"], answer["text"]


@pytest.mark.parametrize(
    "minutes",
    [
        "Bakery meeting, Monday 12 October 2026\n"
        "- Deep-clean the mixer (owner: Tomas, due Fri 16th)\n"
        "- Renew the hygiene certificate (owner: Ama, due 30/10)",
        "Team huddle Mon 12 Oct 2026\nDeep-clean the mixer — Tomas — Fri 16th\n"
        "Renew the hygiene certificate — Ama — 30/10",
    ],
)
def test_a_minutes_line_has_its_owner(read_note, minutes: str):
    found = read_note(minutes)
    assert [(a.owner, a.due_text) for a in found.actions] == [("Tomas", "Fri 16th"), ("Ama", "30/10")], (
        found.actions
    )
    assert "(owner:" not in found.actions[0].text, found.actions


def test_a_lines_owner_the_model_made_a_company_is_someone(read_note):
    found = read_note(
        "Bakery meeting Mon 12 Oct 2026\nBook the boiler check — Ruairi — Fri 16th\n"
        "Reorder the cake carriers — Niamh — 28/10"
    )
    assert [a.owner for a in found.actions] == ["Ruairi", "Niamh"], found.actions
    assert found.organizations == [] and "Niamh" in found.people, (found.organizations, found.people)


def test_a_ticked_box_closes_its_item(client, headers):
    tasks = _remember(
        client,
        headers,
        "Bakery meeting, Monday 12 October 2026\n"
        "- Deep-clean the mixer (owner: Tomas, due Fri 16th)\n"
        "- Renew the hygiene certificate (owner: Ama, due 30/10)",
        "2026-10-12",
    )
    _remember(client, headers, "[x] mixer deep-cleaned — Tomas, Thursday", "2026-10-16")
    answer = client.post(
        "/v1/ask", json={"question": "Which of Tomas's tasks are done?"}, headers=headers
    ).json()
    assert [s["id"] for s in answer["sources"]] == [tasks["id"]], answer["text"]
    assert "done" in answer["text"], answer["text"]


def test_a_part_of_the_week_is_its_days(client, headers):
    saturdays = _remember(client, headers, "The bakery shop opens at 7am on Saturdays.", "2026-10-01")
    _remember(client, headers, "From 2 November the bakery shop will close at 5pm on weekdays.", "2026-10-20")
    answer = client.post(
        "/v1/ask", json={"question": "When does the bakery shop open on Saturdays?"}, headers=headers
    ).json()
    assert [s["id"] for s in answer["sources"]][:1] == [saturdays["id"]], answer["text"]
    assert "7am" in answer["text"] and "5pm" not in answer["text"], answer["text"]


def test_one_supplier_dropped_for_another(client, headers):
    first = _remember(client, headers, "Our flour is supplied by Millbrook Grain.", "2026-10-01")
    later = _remember(
        client,
        headers,
        "We've dropped Millbrook Grain for Hartley Mills, who deliver our flour on Mondays.",
        "2026-10-15",
    )
    assert "supersedes" in {link["kind"] for link in later["links"] if link["target_id"] == first["id"]}
    answer = client.post("/v1/ask", json={"question": "Who supplies our flour?"}, headers=headers).json()
    assert answer["answer"] == "Hartley Mills", answer["text"]
    checked = client.post(
        "/v1/check", json={"context": "Millbrook Grain supplies our flour."}, headers=headers
    ).json()
    assert checked["show"], checked


def test_a_price_with_what_it_was(client, headers):
    _remember(client, headers, "A sourdough loaf costs £4.", "2026-10-01")
    _remember(client, headers, "Sourdough loaves are now £4.50 each (was £4).", "2026-10-15")
    checked = client.post("/v1/check", json={"context": "A sourdough loaf costs £4."}, headers=headers).json()
    assert checked["show"], checked


def test_a_merchant_chosen_is_a_company(read_note):
    found = read_note("Millbrook Grain has been replaced by Dunmore Flour Merchants as our flour supplier.")
    assert "Dunmore Flour Merchants" in found.organizations, found.organizations
