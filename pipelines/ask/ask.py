"""`ask`: hybrid retrieval, the extractive composer, follow-ups; a deeper pass on request; and the
same work as a stream of events."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date
from functools import partial

from graph import search as search_repo
from graph.filters import MemoryFilter
from models.ask import Answer, AskRequest
from pipelines.ask import lead, overview, structured, written
from pipelines.ask.compose import (
    Composition,
    as_answer,
    compose,
    filler,
    names_the_subject,
    neighbours,
    quoted,
    stored_dates,
)
from pipelines.ask.followups import followups
from pipelines.ask.retrieve import Candidate, Question, read_question, search
from pipelines.ask.short import (
    AnswerType,
    answer_type,
    asks_for_list,
    distinct_answers,
    parse_ahead,
    short_answer,
)
from pipelines.nlp.dates import resolve
from pipelines.nlp.extract import DATE_PHRASES
from pipelines.nlp.names import author, name_key
from pipelines.runtime.clock import from_ms
from pipelines.runtime.service import Services

_SPLIT = re.compile(r"\s*(?:;|,\s*and\b|\band\b|\balso\b)\s*", re.I)
_HOW_LONG = re.compile(r"\bhow long\b|\bhow many (days|weeks|months)\b", re.I)
_RANGE = re.compile(
    rf"\b(?:from|between)\s+({DATE_PHRASES.pattern})\s+(?:to|until|till|through|and)\s+({DATE_PHRASES.pattern})",
    re.IGNORECASE,
)
_WHICH_FIRST = re.compile(r"\bwhich (came|happened|was) (first|earlier)\b|\bwhat happened first\b", re.I)


@dataclass
class Work:
    question: Question
    candidates: list[Candidate]
    composition: Composition
    steps: list[str] = field(default_factory=list)
    from_graph: bool = False  # answered from the graph's structure, not by text retrieval


async def _read(services: Services, request: AskRequest, context: str | None) -> Question:
    with services.timings.measure("ask.read_question"):
        return await asyncio.to_thread(read_question, services, request.question, services.clock(), context)


async def _retrieve(
    services: Services, account_id: str, request: AskRequest, question: Question
) -> tuple[Question, list[Candidate]]:
    """Candidates for the question from the hybrid search (reranked, when a reranker is loaded)."""
    with services.timings.measure("ask.search"):
        candidates = await search(services, account_id, question, limit=request.limit, where=_where(request))
    if services.models.reranker is not None:
        candidates = await asyncio.to_thread(
            services.models.reranker.rerank, request.question, candidates, max(2 * request.limit, 20)
        )
    return question, candidates


async def _compose(
    services: Services, question: Question, candidates: list[Candidate], limit: int
) -> Composition:
    with services.timings.measure("ask.compose"):
        weights = lead.load(services.settings.lead_weights)
        return await asyncio.to_thread(
            compose, services.models.embedder.encode, question, candidates, limit, weights
        )


def _where(request: AskRequest) -> MemoryFilter:
    """The request's scope filter, which every query of the answer applies."""
    return MemoryFilter(scope=request.filters.pairs())


async def work(services: Services, account_id: str, request: AskRequest, context: str | None = None) -> Work:
    question = await _read(services, request, context)
    # A question about action items or decisions (pipelines/ask/structured.py), or who was involved, a
    # timeline or a count (pipelines/ask/overview.py), is answered from the graph when it holds an
    # answer; text retrieval answers the rest.
    with services.timings.measure("ask.structured"):
        listed = await structured.answer(services, account_id, question, where=_where(request))
        intent: object = structured.intent_of(question.text)
        if listed is None:
            listed = await overview.answer(services, account_id, question, where=_where(request))
            intent = overview.overview_of(question.text)
    if listed is not None:
        steps = [f"Answered from the graph ({intent}): {len(listed.sources)} sources."]
        return Work(question, listed.cited, listed, steps, from_graph=True)
    question, candidates = await _retrieve(services, account_id, request, question)
    if request.reasoning:
        return await _deeper(services, account_id, request, question, candidates)
    return Work(question, candidates, await _compose(services, question, candidates, request.limit))


