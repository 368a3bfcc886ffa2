"""POST /v1/search: ranked memories for a query, without a composed answer."""

from __future__ import annotations

from datetime import UTC, datetime

from pydantic import BaseModel, Field, field_validator

from models.fields import ScopeFilter, bounded_text
from models.memory import Part, TriageType

MAX_QUERY_CHARS = 2_000
MAX_FILTER_VALUES = 20


class SearchFilters(ScopeFilter):
    """Every filter narrows: a memory must match each one given, and every value of a list. Unknown keys
    are refused (422), so a filter the service does not know is never silently ignored."""

    source: str | None = Field(None, min_length=1, max_length=200, description="Exactly this source.")
    tags: list[str] = Field(
        default_factory=list, max_length=MAX_FILTER_VALUES, description="Tagged with every one (any case)."
    )
    people: list[str] = Field(
        default_factory=list,
        max_length=MAX_FILTER_VALUES,
        description="Mentions every one: a full name, or a first name for anyone of that first name "
        "(case and accents ignored).",
    )
    organizations: list[str] = Field(
        default_factory=list, max_length=MAX_FILTER_VALUES, description="Mentions every one (case ignored)."
    )
    triage_type: TriageType | None = None
    since: datetime | None = Field(None, description="Timestamp at or after (ISO 8601; no offset: UTC).")
    until: datetime | None = Field(None, description="Timestamp at or before (ISO 8601; no offset: UTC).")

    @field_validator("tags", "people", "organizations")
    @classmethod
    def _values(cls, values: list[str]) -> list[str]:
        for value in values:
            if not value.strip() or len(value) > 200:
                raise ValueError("each value must be 1 to 200 characters and not blank")
        return values

    @field_validator("since", "until")
    @classmethod
    def _utc(cls, value: datetime | None) -> datetime | None:
        return value.replace(tzinfo=UTC) if value is not None and value.tzinfo is None else value


class SearchRequest(BaseModel):
    query: str = Field(description="Not blank; at most 2,000 characters.")
    limit: int = Field(10, ge=1, le=100, description="How many memories to return, 1–100.")
    filters: SearchFilters = Field(default_factory=SearchFilters)

    @field_validator("query")
    @classmethod
    def _query(cls, value: str) -> str:
        return bounded_text(value, "query", MAX_QUERY_CHARS)


class SearchResult(BaseModel):
    id: str
    summary: str
    content: str
    snippet: str = Field(description="The memory's sentence closest to the query.")
    score: float = Field(
        description="The hybrid retrieval's fused score (reciprocal rank fusion of the vector, full-text, "
        "entity, tag and link lists, with the feedback, time and identifier adjustments ask uses): "
        "higher is better; compare within one response."
    )
    matched_by: list[str] = Field(
        description="The retrieval lists that found it: vector, second (the second vector index, when "
        "on), fulltext, entity, tag, neighbour; "
        "period, speaker, identifier when the query names a time, a speaker or an identifier; and "
        "replacing for a memory that replaces one of the best candidates (a later superseding one or a "
        "correction), brought in beside it."
    )
    timestamp: datetime
    source: str
    triage_type: TriageType | None = None
    tags: list[str] = Field(default_factory=list)
    superseded_by: list[str] = Field(
        default_factory=list,
        description="Memories that replace this one (a later memory superseding or contradicting it, or "
        "a feedback correction): it may be outdated.",
    )
    part: Part | None = Field(None, description="For a chunk of a file: where it sits.")


class SearchResults(BaseModel):
    data: list[SearchResult] = Field(description="Best first; at most `limit`.")
