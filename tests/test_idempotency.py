"""Idempotent writes (`Idempotency-Key` on remember, remember/batch, remember/file and feedback): a
repeat replays the first response without storing or counting again, another body with the key is 409,
a failed request releases the key, concurrent repeats store one memory, and the keys live in the store
(a restart of the service honours them). Over the real app, and a real server for the restart."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest

from tests.conftest import auth, new_key
from tests.servers import Server, created_key


def remaining(response) -> int:
    return int(response.headers["X-RateLimit-Remaining"])


def listed(client, headers) -> list[str]:
    return [m["id"] for m in client.get("/v1/memories", headers=headers).json()["data"]]


def test_a_repeat_replays_the_first_response_without_storing_or_counting(client, headers):
    body = {"content": "Invoice 1042 from Acme was paid on March 3.", "source": "finance"}
    keyed = headers | {"Idempotency-Key": "pay-1042"}
    first = client.post("/v1/remember", json=body, headers=keyed)
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    before = remaining(client.get("/v1/memories", headers=headers))
    # The same request, written differently (key order, spacing): the same request.
    again = client.post(
        "/v1/remember",
        content=json.dumps({"source": "finance", "content": body["content"]}, indent=2),
        headers=keyed | {"Content-Type": "application/json"},
    )
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert listed(client, headers) == [first.json()["id"]]
    # Not counted: only the two listings were.
    assert remaining(client.get("/v1/memories", headers=headers)) == before - 2
    # Another body with the key: 409, nothing stored.
    other = client.post("/v1/remember", json={"content": "Invoice 1043 was paid."}, headers=keyed)
    assert other.status_code == 409, other.text
    error = other.json()["error"]
    assert error["code"] == "idempotency_conflict" and error["param"] == "Idempotency-Key"
    assert listed(client, headers) == [first.json()["id"]]
    # A new key is a new request.
    fresh = client.post("/v1/remember", json=body, headers=headers | {"Idempotency-Key": "pay-1042-b"})
    assert fresh.status_code == 201 and fresh.json()["id"] != first.json()["id"]


def test_keys_are_per_account_and_per_route(client, headers):
    other = auth(new_key(client))
    body = {"content": "The kickoff is on April 2."}
    mine = client.post("/v1/remember", json=body, headers=headers | {"Idempotency-Key": "k-1"})
    theirs = client.post("/v1/remember", json=body, headers=other | {"Idempotency-Key": "k-1"})
    assert theirs.status_code == 201 and "Idempotent-Replayed" not in theirs.headers
    assert theirs.json()["id"] != mine.json()["id"]
    batch = client.post(
        "/v1/remember/batch", json={"items": [body]}, headers=headers | {"Idempotency-Key": "k-1"}
    )
    assert batch.status_code == 409  # the key was used on another route


def test_batch_file_and_feedback_replay(client, headers):
    items = {
        "items": [{"content": "Lena will send the NDA by Friday."}, {"content": "Ravi owns the budget."}]
    }
    keyed = headers | {"Idempotency-Key": "batch-7"}
    first = client.post("/v1/remember/batch", json=items, headers=keyed)
    again = client.post("/v1/remember/batch", json=items, headers=keyed)
    assert first.status_code == again.status_code == 201 and again.json() == first.json()
    assert len(listed(client, headers)) == 2

    files = {"file": ("notes.txt", b"The offsite with Initech is on May 12 in Lisbon.", "text/plain")}
    keyed = headers | {"Idempotency-Key": "file-1"}
    first = client.post("/v1/remember/file", files=files, data={"user_id": "ana"}, headers=keyed)
    again = client.post("/v1/remember/file", files=files, data={"user_id": "ana"}, headers=keyed)
    assert first.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json()["id"] == first.json()["id"] and len(listed(client, headers)) == 3
    changed = client.post("/v1/remember/file", files=files, data={"user_id": "rui"}, headers=keyed)
    assert changed.status_code == 409

    vote = {
        "question": "Who owns the budget?",
        "answer": "Ravi [1].",
        "rating": "up",
        "source_ids": [first.json()["id"]],
    }
    keyed = headers | {"Idempotency-Key": "vote-1"}
    given = client.post("/v1/feedback", json=vote, headers=keyed)
    replayed = client.post("/v1/feedback", json=vote, headers=keyed)
    assert given.status_code == replayed.status_code == 201 and replayed.json()["id"] == given.json()["id"]
    assert client.get("/v1/stats", headers=headers).json()["feedback"]["up"] == 1


def test_a_failed_request_releases_its_key(client, headers):
    keyed = headers | {"Idempotency-Key": "retry-me"}
    too_long = client.post("/v1/remember", json={"content": "x" * 100_001}, headers=keyed)
    assert too_long.status_code == 413
    # The same key may carry the corrected request: the failure was not kept.
    fixed = client.post("/v1/remember", json={"content": "A note that fits."}, headers=keyed)
    assert fixed.status_code == 201 and "Idempotent-Replayed" not in fixed.headers


@pytest.mark.parametrize("value", ["", "x" * 256, "tab\there", "ключ".encode()])
def test_a_bad_key_is_422(client, headers, value):
    response = client.post(
        "/v1/remember", json={"content": "A note."}, headers=headers | {"Idempotency-Key": value}
    )
    assert response.status_code == 422, response.text
    assert response.json()["error"]["param"] == "Idempotency-Key"
    assert listed(client, headers) == []


def test_twenty_concurrent_repeats_store_one_memory(module_server: Server):
    key = created_key(module_server.data_dir, account="idempotency-concurrent")
    headers = {"Authorization": f"Bearer {key}", "Idempotency-Key": "burst-1"}
    body = {"content": "Dana Whitfield will renew the lease by June 1.", "user_id": "ana"}

    async def burst() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=module_server.url, timeout=120) as http:
            return await asyncio.gather(
                *(http.post("/v1/remember", json=body, headers=headers) for _ in range(20))
            )

    responses = asyncio.run(burst())
    assert {r.status_code for r in responses} == {201}, [r.text for r in responses if r.status_code != 201]
    assert len({r.json()["id"] for r in responses}) == 1
    assert sum(r.headers.get("Idempotent-Replayed") == "true" for r in responses) == 19
    page = httpx.get(f"{module_server.url}/v1/memories", headers={"Authorization": f"Bearer {key}"}).json()
    assert len(page["data"]) == 1


def test_a_restart_honours_the_key(module_server: Server):
    key = created_key(module_server.data_dir, account="idempotency-restart")
    headers = {"Authorization": f"Bearer {key}", "Idempotency-Key": "across-restart"}
    body = {"content": "The board meeting moved to Thursday."}
    first = httpx.post(f"{module_server.url}/v1/remember", json=body, headers=headers, timeout=60)
    assert first.status_code == 201
    module_server.stop()  # the service and its store; the data directory stays
    module_server.start()
    again = httpx.post(f"{module_server.url}/v1/remember", json=body, headers=headers, timeout=60)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
