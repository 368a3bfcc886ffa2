"""The thirty-sixth round: the classes three fresh sets of notes showed (a boatyard's, a print shop's and
an ice rink's, bench/data/understanding-{boatyard,printshop,icerink}.json), on sentences written for this
test: a chat line's time stamp before or after its speaker; a row of named fields ("Owner: … | Task: … |
Due: …"); a date written year first with slashes, a day of the month alone after "by"; a request asked as
"could I ask you to" or "it would be great if you could"; a choice said as "we've landed on", "we're
committing to", "the plan is now to"; a decision for another kind said so; a role handed on while its
holder takes another; a count of numbered records asked with a word of their kind; an item said "sorted"
or done with its due date beside it."""

from __future__ import annotations

import pytest

from pipelines.nlp.names import speaker, spoken_text
from pipelines.nlp.summary import list_form
from tests.test_eighth_round import _remember, _supersedes
from tests.test_fifth_round import _checked


@pytest.mark.parametrize(
    ("line", "name", "said"),
    [
        ("[08:14] Wiebke: the kiln door sticks", "Wiebke", "the kiln door sticks"),
        ("Tomasz Berg (9.05 pm): I'll ring the glazier", "Tomasz Berg", "I'll ring the glazier"),
        # ... a heading with a time reads as one without ("Briefing: …", which extraction tells from a
        # name), and a field's label stays no one's
        ("Briefing (10:00): three items", "Briefing", "three items"),
        ("Subject (draft): the rota", None, "Subject (draft): the rota"),
    ],
)
def test_a_chat_lines_time_stamp(line: str, name: str | None, said: str):
    assert (speaker(line), spoken_text(line)) == (name, said)


def test_a_threads_time_stamps_leave_its_speakers_and_their_promises(read_note):
    found = read_note(
        "Ilse (07:41): the walk-in fridge is beeping again\nRuairi (07:44): I'll get the engineer in on "
        "Thursday\nIlse (07:45): thanks"
    )
    assert sorted(found.people) == ["Ilse", "Ruairi"], found
    assert [(a.owner, a.due_text) for a in found.actions] == [("Ruairi", "Thursday")], found.actions


@pytest.mark.parametrize(
    "text",
    [
        "Owner: Ilse | Task: descale the coffee machine | Due: 3 March",
        "| Who: Ilse | What: descale the coffee machine | By: 3 March |",
        "- Owner: Ilse | Task: descale the coffee machine | Deadline: 3 March",
    ],
)
def test_a_row_of_named_fields_is_a_labelled_line(read_note, text: str):
    assert len(list_form(text)) == len(text)
    found = read_note(text)
    assert [(a.owner, a.due_text) for a in found.actions] == [("Ilse", "3 March")], found.actions


def test_a_row_of_fields_the_task_first_is_left_as_written():
    text = "Task: descale the coffee machine | Owner: Ilse"
    assert "—" not in list_form(text)


@pytest.mark.parametrize(
    ("content", "day", "expected"),
    [
        # the year first with slashes: the note's own date, and the date its items are held to
        (
            "Kitchen meeting 2026/03/02\n- Ilse — descale the coffee machine, by 9 March",
            None,
            {"2026-03-02", "2026-03-09"},
        ),
        # a day of the month alone after "by", in the month of the note's date or the next
        (
            "Stock check, Monday 23 February 2026\n1) Ruairi — count the wine cellar, by the 27th\n"
            "2) Ilse — order the napkins, by the 3rd",
            None,
            {"2026-02-23", "2026-02-27", "2026-03-03"},
        ),
        # ... and the controls: a floor, an attempt, a version number
        (
            "Our office is on the 3rd floor; it worked on the 2nd attempt. Release 2026.1.4 is out.",
            "2026-02-02",
            set(),
        ),
    ],
)
def test_a_year_first_date_and_a_day_of_the_month(client, headers, content: str, day, expected: set):
    body = {"content": content} if day is None else {"content": content, "timestamp": f"{day}T09:00:00Z"}
    memory = client.post("/v1/remember", json=body, headers=headers).json()
    assert {d["date"] for d in memory["extraction"]["dates"]} == expected, memory["extraction"]


