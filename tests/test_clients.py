"""The Python client (`clients/python`) and the Node.js client (`clients/node`, run with `node --test`)
against a real `memsvc serve` process."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from datetime import datetime
from pathlib import Path

import httpx
import pytest
from memsvc_client import (
    AsyncClient,
    AuthenticationError,
    Client,
    IdempotencyConflictError,
    MemsvcError,
    NotFoundError,
    QuotaExceededError,
    RateLimitedError,
    StoreUnavailableError,
    ValidationFailedError,
)
from memsvc_client.types import DeltaEvent, DoneEvent, FollowupsEvent, SourcesEvent

from tests.servers import Server, created_key
from tests.test_ask import NOTES

NODE_TESTS = Path(__file__).parent.parent / "clients" / "node" / "test"
FILES = Path(__file__).parent / "data" / "files"
QUESTION = "Why was the mobile release postponed?"


@pytest.fixture
def key(module_server: Server, request: pytest.FixtureRequest) -> str:
    """A key of an account of this test's own."""
    return created_key(module_server.data_dir, account=request.node.name)


def test_python_client_surface(module_server: Server, key: str):
    with Client(api_key=key, base_url=module_server.url) as client:
        batch = client.remember_batch([{"content": text, "timestamp": ts} for text, ts in NOTES])
        assert len(batch.data) == len(NOTES)
        memory = client.remember(
            "Lena moved the launch to May.", source="chat", timestamp="2026-03-12T10:00:00Z"
        )
        assert memory.id.startswith("mem_") and memory.source == "chat" and "Lena" in memory.extraction.people

        answer = client.ask(QUESTION)
        assert "[1]" in answer.text and answer.sources[0].id == batch.data[0].id
        events = list(client.ask_stream(QUESTION))
        assert isinstance(events[0], SourcesEvent) and isinstance(events[-1], DoneEvent)
        assert isinstance(events[-2], FollowupsEvent)
        assert "".join(e.text for e in events if isinstance(e, DeltaEvent)) == answer.text
        assert events[-1].answer == answer
        # `generate` reaches the service: this one has no LLM, and says so.
        generated = client.ask(QUESTION, generate=True).generation
        assert generated is not None and generated.used is False and "no LLM" in (generated.reason or "")

        checked = client.check("Lena moved the launch to June.")
        assert checked.show and checked.contradictions[0].memory_id == memory.id

        found = client.search("launch", limit=2, filters={"source": "chat", "since": datetime(2026, 3, 1)})
        assert [r.id for r in found.data] == [memory.id] and found.data[0].content == memory.content
        assert client.search("mobile release", filters={"people": ["Priya"]}).data[0].id == batch.data[0].id

        page = client.memories.list(limit=3)
        assert len(page.data) == 3 and page.next_cursor
        assert client.memories.list(source="chat").data == [client.memories.get(memory.id)]
        graph = client.graph(batch.data[0].id)
        assert graph.root == batch.data[0].id and {"person", "memory"} <= {n.type for n in graph.nodes}
        wiki = client.compile("Bob")
        assert wiki.entity.name == "Bob Lee" and wiki.sources
        assert client.lint().score <= 100
        feedback = client.feedback(QUESTION, answer.text, rating="up", source_ids=[answer.sources[0].id])
        assert feedback.id.startswith("fb_")
        stats = client.stats()
        assert stats.memories == len(NOTES) + 1 and stats.feedback["up"] == 1

        pdf = client.remember_file(FILES / "report.pdf", source="drive")
        assert pdf.file.pages == 3 and [c.page for c in pdf.chunks] == [1, 2, 3]
        png = client.remember_file((FILES / "note.png").read_bytes(), filename="note.png")
        assert png.file.media_type == "image/png" and "Ana Lopez" in png.extraction.people
        client.memories.delete(pdf.id)

        client.memories.delete(memory.id)
        with pytest.raises(NotFoundError) as gone:
            client.memories.get(memory.id)
        assert gone.value.status == 404 and gone.value.code == "not_found"
        with pytest.raises(ValidationFailedError) as invalid:
            client.ask(QUESTION, limit=0)
        assert invalid.value.param == "limit"
    with (
        pytest.raises(AuthenticationError),
        Client(api_key="svc_test_" + "x" * 43, base_url=module_server.url) as c,
    ):
        c.stats()


