"""POST /v1/lint: run every check in `cypher/lint/`, word the findings, score the store; with `fix`,
apply only the repairs that cannot lose information, then audit again."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from graph import lint as repo
from graph import search as search_repo
from graph.driver import Row
from models.lint import Finding, FindingKind, LintReport, Repair, Severity
from pipelines.runtime.clock import from_ms, to_ms
from pipelines.runtime.service import Services

FINDINGS_PER_CHECK = 100
NEAR_EMPTY_CHARS = 15
WEIGHTS = {Severity.high: 10, Severity.medium: 3, Severity.low: 1}


@dataclass(frozen=True)
class Check:
    query: str
    kind: FindingKind
    severity: Severity
    message: Callable[[Row], str]
    suggestion: str
    fixable: bool = False


CHECKS = [
    Check(
        "duplicate_memories",
        FindingKind.duplicate_memory,
        Severity.medium,
        lambda r: f"Two memories say nearly the same thing ({r['score']:.2f} similar): {r['detail']}",
        "Delete one of them with DELETE /v1/memories/{id}.",
    ),
    Check(
        "contradictions",
        FindingKind.contradiction,
        Severity.medium,
        lambda r: (
            f"A later memory contradicts an earlier one ({r['score']:.2f} confident); ask answers from "
            f"the later one. The earlier says: {r['detail']}"
        ),
        "Delete the outdated memory (the second id), or remember the right fact if neither is.",
    ),
    Check(
        "disputed_memories",
        FindingKind.disputed_memory,
        Severity.medium,
        lambda r: f"An answer citing this memory was rated down, with no correction: {r['detail']!r}",
        "Send the right fact as a correction with POST /v1/feedback, or delete the memory.",
    ),
    Check(
        "duplicate_entities",
        FindingKind.duplicate_entity,
        Severity.medium,
        lambda r: f"One name written in different ways: {r['detail']}.",
        "`fix: true` merges them into one.",
        fixable=True,
    ),
    Check(
        "entity_variants",
        FindingKind.entity_variant,
        Severity.low,
        lambda r: f"Likely the same: {r['detail']}.",
        "Use one name for them in what you remember; lint never merges these itself.",
    ),
    Check(
        "orphans",
        FindingKind.orphan,
        Severity.low,
        lambda r: f"{r['detail']!r} is not mentioned by any memory.",
        "`fix: true` removes it.",
        fixable=True,
    ),
    Check(
        "overdue_actions",
        FindingKind.overdue_action_item,
        Severity.medium,
        lambda r: f"Overdue since {r['due']}: {r['detail'].rstrip('.')}.",
        "Follow up with its owner, or remember that it is done.",
    ),
    Check(
        "incomplete_memories",
        FindingKind.incomplete_memory,
        Severity.high,
        lambda r: f"The memory has no {r['detail']}.",
        "`fix: true` recomputes a missing embedding; a missing summary needs the memory stored again.",
        fixable=True,
    ),
    Check(
        "dangling_links",
        FindingKind.dangling_link,
        Severity.high,
        lambda r: f"A {r['detail']} link leads out of the account or back to the memory itself.",
        "`fix: true` drops it.",
        fixable=True,
    ),
    Check(
        "near_empty",
        FindingKind.near_empty_memory,
        Severity.low,
        lambda r: f"Almost nothing in it: {r['detail']!r}.",
        "Delete it, or store it again with more context.",
    ),
]


Found = list[tuple[Check, Row]]


async def lint(services: Services, account_id: str, *, fix: bool) -> LintReport:
    fixed = await _repair(services, account_id, await _audit(services, account_id)) if fix else []
    findings = _one_kind_per_pair([_finding(check, row) for check, row in await _audit(services, account_id)])
    counts = await repo.counts(services.driver, account_id=account_id)
    for kind in FindingKind:
        counts[kind.value] = sum(1 for f in findings if f.kind is kind)
    penalty = sum(WEIGHTS[f.severity] for f in findings)
    # 100 for no findings, falling smoothly as the weighted findings grow against the store's size.
    size = max(10, counts.get("memories", 0))
    score = round(100 * size / (size + penalty))
    return LintReport(
        score=score,
        checked_at=from_ms(to_ms(services.clock())),
        counts=counts,
        findings=findings,
        fixed=fixed,
    )


async def _audit(services: Services, account_id: str) -> Found:
    params = {"now_ms": to_ms(services.clock()), "min_chars": NEAR_EMPTY_CHARS}
    results = await asyncio.gather(
        *(
            repo.check(
                services.driver, check.query, account_id=account_id, limit=FINDINGS_PER_CHECK, **params
            )
            for check in CHECKS
        )
    )
    return [(check, row) for check, rows in zip(CHECKS, results, strict=True) for row in rows]


def _finding(check: Check, row: Row) -> Finding:
    return Finding(
        kind=check.kind,
        severity=check.severity,
        message=check.message(row),
        memory_ids=list(dict.fromkeys(row["memory_ids"])),
        entity_ids=sorted(row["entity_ids"]),
        suggestion=check.suggestion,
        fixable=check.fixable,
    )


def _one_kind_per_pair(findings: list[Finding]) -> list[Finding]:
    """A pair of memories listed as a contradiction is not listed as a duplicate too: the contradiction
    says more (which of them holds the current fact)."""
    contradicting = {frozenset(f.memory_ids) for f in findings if f.kind is FindingKind.contradiction}
    return [
        f
        for f in findings
        if not (f.kind is FindingKind.duplicate_memory and frozenset(f.memory_ids) in contradicting)
    ]


def _rows(found: Found, kind: FindingKind) -> list[Row]:
    return [row for check, row in found if check.kind is kind]


async def _repair(services: Services, account_id: str, found: Found) -> list[Repair]:
    driver, repairs = services.driver, []
    for row in _rows(found, FindingKind.duplicate_entity):
        keep, *others = sorted(row["entity_ids"])
        merged = [
            dup
            for dup in others
            if await repo.merge_entities(driver, account_id=account_id, keep_id=keep, dup_id=dup)
        ]
        if merged:
            repairs.append(
                Repair(kind=FindingKind.duplicate_entity, message=f"Merged into {keep}.", ids=[keep, *merged])
            )
    dangling = _rows(found, FindingKind.dangling_link)
    if dangling and (dropped := await repo.drop_dangling_links(driver, account_id=account_id)):
        ids = sorted({i for row in dangling for i in row["memory_ids"]})
        repairs.append(Repair(kind=FindingKind.dangling_link, message=f"Dropped {dropped} links.", ids=ids))
    orphans = sorted(i for row in _rows(found, FindingKind.orphan) for i in row["entity_ids"])
    if orphans and (dropped := await repo.drop_orphans(driver, account_id=account_id, ids=orphans)):
        repairs.append(Repair(kind=FindingKind.orphan, message=f"Removed {dropped} orphans.", ids=orphans))
    missing = [
        row["memory_ids"][0]
        for row in _rows(found, FindingKind.incomplete_memory)
        if row["detail"] == "embedding"
    ]
    if missing:
        rows = await search_repo.memories(driver, account_id=account_id, ids=missing)
        present = [i for i in missing if i in rows]
        vectors = await asyncio.to_thread(
            services.models.embedder.encode, [rows[i]["content"] for i in present]
        )
        done = [
            memory_id
            for memory_id, vector in zip(present, vectors, strict=True)
            if await repo.set_embedding(
                driver, account_id=account_id, id=memory_id, embedding=vector.tolist()
            )
        ]
        if done:
            repairs.append(
                Repair(kind=FindingKind.incomplete_memory, message="Recomputed the embeddings.", ids=done)
            )
    return repairs
