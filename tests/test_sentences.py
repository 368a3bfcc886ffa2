"""Sentences survive titles, abbreviations, initials and ordinal dates; announcements, resolutions and
courtesies ("I won't give up", "I'll let you know") are not action items, nor a reply of assent a
decision; a sentence in a script without spaces is not near-empty."""

from __future__ import annotations

import pytest

from pipelines.nlp.summary import split_sentences


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("The ergonomics check is at 9am with Dr. Lee. Bring the forms.", 2),
        ("Mr. and Mrs. Okafor arrive on Friday. Prof. Weber joins later.", 2),
        ("Use a short form, e.g. the summary. It is enough.", 2),
        ("J. R. Smith signed the lease. The keys come Monday.", 2),
        ("Das Meeting wurde auf den 20. März verschoben. Bitte Bescheid geben.", 2),
        ("Wir treffen uns am 3. Mai in Berlin.", 1),
        ("Acme Inc. signed the contract. Globex Ltd. did not.", 2),
        ("We bought apples, pears etc. and left. Then it rained.", 2),
        ("The price went up 2.5 percent. Nobody noticed.", 2),
        ("We shipped. Then we celebrated! Did anyone film it?", 3),
        ("Call Dr. Lee\nThen email Ana.", 2),  # a line break still ends one
    ],
)
def test_sentences_survive_titles_abbreviations_and_ordinal_dates(text: str, sentences: int):
    assert len(split_sentences(text)) == sentences, split_sentences(text)


def test_an_announcement_is_not_an_action_item():
    from pipelines.nlp.extract import SpacyExtractor, load_spacy

    nlp = load_spacy()
    extractor = SpacyExtractor(nlp)
    for text, actions in (
        ("The Wi-Fi in the Lisbon office will be down for maintenance on Sunday.", 0),
        ("The office will be closed on Monday.", 0),
        ("Tom will book the auditors by Friday.", 1),
        ("Ana will be responsible for the rollout.", 1),
    ):
        assert len(extractor.from_doc(nlp(text)).actions) == actions, text


@pytest.mark.parametrize(
    ("text", "actions"),
    [
        # Resolutions, feelings and courtesies of a chat: nothing anyone has to do.
        ("Nina: I won't let the setback stop me.", 0),
        ("Nina: I'll keep working hard and stay positive.", 0),
        ("Omar: I'll let you know.", 0),
        ("Omar: I'll keep you posted on the move.", 0),
        ("Omar: I'm certain I'll find a good job soon.", 0),
        ("Sara: I'll definitely have fun at the concert!", 0),
        ("Sara: I'll always treasure that trip.", 0),
        ("Sara: I'll do my best at the audition.", 0),
        ("Sara: Hopefully we will see the northern lights.", 0),
        ("Sara: Take care!", 0),
        # Tasks, in a chat or a note; a verb of the kind above held to a date is one too.
        ("Nina: I'll mail you the tickets tonight.", 1),
        ("Omar: I'll let you know by Thursday whether the flat is free.", 1),
        ("Ravi will keep the release checklist current.", 1),
        ("Ana will have the budget draft ready by June 2.", 1),
        ("I'll make sure the invoices go out on Monday.", 1),
    ],
)
def test_a_resolution_or_a_courtesy_is_not_an_action_item(text: str, actions: int):
    from pipelines.nlp.extract import SpacyExtractor, load_spacy

    nlp = load_spacy()
    assert len(SpacyExtractor(nlp).from_doc(nlp(text)).actions) == actions, text


@pytest.mark.parametrize(
    ("text", "decision"),
    [
        ("Lena: Agreed!", False),
        ("Lena: Agreed, the lake was gorgeous.", False),
        ("Lena: We agreed to split the rent.", True),
        ("The committee agreed.", True),
        ("Agreed to freeze hiring until March.", True),
    ],
)
def test_a_reply_of_assent_is_not_a_decision(text: str, decision: bool):
    from pipelines.nlp.extract import SpacyExtractor, load_spacy

    nlp = load_spacy()
    assert bool(SpacyExtractor(nlp).from_doc(nlp(text)).decisions) == decision, text


