"""POST /v1/check: does this text contradict what is stored?"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field, field_validator

from models.fields import ScopeFilter, bounded_text

MAX_CONTEXT_CHARS = 20_000


class CheckRequest(BaseModel):
    context: str = Field(
        description="The text to check (a draft, a claim, a message); not blank, ≤ 20,000 chars."
    )
    filters: ScopeFilter = Field(
        default_factory=ScopeFilter,
        description="Compare only with memories of this user, agent, session and metadata (every field "
        "given must match).",
    )

    @field_validator("context")
    @classmethod
    def _context(cls, value: str) -> str:
        return bounded_text(value, "context", MAX_CONTEXT_CHARS)


class Contradiction(BaseModel):
    memory_id: str
    summary: str
    statement: str = Field(description="The stored memory's sentence that the context contradicts.")
    claim: str = Field(description="The sentence of the context that contradicts it.")
    reason: str
    confidence: float = Field(description="0–1; `show` is true when one reaches 0.8.")
    timestamp: datetime


class Related(BaseModel):
    id: str
    summary: str
    score: float


class CheckResult(BaseModel):
    show: bool = Field(description="Warn the user: a contradiction reached the confidence threshold.")
    context: str = Field(
        description="What to show: a one-line warning naming the memory and the conflict; "
        "empty when `show` is false."
    )
    contradictions: list[Contradiction]
    related: list[Related] = Field(description="Stored memories about the same subject.")
