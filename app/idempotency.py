"""The HTTP side of idempotent writes (`Idempotency-Key` on remember, remember/batch, remember/file and
feedback; the rules are in `pipelines/accounts/idempotency.py`): the header's parameter for the handlers'
signatures, the quota call charged only when the work runs, and the replayed response."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, TypeVar

from litestar import Request, Response
from litestar.params import Parameter
from pydantic import BaseModel

from app.auth import CALLER_STATE_KEY, COUNTED_STATE_KEY, charge_calls
from models.accounts import Caller
from pipelines.accounts import idempotency
from pipelines.runtime.service import Services

M = TypeVar("M", bound=BaseModel)

IdempotencyKey = Annotated[
    str | None,
    Parameter(
        header=idempotency.HEADER,
        description="1–255 visible ASCII characters. A repeat with the same key and the same request "
        "within 24 hours gets the first response again (`Idempotent-Replayed: true`), with nothing "
        "stored or counted again; the same key with another request is 409 `idempotency_conflict`.",
        required=False,
    ),
]


async def idempotent(
    request: Request,
    key: str | None,
    run: Callable[[], Awaitable[M]],
    *,
    body: BaseModel | None = None,
    parts: list[bytes] | None = None,
    calls: int = 1,
    status_code: int = 201,
) -> M | Response[bytes]:
    """`run`'s result; with a key, once per key and request (`body` as validated, or `parts`): a repeat
    replays it. The quota's `calls` are charged here unless the guard counted them (no key)."""
    counted = request.scope["state"].get(COUNTED_STATE_KEY, 0)

    async def charged() -> M:
        if not counted:
            await charge_calls(request, calls)
        return await run()

    key = idempotency.checked_key(key)
    if key is None:
        return await charged()

    async def answer() -> tuple[int, str]:
        return status_code, (await charged()).model_dump_json()

    given = parts if parts is not None else [body.model_dump_json().encode() if body is not None else b""]
    fingerprint = idempotency.fingerprint(request.url.path, *given)
    services: Services = request.app.state.services
    caller: Caller = request.scope["state"][CALLER_STATE_KEY]
    outcome = await idempotency.once(services, caller.account_id, key, fingerprint, answer)
    headers = {"Idempotent-Replayed": "true"} if outcome.replayed else {}
    return Response(
        outcome.body.encode(), status_code=outcome.status, media_type="application/json", headers=headers
    )
