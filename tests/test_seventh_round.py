"""The seventh round: names and dates in the shapes notes from several countries give them. Sentences
written for this test (none from the evaluation corpus):

- a person, a where-from particle and an organization ("Lena Vogt von der Bergmann AG", "Lucía Moreno de
  Transportes del Sur"), surnames with particles ("Pieter van Houten", "Joris de Wit"), titles ("Frau");
- organizations by their first or last word in other languages ("Banco Meridional", "Seidel Logistik")
  and by a trade ("Maplewood Pediatrics");
- given names gender-guesser lacks (Faker's locales), and lone unknown names where only people go;
- project code names, and foreign weekdays and months, which are nobody;
- identifier numbers, which are no years; German ordinal dates; a month after a preposition of time;
- requests to the person a sentence calls, and commitments in German, Spanish and French.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pipelines.ingest.extraction import build_extraction
from pipelines.nlp.dates import resolve_mention
from pipelines.nlp.extract import SpacyExtractor, is_first_name, load_spacy

WHEN = datetime(2025, 3, 20, 9, 0, tzinfo=UTC)  # a Thursday


@pytest.fixture(scope="module")
def read():
    nlp = load_spacy()
    extractor = SpacyExtractor(nlp)
    return lambda text: build_extraction(extractor.from_doc(nlp(text)), WHEN, {}, {})


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        (
            "Lena Vogt von der Bergmann AG hat den Vertrag am 4. März unterschrieben.",
            {"Lena Vogt"},
            {"Bergmann AG"},
        ),
        ("Jonas Weber vom Nordwerk Verlag schickt die Rechnung.", {"Jonas Weber"}, {"Nordwerk Verlag"}),
        (
            "Lucía Moreno de Transportes del Sur confirmó la entrega.",
            {"Lucía Moreno"},
            {"Transportes del Sur"},
        ),
        (
            "Claire Dubois de la Société Lumière a confirmé la réunion.",
            {"Claire Dubois"},
            {"Société Lumière"},
        ),
        (
            "Termin mit Frau Jana Richter von der Falkenberg GmbH und Herrn Lukas Wendt.",
            {"Jana Richter", "Lukas Wendt"},
            {"Falkenberg GmbH"},
        ),
        (
            "Anruf von Tobias Richter (Nordstern GmbH): Lieferung verschiebt sich.",
            {"Tobias Richter"},
            {"Nordstern GmbH"},
        ),
        # Particles that belong to a surname keep it whole.
        ("Anneke van Dijk and Joris de Wit joined the kickoff.", {"Anneke van Dijk", "Joris de Wit"}, set()),
        ("Juan Pérez de la Cruz signed the lease.", {"Juan Pérez de la Cruz"}, set()),
    ],
)
def test_a_person_and_where_they_are_from(read, text, people, organizations):
    found = read(text)
    assert set(found.people) == people
    assert set(found.organizations) == organizations


@pytest.mark.parametrize(
    ("text", "organizations"),
    [
        ("We met with Seidel Logistik about the pallets.", {"Seidel Logistik"}),
        ("Banco Meridional approved the loan for the new warehouse.", {"Banco Meridional"}),
        ("Valeria works at Seguros Andinos now.", {"Seguros Andinos"}),
        ("Hochschule Rhein agreed to host the workshop.", {"Hochschule Rhein"}),
        ("Met with Bauer Versicherung about the claims backlog.", {"Bauer Versicherung"}),
        ("Our kids see Dr. Amir at Maplewood Pediatrics.", {"Maplewood Pediatrics"}),
        ("The quote from Harbor Plumbing came in at 900 euros.", {"Harbor Plumbing"}),
    ],
)
def test_organizations_by_the_kind_they_are(read, text, organizations):
    found = read(text)
    assert set(found.organizations) == organizations
    assert not set(found.people) & organizations


def test_given_names_from_many_languages_but_not_english_words():
    assert all(is_first_name(name) for name in ("Adaeze", "Emeka", "Chiamaka", "Abena", "Wanjiru"))
    assert not any(is_first_name(word) for word in ("Blessing", "Safari", "Atlas", "Juni", "Freitag"))


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("Adaeze and Kwame reviewed the draft yesterday.", {"Adaeze", "Kwame"}),
        ("Oluwaseun asked for the budget sheet.", {"Oluwaseun"}),
        (
            "Standup: Chukwuemeka and Oluwadamilare are out today; Tendai covers the release.",
            {"Chukwuemeka", "Oluwadamilare", "Tendai"},
        ),
        ("Call notes: Tendai Moyo from Zambezi Freight confirmed the pallets.", {"Tendai Moyo"}),
    ],
)
def test_names_no_lexicon_lists_where_people_go(read, text, people):
    found = read(text)
    assert set(found.people) == people
    assert not set(found.organizations) & people


@pytest.mark.parametrize(
    "text",
    [
        "Project Nimbus moves to phase two next week.",
        "Jonas Weber schickt die Rechnung bis Freitag.",
        "Sabine Koch übernimmt ab Juni die Leitung.",
        "Besprechung München, 3. Juni 2025: Wir sind im Zeitplan, die Lieferung kommt mit der Bahn.",
        "Protokoll Lieferantengespräch, 12. Mai 2025\nDie Preise sind für das zweite Quartal fest.",
        "¿Podrías enviar el contrato antes del viernes?",
    ],
)
def test_projects_dates_and_headings_are_nobody(read, text):
    found = read(text)
    named = {*found.people, *found.organizations}
    assert not named - {"Jonas Weber", "Sabine Koch"}


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("Paid invoice 3310 to Kestrel Foods on Feb 3.", {"2025-02-03"}),
        ("Order 4417 shipped on 2 April; order 4418 ships next week.", {"2025-04-02", "2025-03-24"}),
        ("PO 1187 for the March order was approved on March 4.", {"2025-03", "2025-03-04"}),
        ("Die Besprechung am 9. April 2025 wurde verschoben.", {"2025-04-09"}),
        ("Wir treffen uns am 14. Mai in Hamburg.", {"2025-05-14"}),
        ("Sabine Koch übernimmt ab Juni die Leitung.", {"2025-06"}),
        ("Lucía llega en marzo de 2026.", {"2026-03"}),
        # German present tense with "bis": ahead, whatever the English tagger thinks of "schickt".
        ("Lena Vogt bestätigt die Preise. Jonas Weber schickt bis Freitag das Angebot.", {"2025-03-21"}),
    ],
)
def test_dates_in_notes_with_numbers_and_other_languages(read, text, dates):
    assert {d.date for d in read(text).dates} == dates


def test_a_bare_number_or_an_impossible_year_is_no_date():
    assert resolve_mention("3310", WHEN) is None
    assert resolve_mention("2025", WHEN) is None
    assert resolve_mention("April 2, 2292", WHEN) is None
    assert resolve_mention("April 2, 2026", WHEN) == "2026-04-02"


@pytest.mark.parametrize(
    ("text", "owner", "due"),
    [
        ("Kofi, please update the roadmap before Monday.", "Kofi", "2025-03-24"),
        (
            "Lieferantengespräch: Jonas Weber schickt bis zum 14. Mai das Angebot.",
            "Jonas Weber",
            "2025-05-14",
        ),
        ("Diego envía el presupuesto antes del viernes.", "Diego", "2025-03-21"),
        ("Claire Dubois enverra le devis avant jeudi.", "Claire Dubois", "2025-03-27"),
    ],
)
def test_requests_and_commitments_have_their_owner(read, text, owner, due):
    actions = read(text).action_items
    assert [(a.owner, a.due) for a in actions] == [(owner, due)]


def test_a_german_sentence_opening_with_an_article_is_no_request(read):
    assert read("Die Preise steigen ab Juli.").action_items == []


def test_a_surname_after_a_title_is_the_full_name_beside_it(read):
    found = read(
        "Von: Jana Richter\nAn: Lukas Wendt\nBetreff: Angebot\n\nHallo Herr Wendt, anbei das Angebot."
    )
    assert set(found.people) == {"Jana Richter", "Lukas Wendt"}


@pytest.mark.parametrize(
    ("text", "people", "actions"),
    [
        # Two people greeted at once: both are people, and a request to both has no one owner; a
        # request that calls one of them by name is theirs.
        (
            "Hi Ngozi and Tariq,\n\nCould you send the signed NDA by Friday? Tariq, please book the meeting "
            "room for Monday.\n\nThanks,\nLena",
            {"Ngozi", "Tariq", "Lena"},
            [(None, "2025-03-21"), ("Tariq", "2025-03-24")],
        ),
        # A sign-off with the name on its line is no request, and names its writer.
        (
            "Dear Ms. Adeyemi,\nplease confirm the delivery date by 3 June.\nKind regards, Tom",
            {"Adeyemi", "Tom"},
            [("Adeyemi", "2025-06-03")],
        ),
        # A short label before a colon does not hide the request after it.
        (
            "Hi Obinna,\n\nThanks for the call. Two things: please send the revised quote by Thursday, and "
            "loop in Chiamaka on the contract.\n\nBest,\nPriya",
            {"Obinna", "Chiamaka", "Priya"},
            [("Obinna", "2025-03-27")],
        ),
        # German: "bitte" asks; a lower-case German word is nobody's name.
        (
            "Hallo Anna, hallo Ben,\nbitte schickt mir bis Mittwoch die Zahlen.\nDanke, Lena",
            {"Anna", "Ben", "Lena"},
            [(None, "2025-03-26")],
        ),
    ],
)
def test_e_mails_greeting_and_asking(read, text, people, actions):
    found = read(text)
    assert set(found.people) == people
    assert [(a.owner, a.due) for a in found.action_items] == actions


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # A title opens a German sentence: the name after it is still a person's.
        (
            "Frau Jana Krüger von der Falkenberg GmbH hat angerufen. Herr Lukas Wendt übernimmt die Planung.",
            {"Jana Krüger", "Lukas Wendt"},
            {"Falkenberg GmbH"},
        ),
        # A name at a line's end does not run into the next line's name.
        (
            "Anwesend: Jonas Becker, Anneke van Dijk\nJonas Becker leitet ab Juli das Berliner Büro.",
            {"Jonas Becker", "Anneke van Dijk"},
            set(),
        ),
        # A heading with a place before a colon is no speaker.
        (
            "Besprechung Berlin: Jonas Becker und Anneke van Dijk planen den Umzug.",
            {"Jonas Becker", "Anneke van Dijk"},
            set(),
        ),
    ],
)
def test_german_minutes(read, text, people, organizations):
    found = read(text)
    assert set(found.people) == people
    assert set(found.organizations) == organizations


def test_a_spanish_request_to_the_person_it_calls(read):
    found = read("Rosa, ¿podrías pedir a Grupo Solaris el presupuesto actualizado antes del jueves?")
    assert set(found.people) == {"Rosa"}
    assert set(found.organizations) == {"Grupo Solaris"}
    assert [(a.owner, a.due) for a in found.action_items] == [("Rosa", "2025-03-27")]


def test_a_span_over_two_names_worth_of_words_is_read_in_parts(read):
    found = read("Mensaje para Rosa - ¿Puedes confirmar la reserva con Hoteles Mirador?")
    assert set(found.people) == {"Rosa"}
    assert set(found.organizations) == {"Hoteles Mirador"}


@pytest.mark.parametrize(
    ("text", "decided"),
    [
        ("Wir haben beschlossen, das Büro in Hamburg zu schließen.", True),
        ("Hemos decidido contratar a dos ingenieros de datos.", True),
        ("Nous avons décidé de reporter le lancement à juin.", True),
        ("Die Lieferung kommt am Montag.", False),
    ],
)
def test_decisions_in_german_spanish_and_french(text, decided):
    nlp = load_spacy()
    assert bool(SpacyExtractor(nlp).from_doc(nlp(text)).decisions) is decided


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # The model's span starts with Spanish words before the name, or with the particle.
        (
            "Hola Rosa, podrias pedir el presupuesto de Grupo Solaris antes del jueves?",
            {"Rosa"},
            {"Grupo Solaris"},
        ),
        # A given name alone, a particle and an organization's word.
        ("Rosa de Grupo Solaris confirma el envío.", {"Rosa"}, {"Grupo Solaris"}),
        # A heading's first word, then a person and where they are from.
        (
            "Llamada de Lucía Moreno de Grupo Solaris - confirma el pedido.",
            {"Lucía Moreno"},
            {"Grupo Solaris"},
        ),
        ("Ana de Armas called about the premiere.", {"Ana de Armas"}, set()),
    ],
)
def test_spanish_spans_the_model_draws_too_wide(read, text, people, organizations):
    found = read(text)
    assert set(found.people) == people
    assert set(found.organizations) == organizations
