"""People are findable: a question naming a person (full name, first name, or the name alone) is
answered from that person's notes, whatever else it asks. Over the real app and models, on the notes of
tests/data/people_notes.py; run with `-s` to see both parts' scores."""

from __future__ import annotations

from pipelines.ask.compose import NOTHING_FOUND
from tests.data.people_notes import DEV, HELD_OUT, NOTES

# The share of questions whose first source is the note that answers them. Measured: see the README's
# pipeline page (docs/ask-and-check.md); the floors sit below both parts' figures.
FLOOR_DEV = 1.0
FLOOR_HELD_OUT = 0.85


def _store(client, headers) -> list[str]:
    items = [
        {"content": note, "timestamp": f"2025-03-{3 + i:02d}T09:00:00Z", "source": "notes"}
        for i, note in enumerate(NOTES)
    ]
    response = client.post("/v1/remember/batch", json={"items": items}, headers=headers)
    assert response.status_code == 201, response.text
    return [memory["id"] for memory in response.json()["data"]]


def _score(client, headers, ids: list[str], questions: list[tuple[str, int]]) -> tuple[float, list[str]]:
    misses = []
    for question, note in questions:
        answer = client.post("/v1/ask", json={"question": question}, headers=headers).json()
        cited = [source["id"] for source in answer["sources"]]
        if answer["text"] == NOTHING_FOUND or not cited or cited[0] != ids[note]:
            misses.append(f"{question!r} → {answer['text'][:120]!r}")
    return 1 - len(misses) / len(questions), misses


def test_a_question_naming_a_person_reaches_their_notes(client, headers):
    ids = _store(client, headers)
    dev, dev_misses = _score(client, headers, ids, DEV)
    held_out, held_out_misses = _score(client, headers, ids, HELD_OUT)
    parts = f"dev {dev:.2f} of {len(DEV)}, held out {held_out:.2f} of {len(HELD_OUT)}"
    print(f"\npeople: first source right, {parts}")
    assert dev >= FLOOR_DEV, dev_misses
    assert held_out >= FLOOR_HELD_OUT, held_out_misses


def test_a_person_nobody_mentioned_is_not_answered_from_someone_else(client, headers):
    _store(client, headers)
    for question in ("What did Greta Lindqvist want?", "Who is Greta Lindqvist?"):
        answer = client.post("/v1/ask", json={"question": question}, headers=headers).json()
        assert answer["text"] == NOTHING_FOUND, answer


def test_a_short_form_of_a_name_reaches_the_person_it_stands_for(client, headers):
    """In a chat between Melanie and Caroline, "Mel" is Melanie: most lines name her in full (as their
    speaker, only so), a few call her Mel. A question about "Mel" is answered from Melanie's own lines,
    which never say "Mel"; a rarer longer name ("Mell", a typo) does not join in."""
    lines = [
        "Melanie: I painted a lake at sunrise last weekend, the colours were unreal.",
        "Melanie: The kids and I are going camping in the forest next month.",
        "Melanie: Pottery class is my calm place these days.",
        "Caroline: Hey Mel, how was the pottery class?",
        "Caroline: That sounds lovely, Mel!",
        "Caroline: Mell, you always inspire me.",
        "Caroline: I went to a support group yesterday and it was powerful.",
    ]
    items = [
        {"content": line, "timestamp": f"2025-05-{8 + i:02d}T10:00:00Z", "source": "chat"}
        for i, line in enumerate(lines)
    ]
    response = client.post("/v1/remember/batch", json={"items": items}, headers=headers)
    assert response.status_code == 201, response.text
    ids = [memory["id"] for memory in response.json()["data"]]
    answer = client.post("/v1/ask", json={"question": "What did Mel paint?"}, headers=headers).json()
    assert answer["sources"] and answer["sources"][0]["id"] == ids[0], answer
    assert "lake" in answer["text"]


def test_a_chat_line_that_says_nothing_is_no_answer_about_its_speaker(client, headers):
    """Asked "What did Tim decide?" when nothing of Tim's says so: his "Wow!" and "Take care!" name him as
    their speaker and say nothing; the answer says it found nothing rather than quote them."""
    items = [
        {"content": line, "timestamp": f"2025-06-{2 + i:02d}T10:00:00Z", "source": "chat"}
        for i, line in enumerate(["Tim: Wow!", "Tim: Take care!", "Tim: Nice one", "Ana: See you soon, Tim!"])
    ]
    response = client.post("/v1/remember/batch", json={"items": items}, headers=headers)
    assert response.status_code == 201, response.text
    answer = client.post("/v1/ask", json={"question": "What did Tim decide?"}, headers=headers).json()
    assert answer["text"] == NOTHING_FOUND, answer
