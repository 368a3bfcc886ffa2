"""`remember`: validate, run the local models (batched), consult the account's graph for names and
links, and write each memory with all its relationships in one atomic statement."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graph import actions as action_repo
from graph import entities
from graph import memories as repo
from graph import search as search_repo
from graph.driver import GraphDriver, Row
from graph.filters import NO_FILTER, MemoryFilter
from models.errors import AuthenticationFailed, PayloadTooLarge, ValidationFailed
from models.fields import scope_pairs
from models.memory import Extraction, FileInfo, Link, Memory, Part, RememberRequest
from pipelines.ask.compose import SENTENCES_PER_MEMORY
from pipelines.check.supersede import contradiction_links
from pipelines.ingest import links as link_rules
from pipelines.ingest.actions import completed_items, reports_completion
from pipelines.ingest.extraction import (
    build_extraction,
    entity_keys,
    graph_lists,
    short_words,
    single_names,
)
from pipelines.ingest.importance import importance
from pipelines.ingest.reading import Reading, finish_readings, parse_texts
from pipelines.nlp.dates import stated_date
from pipelines.nlp.embed import pack
from pipelines.nlp.extract import Mentions
from pipelines.nlp.identifiers import identifiers
from pipelines.nlp.names import name_key
from pipelines.runtime.clock import from_ms, to_ms
from pipelines.runtime.ids import new_id
from pipelines.runtime.service import Services


@dataclass(frozen=True)
class Origin:
    """Where a memory came from, when a file: the file (a whole file, or a split file's parent), or the
    chunk's place in it."""

    file: FileInfo | None = None
    part: Part | None = None
    # A transcript speech recognition was unsure of: stored, but no decisions or action items are read
    # from it (pipelines/files/files.py).
    uncertain: bool = False


NO_ORIGIN = Origin()


def validate_content(content: str, max_chars: int, param: str = "content") -> None:
    if not content.strip():
        raise ValidationFailed("content must not be blank.", param=param)
    if len(content) > max_chars:
        raise PayloadTooLarge(
            f"content has {len(content)} characters; the limit is {max_chars}.", param=param
        )


async def remember(
    services: Services,
    account_id: str,
    request: RememberRequest,
    extra_links: list[Link] | None = None,
    origin: Origin = NO_ORIGIN,
) -> Memory:
    """`extra_links`: links the caller knows of besides those the pipeline finds (a feedback correction
    `corrects` the memories it is about); they win over a found link to the same memory."""
    return (await remember_many(services, account_id, [request], extra_links, [origin]))[0]


def validate_batch(requests: list[RememberRequest], max_chars: int) -> None:
    for index, request in enumerate(requests):
        param = "content" if len(requests) == 1 else f"items[{index}].content"
        validate_content(request.content, max_chars, param)


def validate_expiry(requests: list[RememberRequest], now: datetime) -> None:
    """An expiry must lie in the future: one already past would store a memory no read can see."""
    for index, request in enumerate(requests):
        if request.expires_at is not None and request.expires_at <= now:
            param = "expires_at" if len(requests) == 1 else f"items[{index}].expires_at"
            raise ValidationFailed("expires_at must be in the future.", param=param)


async def remember_many(
    services: Services,
    account_id: str,
    requests: list[RememberRequest],
    extra_links: list[Link] | None = None,
    origins: list[Origin] | None = None,
) -> list[Memory]:
    """Every item is validated before any model runs; then the models read the whole batch at once, and
    the memories are written one by one in order (so later items can link to earlier ones)."""
    validate_batch(requests, services.settings.max_content_chars)
    if not requests:
        return []
    # Stored in milliseconds: round here too, so this answer equals what a later GET returns.
    now = from_ms(to_ms(services.clock()))
    validate_expiry(requests, now)
    with services.timings.measure("remember.models", len(requests)):
        parse = await asyncio.to_thread(parse_texts, services.models, [r.content for r in requests])
        # The first memory's entity lookups need names only, not vectors: they run while the forward
        # pass finishes. Later items look theirs up once the items before them, which they may link
        # to, are stored.
        first, readings = await asyncio.gather(
            _entities(services, account_id, requests[0], parse.mentions[0], now),
            asyncio.to_thread(finish_readings, services.models, parse),
        )
    stored = []
    origins = origins or [NO_ORIGIN] * len(requests)
    for index, (request, reading, origin) in enumerate(zip(requests, readings, origins, strict=True)):
        with services.timings.measure("remember.graph"):
            stored.append(
                await _store(
                    services,
                    account_id,
                    request,
                    reading,
                    now,
                    extra_links or [],
                    origin,
                    first if index == 0 else None,
                )
            )
    return stored


def own_user(request: RememberRequest) -> MemoryFilter:
    """Where a new memory's links may go: within its user when it has one (links, supersession,
    follow-ups, and the action items it reports done), else anywhere in the account."""
    if request.user_id is None:
        return NO_FILTER
    return MemoryFilter(scope=tuple(scope_pairs(user_id=request.user_id)))


def scope_properties(request: RememberRequest) -> dict[str, object]:
    """The scope as the memory's properties: each field given, the metadata as JSON (the stores keep no
    maps), and the `scope` list of `field=value` pairs that filters test (`models/fields.py`)."""
    properties: dict[str, object] = {
        name: value
        for name in ("user_id", "agent_id", "session_id")
        if (value := getattr(request, name)) is not None
    }
    if request.metadata is not None:
        properties["metadata"] = json.dumps(request.metadata, ensure_ascii=False, separators=(",", ":"))
    properties["scope"] = scope_pairs(
        user_id=request.user_id,
        agent_id=request.agent_id,
        session_id=request.session_id,
        metadata=request.metadata,
    )
    return properties


def _timestamp(request: RememberRequest, now: datetime) -> datetime:
    """The request's timestamp; else the date the note states at its start (an e-mail's Date, "Weekly
    sync, Tuesday 4 March 2025"), which its relative dates are about; else now."""
    if request.timestamp:
        return from_ms(to_ms(request.timestamp))
    stated = stated_date(request.content)
    return from_ms(to_ms(stated)) if stated is not None else now


async def _entities(
    services: Services, account_id: str, request: RememberRequest, mentions: Mentions, now: datetime
) -> tuple[Extraction, list[Row]]:
    """The extraction, its short names resolved to the account's full names, and the account's memories
    that share its people and organizations."""
    driver = services.driver
    known = await entities.people_by_first(driver, account_id=account_id, firsts=single_names(mentions))
    organizations = await entities.organizations_by_word(
        driver, account_id=account_id, words=short_words(mentions)
    )
    extraction = build_extraction(mentions, _timestamp(request, now), known, organizations)
    sharing = await repo.memories_sharing_entities(
        driver,
        account_id=account_id,
        keys=entity_keys(extraction),
        limit=link_rules.CANDIDATES,
        where=own_user(request),
    )
    return extraction, sharing


async def _reported_done(
    driver: GraphDriver, account_id: str, request: RememberRequest, extraction: Extraction, ts: int
) -> list[str]:
    """Open items of the people this memory names that it reports done, and the writer's own items
    (those no one owns: "I need to renew the licence") that it reports done (a cheap word check first).
    A memory naming nobody reports a deed of whoever owned it ("Renewed the certificate with Sectigo"
    closes "Jonas will renew it with Sectigo"): anyone's items then."""
    if not reports_completion(request.content):
        return []
    if not extraction.people:
        return completed_items(
            request.content,
            await action_repo.open_any(driver, account_id=account_id, ts=ts, where=own_user(request)),
            anyones=True,
        )
    items = await action_repo.open_unowned(driver, account_id=account_id, ts=ts, where=own_user(request))
    # (and their first names: "Deepak: send the programme …", noted before the account knew Deepak Rao)
    keys = list(dict.fromkeys(k for p in extraction.people for k in (name_key(p), name_key(p.split()[0]))))
    items += await action_repo.open_owned(
        driver, account_id=account_id, keys=keys, ts=ts, where=own_user(request)
    )
    return completed_items(request.content, items)


@dataclass(frozen=True)
class Replacing:
    """The stored memory an edit rewrites: it keeps its id and creation time, and is no candidate for
    its own links."""

    id: str
    created_at: datetime


@dataclass(frozen=True)
class Written:
    """What one memory writes: the contract's object, the node's properties, its vector, and the lists
    `parts/memory_graph` turns into nodes and relationships."""

    memory: Memory
    properties: dict[str, Any]
    embedding: list[float]
    lists: dict[str, list[Any]]


async def _store(
    services: Services,
    account_id: str,
    request: RememberRequest,
    reading: Reading,
    now: datetime,
    extra_links: list[Link],
    origin: Origin,
    found: tuple[Extraction, list[Row]] | None = None,
) -> Memory:
    """`found`: what `_entities` returned for this memory, when it was looked up beforehand."""
    written = await _prepare(services, account_id, request, reading, now, extra_links, origin, found)
    created = await repo.create_memory(
        services.driver,
        account_id=account_id,
        memory=written.properties,
        embedding=written.embedding,
        graph=written.lists,
    )
    if not created:  # the account vanished between authentication and the write
        raise AuthenticationFailed("The API key's account no longer exists.")
    return written.memory


async def rewrite(
    services: Services,
    account_id: str,
    request: RememberRequest,
    replacing: Replacing,
    *,
    origin: Origin,
    kept_links: list[Link],
    changed_fields: list[str],
) -> Memory | None:
    """An edit: the whole pipeline over the memory's new request, and its graph share rewritten in one
    statement (`memory/rewrite`), the previous state kept as a version. `kept_links`: links the pipeline
    does not make (a chunk's part_of, a correction's corrects). None when the memory is gone."""
    validate_batch([request], services.settings.max_content_chars)
    now = from_ms(to_ms(services.clock()))
    validate_expiry([request], now)
    with services.timings.measure("remember.models"):
        parse = await asyncio.to_thread(parse_texts, services.models, [request.content])
        reading = (await asyncio.to_thread(finish_readings, services.models, parse))[0]
    written = await _prepare(
        services, account_id, request, reading, now, kept_links, origin, replacing=replacing
    )
    written.properties["changed_ms"] = to_ms(now)
    with services.timings.measure("remember.graph"):
        version = await repo.rewrite_memory(
            services.driver,
            account_id=account_id,
            memory=written.properties,
            embedding=written.embedding,
            graph=written.lists,
            changed_fields=changed_fields,
        )
    return written.memory if version is not None else None


async def _prepare(
    services: Services,
    account_id: str,
    request: RememberRequest,
    reading: Reading,
    now: datetime,
    extra_links: list[Link],
    origin: Origin,
    found: tuple[Extraction, list[Row]] | None = None,
    replacing: Replacing | None = None,
) -> Written:
    driver = services.driver
    timestamp = _timestamp(request, now)
    embedding = reading.embedding.tolist()
    similar_lookup = repo.similar_memories(
        driver,
        account_id=account_id,
        embedding=embedding,
        limit=link_rules.CANDIDATES,
        overfetch=services.settings.vector_overfetch,
        where=own_user(request),
    )
    if found is None:
        found, similar = await asyncio.gather(
            _entities(services, account_id, request, reading.mentions, now), similar_lookup
        )
    else:
        similar = await similar_lookup
    extraction, sharing = found
    if origin.uncertain:
        extraction = extraction.model_copy(update={"decisions": [], "action_items": []})
    if replacing is not None:  # an edited memory is no candidate for its own links
        similar = [row for row in similar if row["id"] != replacing.id]
        sharing = [row for row in sharing if row["id"] != replacing.id]
    keys = entity_keys(extraction)
    ts = to_ms(timestamp)
    named = identifiers(request.content)
    links = link_rules.find_links(
        similar=similar,
        sharing=sharing,
        content_hash=reading.content_hash,
        entity_count=len(keys),
        source=request.source,
        ts=ts,
        identifiers=named,
        content=request.content,
    )
    with services.timings.measure("remember.contradictions"):
        contradicting, readings = await contradiction_links(
            services,
            account_id,
            request.content,
            timestamp,
            links,
            reading.doc,
            extraction.people,
            extraction.organizations,
            nearby=similar,
        )
    links += contradicting
    given = {link.target_id for link in extra_links}
    # The pipeline's links stay within MAX_LINKS; the caller's (a chunk's part_of, a correction's
    # corrects) come on top.
    own = link_rules.capped([link for link in links if link.target_id not in given])
    links = link_rules.ordered([*extra_links, *own])
    created_at = replacing.created_at if replacing is not None else now
    memory = Memory(
        id=replacing.id if replacing is not None else new_id("mem"),
        content=request.content,
        source=request.source,
        timestamp=timestamp,
        created_at=created_at,
        summary=reading.summary,
        triage_type=reading.triage_type,
        tags=sorted(reading.tags),
        extraction=extraction,
        sentiment=reading.sentiment,
        links=links,
        importance=importance(extraction, reading.sentiment_strength, link_rules.novelty(similar)),
        file=origin.file,
        part=origin.part,
        user_id=request.user_id,
        agent_id=request.agent_id,
        session_id=request.session_id,
        metadata=request.metadata,
        expires_at=from_ms(to_ms(request.expires_at)) if request.expires_at else None,
    )
    properties = {
        "id": memory.id,
        "content": memory.content,
        "summary": memory.summary,
        "source": memory.source,
        "ts": ts,
        "created_ms": to_ms(created_at),
        "extraction": extraction.model_dump_json(),
        "triage_type": memory.triage_type.value,
        "sentiment": memory.sentiment.value,
        "importance": memory.importance,
        "content_hash": reading.content_hash,
        "words": search_repo.word_count(request.content),  # BM25's document length, counted once
        "date_values": [d.date for d in extraction.dates],
        "identifiers": sorted(named),  # what the memory is about by id (links, supersession, ask)
        "sentence_vectors": pack(reading.sentence_vectors[:SENTENCES_PER_MEMORY]),
        **scope_properties(request),
    }
    if request.expires_at is not None:  # the expiry sweep's index (memory/expired)
        properties["expires_ms"] = to_ms(request.expires_at)
    if services.models.second is not None:  # due for the second embedding (second_embedding.py)
        properties["second_due_ms"] = to_ms(now)
    if readings is not None:  # the comparator's readings of the sentences (see pipelines/check/supersede.py)
        properties["claims"] = readings
    for name, value in (("file", origin.file), ("part", origin.part)):
        if value is not None:  # kept as JSON, like the extraction
            properties[name] = value.model_dump_json(exclude_none=True)
    lists = graph_lists(extraction, reading.tags)
    lists["links"] = [link.model_dump(mode="json") for link in links]
    lists["link_ids"] = sorted({link.target_id for link in links})
    # Nor does an uncertain transcript close anyone's items.
    done = [] if origin.uncertain else await _reported_done(driver, account_id, request, extraction, ts)
    lists["done_action_ids"] = done
    return Written(memory=memory, properties=properties, embedding=embedding, lists=lists)
