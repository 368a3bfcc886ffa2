"""Compile: the entity lookup, the queries behind each section of a wiki page, and the stored page."""

from __future__ import annotations

from graph.driver import GraphDriver, Row
from graph.filters import NO_FILTER, MemoryFilter


async def find_entity(driver: GraphDriver, *, account_id: str, ref: str, key: str) -> list[Row]:
    return await driver.read("compile/find", {"account_id": account_id, "ref": ref, "key": key})


async def memories_about(
    driver: GraphDriver,
    *,
    account_id: str,
    entity_id: str,
    is_tag: bool,
    limit: int,
    where: MemoryFilter = NO_FILTER,
) -> list[Row]:
    """The newest memories about the entity or tag, within `where` (a page for one end user)."""
    name = "compile/tag_memories" if is_tag else "compile/entity_memories"
    params = {"account_id": account_id, "entity_id": entity_id, "limit": limit}
    return await driver.read(where.query(name), params | where.params())


async def section(
    driver: GraphDriver,
    name: str,
    *,
    account_id: str,
    entity_id: str,
    entity_key: str,
    memory_ids: list[str],
    limit: int,
) -> list[Row]:
    """One of the section queries (`decisions`, `action_items`, `related`, `topics`) over the memories
    about the entity."""
    params = {
        "account_id": account_id,
        "entity_id": entity_id,
        "entity_key": entity_key,
        "memory_ids": memory_ids,
        "limit": limit,
    }
    return await driver.read(f"compile/{name}", params)


async def stored_page(driver: GraphDriver, *, account_id: str, entity_id: str) -> Row | None:
    return await driver.read_one("compile/page_get", {"account_id": account_id, "entity_id": entity_id})


async def save_page(
    driver: GraphDriver,
    *,
    account_id: str,
    entity_id: str,
    title: str,
    page: str,
    compiled_ms: int,
    sources_key: str,
) -> None:
    params = {
        "account_id": account_id,
        "entity_id": entity_id,
        "title": title,
        "page": page,
        "compiled_ms": compiled_ms,
        "sources_key": sources_key,
    }
    await driver.write("compile/page_save", params)
