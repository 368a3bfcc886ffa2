"""Each API call as plain data (method, path, body, result type), shared by `Client` and `AsyncClient`,
and the rules both follow: how a response becomes a result or an error, and when to retry."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

import httpx
from httpx_sse import ServerSentEvent

from . import types
from .errors import APIError, error_from

T = TypeVar("T")
RETRY_STATUSES = (429, 503)


@dataclass(frozen=True)
class Call(Generic[T]):
    method: str
    path: str
    result: type[T] | None  # None: no body (204)
    json: dict[str, Any] | None = None
    params: dict[str, Any] = field(default_factory=dict)
    files: dict[str, tuple[str, bytes]] | None = None  # multipart: the file part
    data: dict[str, str] | None = None  # multipart: the other fields
    headers: dict[str, str] = field(default_factory=dict)  # Idempotency-Key

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments of `httpx.Client.request` for this call."""
        return {
            "json": self.json,
            "params": self.params,
            "files": self.files,
            "data": self.data,
            "headers": self.headers,
        }


def _once(key: str | None) -> dict[str, str]:
    """The Idempotency-Key header: with it, the client's own retries (and yours) store once."""
    return {"Idempotency-Key": key} if key is not None else {}


def _time(value: datetime | str | None) -> str | None:
    return value.isoformat() if isinstance(value, datetime) else value


def _dropping_none(**values: Any) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


@dataclass(frozen=True)
class Scope:
    """The end user, agent and session a memory belongs to, and its metadata (a flat dict)."""

    user_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None
    metadata: dict[str, Any] | None = None

    def fields(self) -> dict[str, Any]:
        return _dropping_none(
            user_id=self.user_id, agent_id=self.agent_id, session_id=self.session_id, metadata=self.metadata
        )


def remember(
    content: str, source: str, timestamp: datetime | str | None, scope: Scope, idempotency_key: str | None
) -> Call[types.Memory]:
    body = _dropping_none(content=content, source=source, timestamp=_time(timestamp)) | scope.fields()
    return Call("POST", "/v1/remember", types.Memory, body, headers=_once(idempotency_key))


def remember_file(
    file: str | os.PathLike[str] | bytes,
    source: str,
    timestamp: datetime | str | None,
    filename: str | None,
    scope: Scope,
    idempotency_key: str | None,
) -> Call[types.FileMemory]:
    """A path (read here) or the bytes themselves; the service decides the type from the bytes. The
    metadata travels as JSON text (a multipart field)."""
    if isinstance(file, bytes):
        content, name = file, filename or "upload"
    else:
        path = Path(file)
        content, name = path.read_bytes(), filename or path.name
    fields = _dropping_none(source=source, timestamp=_time(timestamp)) | scope.fields()
    if "metadata" in fields:
        fields["metadata"] = json.dumps(fields["metadata"])
    return Call(
        "POST",
        "/v1/remember/file",
        types.FileMemory,
        files={"file": (name, content)},
        data=fields,
        headers=_once(idempotency_key),
    )


def remember_batch(items: list[dict[str, Any]], idempotency_key: str | None) -> Call[types.MemoryBatch]:
    items = [{**item, "timestamp": _time(item.get("timestamp"))} for item in items]
    body = {"items": [_dropping_none(**item) for item in items]}
    return Call("POST", "/v1/remember/batch", types.MemoryBatch, body, headers=_once(idempotency_key))


def ask(
    question: str,
    limit: int,
    reasoning: bool,
    filters: dict[str, Any] | None,
    stream: bool = False,
    generate: bool | None = None,
) -> Call[types.Answer]:
    body = {"question": question, "limit": limit, "reasoning": reasoning, "stream": stream}
    body |= {"filters": _dropping_none(**filters)} if filters else {}
    body |= {"generate": generate} if generate is not None else {}
    return Call("POST", "/v1/ask", types.Answer, body)


def search(query: str, limit: int, filters: dict[str, Any] | None) -> Call[types.SearchResults]:
    given = _dropping_none(**{k: _time(v) for k, v in (filters or {}).items()})
    return Call("POST", "/v1/search", types.SearchResults, {"query": query, "limit": limit, "filters": given})


def check(context: str, filters: dict[str, Any] | None) -> Call[types.CheckResult]:
    body = {"context": context} | ({"filters": _dropping_none(**filters)} if filters else {})
    return Call("POST", "/v1/check", types.CheckResult, body)


