"""The filters a caller puts on a search, a list, an answer or a check, as the parameters of
`cypher/parts/memory_filter.cypher`, which every query they narrow includes: they are applied inside the
store's query."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from graph.driver import GraphDriver
from graph.queries import WITH_PARTS


@dataclass(frozen=True)
class MemoryFilter:
    """None or empty passes every memory; each list requires all its values. `people` are name keys
    (`pipelines.nlp.names.name_key`), matching a person's full name or first name ("lucia" finds Lucia
    Romano); `organizations` are variant keys (`variant_key`: "globex" finds Globex Corp). `ids` holds,
    once `resolved`, the memories that people, organizations and tags allow."""

    source: str | None = None
    triage_type: str | None = None
    since_ms: int | None = None
    until_ms: int | None = None
    tags: tuple[str, ...] = ()
    people: tuple[str, ...] = ()
    organizations: tuple[str, ...] = ()
    ids: frozenset[str] | None = None
    # `field=value` pairs the memory's `scope` list must all hold (`models.fields.scope_pairs`): user,
    # agent, session and metadata, most selective first.
    scope: tuple[str, ...] = ()

    @property
    def narrows(self) -> bool:
        return self != NO_FILTER

    @property
    def by_names(self) -> bool:
        return bool(self.tags or self.people or self.organizations)

    @property
    def anchor(self) -> str | None:
        """The scope pair a query can start from (the `scope` index) instead of the whole account."""
        return self.scope[0] if self.scope else None

    def query(self, name: str) -> str:
        """The named query with the filter part when this filter narrows, else with `true` in its place
        (`graph/queries.py`): an unfiltered search pays nothing for filters."""
        return name + WITH_PARTS if self.narrows else name

    def params(self) -> dict[str, Any]:
        if self.by_names and self.ids is None:
            raise ValueError("resolve the filter's people, organizations and tags first (`resolved`)")
        return {
            "f_source": self.source,
            "f_triage_type": self.triage_type,
            "f_since": self.since_ms,
            "f_until": self.until_ms,
            "f_ids": sorted(self.ids) if self.ids is not None else None,
            "f_scope": list(self.scope) or None,
            "f_anchor": self.anchor,
        }


NO_FILTER = MemoryFilter()


async def resolved(driver: GraphDriver, *, account_id: str, where: MemoryFilter) -> MemoryFilter:
    """`where` with `ids`: the account's memories that name every person and organization and carry
    every tag it asks for, read from the entity and tag indexes (empty when none does)."""
    if not where.by_names:
        return where
    allowed: set[str] | None = None
    for name, keys in (
        ("search/filter_people", where.people),
        ("search/filter_organizations", where.organizations),
        ("search/filter_tags", where.tags),
    ):
        if not keys:
            continue
        rows = {
            row["wanted"]: set(row["ids"])
            for row in await driver.read(name, {"account_id": account_id, "keys": list(keys)})
        }
        for key in keys:
            found = rows.get(key, set())
            allowed = found if allowed is None else allowed & found
    return replace(where, ids=frozenset(allowed or ()))
