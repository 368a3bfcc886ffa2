"""Reading, editing and deleting memories: rows from the graph to the contract's `Memory`, cursors,
edits with their history."""

from __future__ import annotations

import base64
import binascii
import json
from datetime import datetime

from pydantic import ValidationError as PydanticValidationError

from graph import memories as repo
from graph.driver import GraphDriver, Row
from graph.filters import MemoryFilter, resolved
from models.errors import NotFound, ValidationFailed
from models.fields import ScopeFilter, metadata_query_value
from models.memory import (
    Extraction,
    FileInfo,
    Link,
    LinkKind,
    Memory,
    MemoryHistory,
    MemoryPage,
    MemoryPatch,
    MemoryVersion,
    Part,
    RememberRequest,
)
from pipelines.ingest import ingest
from pipelines.ingest.links import ordered
from pipelines.nlp.names import name_key, variant_key
from pipelines.runtime.clock import from_ms, to_ms
from pipelines.runtime.service import Services


def memory_from_row(row: Row) -> Memory:
    m = row["memory"]
    return Memory(
        id=m["id"],
        content=m["content"],
        summary=m["summary"],
        source=m["source"],
        timestamp=from_ms(m["ts"]),
        created_at=from_ms(m["created_ms"]),
        triage_type=m.get("triage_type"),
        sentiment=m.get("sentiment"),
        importance=m.get("importance"),
        tags=sorted(row.get("tags") or []),
        extraction=Extraction.model_validate_json(m["extraction"]) if m.get("extraction") else Extraction(),
        links=ordered([Link(**link) for link in row.get("links") or []]),
        file=FileInfo.model_validate_json(m["file"]) if m.get("file") else None,
        part=Part.model_validate_json(m["part"]) if m.get("part") else None,
        user_id=m.get("user_id"),
        agent_id=m.get("agent_id"),
        session_id=m.get("session_id"),
        metadata=json.loads(m["metadata"]) if m.get("metadata") else None,
        expires_at=from_ms(m["expires_ms"]) if m.get("expires_ms") is not None else None,
    )


def encode_cursor(memory: Memory) -> str:
    raw = json.dumps([to_ms(memory.timestamp), memory.id], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[int, str]:
    try:
        ts, id_ = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        if not isinstance(ts, int) or not isinstance(id_, str):
            raise ValueError
    except (ValueError, TypeError, binascii.Error, UnicodeDecodeError):
        raise ValidationFailed("The cursor is not one this service returned.", param="cursor") from None
    return ts, id_


def scope_from_query(
    user_id: str | None, agent_id: str | None, session_id: str | None, metadata: list[str]
) -> ScopeFilter:
    """The list's scope filter from its query parameters: `metadata=key:value`, repeatable, the value
    read as JSON when it is a JSON number, boolean, null or quoted string (`metadata=priority:2`,
    `metadata=code:"2"`), else as text (`metadata=team:sales`)."""
    pairs: dict[str, object] = {}
    for item in metadata:
        key, colon, raw = item.partition(":")
        if not colon:
            message = f"metadata filter {item[:80]!r} is not key:value (e.g. metadata=team:sales)."
            raise ValidationFailed(message, param="metadata")
        pairs[key] = metadata_query_value(raw)
    try:
        return ScopeFilter(user_id=user_id, agent_id=agent_id, session_id=session_id, metadata=pairs or None)
    except PydanticValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"]) or "metadata"
        raise ValidationFailed(f"{where}: {error['msg']}", param=str(error["loc"][0])) from None


async def get_memory(driver: GraphDriver, account_id: str, id: str) -> Memory:
    row = await repo.get_memory(driver, account_id=account_id, id=id)
    if row is None:
        raise NotFound(f"No memory with id {id!r}.", param="id")
    return memory_from_row(row)


async def list_memories(
    driver: GraphDriver,
    account_id: str,
    *,
    limit: int,
    cursor: str | None,
    source: str | None,
    triage_type: str | None,
    tag: str | None,
    since: datetime | None,
    until: datetime | None,
    scope: ScopeFilter | None = None,
    person: str | None = None,
    organization: str | None = None,
) -> MemoryPage:
    where = MemoryFilter(
        source=source,
        triage_type=triage_type,
        since_ms=to_ms(since) if since else None,
        until_ms=to_ms(until) if until else None,
        people=(name_key(person),) if person else (),
        organizations=(variant_key(organization),) if organization else (),
        scope=scope.pairs() if scope else (),
    )
    # A person or an organization is matched as search's filters match them (full or first name,
    # a name's variants), through the entity indexes.
    where = await resolved(driver, account_id=account_id, where=where)
    # One extra row tells whether there is a next page.
    rows = await repo.list_memories(
        driver,
        account_id=account_id,
        limit=limit + 1,
        cursor=decode_cursor(cursor) if cursor else None,
        tag=tag.lower() if tag else None,
        where=where,
    )
    data = [memory_from_row(row) for row in rows[:limit]]
    next_cursor = encode_cursor(data[-1]) if len(rows) > limit else None
    return MemoryPage(data=data, next_cursor=next_cursor)


# Fields an edit may change that the memory object shows as they were given.
_EDITABLE = ("content", "source", "timestamp", "user_id", "agent_id", "session_id", "metadata", "expires_at")
# Links the pipeline does not make, which an edit keeps: a chunk's place in its file, a correction's.
_KEPT_LINKS = (LinkKind.part_of, LinkKind.corrects)


async def update_memory(services: Services, account_id: str, id: str, patch: MemoryPatch) -> Memory:
    """PATCH: the memory with the patch applied; when a field's value changes, the whole pipeline reads
    it again and its graph share is rewritten (`ingest.rewrite`), the previous state kept as a version.
    A patch that changes nothing returns the memory as it is."""
    current = await get_memory(services.driver, account_id, id)
    values = {name: getattr(current, name) for name in _EDITABLE}
    values |= {name: getattr(patch, name) for name in patch.model_fields_set}
    changed = [name for name in _EDITABLE if values[name] != getattr(current, name)]
    if not changed:
        return current
    updated = await ingest.rewrite(
        services,
        account_id,
        RememberRequest(**values),
        ingest.Replacing(id=current.id, created_at=current.created_at),
        origin=ingest.Origin(file=current.file, part=current.part),
        kept_links=[link for link in current.links if link.kind in _KEPT_LINKS],
        changed_fields=changed,
    )
    if updated is None:  # deleted while the pipeline read the new version
        raise NotFound(f"No memory with id {id!r}.", param="id")
    return updated


async def memory_history(driver: GraphDriver, account_id: str, id: str) -> MemoryHistory:
    row = await repo.history(driver, account_id=account_id, id=id)
    if row is None:
        raise NotFound(f"No memory with id {id!r}.", param="id")
    return MemoryHistory(
        data=[
            MemoryVersion(
                version=version["version"],
                content=version["content"],
                summary=version["summary"],
                changed_fields=list(version["changed_fields"] or []),
                changed_at=from_ms(version["changed_ms"]),
            )
            for version in [*row["earlier"], row["current"]]
        ]
    )


async def delete_memory(driver: GraphDriver, account_id: str, id: str) -> None:
    """A file's parent memory goes with its chunks: the chunks first, so a failure half-way leaves the
    parent, and deleting it again finishes the work."""
    for chunk_id in await repo.part_ids(driver, account_id=account_id, id=id):
        await repo.delete_memory(driver, account_id=account_id, id=chunk_id)
    if not await repo.delete_memory(driver, account_id=account_id, id=id):
        raise NotFound(f"No memory with id {id!r}.", param="id")
