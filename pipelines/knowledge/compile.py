"""POST /v1/compile/{entity}: a wiki page for a person, organization or tag, built from the section
queries in `cypher/compile/`; Python only words, orders and cites the rows. The page is kept as a
(:WikiPage) node and rebuilt only when it is stale."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime

from graph import wiki as repo
from graph.driver import Row
from graph.filters import MemoryFilter
from models.errors import NotFound
from models.memory import Extraction
from models.wiki import (
    CompileRequest,
    EntityRef,
    EntityType,
    PageFormat,
    PageSource,
    Section,
    Statement,
    WikiPage,
)
from pipelines.nlp.names import name_key
from pipelines.nlp.summary import split_sentences
from pipelines.runtime.clock import from_ms, to_ms
from pipelines.runtime.service import Services

MEMORY_LIMIT = 200  # the newest memories about an entity that a page reads
TIMELINE_LIMIT = 30
RELATED_LIMIT = 10


async def compile_page(services: Services, account_id: str, ref: str, request: CompileRequest) -> WikiPage:
    driver = services.driver
    entity = await _resolve(services, account_id, ref)
    where = MemoryFilter(scope=request.filters.pairs())
    memories = await repo.memories_about(
        driver,
        account_id=account_id,
        entity_id=entity.id,
        is_tag=entity.type is EntityType.tag,
        limit=MEMORY_LIMIT,
        where=where,
    )
    now = services.clock()
    if where.narrows:  # one user's page: built from their memories, never the account's kept page
        page = await _build(services, account_id, entity, list(reversed(memories)), now)
        return page.model_copy(update={"markdown": None}) if request.format is PageFormat.json else page
    sources_key = hashlib.sha256(",".join(sorted(m["id"] for m in memories)).encode()).hexdigest()
    stored = await repo.stored_page(driver, account_id=account_id, entity_id=entity.id)
    if stored and _current(stored, memories, sources_key, now):
        page = WikiPage.model_validate_json(stored["page"]).model_copy(update={"recompiled": False})
    else:
        page = await _build(services, account_id, entity, list(reversed(memories)), now)
        await repo.save_page(
            driver,
            account_id=account_id,
            entity_id=entity.id,
            title=page.title,
            page=page.model_dump_json(),
            compiled_ms=to_ms(page.compiled_at),
            sources_key=sources_key,
        )
    if request.format is PageFormat.json:
        page = page.model_copy(update={"markdown": None})
    return page


def _current(stored: Row, memories: list[Row], sources_key: str, now: datetime) -> bool:
    """A stored page stands while no memory about the entity arrived after it, none was deleted (the
    same set of memories), and it was compiled today (an open action item can become overdue)."""
    newest = max((m["created_ms"] for m in memories), default=0)
    compiled = from_ms(stored["compiled_ms"])
    return (
        stored["compiled_ms"] >= newest
        and stored["sources_key"] == sources_key
        and compiled.date() == now.date()
    )


async def _resolve(services: Services, account_id: str, ref: str) -> EntityRef:
    """Best match first: the id, then the exact name, then a first name; a person or organization before
    a tag of the same name; then the most used."""
    rows = await repo.find_entity(services.driver, account_id=account_id, ref=ref, key=name_key(ref))
    if not rows:
        raise NotFound(f"No person, organization or tag named {ref!r}.", param="entity")
    best = max(rows, key=lambda r: (r["by_id"], r["by_name"], "Tag" not in r["labels"], r["uses"], r["id"]))
    labels = set(best["labels"])
    kind = (
        EntityType.tag
        if "Tag" in labels
        else EntityType.person
        if "Person" in labels
        else EntityType.organization
    )
    return EntityRef(id=best["id"], name=best["name"], type=kind)


@dataclass
class _Citations:
    """Numbers memories in the order statements first cite them."""

    memories: dict[str, Row]
    order: list[str] = field(default_factory=list)

    def cite(self, text: str, memory_ids: list[str]) -> Statement:
        numbers = []
        for memory_id in dict.fromkeys(memory_ids):
            if memory_id not in self.memories:
                continue
            if memory_id not in self.order:
                self.order.append(memory_id)
            numbers.append(self.order.index(memory_id) + 1)
        markers = "".join(f"[{n}]" for n in numbers)
        return Statement(text=f"{text} {markers}".strip(), citations=numbers)

    def sources(self) -> list[PageSource]:
        return [
            PageSource(
                id=memory_id,
                summary=self.memories[memory_id]["summary"],
                timestamp=from_ms(self.memories[memory_id]["ts"]),
                source=self.memories[memory_id]["source"],
            )
            for memory_id in self.order
        ]


async def _build(
    services: Services, account_id: str, entity: EntityRef, memories: list[Row], now: datetime
) -> WikiPage:
    """`memories` oldest first."""
    ids = [m["id"] for m in memories]

    async def rows(name: str, limit: int = RELATED_LIMIT) -> list[Row]:
        return await repo.section(
            services.driver,
            name,
            account_id=account_id,
            entity_id=entity.id,
            entity_key=name_key(entity.name),
            memory_ids=ids,
            limit=limit,
        )

    cite = _Citations({m["id"]: m for m in memories})
    sections = [
        Section(title="Overview", statements=_overview(entity, memories, cite)),
        Section(title="Timeline", statements=_timeline(memories, cite)),
        Section(title="Decisions", statements=_decisions(await rows("decisions"), cite)),
        Section(title="Action items", statements=_action_items(await rows("action_items"), now, cite)),
        Section(title="Related people and organizations", statements=_related(await rows("related"), cite)),
        Section(title="Topics", statements=_topics(await rows("topics"), cite)),
    ]
    title = entity.name
    summary = (
        sections[0].statements[0].text if sections[0].statements else f"Nothing is stored about {title}."
    )
    page = WikiPage(
        entity=entity,
        type=entity.type,
        title=title,
        summary=summary,
        sections=sections,
        sources=cite.sources(),
        markdown="",
        compiled_at=from_ms(to_ms(now)),
        recompiled=True,
    )
    return page.model_copy(update={"markdown": render_markdown(page)})


def _day(ms: int) -> str:
    return from_ms(ms).date().isoformat()


def _overview(entity: EntityRef, memories: list[Row], cite: _Citations) -> list[Statement]:
    if not memories:
        return []
    first, last = memories[0], memories[-1]
    noun = "memory" if len(memories) == 1 else "memories"
    what = {"person": "A person", "organization": "An organization", "tag": "A topic"}[entity.type.value]
    span = (
        f"on {_day(first['ts'])}"
        if _day(first["ts"]) == _day(last["ts"])
        else f"from {_day(first['ts'])} to {_day(last['ts'])}"
    )
    statements = [cite.cite(f"{what} in {len(memories)} {noun}, {span}.", [first["id"], last["id"]])]
    # The most important memories say what the entity is about, in their own summaries.
    for memory in sorted(memories, key=lambda m: (-(m["importance"] or 0), -m["ts"], m["id"]))[:3]:
        statements.append(cite.cite(_sentence(memory["summary"]), [memory["id"]]))
    return statements


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if text.endswith((".", "!", "?")) else f"{text}."


def _timeline(memories: list[Row], cite: _Citations) -> list[Statement]:
    """Dated facts in date order: each date a memory mentions with the sentence that mentions it, else
    the memory's own time with its summary."""
    facts: list[tuple[str, int, str, str]] = []
    for memory in memories:
        extraction = Extraction.model_validate_json(memory["extraction"]) if memory["extraction"] else None
        dated = False
        sentences = split_sentences(memory["content"])
        for mention in extraction.dates if extraction else []:
            sentence = next((s for s in sentences if mention.text in s), None)
            if sentence:
                facts.append((mention.date, memory["ts"], _sentence(sentence), memory["id"]))
                dated = True
        if not dated:
            facts.append((_day(memory["ts"]), memory["ts"], _sentence(memory["summary"]), memory["id"]))
    facts.sort(key=lambda f: (f[0], f[1], f[3]))
    seen: set[tuple[str, str]] = set()
    statements = []
    for day, _, sentence, memory_id in facts:
        if (day, sentence) in seen:
            continue
        seen.add((day, sentence))
        statements.append(cite.cite(f"{day}: {sentence}", [memory_id]))
    return statements[-TIMELINE_LIMIT:]


