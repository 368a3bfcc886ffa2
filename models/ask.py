"""POST /v1/ask: the question, and the cited answer (spec part 2.4)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field, field_validator

from models.fields import Flag, ScopeFilter, bounded_text
from models.memory import Part

MAX_QUESTION_CHARS = 2_000


class AskRequest(BaseModel):
    question: str = Field(description="Not blank; at most 2,000 characters.")
    limit: int = Field(5, ge=1, le=50, description="How many sources to consider and return, 1–50.")
    reasoning: Flag = Field(False, description="A second, deeper pass; its steps come back in `reasoning`.")
    stream: Flag = Field(False, description="Answer as Server-Sent Events (see the README).")
    filters: ScopeFilter = Field(
        default_factory=ScopeFilter,
        description="Only memories of this user, agent, session and metadata (every field given must match).",
    )
    generate: Flag | None = Field(
        None,
        description="Write the answer with the LLM the service is configured with (`MEMSVC_LLM_BASE_URL`) "
        "from the retrieved sources; only sentences whose citations the sources support are kept. null: "
        "the service's default (`MEMSVC_LLM_GENERATE` while an LLM is configured, else off). Without an "
        "LLM, or when it fails, the answer is extractive and `generation` says why.",
    )

    @field_validator("question")
    @classmethod
    def _question(cls, value: str) -> str:
        return bounded_text(value, "question", MAX_QUESTION_CHARS)


class Source(BaseModel):
    id: str
    summary: str
    snippet: str = Field(description="The sentence of the memory that best matches the question.")
    score: float = Field(description="Relevance to the question, 0–1.")
    timestamp: datetime
    source: str
    part: Part | None = Field(
        None, description="For a chunk of a file: where it sits (`page`, or `start_s`/`end_s`)."
    )


class Generation(BaseModel):
    """How the answer's text was written when an LLM answer was asked for."""

    model: str | None = Field(description="The upstream model asked; null when none is configured.")
    used: bool = Field(description="Whether `text` is the LLM's (its checked sentences).")
    dropped: int = Field(0, description="The LLM's sentences left out: they cite no source supporting them.")
    reason: str | None = Field(
        None,
        description="Why `text` is the extractive answer (no LLM configured, a time-out, an error, no "
        "sentence kept), or, with `used`, why the LLM's answer stops early; null when it was used whole.",
    )


class Answer(BaseModel):
    text: str = Field(
        description="Every sentence ends with `[n]` markers; `[n]` cites `sources[n-1]`. With a short "
        'answer, `text` starts with it ("7 May 2023 [1]."), then the supporting sentences.'
    )
    answer: str | None = Field(
        None,
        description="The short answer for a factoid question (a date, duration, frequency, person, place, "
        "number or short phrase), taken from the best cited sentence by the question's answer type (or from "
        "another sentence of the best cited memories, quoted then in `text`), dates resolved against the "
        "memory's time; null for yes/no questions, answers from the graph, and when nothing answers.",
    )
    sources: list[Source] = Field(
        description="The cited memories in citation order, then the other retrieved memories up to "
        "`limit`, by rank, those on the question's topic first (never one that does not name the people "
        "or organizations the question names); empty when nothing answers the question."
    )
    followups: list[str] = Field(description="Two or three questions grounded in the sources.")
    reasoning: list[str] | None = Field(None, description="With `reasoning: true`: the steps taken.")
    generation: Generation | None = Field(
        None, description="When an LLM answer was asked for (`generate`): whether the LLM wrote `text`."
    )
