"""Expiry: a memory with `expires_at` is deleted, with its graph share, once that time has passed.

Two paths, both through the same idempotent delete: before every authenticated call the service looks
up the memories due (one read of the `expires_ms` index; almost always nothing) and deletes them, so an
expired memory is absent from that call's reads at once, whatever the call is; and a periodic sweep
(every MEMSVC_EXPIRY_SWEEP_S seconds, 60 by default) deletes those due while no call comes. Several
service processes on one store may run both: a memory already deleted by another is simply not found.
"""

from __future__ import annotations

import asyncio
import logging

from graph import memories as repo
from models.errors import NotFound, StoreUnavailable
from pipelines.knowledge.memories import delete_memory
from pipelines.runtime.clock import to_ms
from pipelines.runtime.service import Services

log = logging.getLogger(__name__)
BATCH = 100


async def purge_expired(services: Services) -> int:
    """Delete the memories whose expiry has passed (a file's chunks with it); how many were deleted."""
    deleted = 0
    while True:
        due = await repo.expired(services.driver, now_ms=to_ms(services.clock()), limit=BATCH)
        for row in due:
            try:
                await delete_memory(services.driver, row["account_id"], row["id"])
                deleted += 1
            except NotFound:  # another process, or the owner, deleted it first
                pass
        if len(due) < BATCH:
            return deleted


async def sweep(services: Services, interval_s: float) -> None:
    """Run `purge_expired` every `interval_s` seconds until cancelled; a store outage is logged and
    the next round tries again."""
    while True:
        await asyncio.sleep(interval_s)
        try:
            if deleted := await purge_expired(services):
                log.info("expiry: deleted %d expired memories", deleted)
        except (StoreUnavailable, ConnectionError, OSError) as exc:
            log.warning("expiry: sweep skipped, the store is unreachable (%s)", exc)
