"""POST /v1/chat/completions and GET /v1/models: the chat-completions shape that OpenAI's clients speak,
answered by the ask engine. Only the fields this service reads are declared; any other request field
(temperature, top_p, n, seed, tools, ...) is accepted and ignored."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from models.ask import Generation, Source
from models.fields import Flag, ScopeFilter, bounded_text

MAX_MESSAGES = 200
MAX_MESSAGE_CHARS = 20_000


class ChatModel(StrEnum):
    memory = "memory"
    memory_reasoning = "memory-reasoning"


MODEL_DESCRIPTIONS = {
    ChatModel.memory: "Answers from your memories, like POST /v1/ask.",
    ChatModel.memory_reasoning: "The same with `reasoning: true`: a second, deeper pass.",
}


class ContentPart(BaseModel):
    model_config = ConfigDict(extra="ignore")

    type: Literal["text"]
    text: str


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="ignore")

    role: Literal["system", "developer", "user", "assistant", "tool", "function"]
    content: str | list[ContentPart] | None = Field(
        None, description="A string, or a list of `{type: text, text}` parts (other part types: 422)."
    )

    @field_validator("content", mode="before")
    @classmethod
    def _text_parts_only(cls, content: object) -> object:
        for part in content if isinstance(content, list) else []:
            kind = part.get("type") if isinstance(part, dict) else None
            if kind != "text":
                raise ValueError(f"only text content parts are supported, not {kind!r}")
        return content

    def text(self) -> str:
        if isinstance(self.content, list):
            return "\n".join(part.text for part in self.content)
        return self.content or ""


class StreamOptions(BaseModel):
    model_config = ConfigDict(extra="ignore")

    include_usage: Flag = False


class ChatCompletionRequest(BaseModel):
    model_config = ConfigDict(extra="ignore")

    model: str = Field(description="`memory` or `memory-reasoning` (GET /v1/models).")
    messages: list[ChatMessage] = Field(min_length=1, max_length=MAX_MESSAGES)
    stream: Flag = False
    stream_options: StreamOptions | None = None
    max_tokens: int | None = Field(
        None, ge=1, description="Cuts the answer at whole sentences; `finish_reason` is then `length`."
    )
    max_completion_tokens: int | None = Field(None, ge=1, description="The newer name of `max_tokens`.")
    user: str | None = Field(None, description="Accepted and ignored: the API key names the account.")
    filters: ScopeFilter = Field(
        default_factory=ScopeFilter,
        description="This service's extra field (OpenAI's SDKs send it with `extra_body`): answer only "
        "from memories of this user, agent, session and metadata, as POST /v1/ask's `filters`.",
    )
    generate: Flag | None = Field(
        None, description="This service's extra field: as POST /v1/ask's `generate` (the configured LLM)."
    )

    @field_validator("messages")
    @classmethod
    def _messages(cls, messages: list[ChatMessage]) -> list[ChatMessage]:
        for message in messages:
            if len(message.text()) > MAX_MESSAGE_CHARS:
                raise ValueError(f"a message is longer than {MAX_MESSAGE_CHARS} characters")
        users = [m for m in messages if m.role == "user"]
        if not users:
            raise ValueError("at least one message must have the role `user`")
        bounded_text(users[-1].text(), "the last user message", MAX_MESSAGE_CHARS)
        return messages

    def token_limit(self) -> int | None:
        return self.max_completion_tokens or self.max_tokens


class AssistantMessage(BaseModel):
    role: Literal["assistant"] = "assistant"
    content: str = Field(description="The cited answer: `[n]` cites `sources[n-1]`.")


class Choice(BaseModel):
    index: int = 0
    message: AssistantMessage
    finish_reason: Literal["stop", "length"]


class TokenUsage(BaseModel):
    """Counted with the embedding model's WordPiece tokenizer: there is no generating LLM to count with."""

    prompt_tokens: int
    completion_tokens: int
    total_tokens: int


class ChatCompletion(BaseModel):
    id: str = Field(description="`chatcmpl-` followed by a random id.")
    object: Literal["chat.completion"] = "chat.completion"
    created: int = Field(description="Unix time.")
    model: ChatModel
    choices: list[Choice]
    usage: TokenUsage
    sources: list[Source] = Field(description="As in POST /v1/ask: the memories the answer cites.")
    followups: list[str]
    generation: Generation | None = Field(None, description="As in POST /v1/ask.")


class Delta(BaseModel):
    role: Literal["assistant"] | None = None
    content: str | None = None


class ChunkChoice(BaseModel):
    index: int = 0
    delta: Delta
    finish_reason: Literal["stop", "length"] | None = None


class ChatCompletionChunk(BaseModel):
    """One `data:` event of a streamed completion. The first chunk also carries `sources`, the last
    one (with `finish_reason`) `followups` (and `generation` when an LLM answer was asked for); with
    `stream_options.include_usage` a final chunk with no
    choices carries `usage`."""

    id: str
    object: Literal["chat.completion.chunk"] = "chat.completion.chunk"
    created: int
    model: ChatModel
    choices: list[ChunkChoice]
    sources: list[Source] | None = None
    followups: list[str] | None = None
    generation: Generation | None = None
    usage: TokenUsage | None = None


class ModelCard(BaseModel):
    id: ChatModel
    object: Literal["model"] = "model"
    created: int = Field(description="Unix time of this service's release.")
    owned_by: str = "memsvc"
    description: str


class ModelList(BaseModel):
    object: Literal["list"] = "list"
    data: list[ModelCard]
