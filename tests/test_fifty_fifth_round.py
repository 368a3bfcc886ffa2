"""The fifty-fifth round: the classes two fresh sets of notes showed (a veg box co-op's and a chimney
sweep's, bench/data/understanding-{vegbox,sweep}.json), on sentences written for this test (a pottery's,
a bakery's, a scaffolder's, a garden centre's, a café's, a shop's and a pub quiz's): a day counted from
the day named before it ("the day after", "the next day", "two weeks later") is that day; a German noun
after its article is no company, though a company's word ("die Garage"); "Who waters the plants now?"
asks who holds it now and before, whatever its verb; "we get X from Y" says who supplies it; a duty "has
gone to" someone replaces who held it; and minutes' "Outcomes" list what was decided."""

from __future__ import annotations

import pytest

from tests.test_eighth_round import _remember, _supersedes
from tests.test_forty_eighth_round import _ask


@pytest.mark.parametrize(
    ("content", "day", "phrase", "expected"),
    [
        (
            "The kiln was fired on 4 May. The next day the glaze cracked.",
            "2026-05-10",
            "the next day",
            "2026-05-05",
        ),
        (
            "Can you fix the oven by Friday? The inspectors come the day after.",
            "2026-03-02",
            "the day after",
            "2026-03-07",
        ),
        (
            "The scaffolding goes up on Tuesday 10 March and comes down two weeks later.",
            "2026-03-02",
            "two weeks later",
            "2026-03-24",
        ),
        ("See you the next day.", "2026-03-02", "the next day", None),  # (no day named before it)
    ],
)
def test_a_day_counted_from_the_day_named_before(client, headers, content, day, phrase, expected):
    memory = _remember(client, headers, content, day)
    found = {d["text"].lower(): d["date"] for d in memory["extraction"]["dates"]}
    assert found.get(phrase) == expected, memory["extraction"]["dates"]


@pytest.mark.parametrize(
    ("content", "organization", "kept"),
    [
        (
            "Notiz von Jana: Die Brötchen werden am Montag, 9. März, geliefert. Bitte die Garage aufräumen.",
            "Garage",
            False,
        ),
        ("Smith's Garage will service the van on Friday.", "Smith's Garage", True),  # (the control)
    ],
)
def test_a_german_noun_after_its_article_is_no_company(client, headers, content, organization, kept):
    memory = _remember(client, headers, content, "2026-03-02")
    assert (organization in memory["extraction"]["organizations"]) is kept, memory["extraction"]


_WATERING = (
    ("Ingrid Dahl waters the greenhouse plants.", "2026-03-02"),
    (
        "Ingrid Dahl has moved to the café, so the greenhouse plants are now watered by Tomasz Bak.",
        "2026-03-20",
    ),
)
_BEANS = (
    ("We get our coffee beans from Hilltop Roasters.", "2026-03-02"),
    ("Our coffee beans come from Bramble Coffee Co now; Hilltop Roasters closed in March.", "2026-03-20"),
)


@pytest.mark.parametrize(
    ("notes", "question", "said"),
    [
        (_WATERING, "Who waters the greenhouse plants now?", "Tomasz Bak"),  # now, and who did before
        (_BEANS, "What happened with our coffee bean supplier?", "Hilltop Roasters"),  # "we get … from"
    ],
)
def test_an_overview_cites_what_held_before(client, headers, notes, question, said):
    memories = [_remember(client, headers, content, day) for content, day in notes]
    answer = _ask(client, headers, question)
    cited = {source["id"] for source in answer["sources"]}
    assert {m["id"] for m in memories} <= cited, answer["text"]
    assert said in answer["text"], answer["text"]


def test_minutes_outcomes_are_decisions(client, headers):
    content = (
        "Staff meeting – Tuesday 3 March 2026\n\nOutcomes\n* We will close the shop on Easter Monday.\n\n"
        "To do\n* Bea: order the Easter stock (by 20 March)"
    )
    memory = _remember(client, headers, content, "2026-03-03")
    assert memory["extraction"]["decisions"] == ["We will close the shop on Easter Monday."], memory[
        "extraction"
    ]


def test_a_duty_gone_to_someone_replaces_who_held_it(client, headers):
    replaced, links = _supersedes(
        client,
        headers,
        "Mia Laine runs the Sunday quiz.",
        "The Sunday quiz has gone to Omar Haddad since Mia started nights.",
    )
    assert replaced, links
