"""Typed results of the memsvc API. Unknown fields are kept (`extra="allow"`), so a newer service does
not break an older client."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict


class Result(BaseModel):
    model_config = ConfigDict(extra="allow")


class ActionItem(Result):
    text: str
    owner: str | None = None
    due: str | None = None
    done: bool = False  # ticked done where it is written ("[x] …", "… — done")


class DateMention(Result):
    text: str
    date: str


class Extraction(Result):
    people: list[str] = []
    organizations: list[str] = []
    decisions: list[str] = []
    action_items: list[ActionItem] = []
    dates: list[DateMention] = []


class Link(Result):
    target_id: str
    kind: str
    score: float


class FileInfo(Result):
    name: str
    media_type: str
    size: int
    pages: int | None = None
    duration_s: float | None = None
    confidence: float | None = None


class Part(Result):
    of: str
    index: int
    page: int | None = None
    start_s: float | None = None
    end_s: float | None = None
    confidence: float | None = None


class Memory(Result):
    id: str
    content: str
    source: str
    timestamp: datetime
    created_at: datetime
    summary: str
    triage_type: str | None = None
    tags: list[str] = []
    extraction: Extraction = Extraction()
    sentiment: str | None = None
    importance: int | None = None
    links: list[Link] = []
    file: FileInfo | None = None
    part: Part | None = None
    user_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None
    metadata: dict[str, Any] | None = None


class ChunkRef(Result):
    id: str
    index: int
    page: int | None = None
    start_s: float | None = None
    end_s: float | None = None
    summary: str


class FileMemory(Memory):
    chunks: list[ChunkRef] = []


class MemoryBatch(Result):
    data: list[Memory]


class MemoryPage(Result):
    data: list[Memory]
    next_cursor: str | None = None


class MemoryVersion(Result):
    version: int
    content: str
    summary: str
    changed_fields: list[str] = []
    changed_at: datetime


class MemoryHistory(Result):
    data: list[MemoryVersion]


class Source(Result):
    id: str
    summary: str
    snippet: str
    score: float
    timestamp: datetime
    source: str
    part: Part | None = None


class Generation(Result):
    model: str | None = None
    used: bool
    dropped: int = 0
    reason: str | None = None


class Answer(Result):
    text: str
    answer: str | None = None
    sources: list[Source]
    followups: list[str]
    reasoning: list[str] | None = None
    generation: Generation | None = None


class SearchResult(Result):
    id: str
    summary: str
    content: str
    snippet: str
    score: float
    matched_by: list[str] = []
    timestamp: datetime
    source: str
    triage_type: str | None = None
    tags: list[str] = []
    superseded_by: list[str] = []
    part: Part | None = None


class SearchResults(Result):
    data: list[SearchResult]


class Contradiction(Result):
    memory_id: str
    summary: str
    statement: str
    claim: str
    reason: str
    confidence: float
    timestamp: datetime


class Related(Result):
    id: str
    summary: str
    score: float


class CheckResult(Result):
    show: bool
    context: str
    contradictions: list[Contradiction]
    related: list[Related] = []


class GraphNode(Result):
    id: str
    type: str
    label: str
    depth: int
    properties: dict[str, Any] = {}


class GraphEdge(Result):
    source: str
    target: str
    type: str
    kind: str | None = None
    score: float | None = None


class MemoryGraph(Result):
    root: str
    depth: int
    nodes: list[GraphNode]
    edges: list[GraphEdge]
    truncated: bool


class Statement(Result):
    text: str
    citations: list[int]


class Section(Result):
    title: str
    statements: list[Statement]


class PageSource(Result):
    id: str
    summary: str
    timestamp: datetime
    source: str


class EntityRef(Result):
    id: str
    name: str
    type: str


class WikiPage(Result):
    entity: EntityRef
    type: str
    title: str
    summary: str
    sections: list[Section]
    sources: list[PageSource]
    markdown: str | None = None
    compiled_at: datetime
    recompiled: bool


class Finding(Result):
    kind: str
    severity: str
    message: str
    memory_ids: list[str]
    entity_ids: list[str] = []
    suggestion: str
    fixable: bool


class Repair(Result):
    kind: str
    message: str
    ids: list[str]


class LintReport(Result):
    score: int
    checked_at: datetime
    counts: dict[str, int]
    findings: list[Finding]
    fixed: list[Repair] = []


class Stats(Result):
    memories: int
    entities: dict[str, int]
    links: dict[str, int]
    tags: int
    usage: dict[str, Any]
    pipeline: dict[str, Any]
    feedback: dict[str, int]


class Feedback(Result):
    id: str
    question: str
    answer: str
    rating: Literal["up", "down"]
    correction: str | None = None
    source_ids: list[str] = []
    correction_memory: Memory | None = None
    created_at: datetime


# The events of `ask_stream`, in the order the service sends them.


class SourcesEvent(Result):
    event: Literal["sources"] = "sources"
    sources: list[Source]


class DeltaEvent(Result):
    event: Literal["delta"] = "delta"
    text: str


class FollowupsEvent(Result):
    event: Literal["followups"] = "followups"
    followups: list[str]


class DoneEvent(Result):
    event: Literal["done"] = "done"
    answer: Answer


AskEvent = SourcesEvent | DeltaEvent | FollowupsEvent | DoneEvent