@pytest.mark.parametrize(
    ("text", "owned"),
    [
        (
            "Dear Ruairi,\n\nCould I ask you to send me the function menu by 12 March?\n\nBest,\nMaeve",
            ["Ruairi"],
        ),
        (
            "Hi Ruairi,\n\nIt would be really helpful if you could confirm the numbers by Friday.\n\nMaeve",
            ["Ruairi"],
        ),
        # ... no request: a wish with no one asked, a question about a past
        ("It would be great if the sun came out.", []),
        ("Hi Ruairi, could I ask you something about last week?", []),
    ],
)
def test_a_request_asked_as_may_i_ask_or_it_would_be_great(read_note, text: str, owned: list):
    assert [a.owner for a in read_note(text).actions] == owned


@pytest.mark.parametrize(
    ("text", "decided"),
    [
        ("We've landed on a four-day week for the kitchen team.", True),
        ("We're committing to weekly fire drills from March.", True),
        ("The plan is now to open on Mondays as well.", True),
        ("We went with the slate tiles for the terrace.", True),
        # ... a plan said only as a plan, one person's landing
        ("The plan is to finish the terrace by Friday.", False),
        ("Ilse landed on her feet after the fall.", False),
    ],
)
def test_a_choice_said_as_an_idiom(read_note, text: str, decided: bool):
    assert bool(read_note(text).decisions) is decided


@pytest.mark.parametrize(
    ("claim", "show"),
    [
        ("We decided to keep serving bottled water.", True),
        # ... the same choice
        ("We decided to serve filtered water.", False),
    ],
)
def test_a_choice_idiom_against_a_decision_for_another_kind(client, headers, claim: str, show: bool):
    _remember(client, headers, "We've landed on filtered water for every table.", "2026-03-02")
    body = _checked(client, headers, claim)
    assert body["show"] is show, body


@pytest.mark.parametrize(
    ("later", "replaces"),
    [
        (
            "Ilse has been promoted to group manager; Ruairi Byrne takes over as kitchen manager in April.",
            True,
        ),
        ("Ilse is off to Galway in April; from then Ruairi Byrne is our kitchen manager.", True),
        # ... a role of another field
        ("Ruairi Byrne is our events manager.", False),
    ],
)
def test_a_role_handed_on_while_its_holder_takes_another(client, headers, later: str, replaces: bool):
    earlier = "Ilse Maas is our kitchen manager and also does the ordering."
    linked, links = _supersedes(client, headers, earlier, later)
    assert linked is replaces, links


def test_a_count_asked_with_a_word_of_its_kind(client, headers):
    """ "How many catering jobs …?" counts the numbered jobs, though none says "catering"."""
    for job in (
        "Job CJ-881: canapés for 40 for Mrs. Ama Boateng on Friday 6 March.",
        "Job CJ-882: a buffet for 25 for Mr. Pieter Smit on Saturday 7 March.",
        "We cater for weddings and funerals across the county.",
    ):
        _remember(client, headers, job, "2026-03-02")
    question = {"question": "How many catering jobs are there?"}
    body = client.post("/v1/ask", json=question, headers=headers).json()
    assert body["answer"] == "2", body["text"]
    assert len(body["sources"]) == 2, body["sources"]


@pytest.mark.parametrize(
    ("done", "closed"),
    [
        ("Ruairi sorted the new aprons on Tuesday.", True),
        ("Ilse's done the allergen sheets.", True),
        # ... the other item's words
        ("Ilse's done the rota.", False),
    ],
)
def test_an_item_sorted_or_done_beside_its_due_date(client, headers, done: str, closed: bool):
    _remember(
        client,
        headers,
        "Kitchen meeting — 2 Mar 2026\nAction: Ruairi to order new aprons (due 9 Mar)\n"
        "Action: Ilse to reprint the allergen sheets (due 6 Mar)",
        "2026-03-02",
    )
    _remember(client, headers, done, "2026-03-05")
    name = done.split()[0].removesuffix("'s")
    question = {"question": f"Which of {name}'s tasks are done?"}
    body = client.post("/v1/ask", json=question, headers=headers).json()
    assert body["text"].startswith(f"{name} has one done action item") is closed, body["text"]