@pytest.mark.parametrize(
    ("text", "action", "due"),
    [
        (
            "Retro on the rollout: training ran long; Yuki Tanaka will write a guide by May 30.",
            "Yuki Tanaka will write a guide by May 30.",
            "May 30",
        ),
        (
            "Ana Lopez will send the press kit by March 10; the rest waits.",
            "Ana Lopez will send the press kit by March 10",
            "March 10",
        ),
        (
            "By Friday: Ravi will send the deck.",
            "Ravi will send the deck.",
            "Friday",
        ),  # the due date from the heading
        ("Meeting at 9:30 with Bob. Bob will book the room.", "Bob will book the room.", None),
        # A person's present tense held to a date is a commitment; without a date, a habit.
        (
            "Sync notes. Lucia Romano books the client workshop by Friday.",
            "Lucia Romano books the client workshop by Friday.",
            "Friday",
        ),
    ],
)
def test_an_action_item_is_worded_by_its_clause(text: str, action: str, due: str | None):
    from pipelines.nlp.extract import SpacyExtractor, load_spacy

    nlp = load_spacy()
    found = SpacyExtractor(nlp).from_doc(nlp(text)).actions
    assert [(a.text, a.due_text) for a in found] == [(action, due)]


@pytest.mark.parametrize(
    ("text", "actions"),
    [
        (
            "Hi Marcus, can you rotate the staging API keys before Friday? Thanks, Jing",
            [("Rotate the staging API keys before Friday.", "Marcus", "Friday")],
        ),
        (
            "Hi Ana,\n\nCould you please send the signed contract by Monday?\n\nBest, Tom",
            [("Send the signed contract by Monday.", "Ana", "Monday")],
        ),
        # A dash after the greeted name, and requests in Spanish, French and German.
        (
            "Hi Kasia – quick one: could you re-run the extract tonight? Cheers, Noor",
            [("Re-run the extract tonight.", "Kasia", "tonight")],
        ),
        (
            "Hola Diego,\n¿puedes enviar el presupuesto revisado antes del viernes?\nGracias,\nMartina",
            [("Puedes enviar el presupuesto revisado antes del viernes.", "Diego", "viernes")],
        ),
        (
            "Bonjour Léa,\npourriez-vous envoyer la maquette avant lundi ?\nMerci, Paul",
            [("Pourriez-vous envoyer la maquette avant lundi.", "Léa", "lundi")],
        ),
        # A sign-off is no request, whatever the tagger makes of "regards".
        (
            "Dear Tariq,\n\nplease send the photos by Friday.\n\nKind regards,\nSunita",
            [("send the photos by Friday.", "Tariq", "Friday")],
        ),
        ("Hi Ana, can you believe it?", []),  # a question, not a request
        ("Can you see the dashboard from home?", []),  # nobody is addressed
    ],
)
def test_a_request_put_as_a_question_is_the_addressees_action_item(text: str, actions: list):
    from pipelines.nlp.extract import SpacyExtractor, load_spacy

    nlp = load_spacy()
    found = SpacyExtractor(nlp).from_doc(nlp(text)).actions
    assert [(a.text, a.owner, a.due_text) for a in found] == actions


def test_a_sentence_without_spaces_is_not_near_empty(client, headers):
    for content in ("明日の会議は午前十時に始まります。資料を準備してください。", "ok"):
        response = client.post("/v1/remember", json={"content": content}, headers=headers)
        assert response.status_code == 201, response.text
    findings = client.post("/v1/lint", json={}, headers=headers).json()["findings"]
    near_empty = [f["message"] for f in findings if f["kind"] == "near_empty_memory"]
    assert len(near_empty) == 1, near_empty


@pytest.mark.parametrize(
    ("text", "reflowed"),
    [
        # OCR broke a sentence with a blank line: it is one again.
        ("Please book the movers\n\nby April 3. Thanks.", "Please book the movers by April 3. Thanks."),
        ("Ana, Bob,\n\nCarla and Dev met on Monday.", "Ana, Bob, Carla and Dev met on Monday."),
        # Headings and finished sentences still end a paragraph.
        (
            "Introduction\nThe project started in May and\nwent on for a year.\n\nResults\nWe shipped.",
            "Introduction\n\nThe project started in May and went on for a year.\n\nResults\n\nWe shipped.",
        ),
    ],
)
def test_ocr_and_pdf_text_is_reflowed(text: str, reflowed: str):
    from pipelines.files.readers import reflow

    assert reflow(text) == reflowed


def test_how_long_is_answered_from_a_range_in_one_memory(client, headers):
    for content, timestamp in (
        ("Bob was on vacation from March 23 to March 27 and is back today.", "2026-03-30T09:00:00Z"),
        ("Ana: I was in Lisbon for the conference on March 1.", "2026-03-02T09:00:00Z"),
    ):
        body = {"content": content, "timestamp": timestamp}
        assert client.post("/v1/remember", json=body, headers=headers).status_code == 201
    answer = client.post(
        "/v1/ask", json={"question": "How long was Bob on vacation?", "reasoning": True}, headers=headers
    ).json()
    assert "From 2026-03-23 to 2026-03-27 lie 4 days [1]." in answer["text"], answer
