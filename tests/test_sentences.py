"""Sentences survive titles, abbreviations, initials and ordinal dates; announcements are not action
items; a sentence in a script without spaces is not near-empty."""

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


def test_a_sentence_without_spaces_is_not_near_empty(client, headers):
    for content in ("明日の会議は午前十時に始まります。資料を準備してください。", "ok"):
        response = client.post("/v1/remember", json={"content": content}, headers=headers)
        assert response.status_code == 201, response.text
    findings = client.post("/v1/lint", json={}, headers=headers).json()["findings"]
    near_empty = [f["message"] for f in findings if f["kind"] == "near_empty_memory"]
    assert len(near_empty) == 1, near_empty