@dataclass
class Reply:
    """An answer whose text comes a sentence at a time (spaces included); `answer` is complete once
    `pieces` has been read to its end."""

    answer: Answer
    pieces: AsyncGenerator[str]

    async def whole(self) -> Answer:
        async for _ in self.pieces:
            pass
        return self.answer


async def reply(
    services: Services, account_id: str, request: AskRequest, context: str | None = None
) -> Reply:
    """The answer: extractive, or written by the user's LLM when one is configured and asked for
    (pipelines/ask/written.py)."""
    with services.timings.measure("ask"):
        done = await work(services, account_id, request, context)
    composition = done.composition
    short = composition.short or await _short(services, done)
    if short is not None and composition.lead is not None and not _restated(short, composition.sentences):
        composition.sentences.insert(0, composition.short_cited or f"{short} [{composition.lead[2]}].")
    answer = as_answer(
        composition,
        followups(request.question, composition.cited),
        done.steps if request.reasoning else None,
        short,
    )
    if written.wanted(services, request):
        return Reply(answer, written.pieces(services, request, composition, answer, done.from_graph))
    return Reply(answer, _each(written.spaced(composition.sentences or [answer.text])))


_CITED_END = re.compile(r"(?:\s*\[\d+\])+\s*[.!?]*\s*$|[\s.!?]+$")


def _restated(short: str, sentences: list[str]) -> bool:
    """Whether the short answer is a cited sentence whole ("Meddelande från Sanna: de nya fönstren kommer
    den 22 oktober"): said before it, the answer read it twice."""
    key = _CITED_END.sub("", short).strip().lower()
    return any(_CITED_END.sub("", s).strip().lower() == key for s in sentences)


async def _each(pieces: list[str]) -> AsyncGenerator[str]:
    for piece in pieces:
        yield piece


FALLBACK_SENTENCES = 3
DATED_SENTENCES = 2


Lead = tuple[str, Candidate, int]  # a cited sentence, its memory, that memory's citation number
Reading = Callable[[Lead, bool], Awaitable[str | None]]


def _reader(services: Services, done: Work) -> Reading:
    """Reads a cited sentence's short answer, against its memory's time, dates and speaker."""
    read = partial(short_answer, services.models.nlp, done.question.doc)

    async def reading(cited: Lead, strict: bool = False) -> str | None:
        sentence, candidate, _ = cited
        content = candidate.row["content"]
        written = from_ms(candidate.row["ts"])
        return await asyncio.to_thread(
            read, sentence, written, stored_dates(candidate), strict=strict, said_by=author(content)
        )

    return reading


async def _first(reading: Reading, leads: list[Lead], strict: bool) -> tuple[Lead, str] | None:
    """The first of the sentences that gives a short answer, with it."""
    for sentence in leads:
        if (found := await reading(sentence, strict)) is not None:
            return sentence, found
    return None


async def _short(services: Services, done: Work) -> str | None:
    """The short answer the cited sentences give (pipelines/ask/short.py), when there is one. With the
    learned lead's weights loaded, a question not asking for a list is read in its learned order
    (pipelines/ask/lead.py); otherwise by the hand-set rules: the best sentence whose structure answers
    (it becomes the lead the answer cites first); when none does, the best sentence's."""
    composition = done.composition
    if composition.lead is None:
        return None
    reading = _reader(services, done)
    weights = lead.load(services.settings.lead_weights)
    with services.timings.measure("ask.short_answer"):
        kind = answer_type(done.question.text)
        # (not where a rule pinned the sentence asked for first: a record's due day)
        if (
            weights is not None
            and not composition.pinned
            and kind is not None
            and not asks_for_list(done.question.doc)
        ):
            return await _learned(services, done, weights)
        if kind in (None, AnswerType.date, AnswerType.duration):
            # A date or a duration: the best sentence that states one ("last Friday", "two years
            # ago"), of the best two; when neither does, the day the best sentence's memory was written.
            if found := await _first(reading, composition.ranked[:DATED_SENTENCES], strict=True):
                composition.lead = found[0]
                return found[1]
            return await reading(composition.lead, False)
        # A sentence whose structure answers (a name of the kind asked, a number, the object of the
        # question's verb, a cause) wins over the best sentence's richest phrase: "What did the race
        # raise awareness for?" is answered by "raising awareness for mental health", not by the
        # better-scoring "That charity race sounds great". Nor is a short answer read from a chat's
        # "Wow, Jon!", which scores by the name it greets.
        said = [cited for cited in composition.ranked if not filler(cited[0])]
        if asks_for_list(done.question.doc) and (listed := await _listed(reading, composition, said)):
            return listed
        if found := await _first(reading, said, strict=True):
            composition.lead = found[0]
            return found[1]
        # Then the sentences beside them in the same memories, by their structure alone; the one that
        # answers is quoted too.
        if found := await _first(reading, neighbours(said), strict=True):
            (sentence, _, number), composition.lead = found[0], found[0]
            composition.sentences.insert(0, quoted(sentence, number))
            return found[1]
        if filler(composition.lead[0]):
            if not said:
                return None
            composition.lead = said[0]
        # When the best sentence holds no phrase that names something (a chat's "Sounds great!"), the
        # next ones may: at most FALLBACK_SENTENCES, so the answer stays with the best sources.
        leads = [composition.lead, *(s for s in said if s is not composition.lead)][:FALLBACK_SENTENCES]
        if found := await _first(reading, leads, strict=False):
            composition.lead = found[0]
            return found[1]
        return None


