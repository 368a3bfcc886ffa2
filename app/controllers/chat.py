"""The OpenAI-compatible surface: POST /v1/chat/completions and GET /v1/models, answered by the ask
engine with the same keys, quotas and error body as the rest of /v1."""

from __future__ import annotations

from litestar import Controller, Request, get, post

from app.auth import require_api_key
from app.content import require_json
from app.openapi import StreamingOperation, keyed_errors
from app.streaming import EventStream, sse
from models.accounts import Caller
from models.chat import ChatCompletion, ChatCompletionRequest, ModelCard, ModelList
from pipelines.ask import chat
from pipelines.runtime.service import Services


class ChatController(Controller):
    path = "/v1"
    tags = ["chat"]
    guards = [require_api_key]
    security = [{"bearer": []}]

    @post(
        "/chat/completions",
        status_code=200,
        operation_class=StreamingOperation,
        guards=[require_json],
        summary="Chat completions (OpenAI-compatible), answered from your memories",
        responses=keyed_errors(404, 415),
    )
    async def completions(
        self, data: ChatCompletionRequest, caller: Caller, services: Services, request: Request
    ) -> ChatCompletion:
        """The last user message is the question; earlier user messages steer retrieval. With
        `stream: true`: `chat.completion.chunk` data events, then `data: [DONE]`; a failure mid-stream
        is a data event holding the error body. An unknown model answers 404 `model_not_found`."""
        if data.stream:
            chat.read_turn(data)  # an unknown model or a bad message fails before the stream starts
            events = chat.chunks(services, caller.account_id, data)
            stream = sse(events, request.app.state.streams, error_event=None)
            return EventStream(stream)  # type: ignore[return-value]
        return await chat.complete(services, caller.account_id, data)

    @get("/models", summary="The chat models", responses=keyed_errors())
    async def list_models(self, services: Services) -> ModelList:
        return chat.models(services)

    @get("/models/{model_id:str}", summary="One chat model", responses=keyed_errors(404))
    async def get_model(self, model_id: str, services: Services) -> ModelCard:
        return chat.model_card(services, model_id)
