"""Reading and deleting memories: rows from the graph to the contract's `Memory`, cursors."""

from __future__ import annotations

import base64
import binascii
import json
from datetime import datetime

from graph import memories as repo
from graph.driver import GraphDriver, Row
from models.errors import NotFound, ValidationFailed
from models.memory import Extraction, FileInfo, Link, Memory, MemoryPage, Part
from pipelines.ingest.links import ordered
from pipelines.runtime.clock import from_ms, to_ms


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
) -> MemoryPage:
    # One extra row tells whether there is a next page.
    rows = await repo.list_memories(
        driver,
        account_id=account_id,
        limit=limit + 1,
        cursor=decode_cursor(cursor) if cursor else None,
        source=source,
        triage_type=triage_type,
        tag=tag.lower() if tag else None,
        since=to_ms(since) if since else None,
        until=to_ms(until) if until else None,
    )
    data = [memory_from_row(row) for row in rows[:limit]]
    next_cursor = encode_cursor(data[-1]) if len(rows) > limit else None
    return MemoryPage(data=data, next_cursor=next_cursor)


async def delete_memory(driver: GraphDriver, account_id: str, id: str) -> None:
    """A file's parent memory goes with its chunks: the chunks first, so a failure half-way leaves the
    parent, and deleting it again finishes the work."""
    for chunk_id in await repo.part_ids(driver, account_id=account_id, id=id):
        await repo.delete_memory(driver, account_id=account_id, id=chunk_id)
    if not await repo.delete_memory(driver, account_id=account_id, id=id):
        raise NotFound(f"No memory with id {id!r}.", param="id")
