"""The API-key guard: authenticates the bearer key and counts the call, before the body is read."""

from __future__ import annotations

from litestar import Request
from litestar.connection import ASGIConnection
from litestar.handlers import BaseRouteHandler

from app.quotas import USAGE_STATE_KEY, headers_for
from models.accounts import Caller, Usage
from models.errors import QuotaExceeded
from pipelines.accounts.usage import authenticate
from pipelines.knowledge import expiry
from pipelines.runtime.service import Services

CALLER_STATE_KEY = "caller"
# Routes whose cost depends on the body (a batch counts each item) set this option: the guard then
# authenticates without counting, and the handler charges the calls with `charge_calls`.
CALLS_FROM_BODY = "calls_from_body"
# Routes that take an Idempotency-Key (app/idempotency.py) set this option: with the header, the guard
# authenticates without counting, and the call is charged only when the request is not a repeat.
IDEMPOTENT = "idempotent"
COUNTED_STATE_KEY = "counted"  # the calls the guard counted


def bearer_key(connection: ASGIConnection) -> str | None:
    scheme, _, value = connection.headers.get("authorization", "").partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


async def require_api_key(connection: ASGIConnection, handler: BaseRouteHandler) -> None:
    repeatable = handler.opt.get(IDEMPOTENT) and "idempotency-key" in connection.headers
    calls = 0 if handler.opt.get(CALLS_FROM_BODY) or repeatable else 1
    connection.scope["state"][CALLER_STATE_KEY] = await _count(connection, calls)
    connection.scope["state"][COUNTED_STATE_KEY] = calls


async def charge_calls(connection: ASGIConnection, calls: int) -> None:
    """Count `calls` calls at once; 429 (and nothing counted or done) when they do not all fit."""
    await _count(connection, calls)


async def _count(connection: ASGIConnection, calls: int) -> Caller:
    services: Services = connection.app.state.services
    caller, usage = await authenticate(
        services.driver, services.settings, services.clock, bearer_key(connection), calls=calls
    )
    connection.scope.setdefault("state", {})[USAGE_STATE_KEY] = usage
    if not usage.allowed:
        limit, reset = usage.binding
        retry_after = max(1, reset - int(services.clock().timestamp()))
        raise QuotaExceeded(
            f"This key has used its {limit} calls for the current window; it resets at unix time {reset}.",
            headers={**headers_for(usage), "Retry-After": str(retry_after)},
        )
    return caller


async def purge_expired(request: Request) -> None:
    """Before an authenticated call's handler: delete the memories whose expiry has passed, so none of
    them is seen by this call (pipelines/knowledge/expiry.py). Calls without a key skip it."""
    if CALLER_STATE_KEY in request.scope.get("state", {}):
        await expiry.purge_expired(request.app.state.services)


async def provide_caller(request: ASGIConnection) -> Caller:
    return request.scope["state"][CALLER_STATE_KEY]


async def provide_services(request: ASGIConnection) -> Services:
    return request.app.state.services


async def provide_usage(request: ASGIConnection) -> Usage:
    """The caller's usage after counting this call."""
    return request.scope["state"][USAGE_STATE_KEY]