def _decisions(rows: list[Row], cite: _Citations) -> list[Statement]:
    return [cite.cite(f"{_day(r['ts'])}: {_sentence(r['text'])}", [r["memory_id"]]) for r in rows]


def _action_items(rows: list[Row], now: datetime, cite: _Citations) -> list[Statement]:
    """Overdue first, then open, then done (a later memory reported it done: it cites that one too)."""
    today = to_ms(now)
    groups: dict[str, list[Statement]] = {"overdue": [], "open": [], "done": []}
    for row in rows:
        done_in = row["done_in"] if row["status"] == "done" else None
        status = (
            "done"
            if row["status"] == "done"
            else "overdue"
            if row["due_ms"] is not None and row["due_ms"] < today
            else "open"
        )
        parts = [_sentence(row["text"]).rstrip(".")]
        if row["owner"]:
            parts.append(f"owner {row['owner']}")
        if row["due"]:
            parts.append(f"due {row['due']}")
        text = f"{status.capitalize()}: {', '.join(parts)}."
        groups[status].append(cite.cite(text, [row["memory_id"], *([done_in] if done_in else [])]))
    return groups["overdue"] + groups["open"] + groups["done"]


def _related(rows: list[Row], cite: _Citations) -> list[Statement]:
    statements = []
    for row in rows:
        kind = "person" if "Person" in row["labels"] else "organization"
        times = "1 memory" if row["together"] == 1 else f"{row['together']} memories"
        statements.append(cite.cite(f"{row['name']} ({kind}), together in {times}.", row["memory_ids"][:3]))
    return statements


def _topics(rows: list[Row], cite: _Citations) -> list[Statement]:
    return [
        cite.cite(
            f"{row['name']}, in {row['together']} {'memory' if row['together'] == 1 else 'memories'}.",
            row["memory_ids"][:3],
        )
        for row in rows
    ]


def render_markdown(page: WikiPage) -> str:
    lines = [f"# {page.title}", "", f"_{page.type.value} · compiled {page.compiled_at.isoformat()}_", ""]
    for section in page.sections:
        lines += [f"## {section.title}", ""]
        lines += [f"- {s.text}" for s in section.statements] or ["_Nothing stored._"]
        lines.append("")
    lines += ["## Sources", ""]
    lines += [
        f"{n}. {s.summary} (`{s.id}`, {s.timestamp.date().isoformat()}, {json.dumps(s.source)})"
        for n, s in enumerate(page.sources, 1)
    ]
    return "\n".join(lines) + "\n"