async def readings(services: Services, done: Work, most: int = lead.CANDIDATES) -> list[lead.Read]:
    """The first `most` sentences of the composition's leads, each read strictly and plainly (parsed
    in one batch first)."""
    leads = done.composition.leads[:most]
    sentences = [sentence for (sentence, _, _), _ in leads]
    await asyncio.to_thread(parse_ahead, services.models.nlp, done.question.text, sentences)
    reading, found = _reader(services, done), []
    for sentence, features in leads:
        strict, plain = await reading(sentence, True), await reading(sentence, False)
        found.append(lead.Read(sentence, features, strict, plain))
    return found


async def _learned(services: Services, done: Work, weights: lead.LeadWeights) -> str | None:
    """The short answer of the sentence the learned order picks (pipelines/ask/lead.py), which becomes
    the lead the answer cites first, quoted when it was not among the answer's sentences."""
    composition = done.composition
    found = lead.pick(await readings(services, done), weights)
    if found is None:
        return None
    chosen: Lead = found[0].lead  # type: ignore[assignment]
    composition.lead = chosen
    sentence, candidate, number = chosen
    if not any(text == sentence and c.id == candidate.id for text, c, _ in composition.ranked):
        composition.sentences.insert(0, quoted(sentence, number))
    return found[1]


async def _listed(reading: Reading, composition: Composition, said: list[Lead]) -> str | None:
    """For a question asking for a list: what each cited sentence's structure answers, once each, in
    the order the sentences rank, each item citing its memory ("pottery [1], camping [3]")."""
    found: list[tuple[str, Lead]] = []
    for sentence in said:
        if (typed := await reading(sentence, True)) is not None:
            found.append((typed, sentence))
    items = distinct_answers([typed for typed, _ in found])
    if not items:
        return None
    cited = {typed: sentence for typed, sentence in reversed(found)}  # the first sentence that gave it
    composition.lead = cited[items[0]]
    composition.short_cited = ", ".join(f"{item} [{cited[item][2]}]" for item in items) + "."
    return ", ".join(items)


async def ask(services: Services, account_id: str, request: AskRequest) -> Answer:
    return await (await reply(services, account_id, request)).whole()


