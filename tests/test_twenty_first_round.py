"""The classes three more fresh sets of notes (a library's, a gym's and a farm's:
bench/data/understanding-{library,gym,farm}.json) showed, on sentences written for this test: offices
and ranks before a name ("Cllr.", "Rev.", "Sgt.") are titles; a note headed "Nota de …" or "Nota di …"
is its author's, and Italian months are months; a day given a name ("World Book Day") is an occasion;
"What did we agree …?" lists decisions; the past of more verbs items ask for reports them done; "we now
open at …" states a change; when something recurring happens is its clock time and days ("on Tuesday
evenings" is no date); another object of the same decision is another choice; a noun in -y, its plural
and its verb are one word to a topic ("deliveries", "delivers")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graph.search import root
from pipelines.ask.short import when
from pipelines.ask.structured import intent_of
from pipelines.ingest.actions import completed_items, reports_completion
from pipelines.nlp.dates import english
from pipelines.nlp.summary import split_sentences
from tests.test_eighth_round import _linked, _remember

WRITTEN = datetime(2026, 6, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Cllr. Dev Anand, who chairs the parks committee, says the fountain stays off.", "Dev Anand"),
        ("Sgt. Omar Reyes dropped off the lost property forms.", "Omar Reyes"),
        (
            "From: Rev. Grace Mbeki\nTo: Tom Hale\nSubject: Hall\n\nDear Tom,\n\nIs the hall free?",
            "Grace Mbeki",
        ),
    ],
)
def test_offices_and_ranks_before_a_name_are_titles(read_note, text: str, person: str):
    found = read_note(text)
    assert person in found.people, found.people
    assert not any(p.lower().startswith(("cllr", "sgt", "rev")) for p in found.people), found.people


def test_a_title_s_period_ends_no_sentence():
    text = "Cllr. Dev Anand says the fountain stays off. Sgt. Omar Reyes agreed."
    assert split_sentences(text) == [
        "Cllr. Dev Anand says the fountain stays off.",
        "Sgt. Omar Reyes agreed.",
    ]


@pytest.mark.parametrize(
    ("text", "person", "date"),
    [
        ("Nota de Inés: el pedido llegó el 3 de marzo. Falta una caja.", "Inés", "3 de marzo"),
        ("Nota di Paolo: la consegna è arrivata il 5 maggio. Manca una scatola.", "Paolo", "5 maggio"),
        ("Messaggio di Chiara: il tecnico viene giovedì.", "Chiara", "giovedì"),
    ],
)
def test_a_note_headed_with_its_author_in_spanish_or_italian(read_note, text: str, person: str, date: str):
    found = read_note(text)
    assert found.people == [person], found.people
    assert date in found.dates, found.dates


def test_italian_and_portuguese_months_read_as_months():
    assert english("5 maggio") == "5 may"
    assert english("il 12 settembre") == "il 12 september"
    assert english("7 de outubro") == "7 october"


@pytest.mark.parametrize(
    ("text", "organizations"),
    [
        ("Ama is running a stall for World Book Day.", []),
        ("We are closed for Refugee Week events on the Monday.", []),
        ("Ama ordered the bunting from Bright Day Supplies Ltd.", ["Bright Day Supplies Ltd"]),
    ],
)
def test_a_day_given_a_name_is_an_occasion(read_note, text: str, organizations: list[str]):
    assert read_note(text).organizations == organizations


def test_what_we_agreed_lists_decisions(client, headers):
    intent = intent_of("What did we agree in May?")
    assert intent is not None and intent.kind == "decisions"
    assert intent_of("What did Ana agree to bring?") is None  # what she will do: text retrieval's
    agreed = _remember(client, headers, "We agreed to close the café on bank holidays.", "2026-05-04")
    _remember(client, headers, "Weekly meeting. Leon: refresh the noticeboard by Friday.", "2026-05-06")
    body = client.post("/v1/ask", json={"question": "What did we agree in May?"}, headers=headers).json()
    assert [s["id"] for s in body["sources"]] == [agreed["id"]], body


@pytest.mark.parametrize(
    "report",
    ["Leon refreshed the noticeboard.", "Leon emptied the returns bin.", "Leon reported the broken lift."],
)
def test_the_past_of_more_verbs_items_ask_for_reports_them_done(report: str):
    items = [
        {"id": "board", "text": "Leon: refresh the noticeboard by Friday", "owner": "Leon"},
        {"id": "bin", "text": "Leon: empty the returns bin by Monday", "owner": "Leon"},
        {"id": "lift", "text": "Leon will report the broken lift to facilities", "owner": "Leon"},
    ]
    assert reports_completion(report)
    assert len(completed_items(report, items)) == 1


def test_we_now_do_it_otherwise_is_a_change(client, headers):
    before = _remember(client, headers, "The café opens at 8am on weekdays.", "2026-04-01")
    _remember(client, headers, "Decided to close the café on 24 December.", "2026-04-10")
    after = _remember(
        client, headers, "We now open at 7.30am on weekdays because the commuters asked.", "2026-05-01"
    )
    assert "supersedes" in _linked(after, before), after["links"]
    body = client.post(
        "/v1/ask", json={"question": "When does the café open on weekdays?"}, headers=headers
    ).json()
    assert body["sources"][0]["id"] == after["id"], body
    assert body["answer"] == "7.30am on weekdays", body


@pytest.mark.parametrize(
    ("sentence", "answer"),
    [
        ("The pool opens at 6am on weekdays.", "6am on weekdays"),
        ("Choir practice is on Tuesday evenings at 7pm.", "Tuesday evenings at 7pm"),
        ("Guided walks leave at 10am every Sunday.", "10am every Sunday"),
        ("The last ferry leaves at 22:15.", "22:15"),
        ("We met at 3pm yesterday.", "31 May 2026"),  # a day stated: the day, not the hour
    ],
)
def test_when_a_recurring_thing_happens_is_its_clock_time_and_days(sentence: str, answer: str):
    assert when(sentence, WRITTEN, stated=True) == answer


def test_a_weekday_s_evenings_are_no_date(read_note):
    found = read_note("Choir practice is on Tuesday evenings at 7pm.").dates
    assert not any("tuesday" in d.lower() for d in found), found
    found = read_note("Choir practice moves to Tuesday evening this week.").dates
    assert any("tuesday" in d.lower() for d in found), found


@pytest.mark.parametrize(
    ("claim", "stored", "contradicts"),
    [
        (
            "We decided to serve tomato soup at the fete.",
            "We decided to serve vegetable soup at the fete.",
            True,
        ),
        (
            "We decided to paint the hall doors green.",
            "Decided to paint the hall doors blue because the old paint is peeling.",
            False,  # an adjective after the object, no other object: compared as before
        ),
        # two hirings, not another choice of one
        ("We decided to hire a plumber.", "We decided to hire an electrician for the flats.", False),
        (
            "We decided to serve tomato soup at the fete.",
            "We decided to serve tomato soup at the fete.",
            False,
        ),
    ],
)
def test_another_object_of_the_same_decision(comparator, claim: str, stored: str, contradicts: bool):
    (verdict,) = comparator.compare([(claim, WRITTEN, stored, WRITTEN)])
    assert verdict.contradicts is contradicts, verdict


def test_a_noun_in_y_its_plural_and_its_verb_are_one_word():
    assert root("deliveries") == root("delivery") == root("delivers") == root("delivered")
    assert root("supplies") == root("supply") == root("supplied")
    assert root("parties") != root("part") and root("days") == "day"


def test_who_holds_a_round_asked_of_its_deliveries(client, headers):
    _remember(client, headers, "Kemi Adebayo delivers the parcels on Mondays.", "2026-03-02")
    _remember(
        client,
        headers,
        "Kemi no longer does the parcel round; Ifeanyi Obi delivers the parcels now.",
        "2026-04-06",
    )
    body = client.post(
        "/v1/ask", json={"question": "Who is responsible for the parcel deliveries?"}, headers=headers
    ).json()
    assert body["answer"] == "Ifeanyi Obi", body
    assert "Before: Kemi Adebayo" in body["text"], body["text"]


def test_a_clause_of_a_stored_sentence_word_for_word_agrees(comparator, client, headers):
    stored = "Nia Obi stepped back from the grants panel; Leo Park is chairing it now."
    (restated,) = comparator.compare(
        [("Nia Obi stepped back from the grants panel.", WRITTEN, stored, WRITTEN)]
    )
    assert restated.agrees and not restated.contradicts, restated
    _remember(client, headers, "Nia Obi chairs the grants panel.", "2026-02-02")
    _remember(client, headers, stored, "2026-03-02")
    for claim, show in [
        ("Nia Obi stepped back from the grants panel.", False),
        ("Nia Obi chairs the grants panel.", True),
    ]:
        body = client.post("/v1/check", json={"context": claim}, headers=headers).json()
        assert body["show"] is show, (claim, body)
