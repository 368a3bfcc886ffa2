"""Names that are not people: a gazetteer city where a place goes, even when it is also a first name
("moved from Leeds to York"), and a product with its version ("Safari 14"); the same words stay people
where people go. Sentences written for this test."""

from __future__ import annotations

import pytest

from pipelines.nlp.extract import SpacyExtractor, load_spacy


@pytest.fixture(scope="module")
def read():
    nlp = load_spacy()
    return lambda text: SpacyExtractor(nlp).from_doc(nlp(text))


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("Team offsite moved from Leeds to York, still on 20 June.", set()),
        ("The workshop is in York this year.", set()),
        ("We decided to drop Safari 14 support in the next release.", set()),
        ("Kafka 3.6 is installed on the staging cluster.", set()),
        # Where a person goes, the same names are people.
        ("I sent the draft to Jordan yesterday.", {"Jordan"}),
        ("We moved the meeting to Florence's office.", {"Florence"}),
        ("York Chen will review the budget.", {"York Chen"}),
        # A chat line's speaker is a person; the label does not run into the next word.
        ("Nadia: Biscuit chewed my running shoes yesterday.", {"Nadia"}),
    ],
)
def test_places_and_products_are_not_people(read, text: str, people: set[str]):
    assert set(read(text).people) == people


def test_a_speakers_label_is_not_part_of_an_organization(read):
    found = read("Nadia: Biscuit chewed my running shoes, so I bought new ones from Decathlon.")
    assert not any(":" in name for name in found.organizations)


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # Names typed in lower case in a chat line, when they are the subject of a verb.
        ("standup: priya is out today, marco covers the deploy", {"Priya", "Marco"}, set()),
        # ... and not words that are also names.
        ("bill is due on friday and will is the hard part", set(), set()),
        # A verb opening the sentence and a currency code are not part of a name.
        ("Paid Hillcrest Dental GBP 95 for the cleaning.", set(), {"Hillcrest Dental"}),
        # A possessive inside a name keeps it whole.
        ("Called St. Luke's Medical Clinic about the invoice.", set(), {"St. Luke's Medical Clinic"}),
        # A company by its last word, whatever the parser thought.
        ("Ticket from Brookfield Retail: the invoice total is wrong.", set(), {"Brookfield Retail"}),
        # Documents and protocols in capitals, and a river, are no organizations.
        ("The SOW and the NDA are with our lawyer; the SFTP keys rotate monthly.", set(), set()),
        ("We cycled along the Danube on Saturday.", set(), set()),
        ("Tomás took over the Northwind account.", {"Tomás"}, {"Northwind"}),
        # Names no first-name lexicon lists, by what surrounds them.
        ("Ticket #9120 is assigned to Ngozi Adebayo.", {"Ngozi Adebayo"}, set()),
        (
            "Attendees: Kwabena Asante, Yaw Boateng. Budget approved.",
            {"Kwabena Asante", "Yaw Boateng"},
            set(),
        ),
        # (Only names none of whose words is an English word or a place: "Themba Zulu" is not caught.)
        (
            "Kickoff with Granite Mining: Themba Mokoena leads the survey.",
            {"Themba Mokoena"},
            {"Granite Mining"},
        ),
        # A name in brackets after a person's is where they work; a tool a choice verb takes is no one.
        ("Call with Inès Garnier (Atelier Brunel) about the quote.", {"Inès Garnier"}, {"Atelier Brunel"}),
        ("We switched the build from Travis to Drone.", set(), set()),
        # Acronyms that do not act, and currency codes, are no organizations; IBM signing is one.
        ("MFA is mandatory for the CI runners; the fee is EUR 40.", set(), set()),
        ("IBM signed the renewal.", set(), {"IBM"}),
        # A place the model calls a person, and a city's English name.
        ("Booked the train to Kraków, then on to Seville.", set(), set()),
        # An e-mail's subject names what it is about; a name cut short beside its whole is the same one.
        (
            "From: Rosa Delgado\nSubject: Savanna Mobile workshop\n\nThe photos are ready.",
            {"Rosa Delgado"},
            {"Savanna Mobile"},
        ),
        ("Paid Lakeview Dental EUR 640. Lakeview sent the receipt.", set(), {"Lakeview Dental"}),
        # Each line of a chat thread has its speaker.
        ("Lena: who covers Saturday?\nTariq: Kofi, per the rota.", {"Lena", "Tariq", "Kofi"}, set()),
    ],
)
def test_people_and_organizations_in_notes_written_as_people_write(
    read, text: str, people: set[str], organizations: set[str]
):
    found = read(text)
    assert set(found.people) == people
    assert {o for o in found.organizations} == organizations


@pytest.mark.parametrize(
    ("text", "people", "organizations"),
    [
        # A hyphenated given name belongs to the name, and makes it a person's.
        ("Min-jun Choi will send the budget on Monday.", {"Min-jun Choi"}, set()),
        ("Kickoff notes: Hye-jin Yoon leads the audit.", {"Hye-jin Yoon"}, None),
        # "Name de Company": a person and an organization; a surname's particle stays in the name.
        ("Catalina Reyes de Banco Andino confirmed the call.", {"Catalina Reyes"}, {"Banco Andino"}),
        ("Lunch with Bram de Vries.", {"Bram de Vries"}, set()),
        # A heading's first word in another language is no organization.
        ("Compte rendu : Lucie Martin valide le devis.", {"Lucie Martin"}, set()),
    ],
)
def test_names_from_other_languages(read, text: str, people: set[str], organizations: set[str] | None):
    found = read(text)
    assert set(found.people) == people
    if organizations is not None:
        assert set(found.organizations) == organizations
