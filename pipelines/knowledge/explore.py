"""GET /v1/graph/{id}: breadth first from a memory, one query per hop, then the edges among what was
found. The walk is bounded by `limit` at every hop, so a tag on thousands of memories costs `limit`."""

from __future__ import annotations

from graph import explore as repo
from graph import memories as memory_repo
from graph.driver import Row
from models.errors import NotFound
from models.graph import GraphEdge, GraphNode, MemoryGraph, NodeType
from pipelines.runtime.clock import from_ms
from pipelines.runtime.service import Services

_TYPES = {
    "Memory": NodeType.memory,
    "Person": NodeType.person,
    "Organization": NodeType.organization,
    "Tag": NodeType.tag,
    "Decision": NodeType.decision,
    "ActionItem": NodeType.action_item,
}
_FRONTIER_KEY = {
    NodeType.memory: "memory_ids",
    NodeType.person: "entity_ids",
    NodeType.organization: "entity_ids",
    NodeType.tag: "tag_ids",
    NodeType.decision: "decision_ids",
    NodeType.action_item: "action_ids",
}
_ORDER = list(NodeType)


async def memory_graph(
    services: Services, account_id: str, memory_id: str, *, depth: int, limit: int
) -> MemoryGraph:
    driver = services.driver
    row = await memory_repo.get_memory(driver, account_id=account_id, id=memory_id)
    if row is None:
        raise NotFound(f"No memory with id {memory_id!r}.", param="id")
    root = _node({**row["memory"], "labels": ["Memory"]}, 0)
    nodes: dict[str, GraphNode] = {root.id: root}
    frontier, truncated = [root], False
    for level in range(1, depth + 1):
        if not frontier:
            break
        room = limit - len(nodes)
        # One more than there is room for tells whether the limit cut anything off.
        rows = await repo.hop(
            driver, account_id=account_id, frontier=_grouped(frontier), seen=list(nodes), room=room + 1
        )
        found = {n.id: n for n in (_node(r["node"] | {"labels": r["labels"]}, level) for r in rows)}
        fresh = sorted(found.values(), key=lambda n: (_ORDER.index(n.type), n.id))
        if len(fresh) > room:
            truncated, fresh = True, fresh[:room]
        nodes.update((n.id, n) for n in fresh)
        frontier = fresh
    ids = list(nodes)
    by_type = _grouped(list(nodes.values()))
    edge_rows = await repo.edges(
        driver,
        account_id=account_id,
        ids=ids,
        memory_ids=by_type.get("memory_ids", []),
        action_ids=by_type.get("action_ids", []),
    )
    edges = sorted((_edge(r) for r in edge_rows), key=lambda e: (e.source, e.type, e.target))
    return MemoryGraph(
        root=root.id, depth=depth, nodes=list(nodes.values()), edges=edges, truncated=truncated
    )


def _grouped(nodes: list[GraphNode]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for node in nodes:
        grouped.setdefault(_FRONTIER_KEY[node.type], []).append(node.id)
    return grouped


def _node(raw: Row, depth: int) -> GraphNode:
    node_type = next(_TYPES[label] for label in raw["labels"] if label in _TYPES)
    properties = {
        key: value
        for key, value in raw.items()
        if value is not None
        and key
        in ("name", "summary", "text", "source", "triage_type", "importance", "owner", "due", "status")
    }
    if raw.get("ts") is not None:
        properties["timestamp"] = from_ms(raw["ts"])
    label = raw.get("name") or raw.get("summary") or raw.get("text") or raw["id"]
    return GraphNode(id=raw["id"], type=node_type, label=label, depth=depth, properties=properties)


def _edge(row: Row) -> GraphEdge:
    return GraphEdge(
        source=row["source"],
        target=row["target"],
        type=row["type"],
        kind=row.get("kind"),
        score=row.get("score"),
    )
