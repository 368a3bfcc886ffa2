"""The thirty-ninth round: the classes three fresh sets of notes showed (an aquatics shop's, an indoor
skatepark's and a shoe repair shop's, bench/data/understanding-{aquatics,skatepark,cobbler}.json), on
sentences written for this test (a tile shop's names): a chat copied with a header line of the speaker, a
spaced dash and the clock ("Omar Haddad — 09:12", "— Today at 4:40 PM"); a two-word name shaped as an
East Asian one beside another speaker; a name of either sex labelling a list's line beside a given name;
a verb the tagger joins to a thing named by its number ("reseal bay 3"), and an adjective and a word in
"-ing" after a verb ("order new flashing"); a decision's participle opening the sentence ("Agreed at
Tuesday's meeting"); a company after a title and a comma under a signature; a trade's name ending in an
abstract noun; "has taken charge of"; a time inside a span a rule denies."""

from __future__ import annotations

import pytest

from pipelines.nlp.names import as_said, chat_headers, speaker, spoken_text
from pipelines.nlp.summary import list_form, split_sentences
from tests.test_eighth_round import _remember, _supersedes
from tests.test_fifth_round import _checked

_DASHED = (
    "Omar Haddad — 09:12\nthe tile saw blade is chipping\nBeatriz Lopes — 09:15\n"
    "I'll fit a new blade this afternoon"
)
_DISCORD = (
    "Omar Haddad — Today at 4:40 PM\nthe grout mixer tripped the fuse\nBeatriz Lopes — Today at 4:44 PM\n"
    "I'll get the electrician in on Thursday"
)


@pytest.mark.parametrize("text", [_DASHED, _DISCORD])
def test_a_chat_copied_with_a_dash_before_the_clock(text: str):
    assert len(chat_headers(text)) == 2
    sentences = split_sentences(text)  # each header with its message, one sentence
    assert [speaker(s) for s in sentences] == ["Omar Haddad", "Beatriz Lopes"], sentences
    assert spoken_text(sentences[0]).startswith("the ")
    assert as_said(sentences[0]).startswith("Omar Haddad — ")
    assert len(list_form(text)) == len(text)


@pytest.mark.parametrize("text", [_DASHED, _DISCORD])
def test_a_dashed_header_chats_speakers_and_their_promises(read_note, text: str):
    found = read_note(text)
    assert sorted(found.people) == ["Beatriz Lopes", "Omar Haddad"], found.people
    assert [a.owner for a in found.actions] == ["Beatriz Lopes"], found.actions
    # (the stamp's "Today" is when the message was sent, no date the chat speaks of)
    assert "Today" not in found.dates, found.dates


@pytest.mark.parametrize(
    "text",
    [
        "Board Meeting — 14:00\nSales Review — 15:00\n- Jo — order the tiles by Friday",
        "Team Huddle 9:30\nStock Check 10:00\nsweep the showroom",
    ],
)
def test_a_note_headed_with_meetings_and_clocks_is_no_chat(text: str):
    assert chat_headers(text) == []
    assert speaker(text) is None


def test_an_east_asian_name_beside_another_speaker_speaks(read_note):
    found = read_note(
        "Omar Haddad: the showroom lights keep flickering\nLi Ming: I'll call the landlord tomorrow"
    )
    assert sorted(found.people) == ["Li Ming", "Omar Haddad"], (found.people, found.organizations)
    assert [a.owner for a in found.actions] == ["Li Ming"], found.actions


def test_a_name_of_either_sex_labels_a_list_line_beside_a_given_name(read_note):
    found = read_note(
        "Actions\n- Omar: book the van service by Friday\n- Wei: renew the alarm contract by 30/11"
    )
    assert sorted((a.owner, a.text) for a in found.actions) == [
        ("Omar", "book the van service by Friday"),
        ("Wei", "renew the alarm contract by 30/11"),
    ], found.actions
    assert "Wei" not in found.organizations


def test_labels_of_either_sex_alone_are_no_one(read_note):
    found = read_note("Stock check\n- Floor: sweep it by Friday\n- Due: the tile order by Monday")
    assert found.people == [], found.people


