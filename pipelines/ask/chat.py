"""Chat completions: a conversation becomes an ask request (the last user message is the question,
earlier user messages are context for retrieval), and the answer comes back in the chat-completions
shape, whole or as chunks."""

from __future__ import annotations

import secrets
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from contextlib import aclosing
from dataclasses import dataclass

from pydantic import ValidationError

from models.ask import AskRequest
from models.chat import (
    MODEL_DESCRIPTIONS,
    AssistantMessage,
    ChatCompletion,
    ChatCompletionChunk,
    ChatCompletionRequest,
    ChatModel,
    Choice,
    ChunkChoice,
    Delta,
    ModelCard,
    ModelList,
    TokenUsage,
)
from models.errors import ModelNotFound, ValidationFailed
from pipelines.ask import ask
from pipelines.runtime.service import Services

CONTEXT_MESSAGES = 3  # earlier user messages read for retrieval
CONTEXT_CHARS = 1_000  # of which at most the last this many characters
DONE = "[DONE]"


def _completion_id() -> str:
    return f"chatcmpl-{secrets.token_urlsafe(18)}"


def models(services: Services) -> ModelList:
    return ModelList(
        data=[
            ModelCard(id=model, created=services.started_s, description=MODEL_DESCRIPTIONS[model])
            for model in ChatModel
        ]
    )


def model_card(services: Services, model_id: str) -> ModelCard:
    model = chat_model(model_id)
    return ModelCard(id=model, created=services.started_s, description=MODEL_DESCRIPTIONS[model])


def chat_model(name: str) -> ChatModel:
    try:
        return ChatModel(name)
    except ValueError:
        known = ", ".join(f"`{m.value}`" for m in ChatModel)
        raise ModelNotFound(f"There is no model {name!r}; the models are {known}.", param="model") from None


@dataclass
class Turn:
    """What one chat request asks, as the ask engine reads it."""

    model: ChatModel
    ask: AskRequest
    context: str | None
    prompt: str  # every message's text, for the token count


def read_turn(request: ChatCompletionRequest) -> Turn:
    model = chat_model(request.model)
    users = [m.text() for m in request.messages if m.role == "user"]
    try:
        ask_request = AskRequest(
            question=users[-1],
            reasoning=model is ChatModel.memory_reasoning,
            filters=request.filters,
            generate=request.generate,
        )
    except ValidationError as exc:
        raise ValidationFailed(f"the last user message: {exc.errors()[0]['msg']}", param="messages") from None
    # Assistant messages are earlier answers built from the same store, and system messages instruct
    # a generating model this service does not have: only the user's own words steer retrieval.
    context = "\n".join(users[:-1][-CONTEXT_MESSAGES:])[-CONTEXT_CHARS:].strip() or None
    prompt = "\n".join(m.text() for m in request.messages)
    return Turn(model, ask_request, context, prompt)


class Fit:
    """The whole sentences of a streamed answer that fit in `limit` tokens (all of them without one), and
    the finish reason once read. When not even the first fits: its first `limit` tokens' worth of words."""

    def __init__(self, count: Callable[[str], int], limit: int | None) -> None:
        self.count = count
        self.limit = limit
        self.kept: list[str] = []
        self.finish = "stop"

    async def pieces(self, pieces: AsyncGenerator[str]) -> AsyncIterator[str]:
        # Closed when cut: a writing LLM stops with its stream, and its answer records what was kept.
        async with aclosing(pieces):
            async for piece in self._fitting(pieces):
                yield piece

    async def _fitting(self, pieces: AsyncIterator[str]) -> AsyncIterator[str]:
        async for piece in pieces:
            if self.limit is not None and self.count("".join([*self.kept, piece])) > self.limit:
                if not self.kept:
                    words = piece.split()
                    while words and self.count(" ".join(words)) > self.limit:
                        words.pop()
                    if words:
                        self.kept.append(" ".join(words))
                        yield self.kept[0]
                self.finish = "length"
                return
            self.kept.append(piece)
            yield piece


def _usage(services: Services, turn: Turn, completion: str) -> TokenUsage:
    count = services.models.embedder.count_tokens
    prompt, done = count(turn.prompt), count(completion)
    return TokenUsage(prompt_tokens=prompt, completion_tokens=done, total_tokens=prompt + done)


async def _reply(
    services: Services, account_id: str, request: ChatCompletionRequest
) -> tuple[Turn, ask.Reply, Fit]:
    turn = read_turn(request)
    reply = await ask.reply(services, account_id, turn.ask, turn.context)
    return turn, reply, Fit(services.models.embedder.count_tokens, request.token_limit())


async def complete(services: Services, account_id: str, request: ChatCompletionRequest) -> ChatCompletion:
    turn, reply, fit = await _reply(services, account_id, request)
    content = "".join([piece async for piece in fit.pieces(reply.pieces)])
    answer = reply.answer
    return ChatCompletion(
        id=_completion_id(),
        created=int(services.clock().timestamp()),
        model=turn.model,
        choices=[Choice(message=AssistantMessage(content=content), finish_reason=fit.finish)],
        usage=_usage(services, turn, content),
        sources=answer.sources,
        followups=answer.followups,
        generation=answer.generation,
    )


async def chunks(
    services: Services, account_id: str, request: ChatCompletionRequest
) -> AsyncIterator[tuple[None, object]]:
    """`chat.completion.chunk` events (the role and `sources` first, a content delta per sentence, the
    finish reason with `followups`, the usage when asked), then `[DONE]`."""
    turn, reply, fit = await _reply(services, account_id, request)
    answer = reply.answer
    head = {
        "id": _completion_id(),
        "created": int(services.clock().timestamp()),
        "model": turn.model,
    }

    def chunk(**fields: object) -> dict:
        # Absent, not null: the extra fields a chunk does not carry (sources, followups, usage).
        dumped = ChatCompletionChunk(**head, **fields).model_dump(mode="json")
        return {key: value for key, value in dumped.items() if value is not None}

    opening = ChunkChoice(delta=Delta(role="assistant", content=""))
    yield None, chunk(choices=[opening], sources=answer.sources)
    async for piece in fit.pieces(reply.pieces):
        yield None, chunk(choices=[ChunkChoice(delta=Delta(content=piece))])
    last = ChunkChoice(delta=Delta(), finish_reason=fit.finish)
    yield None, chunk(choices=[last], followups=answer.followups, generation=answer.generation)
    if request.stream_options and request.stream_options.include_usage:
        yield None, chunk(choices=[], usage=_usage(services, turn, "".join(fit.kept)))
    yield None, DONE
