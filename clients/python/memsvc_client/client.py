"""`Client` and `AsyncClient`: the memsvc REST API, typed. Both build the same `Call`s (`_calls.py`)."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Iterator
from datetime import datetime
from typing import Any, Literal, TypeVar

import httpx
from httpx_sse import aconnect_sse, connect_sse

from . import _calls as calls
from . import types
from .errors import APIConnectionError, MemsvcError

T = TypeVar("T")
DEFAULT_BASE_URL = "http://127.0.0.1:8080"
VERSION = "0.1.0"


def _settings(api_key: str | None, base_url: str | None) -> tuple[str, str]:
    key = api_key or os.environ.get("MEMSVC_API_KEY")
    if not key:
        raise MemsvcError("No API key: pass api_key= or set MEMSVC_API_KEY.")
    return key, (base_url or os.environ.get("MEMSVC_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")


def _headers(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "User-Agent": f"memsvc-client-python/{VERSION}"}


class _Base:
    """What both clients hold: the HTTP client with the key, the retry rule, `memories`."""

    _http_class: type[httpx.Client] | type[httpx.AsyncClient]

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        timeout: float = 60.0,
        max_retries: int = 2,
        max_retry_wait: float = 30.0,
        http_client: httpx.Client | httpx.AsyncClient | None = None,
    ):
        key, url = _settings(api_key, base_url)
        self._http: Any = http_client or self._http_class(base_url=url, timeout=timeout)
        self._http.headers.update(_headers(key))
        self.max_retries, self.max_retry_wait = max_retries, max_retry_wait
        self.memories = (Memories if isinstance(self, Client) else AsyncMemories)(self)  # type: ignore[arg-type]


class Client(_Base):
    """`Client(api_key=None, base_url=...)`; the key falls back to `MEMSVC_API_KEY`, the address to
    `MEMSVC_BASE_URL`. 429 and 503 are retried up to `max_retries` times, after `Retry-After`."""

    _http_class = httpx.Client
    memories: Memories

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def _send(self, call: calls.Call[T]) -> T:
        for attempt in range(self.max_retries + 1):
            try:
                response = self._http.request(call.method, call.path, **call.arguments())
            except httpx.TransportError as exc:
                raise APIConnectionError(str(exc)) from exc
            wait = calls.retry_wait(response, attempt, self.max_retry_wait)
            if wait is None or attempt == self.max_retries:
                return calls.result(call, response)
            time.sleep(wait)
        raise AssertionError("unreachable")

    def remember(
        self,
        content: str,
        *,
        source: str = "api",
        timestamp: datetime | str | None = None,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> types.Memory:
        """`user_id`, `agent_id`, `session_id`, `metadata`: the memory's scope inside the account.
        `idempotency_key`: a repeat with the same key and content stores nothing again."""
        scope = calls.Scope(user_id, agent_id, session_id, metadata)
        return self._send(calls.remember(content, source, timestamp, scope, idempotency_key))

    def remember_file(
        self,
        file: str | os.PathLike[str] | bytes,
        *,
        source: str = "file",
        timestamp: datetime | str | None = None,
        filename: str | None = None,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> types.FileMemory:
        """PDF, DOCX, image, audio, text, Markdown, HTML or e-mail: a path or the bytes."""
        return self._send(
            calls.remember_file(
                file,
                source,
                timestamp,
                filename,
                calls.Scope(user_id, agent_id, session_id, metadata),
                idempotency_key,
            )
        )

    def remember_batch(
        self, items: list[dict[str, Any]], *, idempotency_key: str | None = None
    ) -> types.MemoryBatch:
        """`items`: up to 100 `{content, source?, timestamp?, user_id?, agent_id?, session_id?,
        metadata?}`; each counts as one call."""
        return self._send(calls.remember_batch(items, idempotency_key))

    def ask(
        self,
        question: str,
        *,
        limit: int = 5,
        reasoning: bool = False,
        filters: dict[str, Any] | None = None,
        generate: bool | None = None,
    ) -> types.Answer:
        """`filters`: user_id, agent_id, session_id, metadata (a dict): only those memories answer.
        `generate`: write the answer with the service's LLM (None: the service's default)."""
        return self._send(calls.ask(question, limit, reasoning, filters, generate=generate))

    def ask_stream(
        self,
        question: str,
        *,
        limit: int = 5,
        reasoning: bool = False,
        filters: dict[str, Any] | None = None,
        generate: bool | None = None,
    ) -> Iterator[types.AskEvent]:
        """The answer as typed events: `SourcesEvent`, `DeltaEvent`s, `FollowupsEvent`, `DoneEvent`."""
        call = calls.ask(question, limit, reasoning, filters, stream=True, generate=generate)
        for attempt in range(self.max_retries + 1):
            with connect_sse(self._http, call.method, call.path, json=call.json) as source:
                response = source.response
                if response.status_code < 400:
                    for sse in source.iter_sse():
                        if (event := calls.ask_event(sse)) is not None:
                            yield event
                    return
                response.read()
                wait = calls.retry_wait(response, attempt, self.max_retry_wait)
                if wait is None or attempt == self.max_retries:
                    raise calls.error_of(response)
            time.sleep(wait)

    def search(
        self, query: str, *, limit: int = 10, filters: dict[str, Any] | None = None
    ) -> types.SearchResults:
        """Memories ranked for `query`, no composed answer. `filters`: source, tags, people,
        organizations, triage_type, since, until (datetimes or ISO strings), user_id, agent_id,
        session_id, metadata (a dict)."""
        return self._send(calls.search(query, limit, filters))

    def check(self, context: str, *, filters: dict[str, Any] | None = None) -> types.CheckResult:
        return self._send(calls.check(context, filters))

    def graph(self, memory_id: str, *, depth: int = 1, limit: int = 100) -> types.MemoryGraph:
        return self._send(calls.graph(memory_id, depth, limit))

    def compile(
        self,
        entity: str,
        *,
        format: Literal["markdown", "json"] = "markdown",
        filters: dict[str, Any] | None = None,
    ) -> types.WikiPage:
        """`filters`: user_id, agent_id, session_id, metadata: a page from those memories only."""
        return self._send(calls.compile_page(entity, format, filters))

    def lint(self, fix: bool = False) -> types.LintReport:
        return self._send(calls.lint(fix))

    def stats(self) -> types.Stats:
        return self._send(calls.stats())

    def feedback(
        self,
        question: str,
        answer: str,
        rating: Literal["up", "down"] = "up",
        correction: str | None = None,
        source_ids: list[str] | None = None,
        idempotency_key: str | None = None,
    ) -> types.Feedback:
        return self._send(calls.feedback(question, answer, rating, correction, source_ids, idempotency_key))


class Memories:
    """`client.memories.list / get / update / history / delete`."""

    def __init__(self, client: Client):
        self._client = client

    def list(self, *, limit: int = 20, cursor: str | None = None, **filters: Any) -> types.MemoryPage:
        """Newest first. Filters: `source`, `triage_type`, `tag`, `person`, `organization`, `since`,
        `until`, `user_id`, `agent_id`, `session_id`, `metadata` (a dict)."""
        return self._client._send(calls.list_memories(limit=limit, cursor=cursor, **filters))

    def get(self, memory_id: str) -> types.Memory:
        return self._client._send(calls.get_memory(memory_id))

    def update(self, memory_id: str, **fields: Any) -> types.Memory:
        """Edit: `content`, `source`, `timestamp`, `user_id`, `agent_id`, `session_id`, `metadata`; the
        id stays and the previous version is kept (`history`)."""
        return self._client._send(calls.update_memory(memory_id, fields))

    def history(self, memory_id: str) -> types.MemoryHistory:
        return self._client._send(calls.memory_history(memory_id))

    def delete(self, memory_id: str) -> None:
        self._client._send(calls.delete_memory(memory_id))


class AsyncClient(_Base):
    """`Client`, with every method a coroutine and `ask_stream` an async iterator."""

    _http_class = httpx.AsyncClient
    memories: AsyncMemories

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self._http.aclose()

    async def _send(self, call: calls.Call[T]) -> T:
        for attempt in range(self.max_retries + 1):
            try:
                response = await self._http.request(call.method, call.path, **call.arguments())
            except httpx.TransportError as exc:
                raise APIConnectionError(str(exc)) from exc
            wait = calls.retry_wait(response, attempt, self.max_retry_wait)
            if wait is None or attempt == self.max_retries:
                return calls.result(call, response)
            await asyncio.sleep(wait)
        raise AssertionError("unreachable")

    async def remember(
        self,
        content: str,
        *,
        source: str = "api",
        timestamp: datetime | str | None = None,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> types.Memory:
        """`user_id`, `agent_id`, `session_id`, `metadata`: the memory's scope inside the account.
        `idempotency_key`: a repeat with the same key and content stores nothing again."""
        scope = calls.Scope(user_id, agent_id, session_id, metadata)
        return await self._send(calls.remember(content, source, timestamp, scope, idempotency_key))

    async def remember_file(
        self,
        file: str | os.PathLike[str] | bytes,
        *,
        source: str = "file",
        timestamp: datetime | str | None = None,
        filename: str | None = None,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> types.FileMemory:
        return await self._send(
            calls.remember_file(
                file,
                source,
                timestamp,
                filename,
                calls.Scope(user_id, agent_id, session_id, metadata),
                idempotency_key,
            )
        )

    async def remember_batch(
        self, items: list[dict[str, Any]], *, idempotency_key: str | None = None
    ) -> types.MemoryBatch:
        return await self._send(calls.remember_batch(items, idempotency_key))

    async def ask(
        self,
        question: str,
        *,
        limit: int = 5,
        reasoning: bool = False,
        filters: dict[str, Any] | None = None,
        generate: bool | None = None,
    ) -> types.Answer:
        """`filters`: user_id, agent_id, session_id, metadata (a dict): only those memories answer.
        `generate`: write the answer with the service's LLM (None: the service's default)."""
        return await self._send(calls.ask(question, limit, reasoning, filters, generate=generate))

    async def ask_stream(
        self,
        question: str,
        *,
        limit: int = 5,
        reasoning: bool = False,
        filters: dict[str, Any] | None = None,
        generate: bool | None = None,
    ) -> AsyncIterator[types.AskEvent]:
        call = calls.ask(question, limit, reasoning, filters, stream=True, generate=generate)
        for attempt in range(self.max_retries + 1):
            async with aconnect_sse(self._http, call.method, call.path, json=call.json) as source:
                response = source.response
                if response.status_code < 400:
                    async for sse in source.aiter_sse():
                        if (event := calls.ask_event(sse)) is not None:
                            yield event
                    return
                await response.aread()
                wait = calls.retry_wait(response, attempt, self.max_retry_wait)
                if wait is None or attempt == self.max_retries:
                    raise calls.error_of(response)
            await asyncio.sleep(wait)

    async def search(
        self, query: str, *, limit: int = 10, filters: dict[str, Any] | None = None
    ) -> types.SearchResults:
        return await self._send(calls.search(query, limit, filters))

    async def check(self, context: str, *, filters: dict[str, Any] | None = None) -> types.CheckResult:
        return await self._send(calls.check(context, filters))

    async def graph(self, memory_id: str, *, depth: int = 1, limit: int = 100) -> types.MemoryGraph:
        return await self._send(calls.graph(memory_id, depth, limit))

    async def compile(
        self,
        entity: str,
        *,
        format: Literal["markdown", "json"] = "markdown",
        filters: dict[str, Any] | None = None,
    ) -> types.WikiPage:
        return await self._send(calls.compile_page(entity, format, filters))

    async def lint(self, fix: bool = False) -> types.LintReport:
        return await self._send(calls.lint(fix))

    async def stats(self) -> types.Stats:
        return await self._send(calls.stats())

    async def feedback(
        self,
        question: str,
        answer: str,
        rating: Literal["up", "down"] = "up",
        correction: str | None = None,
        source_ids: list[str] | None = None,
        idempotency_key: str | None = None,
    ) -> types.Feedback:
        return await self._send(
            calls.feedback(question, answer, rating, correction, source_ids, idempotency_key)
        )


class AsyncMemories:
    def __init__(self, client: AsyncClient):
        self._client = client

    async def list(self, *, limit: int = 20, cursor: str | None = None, **filters: Any) -> types.MemoryPage:
        return await self._client._send(calls.list_memories(limit=limit, cursor=cursor, **filters))

    async def get(self, memory_id: str) -> types.Memory:
        return await self._client._send(calls.get_memory(memory_id))

    async def update(self, memory_id: str, **fields: Any) -> types.Memory:
        return await self._client._send(calls.update_memory(memory_id, fields))

    async def history(self, memory_id: str) -> types.MemoryHistory:
        return await self._client._send(calls.memory_history(memory_id))

    async def delete(self, memory_id: str) -> None:
        await self._client._send(calls.delete_memory(memory_id))