@pytest.mark.parametrize(
    ("text", "task"),
    [
        ("Actions\n- Omar: reseal tank 2 by Friday", "reseal tank 2 by Friday"),
        ("Actions\n- Omar: restock shelf 2 by Friday", "restock shelf 2 by Friday"),
        ("Actions\n- Omar: repaint bay 4 by Friday", "repaint bay 4 by Friday"),
        ("Actions\n- Omar: rewire unit 3 by Friday", "rewire unit 3 by Friday"),
        ("- Omar — order new bedding by Thurs 15th", "order new bedding by Thurs 15th"),
    ],
)
def test_a_request_the_tagger_reads_as_a_noun_phrase(read_note, text: str, task: str):
    found = read_note(text)
    assert [(a.owner, a.text) for a in found.actions] == [("Omar", task)], found.actions


@pytest.mark.parametrize("text", ["Bay 3 is leaking again.", "Rack 2 broke yesterday."])
def test_a_thing_named_by_its_number_is_no_request(read_note, text: str):
    assert read_note(text).actions == []


def test_a_decisions_participle_opening_the_sentence_looks_back(client, headers):
    # written on Thursday 19 March 2026: the meeting was on Tuesday the 17th, not the next one
    memory = _remember(
        client,
        headers,
        "Agreed at Tuesday's staff meeting: no more cash refunds on sale tiles.",
        "2026-03-19",
    )
    assert [d["date"] for d in memory["extraction"]["dates"]] == ["2026-03-17"], memory["extraction"]
    memory = _remember(client, headers, "Agreed for Tuesday: the stock take in the warehouse.", "2026-03-19")
    assert [d["date"] for d in memory["extraction"]["dates"]] == ["2026-03-24"], memory["extraction"]


@pytest.mark.parametrize(
    ("title", "company"),
    [("Events Coordinator", "Juniper Playhouse"), ("Head of Bookings", "Lyric Arts Centre")],
)
def test_a_company_after_a_title_and_a_comma_under_a_signature(read_note, title: str, company: str):
    found = read_note(
        "Hi Omar,\n\nWould it be possible to tile the foyer floor before 2 October?\n\nWarm regards,\n"
        f"Priya Nair\n{title}, {company}"
    )
    assert found.organizations == [company], (found.organizations, found.people)
    assert sorted(found.people) == ["Omar", "Priya Nair"], found.people


def test_a_place_after_a_comma_under_a_signature_is_no_company(read_note):
    found = read_note("Thanks,\nPriya Nair\nLondon, UK")
    assert found.organizations == [], found.organizations


@pytest.mark.parametrize(
    ("text", "organization"),
    [
        (
            "Greyfield Adhesives has been replaced by Ostara Nutrition for our grout additive.",
            "Ostara Nutrition",
        ),
        ("We switched the deliveries to Kestrel Logistics in May.", "Kestrel Logistics"),
    ],
)
def test_a_trade_named_by_an_abstract_noun(read_note, text: str, organization: str):
    found = read_note(text)
    assert organization in found.organizations, (found.organizations, found.people)
    assert organization not in found.people


def test_a_surname_that_is_a_word_stays_a_persons(read_note):
    found = read_note("Please ask Amara Justice to measure the kitchen by Friday.")
    assert "Amara Justice" in found.people, (found.people, found.organizations)


def test_taken_charge_of_a_duty(client, headers):
    linked, links = _supersedes(
        client,
        headers,
        "Ines Duarte is in charge of the cutting bench and also orders the adhesives.",
        "Pavel Novak has taken charge of the cutting bench since Ines Duarte went part-time.",
    )
    assert linked, links
    answer = client.post(
        "/v1/ask", json={"question": "Who is responsible for the cutting bench?"}, headers=headers
    ).json()
    assert answer["answer"] == "Pavel Novak", answer["text"]


@pytest.mark.parametrize(
    ("claim", "show"),
    [
        ("Tiles can be collected the day they arrive.", True),
        ("Tiles can be collected within 24 hours of arriving.", True),
        ("Tiles can be collected within 5 days of arriving.", False),
    ],
)
def test_a_time_inside_a_span_a_rule_denies(client, headers, claim: str, show: bool):
    _remember(
        client,
        headers,
        "We agreed that from May no tile order is collected within 48 hours of arriving.",
        "2026-03-02",
    )
    body = _checked(client, headers, claim)
    assert body["show"] is show, body
