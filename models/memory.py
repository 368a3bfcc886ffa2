"""The memory object (spec part 2.1) and the requests that create and list memories."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from models.fields import Metadata, Scoped, ScopeId, Timestamp


class TriageType(StrEnum):
    """What a memory is, one of a fixed set (definitions in the README)."""

    decision = "decision"  # records a choice that was made
    action = "action"  # asks someone to do something, or lists tasks
    meeting = "meeting"  # notes or minutes of a meeting or call
    idea = "idea"  # a proposal, suggestion or brainstorm
    question = "question"  # asks something that needs an answer
    issue = "issue"  # reports a problem, incident, bug or risk
    reference = "reference"  # facts, documentation or links kept for later
    personal = "personal"  # personal life, feelings, plans with family and friends


class Sentiment(StrEnum):
    positive = "positive"
    neutral = "neutral"
    negative = "negative"
    mixed = "mixed"


class LinkKind(StrEnum):
    """How a memory relates to an earlier one (definitions in the README)."""

    same_topic = "same_topic"
    shares_entity = "shares_entity"
    duplicate = "duplicate"
    follows_up = "follows_up"
    corrects = "corrects"  # a feedback correction of a memory an answer cited
    supersedes = "supersedes"  # contradicts an earlier memory: this one holds the current fact
    contradicts = "contradicts"  # contradicts a memory that is not earlier: that one stays current
    part_of = "part_of"  # a chunk (a page, a stretch of a recording) of a file's parent memory


class ActionItem(BaseModel):
    text: str
    owner: str | None = Field(None, description="A person's name, or null.")
    due: str | None = Field(
        None, description="ISO 8601 date (YYYY-MM-DD), a month (YYYY-MM) when only a month is named, or null."
    )
    done: bool = Field(
        False,
        description="Marked done where it is written: a checklist's ticked box ('[x] …') or a status "
        "closing its line ('… — done', '… (done)'). Such an item is stored done; a later memory may report "
        "others so.",
    )


class DateMention(BaseModel):
    text: str = Field(description="The words in the content, e.g. 'by Friday'.")
    date: str = Field(
        description="ISO 8601 date (YYYY-MM-DD), or a month (YYYY-MM) when only a month is named; resolved "
        "against the memory's timestamp."
    )


class Extraction(BaseModel):
    """All five keys are always present; a list is empty where nothing was found."""

    people: list[str] = Field(default_factory=list)
    organizations: list[str] = Field(default_factory=list)
    decisions: list[str] = Field(default_factory=list)
    action_items: list[ActionItem] = Field(default_factory=list)
    dates: list[DateMention] = Field(default_factory=list)


class Link(BaseModel):
    target_id: str
    kind: LinkKind
    score: float


class FileInfo(BaseModel):
    """The file a memory was made from (POST /v1/remember/file)."""

    name: str = Field(description="The uploaded file's name, as sent (never used as a path).")
    media_type: str = Field(description="Decided from the content (magic bytes), not the name.")
    size: int = Field(description="Bytes.")
    pages: int | None = Field(None, description="PDF and DOCX: pages; null otherwise.")
    duration_s: float | None = Field(None, description="Audio: seconds; null otherwise.")
    confidence: float | None = Field(
        None,
        description="Audio: how sure speech recognition was of the transcript, 0–1 (below 0.4 it yields no "
        "decisions or action items); null otherwise.",
    )


class Part(BaseModel):
    """Where a chunk memory sits in its file."""

    of: str = Field(description="The parent memory's id (the chunk links to it `part_of`).")
    index: int = Field(description="0-based order of the chunk in the file.")
    page: int | None = Field(None, description="1-based page (PDF), or null.")
    start_s: float | None = Field(None, description="Audio: where the chunk starts, in seconds.")
    end_s: float | None = Field(None, description="Audio: where the chunk ends, in seconds.")
    confidence: float | None = Field(
        None, description="Audio: speech recognition's confidence for this stretch, 0–1; null otherwise."
    )


class Memory(Scoped):
    """`user_id`, `agent_id`, `session_id` and `metadata` as remember was given them (null when not)."""

    id: str = Field(description="`mem_` followed by a random id.", examples=["mem_3fZ9kq1T0bXcA2"])
    content: str
    source: str
    timestamp: datetime = Field(description="The time the content is about (ISO 8601, UTC).")
    created_at: datetime = Field(description="When the service stored it (ISO 8601, UTC).")
    summary: str = Field(description="At most 300 characters.")
    triage_type: TriageType | None = None
    tags: list[str] = Field(default_factory=list)
    extraction: Extraction = Field(default_factory=Extraction)
    sentiment: Sentiment | None = None
    importance: int | None = Field(None, ge=1, le=10)
    links: list[Link] = Field(default_factory=list)
    file: FileInfo | None = Field(None, description="Made from a file: the file (not on its chunks).")
    part: Part | None = Field(None, description="A chunk of a file: where it sits; null otherwise.")
    expires_at: datetime | None = Field(
        None, description="When the memory is deleted (README, Expiry); null: kept until deleted."
    )


class RememberRequest(Scoped):
    content: str = Field(description="The text to remember. Not blank; at most MEMSVC_MAX_CONTENT_CHARS.")
    source: str = Field("api", min_length=1, max_length=200, description="Where the content came from.")
    timestamp: Timestamp | None = Field(
        None,
        description="ISO 8601 time (with offset) the content is about, years 1970–2100; default: now.",
    )
    expires_at: Timestamp | None = Field(
        None,
        description="ISO 8601 time (with offset), in the future: the memory is deleted then, with its graph "
        "share (README, Expiry). Default: kept until deleted.",
    )

    @field_validator("content", "source")
    @classmethod
    def _no_nul(cls, value: str) -> str:
        # U+0000 cannot live in the embedded store's strings; it is kept as U+FFFD on every store.
        return value.replace("\x00", "\ufffd")


class MemoryPatch(BaseModel):
    """PATCH /v1/memories/{id}: the fields to change; a field left out keeps its value, and a scope field
    or `metadata` sent as null is removed. At least one field (422 for an empty patch)."""

    model_config = ConfigDict(extra="forbid")

    content: str | None = Field(None, description="The new text; the whole pipeline reads it again.")
    source: str | None = Field(None, min_length=1, max_length=200)
    timestamp: Timestamp | None = None
    user_id: ScopeId | None = None
    agent_id: ScopeId | None = None
    session_id: ScopeId | None = None
    metadata: Metadata | None = Field(None, description="Replaces the whole metadata object.")
    expires_at: Timestamp | None = Field(None, description="A new expiry, in the future; null: none.")

    @field_validator("content", "source")
    @classmethod
    def _no_nul(cls, value: str | None) -> str | None:
        return value.replace("\x00", "\ufffd") if value is not None else None

    @model_validator(mode="after")
    def _not_empty(self) -> MemoryPatch:
        if not self.model_fields_set:
            raise ValueError("the patch is empty: send at least one field to change")
        for name in ("content", "source", "timestamp"):
            if name in self.model_fields_set and getattr(self, name) is None:
                raise ValueError(f"{name} cannot be null (leave it out to keep it)")
        return self


class MemoryVersion(BaseModel):
    version: int = Field(description="1 for the memory as first stored, then one more per edit.")
    content: str
    summary: str
    changed_fields: list[str] = Field(description="The fields the edit that made this version changed.")
    changed_at: datetime


class MemoryHistory(BaseModel):
    data: list[MemoryVersion] = Field(description="Oldest first; the last is the memory as it is now.")


MAX_BATCH = 100


class RememberBatchRequest(BaseModel):
    items: list[RememberRequest] = Field(
        min_length=1, max_length=MAX_BATCH, description="1 to 100 items; each counts as one call."
    )


class MemoryBatch(BaseModel):
    data: list[Memory] = Field(description="The memories, in the order of the items.")


class MemoryPage(BaseModel):
    data: list[Memory]
    next_cursor: str | None = Field(description="Pass as `cursor` for the next page; null on the last.")


class FileMemory(Memory):
    """POST /v1/remember/file: the memory of the file (the parent, when the file was split) and its
    chunks in file order."""

    chunks: list[ChunkRef] = Field(description="The chunk memories, in order; empty for a short file.")


class ChunkRef(BaseModel):
    id: str
    index: int
    page: int | None = None
    start_s: float | None = None
    end_s: float | None = None
    summary: str


FileMemory.model_rebuild()
