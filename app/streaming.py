"""Server-Sent Events for a stream of (event, data) pairs: heartbeat comments while the next event is
being worked out, an `error` event with the error body when something fails mid-stream, and the work
cancelled when the client goes away (Litestar cancels the stream; the `finally` below runs)."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator

from litestar.response import ServerSentEvent, ServerSentEventMessage

from app.errors import to_service_error

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 10.0


class EventStream(ServerSentEvent):
    """An SSE response that keeps `text/event-stream` when returned from a JSON route: Litestar passes
    the route's media type along, and it would otherwise win."""

    def to_asgi_response(self, *args, **kwargs):  # type: ignore[override]
        kwargs["media_type"] = "text/event-stream"
        return super().to_asgi_response(*args, **kwargs)


class StreamCounter:
    """How many streams are being served right now (shown by /v1/health)."""

    def __init__(self) -> None:
        self.in_flight = 0


async def sse(
    events: AsyncIterator[tuple[str | None, object]],
    counter: StreamCounter,
    heartbeat: float = HEARTBEAT_SECONDS,
    error_event: str | None = "error",
) -> AsyncIterator[ServerSentEventMessage]:
    """Events named by the first of each pair (None: a data-only event, the chat-completions style);
    data is sent as JSON, or as it is when it is a string (`[DONE]`)."""
    counter.in_flight += 1
    pending: asyncio.Future | None = None
    try:
        while True:
            pending = asyncio.ensure_future(anext(events))
            while not (await asyncio.wait({pending}, timeout=heartbeat))[0]:
                yield ServerSentEventMessage(comment="keep-alive")
            try:
                name, data = pending.result()
            except StopAsyncIteration:
                break
            text = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"))
            yield ServerSentEventMessage(event=name, data=text)
    except Exception as exc:  # the stream has started: the error travels as an event, not a status
        error = to_service_error(exc)
        yield ServerSentEventMessage(event=error_event, data=error.body().model_dump_json())
    finally:
        counter.in_flight -= 1
        if pending is not None and not pending.done():
            pending.cancel()
        await events.aclose()
