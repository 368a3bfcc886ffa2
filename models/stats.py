"""GET /v1/stats: the caller's store, usage, pipeline and feedback in numbers."""

from __future__ import annotations

from pydantic import BaseModel, Field

from models.accounts import KeyKind


class UsageStats(BaseModel):
    key_kind: KeyKind
    today: int = Field(description="Calls this UTC day, this one included.")
    this_month: int
    limits: dict[str, int] = Field(description="`daily` and `monthly` limits of the key's kind.")
    remaining: int = Field(description="Calls left before the first window runs out.")


class PipelineStats(BaseModel):
    backends: dict[str, str] = Field(description="The model or method behind each signal.")
    median_ms: dict[str, float] = Field(
        description="Median milliseconds per stage over this process's last 500 items of each: "
        "`remember.models` (per memory), `remember.graph` (which includes `remember.contradictions`), "
        "`ask`, `check`."
    )


class FeedbackStats(BaseModel):
    up: int
    down: int


class Stats(BaseModel):
    memories: int
    entities: dict[str, int] = Field(description="By type: person, organization, decision, action_item.")
    links: dict[str, int] = Field(description="Links between memories, by kind.")
    tags: int
    usage: UsageStats
    pipeline: PipelineStats
    feedback: FeedbackStats
