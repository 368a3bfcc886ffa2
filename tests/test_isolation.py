"""Account isolation, endpoint by endpoint: a second account's key with the first account's ids, entity
names and questions gets 404, or an answer built only from its own memories.

Both accounts know a "Priya Raman" (entities are per account, merged by name only within one), and
every negative assertion has its positive control: the first account does get what the second is
refused, so a test cannot pass because the data was simply not there.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import auth, new_key

FILES = Path(__file__).parent / "data" / "files"

FIRST_NOTES = [
    (
        "Weekly sync with Priya Raman at Northwind. We decided that the launch of the beta is on Friday. "
        "Priya will send the press kit by Thursday.",
        "2026-03-10T09:00:00Z",
    ),
    ("Northwind signed the support contract for 40,000 euros.", "2026-03-11T09:00:00Z"),
]
SECOND_NOTES = [
    ("Priya Raman invited me on a hiking trip in the Alps.", "2026-03-12T09:00:00Z"),
    ("Tom bought apples at the farmers market.", "2026-03-13T09:00:00Z"),
]
QUESTIONS = [
    "When is the launch of the beta?",
    "What did Priya Raman decide?",
    "Who signed the support contract?",
]


@dataclass
class World:
    first: dict[str, str]  # headers
    second: dict[str, str]
    first_ids: set[str]  # every memory of the first account, the file's chunks included
    second_ids: set[str]
    first_file: dict
    first_entities: set[str]  # entity, tag, decision and action ids seen in the first account's graphs


def _remember(client, headers, notes) -> list[str]:
    items = [{"content": text, "timestamp": ts} for text, ts in notes]
    response = client.post("/v1/remember/batch", json={"items": items}, headers=headers)
    assert response.status_code == 201, response.text
    return [m["id"] for m in response.json()["data"]]


@pytest.fixture
def world(client) -> World:
    first, second = auth(new_key(client, account="first")), auth(new_key(client, account="second"))
    first_ids = set(_remember(client, first, FIRST_NOTES))
    upload = client.post(
        "/v1/remember/file",
        files={"file": ("report.pdf", FILES.joinpath("report.pdf").read_bytes())},
        headers=first,
    )
    assert upload.status_code == 201, upload.text
    parent = upload.json()
    first_ids |= {parent["id"], *(c["id"] for c in parent["chunks"])}
    second_ids = set(_remember(client, second, SECOND_NOTES))
    entities = set()
    for memory_id in first_ids:
        graph = client.get(f"/v1/graph/{memory_id}", headers=first).json()
        entities |= {n["id"] for n in graph["nodes"] if not n["id"].startswith("mem_")}
    assert any(e.startswith("per_") for e in entities) and any(e.startswith("org_") for e in entities)
    return World(first, second, first_ids, second_ids, parent, entities)


def _ids(answer: dict) -> set[str]:
    return {s["id"] for s in answer["sources"]}


def test_memories_files_graph_and_feedback_are_404_across_accounts(client, world):
    for memory_id in world.first_ids:
        for method, path in (
            ("GET", f"/v1/memories/{memory_id}"),
            ("DELETE", f"/v1/memories/{memory_id}"),
            ("GET", f"/v1/graph/{memory_id}"),
        ):
            refused = client.request(method, path, headers=world.second)
            assert refused.status_code == 404 and refused.json()["error"]["code"] == "not_found", path
        assert client.get(f"/v1/memories/{memory_id}", headers=world.first).status_code == 200
    listed = client.get("/v1/memories", params={"limit": 100}, headers=world.second).json()["data"]
    assert {m["id"] for m in listed} == world.second_ids
    for tag in client.get(f"/v1/memories/{world.first_file['id']}", headers=world.first).json()["tags"]:
        tagged = client.get("/v1/memories", params={"tag": tag}, headers=world.second).json()["data"]
        assert {m["id"] for m in tagged} <= world.second_ids
    # The file's parent cannot be deleted from the other account, so its chunks are all still there.
    for chunk in world.first_file["chunks"]:
        assert client.get(f"/v1/memories/{chunk['id']}", headers=world.first).status_code == 200
    feedback = {"question": "q", "answer": "a", "rating": "down", "source_ids": [next(iter(world.first_ids))]}
    assert client.post("/v1/feedback", json=feedback, headers=world.second).status_code == 404
    assert client.post("/v1/feedback", json=feedback, headers=world.first).status_code == 201
    # The second account's own graph reaches none of the first account's nodes, names shared or not.
    for memory_id in world.second_ids:
        graph = client.get(f"/v1/graph/{memory_id}", params={"depth": 2}, headers=world.second).json()
        assert {n["id"] for n in graph["nodes"]}.isdisjoint(world.first_ids | world.first_entities)


def _streamed_done(client, headers, question: str) -> dict:
    response = client.post("/v1/ask", json={"question": question, "stream": True}, headers=headers)
    assert response.status_code == 200
    events = {}
    for block in response.text.replace("\r\n", "\n").split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "event" in lines:
            events[lines["event"]] = json.loads(lines["data"])
    assert [s["id"] for s in events["sources"]] == [s["id"] for s in events["done"]["sources"]]
    return events["done"]


def test_ask_stream_reasoning_and_chat_answer_only_from_the_callers_memories(client, world):
    first_cited = set()
    for question in QUESTIONS:
        mine = client.post("/v1/ask", json={"question": question}, headers=world.first).json()
        first_cited |= _ids(mine)
        answers = [
            client.post("/v1/ask", json={"question": question}, headers=world.second).json(),
            client.post(
                "/v1/ask", json={"question": question, "reasoning": True}, headers=world.second
            ).json(),
            _streamed_done(client, world.second, question),
        ]
        chat = client.post(
            "/v1/chat/completions",
            json={"model": "memory", "messages": [{"role": "user", "content": question}]},
            headers=world.second,
        ).json()
        answers.append({"text": chat["choices"][0]["message"]["content"], "sources": chat["sources"]})
        for answer in answers:
            assert _ids(answer) <= world.second_ids, (question, answer)
            assert "Northwind" not in answer["text"] and "press kit" not in answer["text"]
            assert "Northwind" not in json.dumps(answer.get("reasoning"))
    assert first_cited & world.first_ids  # the control: the first account is answered from its memories


def test_check_compares_only_with_the_callers_memories(client, world):
    context = {"context": "Reminder: the launch of the beta is on Monday."}
    mine = client.post("/v1/check", json=context, headers=world.first).json()
    assert mine["show"] is True and mine["contradictions"][0]["memory_id"] in world.first_ids
    theirs = client.post("/v1/check", json=context, headers=world.second).json()
    assert theirs["show"] is False and theirs["contradictions"] == []
    assert {r["id"] for r in theirs["related"]} <= world.second_ids


def test_compile_finds_only_the_callers_entities(client, world):
    assert client.post("/v1/compile/Northwind", headers=world.first).status_code == 200
    assert client.post("/v1/compile/Northwind", headers=world.second).status_code == 404
    for entity_id in world.first_entities:
        assert client.post(f"/v1/compile/{entity_id}", headers=world.second).status_code == 404
    # A name both accounts use: each page is built from its own account's memories alone.
    for headers, own in ((world.first, world.first_ids), (world.second, world.second_ids)):
        page = client.post("/v1/compile/Priya Raman", headers=headers)
        assert page.status_code == 200, page.text
        assert {s["id"] for s in page.json()["sources"]} <= own
        assert page.json()["entity"]["id"] not in (world.first_entities if own is world.second_ids else set())


def test_lint_and_stats_count_only_the_callers_store(client, world):
    for headers, own in ((world.first, world.first_ids), (world.second, world.second_ids)):
        report = client.post("/v1/lint", headers=headers).json()
        assert report["counts"]["memories"] == len(own)
        for finding in report["findings"]:
            assert set(finding["memory_ids"]) <= own
            if own is world.second_ids:
                assert set(finding["entity_ids"]).isdisjoint(world.first_entities)
        assert client.get("/v1/stats", headers=headers).json()["memories"] == len(own)
    fixed = client.post("/v1/lint", json={"fix": True}, headers=world.second).json()
    assert all(set(r["ids"]).isdisjoint(world.first_ids | world.first_entities) for r in fixed["fixed"])
    assert {
        m["id"] for m in client.get("/v1/memories", params={"limit": 100}, headers=world.first).json()["data"]
    } == (world.first_ids)
