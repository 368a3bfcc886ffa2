"""Faults, load and secrets, through real `memsvc serve` processes.

- The embedded store killed with SIGKILL while clients ingest: 503 with `Retry-After` while it is down,
  the watchdog restarts it, and every memory acknowledged before, during and after is there.
- The service itself killed with SIGKILL in the middle of a batch: after a restart each memory of the
  batch is wholly there or wholly absent, and the quota counters are what the calls made them.
- Concurrent clients on loopback past a key's daily quota: no error but the intended 429s, and as many
  memories stored as were acknowledged.
- Keys never appear in the log (at DEBUG) or in any answer; a revoked key is refused on its next call.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import redis

from graph.drivers.embedded import socket_path_for
from tests.servers import Server, created_key, memsvc


def _headers(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _all_memories(http: httpx.Client, headers: dict[str, str]) -> dict[str, dict]:
    found, cursor = {}, None
    while True:
        params = {"limit": 100, **({"cursor": cursor} if cursor else {})}
        page = http.get("/v1/memories", params=params, headers=headers).json()
        found |= {m["id"]: m for m in page["data"]}
        if not (cursor := page.get("next_cursor")):
            return found


def test_store_killed_during_ingest_loses_nothing_acknowledged(tmp_path: Path):
    server = Server(tmp_path / "data")
    server.start()
    try:
        # The promise the README makes: every write is fsynced before the API answers.
        store = redis.Redis(unix_socket_path=str(socket_path_for(server.data_dir)))
        assert store.config_get("appendfsync") == {"appendfsync": "always"}
        assert store.config_get("appendonly") == {"appendonly": "yes"}

        headers = _headers(created_key(server.data_dir, kind="live"))
        acknowledged: dict[str, str] = {}
        unavailable: list[httpx.Response] = []
        unknown: list[str] = []  # contents of the writes answered 503
        stop = threading.Event()

        def ingest(worker: int) -> None:
            with httpx.Client(base_url=server.url, timeout=30) as http:
                n = 0
                while not stop.is_set():
                    content = f"Worker {worker} note {n}: Priya Raman reviewed the budget for Acme."
                    response = http.post("/v1/remember", json={"content": content}, headers=headers)
                    if response.status_code == 201:
                        acknowledged[response.json()["id"]] = content
                    else:
                        assert response.status_code == 503, response.text
                        unavailable.append(response)
                        unknown.append(content)
                        time.sleep(0.1)
                    n += 1

        workers = [threading.Thread(target=ingest, args=(w,)) for w in range(2)]
        for worker in workers:
            worker.start()
        while len(acknowledged) < 6:
            time.sleep(0.05)
        os.kill(int((server.data_dir / "falkordb.pid").read_text()), signal.SIGKILL)
        while not unavailable:  # the kill is seen
            time.sleep(0.05)
        before_recovery = len(acknowledged)
        deadline = time.monotonic() + 60
        while len(acknowledged) < before_recovery + 6:  # and ingest goes on after the restart
            assert time.monotonic() < deadline, "ingest did not resume after the store was restarted"
            time.sleep(0.1)
        stop.set()
        for worker in workers:
            worker.join(60)

        assert all(r.json()["error"]["code"] == "store_unavailable" for r in unavailable)
        assert all(int(r.headers["Retry-After"]) >= 1 for r in unavailable)
        with httpx.Client(base_url=server.url, timeout=30) as http:
            stored = _all_memories(http, headers)
        # Nothing acknowledged is lost. A 503 leaves the outcome unknown: the store may have committed the
        # write whose reply the kill cut off, so the only other memories stored are such writes, whole.
        assert set(acknowledged) <= set(stored)
        assert all(stored[i]["content"] == content for i, content in acknowledged.items())
        extra = [stored[i]["content"] for i in set(stored) - set(acknowledged)]
        assert len(extra) <= 2 and all(content in unknown for content in extra), (
            extra
        )  # one in flight per worker
    finally:
        server.stop()


def test_service_killed_during_a_batch_leaves_whole_memories_and_true_counters(tmp_path: Path):
    server = Server(tmp_path / "data")
    server.start()
    key = created_key(server.data_dir, kind="live")
    headers = _headers(key)
    items = [
        {"content": f"Item {i}: Priya Raman and Jonas Weber agreed to ship release {i} by Friday at Acme."}
        for i in range(100)
    ]
    calls = 0
    with httpx.Client(base_url=server.url, timeout=120) as http:
        batch = threading.Thread(
            target=lambda: _swallow(
                lambda: http.post("/v1/remember/batch", json={"items": items}, headers=headers)
            )
        )
        batch.start()
        calls += 100  # the batch counts one call per item, when it is accepted
        poller = httpx.Client(base_url=server.url, timeout=30)
        while True:
            stats = poller.get("/v1/stats", headers=headers).json()
            calls += 1
            if stats["memories"] >= 3:
                break
            time.sleep(0.02)
        server.proc.send_signal(signal.SIGKILL)  # the service, in the middle of writing the batch
        server.proc.wait(10)
        batch.join(30)
        poller.close()

    server.start()  # the same data directory, a new process
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            usage = http.get("/v1/stats", headers=headers).json()["usage"]
            assert usage["today"] == calls + 1  # every call before the kill, and this one
            stored = _all_memories(http, headers)
            assert 3 <= len(stored) < len(items), "the kill should land in the middle of the batch"
            contents = {item["content"] for item in items}
            for memory_id, memory in stored.items():
                assert memory["content"] in contents
                # Wholly there: every signal, and the graph it wrote (entities, the decision).
                assert memory["summary"] and memory["tags"] and memory["importance"] >= 1
                assert {"Priya Raman", "Jonas Weber"} <= set(memory["extraction"]["people"])
                graph = http.get(f"/v1/graph/{memory_id}", headers=headers).json()
                names = {n["label"] for n in graph["nodes"] if n["type"] in ("person", "organization")}
                assert {"Priya Raman", "Jonas Weber", "Acme"} <= names, names
                assert all(link["target_id"] in stored for link in memory["links"])
    finally:
        server.stop()


def _swallow(call: Callable[[], object]) -> None:
    with contextlib.suppress(httpx.HTTPError):  # the service is killed under it
        call()


def test_concurrent_clients_past_the_quota_get_only_429s_and_lose_nothing(tmp_path: Path):
    daily = 40
    server = Server(tmp_path / "data", env={"MEMSVC_TEST_DAILY_LIMIT": str(daily)})
    server.start()
    try:
        headers = _headers(created_key(server.data_dir))

        def client(worker: int) -> list[tuple[str, int, str | None]]:
            results = []
            with httpx.Client(base_url=server.url, timeout=60) as http:
                for n in range(12):
                    if n % 3 == 2:
                        response = http.post(
                            "/v1/ask", json={"question": "Who reviewed the plan?"}, headers=headers
                        )
                        results.append(("ask", response.status_code, None))
                    else:
                        content = f"Client {worker}, note {n}: Ana Lopez reviewed the plan."
                        response = http.post("/v1/remember", json={"content": content}, headers=headers)
                        memory_id = response.json().get("id") if response.status_code == 201 else None
                        results.append(("remember", response.status_code, memory_id))
                    if response.status_code == 429:
                        assert response.json()["error"]["code"] == "quota_exceeded"
                        assert int(response.headers["Retry-After"]) > 0
            return results

        with ThreadPoolExecutor(4) as pool:
            results = [r for worker in pool.map(client, range(4)) for r in worker]
        statuses = [status for _, status, _ in results]
        assert set(statuses) <= {200, 201, 429}, statuses
        assert sum(s in (200, 201) for s in statuses) == daily and statuses.count(429) == len(results) - daily
        acknowledged = {
            memory_id for kind, status, memory_id in results if kind == "remember" and status == 201
        }
        store = redis.Redis(unix_socket_path=str(socket_path_for(server.data_dir)))
        counted = store.execute_command("GRAPH.RO_QUERY", "memsvc", "MATCH (m:Memory) RETURN m.id")
        assert {row[0].decode() for row in counted[1]} == acknowledged
    finally:
        server.stop()


def test_keys_never_reach_the_log_or_an_answer_and_revocation_is_immediate(tmp_path: Path):
    server = Server(tmp_path / "data", env={"MEMSVC_LOG_LEVEL": "DEBUG"})
    server.start()
    try:
        key = created_key(server.data_dir)
        unknown = "svc_test_" + "A" * 43
        answers = []
        with httpx.Client(base_url=server.url, timeout=30) as http:
            for header in (key, unknown, key[:-1], f"{key} {key}"):
                for method, path, body in (
                    ("GET", "/v1/memories", None),
                    ("POST", "/v1/remember", {"content": f"My key is {key[-20:]}."}),
                    ("POST", "/v1/remember", {"content": ""}),
                    ("POST", "/v1/ask", {"question": "x" * 3000}),
                    ("GET", "/v1/memories/mem_nope", None),
                ):
                    response = http.request(method, path, json=body, headers=_headers(header))
                    answers.append(response.text + str(response.headers))
            answers.append(http.get("/v1/memories", headers={"X-Api-Key": key}).text)
            key_id = memsvc("keys", "list", data_dir=server.data_dir).stdout
            assert key[:14] in key_id
            revoked = memsvc("keys", "revoke", key, data_dir=server.data_dir)
            assert revoked.returncode == 0, revoked.stderr
            refused = http.get("/v1/memories", headers=_headers(key))
            assert refused.status_code == 401 and refused.json()["error"]["code"] == "invalid_api_key"
            answers.append(refused.text)
        secret = key[len("svc_test_") :]
        for text in answers:
            assert secret not in text and unknown[9:] not in text
    finally:
        server.stop()
    log = server.log_path.read_text()
    assert "DEBUG" in log  # the log was written at its most verbose
    assert key[len("svc_test_") :][:20] not in log and unknown[9:] not in log
