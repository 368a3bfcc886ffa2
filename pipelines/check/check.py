"""`check`: find the stored memories about the same subjects as the context (entities and vectors), and
compare the context's sentences with theirs."""

from __future__ import annotations

import asyncio
import re
from datetime import datetime

from graph.filters import MemoryFilter
from models.check import CheckRequest, CheckResult, Contradiction, Related
from pipelines.ask.retrieve import read_question, search
from pipelines.nlp.changes import changed_sentences, same_subject, states_change
from pipelines.nlp.identifiers import STATE_KINDS, conflict, identifiers
from pipelines.nlp.names import speaker
from pipelines.nlp.summary import split_sentences
from pipelines.runtime.clock import from_ms
from pipelines.runtime.service import Services

SHOW_AT = 0.8  # confidence from which a contradiction is worth a warning (the slot comparator's
# contradictions all reach it: it finds none below; an NLI model's probability may not)
RELATED = 5  # memories compared per context sentence
MAX_CLAIMS = 10  # context sentences compared


async def check(services: Services, account_id: str, request: CheckRequest) -> CheckResult:
    with services.timings.measure("check"):
        return await _check(services, account_id, request)


async def _check(services: Services, account_id: str, request: CheckRequest) -> CheckResult:
    now = services.clock()
    claims = split_sentences(request.context)[:MAX_CLAIMS] or [request.context.strip()]
    whole = identifiers(request.context)
    where = MemoryFilter(scope=request.filters.pairs())
    related: dict[str, tuple[float, dict]] = {}
    pairs: list[tuple[str, datetime, str, datetime]] = []
    owners: list[str] = []
    for claim in claims:
        # A sentence naming no identifier is about those the context names ("Invoice 1043 is paid. It
        # was paid on March 5.").
        named = identifiers(claim) or whole
        question = await asyncio.to_thread(read_question, services, claim, now)
        found = await search(services, account_id, question, limit=RELATED, where=where)
        for candidate in found[:RELATED]:
            score = related.get(candidate.id, (0.0, {}))[0]
            related[candidate.id] = (max(score, candidate.fused), candidate.row)
            # A version is what a change changed ("staging now runs version 2.4"), not another thing.
            ignoring = (
                STATE_KINDS
                if states_change(claim) or states_change(candidate.row["content"])
                else frozenset()
            )
            if conflict(named, identifiers(candidate.row["content"]), ignoring=ignoring):
                continue  # related, but about another invoice, ticket or sprint: nothing to contradict
            written = from_ms(candidate.row["ts"])
            for sentence in _clauses(split_sentences(candidate.row["content"])[:24]):
                pairs.append((claim, now, sentence, written))
                owners.append(candidate.id)
    verdicts = await asyncio.to_thread(services.models.comparator.compare, pairs)
    found: dict[tuple[str, str], Contradiction] = {}
    disagreeing = {i for i, verdict in zip(owners, verdicts, strict=True) if verdict.contradicts}
    agreeing = {
        i: related[i][1]
        for i, verdict in zip(owners, verdicts, strict=True)
        if verdict.agrees and i not in disagreeing
    }
    for (claim, _, sentence, written), memory_id, verdict in zip(pairs, owners, verdicts, strict=True):
        if not verdict.contradicts or _replaced_for(claim, related[memory_id][1], related, agreeing):
            continue
        key = (memory_id, claim)
        if key not in found or verdict.confidence > found[key].confidence:
            found[key] = Contradiction(
                memory_id=memory_id,
                summary=related[memory_id][1]["summary"],
                statement=sentence,
                claim=claim,
                reason=verdict.reason,
                confidence=verdict.confidence,
                timestamp=written,
            )
    contradictions = sorted(found.values(), key=lambda c: (-c.confidence, c.memory_id))
    top = max(related.values(), key=lambda v: v[0])[0] if related else 1.0
    return CheckResult(
        show=any(c.confidence >= SHOW_AT for c in contradictions),
        context=_warning(contradictions),
        contradictions=contradictions,
        related=[
            Related(id=i, summary=row["summary"], score=round(score / top, 4))
            for i, (score, row) in sorted(related.items(), key=lambda kv: -kv[1][0])
        ],
    )


def _replaced_for(
    claim: str, row: dict, related: dict[str, tuple[float, dict]], agreeing: dict[str, dict]
) -> bool:
    """Whether a later memory among those compared superseded this one about what the claim says: the
    claim disagreeing with an outdated note ("planned for 14 April", since moved to 28 April) is no
    warning; the later note decides. A later memory that states a change about the claim's subject and
    agrees with the claim (`agreeing`: a sentence read as the same claim, none disagreeing) decides
    too, linked or not ("the offsite moves to Bruges" after a longer note about the offsite in Ghent,
    whose other details keep the two from reading as one subject at remember)."""
    later = [related[i][1] for i in row.get("corrected_by") or [] if i in related]
    changed = [
        sentence
        for memory in agreeing.values()
        if memory["ts"] > row["ts"]
        for sentence in changed_sentences(split_sentences(memory["content"])[:24])
    ]
    return any(
        same_subject(sentence, claim)
        for memory in later
        for sentence in split_sentences(memory["content"])[:24]
    ) or any(same_subject(sentence, claim) for sentence in changed)


def _clauses(sentences: list[str]) -> list[str]:
    """The sentences, each cut at its semicolons into the claims it joins ("Ji-hoon will finish the docs
    by Thursday; Seo-yeon is out sick"): a claim restating one of them is compared with it alone. A
    sentence is kept whole beside its parts."""
    found = []
    for sentence in sentences:
        found.append(sentence)
        parts = [p.strip() for p in sentence.split(";")]
        found += [p for p in parts if len(parts) > 1 and len(p.split()) >= MIN_CLAUSE_WORDS]
        if (label := _LABEL.match(parts[0])) and speaker(parts[0]) is None:
            found.append(parts[0][label.end() :])  # "Standup notes: Ji-hoon will …" without its heading
    return found


MIN_CLAUSE_WORDS = 3
_LABEL = re.compile(r"[A-Z][\w-]*(?: [\w-]+){0,2}\s*:\s+(?=\S+ \S+ \S+)")


def _warning(contradictions: list[Contradiction]) -> str:
    shown = [c for c in contradictions if c.confidence >= SHOW_AT]
    if not shown:
        return ""
    first = shown[0]
    more = f" (and {len(shown) - 1} more)" if len(shown) > 1 else ""
    return (
        f"This may contradict what you noted on {first.timestamp.date().isoformat()}: "
        f'"{first.statement}" — {first.reason}{more}.'
    )
