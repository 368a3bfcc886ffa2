"""The second vector index: each memory's vector by a stronger model (all-mpnet-base-v2 by default,
`MEMSVC_SECOND_EMBEDDING_MODEL`), computed after `remember` has answered, so ingest keeps the first
model's speed; ask searches both indexes (pipelines/ask/retrieve.py). Measured on LoCoMo (bench/locomo.py,
`memsvc bench locomo`): mpnet finds the evidence of more questions than MiniLM in its first ten (dense
only, 0.50 against 0.40), at about five times MiniLM's CPU per text.

Work is kept in the store, not in the process: a memory written (or edited) while the model is on is
due at once (`second_due_ms`). A worker claims a few due memories in one write (`cypher/second/claim`:
atomic in FalkorDB, which runs writes one at a time, and under each memory's write lock in Neo4j), which
makes them not due until the claim's lease ends; it encodes them and stores the vectors only on the
memories its claim still holds (`cypher/second/store`). So several service processes on one store never
encode a memory twice; a process that dies leaves its claims to expire, and another (or itself, started
again) takes them up; an edit meanwhile makes the memory due again for its new text, and a vector of the
old text is not stored.

The worker yields to requests: it encodes one memory at a time, and only once no request has been in
flight for QUIET_S (`Services.activity`, counted by the HTTP layer), so it runs between bursts of
requests, and a request that comes meanwhile waits behind one memory's forward pass at most. Under a
steady stream of requests it waits; ask then ranks the memories it has not reached by their first
embedding alone (pipelines/ask/retrieve.py), as if the second index were off.
"""

from __future__ import annotations

import asyncio
import logging

from graph import memories as repo
from models.errors import StoreUnavailable
from pipelines.nlp.device import submit_to_torch
from pipelines.runtime.clock import to_ms
from pipelines.runtime.ids import new_id
from pipelines.runtime.service import Services

log = logging.getLogger(__name__)

BATCH = 16  # memories per claim (drain)
POLITE_BATCH = 4  # memories per claim between requests: a claim is not held while requests go on
LEASE_MS = 10 * 60_000  # a claim's life: a batch takes seconds; a process gone longer has died
IDLE_S = 1.0  # the worker's pause when nothing is due
# How long no request must have been in flight before the worker encodes. With the worker let in
# after 0.2 s of quiet, models idle, `memsvc bench load` at 2,000 memories measured remember p50 104 ->
# 226 ms and graph p95 14 -> 24 ms: the pauses between a client's calls let it in, and its forward pass
# (up to half a second for a long memory) took the cores the next calls needed.
QUIET_S = 0.5
_LOOK_S = 0.05  # how often the worker looks again while requests come


async def _when_quiet(services: Services) -> None:
    while not services.activity.quiet(QUIET_S):
        await asyncio.sleep(_LOOK_S)


async def embed_due(services: Services, *, limit: int = POLITE_BATCH, polite: bool = True) -> int:
    """Claim up to `limit` due memories, encode them with the second model and store the vectors that
    the claim still holds; how many were claimed (0: nothing was due). `polite`: one memory at a time,
    each once requests have paused."""
    model = services.models.second
    if model is None:
        return 0
    if polite:
        await _when_quiet(services)
    token = new_id("claim")
    now_ms = to_ms(services.clock())
    claimed = await repo.claim_second(
        services.driver, token=token, now_ms=now_ms, lease_until_ms=now_ms + LEASE_MS, limit=limit
    )
    if not claimed:
        return 0
    texts = [row["content"] or "" for row in claimed]
    if polite:
        vectors = []
        for text in texts:
            await _when_quiet(services)
            vectors.append((await asyncio.wrap_future(submit_to_torch(model.encode, [text])))[0])
    else:
        vectors = list(await asyncio.wrap_future(submit_to_torch(model.encode, texts)))
    rows = [{"id": row["id"], "embedding": v.tolist()} for row, v in zip(claimed, vectors, strict=True)]
    await repo.store_second(services.driver, token=token, rows=rows)
    return len(claimed)


async def drain(services: Services) -> int:
    """Encode every memory due now, in batches, without waiting for idle models (bench and tests); how
    many were claimed."""
    done = 0
    while claimed := await embed_due(services, limit=BATCH, polite=False):
        done += claimed
    return done


async def work(services: Services, idle_s: float = IDLE_S) -> None:
    """Encode due memories until cancelled; pause `idle_s` when nothing is due. A store outage is
    logged and the next round tries again; claims it held are taken up when their lease ends."""
    while True:
        try:
            claimed = await embed_due(services)
        except (StoreUnavailable, ConnectionError, OSError) as exc:
            log.warning("second embedding: paused, the store is unreachable (%s)", exc)
            claimed = 0
        except Exception:  # a bug must not end the worker for the life of the process
            log.exception("second embedding: a round failed; its claims are taken up when they expire")
            claimed = 0
        if not claimed:
            await asyncio.sleep(idle_s)