def test_python_client_scope_and_filters(module_server: Server, key: str):
    with Client(api_key=key, base_url=module_server.url) as client:
        mine = client.remember(
            "I moved to Lisbon and work at the bakery on Rua Augusta.",
            user_id="ana",
            session_id="s-1",
            metadata={"topic": "home", "priority": 2},
        )
        assert (mine.user_id, mine.session_id, mine.metadata) == (
            "ana",
            "s-1",
            {"topic": "home", "priority": 2},
        )
        theirs = client.remember("I moved to Porto and work at the library.", user_id="rui")
        assert [m.id for m in client.memories.list(user_id="ana", metadata={"priority": 2}).data] == [mine.id]
        assert client.memories.list(metadata={"priority": "2"}).data == []  # text "2" is not the number 2
        assert [s.id for s in client.ask("Where did I move to?", filters={"user_id": "rui"}).sources] == [
            theirs.id
        ]
        events = list(client.ask_stream("Which bakery do I work at?", filters={"user_id": "ana"}))
        assert [s.id for s in events[0].sources] == [mine.id]
        assert [r.id for r in client.search("bakery", filters={"session_id": "s-1"}).data] == [mine.id]
        assert client.check("I moved to Madrid.", filters={"user_id": "nobody"}).related == []
        note = client.remember_file(
            b"The lease renewal is due on May 1.",
            filename="lease.txt",
            user_id="ana",
            metadata={"kind": "upload"},
        )
        assert note.user_id == "ana" and note.metadata == {"kind": "upload"}
        assert mine.model_dump(mode="json")["metadata"] == {"topic": "home", "priority": 2}
        once = client.remember("The gym renewal is due on May 2.", idempotency_key="gym-1")
        assert client.remember("The gym renewal is due on May 2.", idempotency_key="gym-1").id == once.id
        with pytest.raises(IdempotencyConflictError) as conflict:
            client.remember("Something else.", idempotency_key="gym-1")
        assert conflict.value.status == 409 and conflict.value.code == "idempotency_conflict"
        edited = client.memories.update(
            once.id, content="The gym renewal is due on May 9.", metadata={"k": 1}
        )
        assert edited.id == once.id and edited.metadata == {"k": 1}
        history = client.memories.history(once.id)
        assert [v.version for v in history.data] == [1, 2] and history.data[1].changed_fields == [
            "content",
            "metadata",
        ]
        batch = client.remember_batch([{"content": "One.", "user_id": "ana"}], idempotency_key="b-1")
        assert client.remember_batch([{"content": "One.", "user_id": "ana"}], idempotency_key="b-1") == batch


def test_python_client_key_from_the_environment(module_server: Server, key: str, monkeypatch):
    monkeypatch.setenv("MEMSVC_API_KEY", key)
    monkeypatch.setenv("MEMSVC_BASE_URL", module_server.url)
    with Client() as client:
        assert client.memories.list().data == []
    monkeypatch.delenv("MEMSVC_API_KEY")
    with pytest.raises(MemsvcError, match="MEMSVC_API_KEY"):
        Client()


async def test_async_client_and_retries_through_a_store_restart(module_server: Server, key: str):
    async with AsyncClient(api_key=key, base_url=module_server.url, max_retries=6) as client:
        remembered = await client.remember("Ana Lopez moved to Berlin last month.")
        # The embedded store dies; the service answers 503 with Retry-After until it has restarted
        # it, and the client waits and tries again instead of failing.
        pid = int((module_server.data_dir / "falkordb.pid").read_text())
        os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)
        assert (await client.memories.get(remembered.id)).id == remembered.id
        events = [e async for e in client.ask_stream("Where did Ana move?")]
        assert events[-1].answer.sources[0].id == remembered.id
    async with AsyncClient(api_key=key, base_url=module_server.url, max_retries=0) as client:
        with pytest.raises(NotFoundError):
            await client.memories.get("mem_nothing")


def test_quota_exceeded_is_raised_at_once_with_retry_after(module_server: Server, key: str):
    with Client(api_key=key, base_url=module_server.url) as client:
        for _ in range(100):  # a test key's daily quota
            client.memories.list(limit=1)
        started = time.monotonic()
        with pytest.raises(QuotaExceededError) as exhausted:
            client.stats()
        assert time.monotonic() - started < 5  # a wait of hours is not waited for
    assert isinstance(exhausted.value, RateLimitedError) and exhausted.value.retry_after > 30


def test_python_client_retries_429_and_503_after_retry_after():
    replies = iter(
        [
            httpx.Response(503, headers={"Retry-After": "0"}, json={"error": {"code": "store_unavailable"}}),
            httpx.Response(429, headers={"Retry-After": "0"}, json={"error": {"code": "rate_limited"}}),
            httpx.Response(200, json={"data": [], "next_cursor": None}),
        ]
    )
    seen: list[httpx.Request] = []

    def transport(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return next(replies)

    http = httpx.Client(base_url="http://memsvc.invalid", transport=httpx.MockTransport(transport))
    with Client(api_key="svc_test_k", http_client=http) as client:
        assert client.memories.list().data == []
    assert len(seen) == 3 and seen[0].headers["authorization"] == "Bearer svc_test_k"

    down = httpx.MockTransport(
        lambda request: httpx.Response(
            503,
            headers={"Retry-After": "0"},
            json={"error": {"code": "store_unavailable", "message": "down"}},
        )
    )
    with (
        Client(
            api_key="k", max_retries=1, http_client=httpx.Client(base_url="http://x", transport=down)
        ) as c,
        pytest.raises(StoreUnavailableError) as failed,
    ):
        c.stats()
    assert failed.value.retry_after == 0 and str(failed.value) == "503 store_unavailable: down"


def test_node_client(module_server: Server, key: str):
    done = subprocess.run(
        ["node", "--test", str(NODE_TESTS)],
        env={**os.environ, "MEMSVC_BASE_URL": module_server.url, "MEMSVC_API_KEY": key},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# pass 4" in done.stdout and "# skipped 0" in done.stdout  # nothing skipped
