"""Expiry (`expires_at` on remember, batch items, files and PATCH): returned on the memory; once it has
passed the memory is absent from every read at once (get, list, ask, search, graph, compile, lint,
stats) and deleted with its graph share; a past expiry is 422; the periodic sweep deletes without any
call; a stream answering while its source expires finishes. Over the real app with the test clock."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest
from litestar.testing import TestClient

from app.main import create_app
from models.settings import Settings
from tests.conftest import FakeClock, auth, new_key
from tests.graph_helpers import graph_rows

NOW = datetime(2026, 3, 10, 9, 0, tzinfo=UTC)


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def remember(client, headers, content: str, **fields) -> dict:
    response = client.post("/v1/remember", json={"content": content, **fields}, headers=headers)
    assert response.status_code == 201, response.text
    return response.json()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


def test_an_expired_memory_is_gone_from_every_read(client, headers, clock):
    kept = remember(client, headers, "Priya Raman owns the mobile release.")
    brief = remember(
        client,
        headers,
        "Zoe Park will share the door code 4417 with the cleaners by Friday.",
        expires_at=iso(NOW + timedelta(hours=1)),
    )
    assert datetime.fromisoformat(brief["expires_at"]) == NOW + timedelta(hours=1)
    assert client.get(f"/v1/memories/{brief['id']}", headers=headers).status_code == 200
    assert client.post("/v1/compile/Zoe Park", headers=headers).status_code == 200

    clock.advance(hours=1, seconds=1)
    assert client.get(f"/v1/memories/{brief['id']}", headers=headers).status_code == 404
    assert client.get(f"/v1/graph/{brief['id']}", headers=headers).status_code == 404
    assert [m["id"] for m in client.get("/v1/memories", headers=headers).json()["data"]] == [kept["id"]]
    found = client.post("/v1/search", json={"query": "door code for the cleaners"}, headers=headers).json()
    assert brief["id"] not in [r["id"] for r in found["data"]]
    answer = client.post("/v1/ask", json={"question": "What is the door code?"}, headers=headers).json()
    assert "4417" not in answer["text"] and brief["id"] not in [s["id"] for s in answer["sources"]]
    assert client.post("/v1/compile/Zoe Park", headers=headers).status_code == 404
    assert client.get("/v1/stats", headers=headers).json()["memories"] == 1
    lint = client.post("/v1/lint", json={}, headers=headers).json()
    assert brief["id"] not in str(lint)
    # Deleted with its graph share: Zoe was named by no other memory, the action item was its own.
    assert graph_rows(client, "MATCH (p:Person {name: 'Zoe Park'}) RETURN count(p)")[0][0] == 0
    assert graph_rows(client, "MATCH (m:Memory {id: $id}) RETURN count(m)", {"id": brief["id"]})[0][0] == 0


def test_a_past_expiry_is_422_and_nothing_is_stored(client, headers):
    response = client.post(
        "/v1/remember",
        json={"content": "Too late.", "expires_at": iso(NOW - timedelta(minutes=1))},
        headers=headers,
    )
    assert response.status_code == 422 and response.json()["error"]["param"] == "expires_at"
    batch = client.post(
        "/v1/remember/batch",
        json={"items": [{"content": "Fine."}, {"content": "Late.", "expires_at": iso(NOW)}]},
        headers=headers,
    )
    assert batch.status_code == 422 and batch.json()["error"]["param"] == "items[1].expires_at"
    no_offset = client.post(
        "/v1/remember", json={"content": "x", "expires_at": "2026-03-11T09:00:00"}, headers=headers
    )
    assert no_offset.status_code == 422
    assert client.get("/v1/memories", headers=headers).json()["data"] == []


def test_patch_sets_and_clears_an_expiry_and_files_carry_it(client, headers, clock):
    memory = remember(client, headers, "The guest Wi-Fi password is tulip-42.")
    later = iso(NOW + timedelta(days=1))
    edited = client.patch(f"/v1/memories/{memory['id']}", json={"expires_at": later}, headers=headers).json()
    assert edited["expires_at"] is not None
    cleared = client.patch(f"/v1/memories/{memory['id']}", json={"expires_at": None}, headers=headers).json()
    assert cleared["expires_at"] is None
    past = client.patch(
        f"/v1/memories/{memory['id']}", json={"expires_at": iso(NOW - timedelta(days=1))}, headers=headers
    )
    assert past.status_code == 422

    text = (
        "Agenda. " + "The quarterly review covers hiring, budget and the roadmap for Lisbon. " * 40
    ).encode()
    files = {"file": ("agenda.txt", text, "text/plain")}
    upload = client.post("/v1/remember/file", files=files, data={"expires_at": later}, headers=headers).json()
    assert upload["expires_at"] is not None
    clock.advance(days=1, seconds=1)
    assert [m["id"] for m in client.get("/v1/memories", headers=headers).json()["data"]] == [memory["id"]]


def test_the_sweep_deletes_without_any_call(tmp_path):
    clock = FakeClock(NOW)
    settings = Settings(
        graph_uri=f"falkordb+embedded://{tmp_path / 'data'}",
        graph_name="sweep",
        embedded_restart_delay=0.2,
        log_level="WARNING",
        expiry_sweep_s=0.2,
    )
    with TestClient(create_app(settings, clock=clock), raise_server_exceptions=False) as client:
        headers = auth(new_key(client))
        memory = remember(client, headers, "Temporary note.", expires_at=iso(NOW + timedelta(minutes=5)))
        clock.advance(minutes=6)

        for _ in range(50):  # the sweep runs every 0.2 s; no call is made meanwhile
            rows = graph_rows(client, "MATCH (m:Memory {id: $id}) RETURN count(m)", {"id": memory["id"]})
            if rows[0][0] == 0:
                return
            time.sleep(0.1)
        raise AssertionError("the sweep did not delete the expired memory")


def test_a_stream_answering_while_its_source_expires_finishes(client, headers, clock):
    remember(
        client,
        headers,
        "The launch party is on May 3 at the Lisbon office.",
        expires_at=iso(NOW + timedelta(seconds=30)),
    )
    with client.stream(
        "POST", "/v1/ask", json={"question": "When is the launch party?", "stream": True}, headers=headers
    ) as stream:
        lines = []
        for line in stream.iter_lines():
            lines.append(line)
            if line.startswith("event: sources"):
                clock.advance(minutes=1)  # the source expires while the answer is being sent
    assert "event: done" in lines, lines
    assert client.get("/v1/memories", headers=headers).json()["data"] == []  # the next call: gone
