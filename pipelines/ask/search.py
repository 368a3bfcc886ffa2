"""`search`: ask's hybrid retrieval, ranked, without a composed answer (POST /v1/search), for callers
who hand the memories to their own model. The caller's filters go into every candidate query."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from graph.filters import MemoryFilter
from models.search import SearchFilters, SearchRequest, SearchResult, SearchResults
from pipelines.ask.compose import part_of, score_sentences
from pipelines.ask.retrieve import DEFAULT_SEARCH, Candidate, Question, read_question, search
from pipelines.nlp.names import name_key, variant_key
from pipelines.nlp.summary import split_sentences
from pipelines.runtime.clock import from_ms, to_ms
from pipelines.runtime.service import Services


def memory_filter(filters: SearchFilters) -> MemoryFilter:
    """The request's filters as the store's parameters: people by name key (the full name's or the first
    name's), organizations by the key without legal form ("Globex" finds Globex Corp), tags as stored
    (lowercase), times in milliseconds."""
    return MemoryFilter(
        source=filters.source,
        triage_type=filters.triage_type.value if filters.triage_type else None,
        since_ms=to_ms(filters.since) if filters.since else None,
        until_ms=to_ms(filters.until) if filters.until else None,
        tags=tuple(dict.fromkeys(tag.strip().lower() for tag in filters.tags)),
        people=tuple(dict.fromkeys(name_key(name) for name in filters.people)),
        organizations=tuple(dict.fromkeys(variant_key(name) for name in filters.organizations)),
        scope=filters.pairs(),
    )


async def search_memories(services: Services, account_id: str, request: SearchRequest) -> SearchResults:
    question = await asyncio.to_thread(read_question, services, request.query, services.clock())
    # Each list is asked for at least `limit` memories, so a long page is not cut short by the lists'
    # default depth (30).
    depth = max(request.limit, DEFAULT_SEARCH.vector_k)
    config = replace(DEFAULT_SEARCH, vector_k=depth, fulltext_k=depth, entity_k=depth, tag_k=depth)
    where = memory_filter(request.filters)
    with services.timings.measure("search"):
        candidates = await search(
            services, account_id, question, limit=request.limit, config=config, where=where
        )
        if services.models.reranker is not None:
            candidates = await asyncio.to_thread(
                services.models.reranker.rerank, request.query, candidates, max(2 * request.limit, 20)
            )
        found = candidates[: request.limit]
        snippets = await asyncio.to_thread(_snippets, services, question, found)
    return SearchResults(data=[_result(c, snippets.get(c.id)) for c in found])


def _snippets(services: Services, question: Question, candidates: list[Candidate]) -> dict[str, str]:
    """Each memory's sentence closest to the query, scored as ask's composer scores sentences (memories
    that do not name the query's people are left to their first sentence)."""
    best: dict[str, tuple[float, str]] = {}
    for item in score_sentences(services.models.embedder.encode, question, candidates):
        memory_id = candidates[item.candidate].id
        if memory_id not in best or item.score > best[memory_id][0]:
            best[memory_id] = (item.score, item.text)
    return {memory_id: text for memory_id, (_, text) in best.items()}


def _result(candidate: Candidate, snippet: str | None) -> SearchResult:
    row = candidate.row
    first = next(iter(split_sentences(row["content"])), row["content"])
    return SearchResult(
        id=candidate.id,
        summary=row["summary"],
        content=row["content"],
        snippet=(snippet or first)[:240],
        score=round(candidate.fused, 6),
        matched_by=list(candidate.ranks),
        timestamp=from_ms(row["ts"]),
        source=row["source"],
        triage_type=row.get("triage_type"),
        tags=sorted(row.get("tags") or []),
        superseded_by=list(row.get("corrected_by") or []),
        part=part_of(candidate),
    )