async def _deeper(
    services: Services, account_id: str, request: AskRequest, question: Question, first: list[Candidate]
) -> Work:
    """Split the question, expand through the graph from the first hits' entities, retrieve again, and
    do date arithmetic when the question asks for it."""
    steps = [f"Retrieved {len(first)} candidates for the whole question."]
    merged = {c.id: c for c in first}
    parts = [p for p in _SPLIT.split(request.question) if len(p.split()) >= 3]
    if len(parts) > 1:
        for part in parts:
            sub = await asyncio.to_thread(read_question, services, part, services.clock())
            found = await search(services, account_id, sub, limit=request.limit, where=_where(request))
            steps.append(f"Sub-question {part!r}: {len(found)} candidates.")
            for candidate in found:
                merged.setdefault(candidate.id, candidate).fused += candidate.fused
    keys = sorted({name_key(n) for c in first[:3] for n in _entities(c)})
    if keys:
        rows = await search_repo.by_entities(
            services.driver, account_id=account_id, keys=keys, limit=20, where=_where(request)
        )
        new = [r["id"] for r in rows if r["id"] not in merged]
        fetched = await search_repo.memories(services.driver, account_id=account_id, ids=new)
        for rank, memory_id in enumerate(new):
            if memory_id in fetched:
                merged[memory_id] = Candidate(
                    memory_id, 0.5 / (60 + rank + 1), {"expansion": rank}, fetched[memory_id]
                )
        steps.append(
            f"Expanded through {len(keys)} people and organizations of the first hits: {len(new)} more."
        )
    candidates = sorted(merged.values(), key=lambda c: (-c.fused, c.id))
    composition = await _compose(services, question, candidates, request.limit)
    arithmetic = _date_arithmetic(request.question, composition, question)
    if arithmetic:
        composition.sentences.append(arithmetic)
        steps.append("Compared the dates of the first two cited memories.")
    steps.append(f"Composed {len(composition.sentences)} sentences from {len(composition.sources)} sources.")
    return Work(question, candidates, composition, steps)


def _entities(candidate: Candidate) -> list[str]:
    from models.memory import Extraction

    raw = candidate.row.get("extraction")
    extraction = Extraction.model_validate_json(raw) if raw else Extraction()
    return extraction.people + extraction.organizations


def _event_date(candidate: Candidate, snippet: str) -> date:
    written = from_ms(candidate.row["ts"])
    for match in DATE_PHRASES.finditer(snippet):
        if (day := resolve(match.group(0), written)) is not None:
            return day
    return written.date()


def _range_in(candidate: Candidate, snippet: str) -> tuple[date, date] | None:
    """A range one sentence holds ("from March 23 to March 27", "between May 2 and May 9"), resolved
    against its memory's time."""
    match = _RANGE.search(snippet)
    if match is None:
        return None
    written = from_ms(candidate.row["ts"])
    start, end = resolve(match.group(1), written), resolve(match.group(2), written)
    return (start, end) if start and end and start <= end else None


def _date_arithmetic(text: str, composition: Composition, question: Question) -> str | None:
    """Date arithmetic for "how long" and "which came first": over a range the best cited sentence holds,
    else over the first two cited memories that are about the question's subject (its names)."""
    if not (_HOW_LONG.search(text) or _WHICH_FIRST.search(text)) or not composition.cited:
        return None
    pairs = list(zip(composition.cited, composition.sources, strict=True))
    if _HOW_LONG.search(text) and (found := _range_in(pairs[0][0], pairs[0][1].snippet)):
        start, end = found
        return f"From {start.isoformat()} to {end.isoformat()} lie {(end - start).days} days [1]."
    about = [(c, s) for c, s in pairs if names_the_subject(c, question)]
    if len(about) < 2:
        return None
    number = {c.id: n for n, c in enumerate(composition.cited, start=1)}
    (a, source_a), (b, source_b) = about[:2]
    day_a, day_b = _event_date(a, source_a.snippet), _event_date(b, source_b.snippet)
    cites = f"[{number[a.id]}][{number[b.id]}]"
    if _HOW_LONG.search(text):
        days = abs((day_b - day_a).days)
        return f"Between {day_a.isoformat()} and {day_b.isoformat()} lie {days} days {cites}."
    first_n = number[a.id] if day_a <= day_b else number[b.id]
    return f"The earlier one is [{first_n}], on {min(day_a, day_b).isoformat()} {cites}."


async def ask_events(
    services: Services, account_id: str, request: AskRequest
) -> AsyncIterator[tuple[str, object]]:
    """The answer as events: `sources` first, a `delta` per sentence, `followups`, then `done`."""
    answer = await reply(services, account_id, request)
    yield "sources", [s.model_dump(mode="json") for s in answer.answer.sources]
    async for piece in answer.pieces:
        yield "delta", {"text": piece}
    yield "followups", answer.answer.followups
    yield "done", answer.answer.model_dump(mode="json")
