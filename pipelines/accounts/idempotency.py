"""Idempotent writes: a repeat of a request with the same `Idempotency-Key` and the same body within 24
hours gets the first response again, without the work or the quota call being done twice.

The key is claimed in the store (`cypher/idempotency/claim.cypher`) before the work, so a restart or a
second service process honours it, and of concurrent requests with one key only one runs: the others
wait for its response (polling the key) and replay it. Only a success is kept: when the work fails, the
key is released and a retry with it runs afresh. A claim left by a process that died is taken over
after ABANDONED_AFTER.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta

from graph import accounts as repo
from models.errors import IdempotencyConflict, ValidationFailed
from pipelines.runtime.clock import to_ms
from pipelines.runtime.ids import new_id
from pipelines.runtime.service import Services

HEADER = "Idempotency-Key"
KEPT_FOR = timedelta(hours=24)
ABANDONED_AFTER = timedelta(minutes=10)  # longer than any request runs (a long recording: minutes)
WAIT_FOR_OTHER_S = 120.0  # how long a repeat waits for the request holding its key
POLL_S = 0.1
_KEY = re.compile(r"^[\x21-\x7e]{1,255}$")  # visible ASCII


@dataclass(frozen=True)
class Outcome:
    status: int
    body: str  # JSON text
    replayed: bool


def checked_key(value: str | None) -> str | None:
    """The header's value, or None when it is absent; 422 when it is not 1–255 visible ASCII characters."""
    if value is None:
        return None
    if not _KEY.match(value):
        raise ValidationFailed(f"{HEADER} must be 1 to 255 visible ASCII characters.", param=HEADER)
    return value


def fingerprint(path: str, *parts: bytes) -> str:
    """What makes two requests "the same": the route and the request as validated (a JSON body's fields
    with their defaults, a file's bytes and form fields), so spacing, key order or a multipart boundary
    do not make a retry differ."""
    digest = hashlib.sha256(path.encode())
    for part in parts:
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


async def once(
    services: Services,
    account_id: str,
    key: str,
    fingerprint: str,
    run: Callable[[], Awaitable[tuple[int, str]]],
) -> Outcome:
    """Run `run` (which answers a status and a JSON body) once for this key and fingerprint; a repeat
    gets that answer back. 409 `idempotency_conflict` for the same key with another body, or when the
    request holding the key does not finish within WAIT_FOR_OTHER_S."""
    driver, token = services.driver, new_id("idem")
    waited = 0.0
    while True:
        now = services.clock()
        claim = await repo.claim_idempotency_key(
            driver,
            account_id=account_id,
            key=key,
            token=token,
            fingerprint=fingerprint,
            now_ms=to_ms(now),
            expired_before=to_ms(now - KEPT_FOR),
            abandoned_before=to_ms(now - ABANDONED_AFTER),
        )
        if claim["mine"]:
            break
        if claim["fingerprint"] != fingerprint:
            raise IdempotencyConflict(
                f"This {HEADER} was used with another request in the last 24 hours; use a new key.",
                param=HEADER,
            )
        if claim["state"] == "done":
            return Outcome(status=int(claim["status"]), body=claim["body"], replayed=True)
        if waited >= WAIT_FOR_OTHER_S:
            raise IdempotencyConflict(
                f"A request with this {HEADER} is still being processed; retry it later.", param=HEADER
            )
        await asyncio.sleep(POLL_S)
        waited += POLL_S
    try:
        status, body = await run()
    except BaseException:
        # Shielded: a client that went away cancels the request, and the key must still be given up.
        await asyncio.shield(
            repo.release_idempotency_key(driver, account_id=account_id, key=key, token=token)
        )
        raise
    await repo.finish_idempotency_key(
        driver,
        account_id=account_id,
        key=key,
        token=token,
        status=status,
        body=body,
        expired_before=to_ms(services.clock() - KEPT_FOR),
    )
    return Outcome(status=status, body=body, replayed=False)