def list_memories(**filters: Any) -> Call[types.MemoryPage]:
    """`metadata` as a dict: sent as `metadata=key:value` parameters, each value as JSON (so the number 2
    and the text "2" stay apart)."""
    metadata = filters.pop("metadata", None) or {}
    params: dict[str, Any] = _dropping_none(**{k: _time(v) for k, v in filters.items()})
    if metadata:
        params["metadata"] = [f"{key}:{json.dumps(value)}" for key, value in metadata.items()]
    return Call("GET", "/v1/memories", types.MemoryPage, params=params)


def get_memory(memory_id: str) -> Call[types.Memory]:
    return Call("GET", f"/v1/memories/{_segment(memory_id)}", types.Memory)


def update_memory(memory_id: str, fields: dict[str, Any]) -> Call[types.Memory]:
    """Only the fields given are sent; a scope field or `metadata` given as None is removed."""
    body = {k: _time(v) if k == "timestamp" else v for k, v in fields.items()}
    return Call("PATCH", f"/v1/memories/{_segment(memory_id)}", types.Memory, body)


def memory_history(memory_id: str) -> Call[types.MemoryHistory]:
    return Call("GET", f"/v1/memories/{_segment(memory_id)}/history", types.MemoryHistory)


def delete_memory(memory_id: str) -> Call[None]:
    return Call("DELETE", f"/v1/memories/{_segment(memory_id)}", None)


def graph(memory_id: str, depth: int, limit: int) -> Call[types.MemoryGraph]:
    params = {"depth": depth, "limit": limit}
    return Call("GET", f"/v1/graph/{_segment(memory_id)}", types.MemoryGraph, params=params)


def compile_page(entity: str, format: str, filters: dict[str, Any] | None) -> Call[types.WikiPage]:
    body = {"format": format} | ({"filters": _dropping_none(**filters)} if filters else {})
    return Call("POST", f"/v1/compile/{_segment(entity)}", types.WikiPage, body)


def lint(fix: bool) -> Call[types.LintReport]:
    return Call("POST", "/v1/lint", types.LintReport, {"fix": fix})


def stats() -> Call[types.Stats]:
    return Call("GET", "/v1/stats", types.Stats)


def feedback(
    question: str,
    answer: str,
    rating: str,
    correction: str | None,
    source_ids: list[str] | None,
    idempotency_key: str | None,
) -> Call[types.Feedback]:
    body = _dropping_none(
        question=question, answer=answer, rating=rating, correction=correction, source_ids=source_ids
    )
    return Call("POST", "/v1/feedback", types.Feedback, body, headers=_once(idempotency_key))


def _segment(value: str) -> str:
    """A path segment: ids and entity names may hold any character."""
    from urllib.parse import quote

    return quote(value, safe="")


def result(call: Call[T], response: httpx.Response) -> T:
    if response.status_code >= 400:
        raise error_of(response)
    if call.result is None:
        return None  # type: ignore[return-value]
    return call.result.model_validate(response.json())  # type: ignore[attr-defined]


def error_of(response: httpx.Response) -> APIError:
    try:
        body = response.json()
    except (ValueError, httpx.ResponseNotRead):
        body = None
    return error_from(response.status_code, body, dict(response.headers))


def retry_wait(response: httpx.Response, attempt: int, max_wait: float) -> float | None:
    """Seconds to wait before trying again, or None not to: only 429 and 503 are retried, after the
    `Retry-After` the service sent (else 0.5 s, doubling); a wait longer than `max_wait` (a daily quota
    that resets tonight) is not waited for, the error is raised at once."""
    if response.status_code not in RETRY_STATUSES:
        return None
    try:
        wait = float(response.headers["retry-after"])
    except (KeyError, ValueError):
        wait = 0.5 * 2**attempt
    return wait if wait <= max_wait else None


def ask_event(sse: ServerSentEvent) -> types.AskEvent | None:
    """One event of an ask stream as its type; an `error` event raises; unknown events are skipped."""
    data = json.loads(sse.data) if sse.data else None
    match sse.event:
        case "sources":
            return types.SourcesEvent(sources=data)
        case "delta":
            return types.DeltaEvent(text=data["text"])
        case "followups":
            return types.FollowupsEvent(followups=data)
        case "done":
            return types.DoneEvent(answer=data)
        case "error":
            raise error_from(None, data, {})
    return None
