"""/v1/ask: a cited answer from the caller's memories, as JSON or as Server-Sent Events."""

from __future__ import annotations

from litestar import Controller, Request, post

from app.auth import require_api_key
from app.content import require_json
from app.openapi import StreamingOperation, keyed_errors
from app.streaming import EventStream, sse
from models.accounts import Caller
from models.ask import Answer, AskRequest
from pipelines.ask import ask
from pipelines.runtime.service import Services


class AskController(Controller):
    path = "/v1"
    tags = ["ask"]
    guards = [require_api_key]
    security = [{"bearer": []}]

    @post(
        "/ask",
        status_code=200,
        operation_class=StreamingOperation,
        guards=[require_json],
        summary="Ask a question of your memories",
        responses=keyed_errors(415),
    )
    async def ask(self, data: AskRequest, caller: Caller, services: Services, request: Request) -> Answer:
        """Hybrid retrieval over the caller's memories and an extractive, cited answer. With
        `stream: true` the answer comes as `text/event-stream`: `sources`, `delta` ({"text"}) per
        sentence, `followups`, then `done` (the whole answer); `error` (the error body) on failure;
        comment lines as heartbeats."""
        if data.stream:
            events = ask.ask_events(services, caller.account_id, data)
            return EventStream(sse(events, request.app.state.streams))  # type: ignore[return-value]
        return await ask.ask(services, caller.account_id, data)
