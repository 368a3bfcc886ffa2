"""GET /v1/graph/{id}: a memory's neighbourhood in the knowledge graph."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field


class NodeType(StrEnum):
    memory = "memory"
    person = "person"
    organization = "organization"
    tag = "tag"
    decision = "decision"
    action_item = "action_item"


class GraphNode(BaseModel):
    id: str = Field(description="The node's id: `mem_…`, `per_…`, `org_…`, `tag_…`, `dec_…` or `act_…`.")
    type: NodeType
    label: str = Field(description="What to show: a name, a tag, a summary or a decision's text.")
    depth: int = Field(description="Hops from the root (0 for the root).")
    properties: dict[str, Any] = Field(default_factory=dict)


class GraphEdge(BaseModel):
    source: str
    target: str
    type: str = Field(
        description="The relationship type as stored: MENTIONS, TAGGED, RECORDS, HAS_ACTION, "
        "OWNED_BY or LINKED."
    )
    kind: str | None = Field(None, description="For LINKED: the link kind (`same_topic`, …).")
    score: float | None = Field(None, description="For LINKED: the link's score.")


class MemoryGraph(BaseModel):
    root: str
    depth: int
    nodes: list[GraphNode] = Field(description="The root first, then by depth; at most `limit`.")
    edges: list[GraphEdge] = Field(description="Every relationship among the returned nodes.")
    truncated: bool = Field(description="True when `limit` cut the neighbourhood short.")
