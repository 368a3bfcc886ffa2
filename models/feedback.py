"""POST /v1/feedback: thumbs up or down on an answer, with an optional correction."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, Field, field_validator

from models.fields import bounded_text
from models.memory import Memory

MAX_FEEDBACK_CHARS = 20_000
MAX_SOURCE_IDS = 50


class Rating(StrEnum):
    up = "up"
    down = "down"


class FeedbackRequest(BaseModel):
    question: str = Field(description="The question that was asked.")
    answer: str = Field(description="The answer's `text`.")
    rating: Rating
    correction: str | None = Field(
        None,
        description="With `down`: the right fact. It is stored as a memory (source `feedback`) that "
        "`corrects` the cited memories.",
    )
    source_ids: list[str] = Field(
        default_factory=list,
        max_length=MAX_SOURCE_IDS,
        description="The ids of the memories the answer cited (`sources[].id`); each must be yours.",
    )

    @field_validator("question", "answer", "correction")
    @classmethod
    def _text(cls, value: str | None, info) -> str | None:
        return None if value is None else bounded_text(value, info.field_name, MAX_FEEDBACK_CHARS)


class Feedback(BaseModel):
    id: str = Field(description="`fb_` followed by a random id.")
    question: str
    answer: str
    rating: Rating
    correction: str | None
    source_ids: list[str]
    correction_memory: Memory | None = Field(description="The memory the correction was stored as.")
    created_at: datetime
