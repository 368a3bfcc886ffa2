"""The API-key guard: authenticates the bearer key and counts the call, before the body is read."""

from __future__ import annotations

from litestar.connection import ASGIConnection
from litestar.handlers import BaseRouteHandler

from app.quotas import USAGE_STATE_KEY, headers_for
from models.accounts import Caller
from models.errors import QuotaExceeded
from pipelines.service import Services
from pipelines.usage import authenticate

CALLER_STATE_KEY = "caller"


def bearer_key(connection: ASGIConnection) -> str | None:
    scheme, _, value = connection.headers.get("authorization", "").partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


async def require_api_key(connection: ASGIConnection, _: BaseRouteHandler) -> None:
    services: Services = connection.app.state.services
    caller, usage = await authenticate(
        services.driver, services.settings, services.clock, bearer_key(connection)
    )
    connection.scope.setdefault("state", {})[USAGE_STATE_KEY] = usage
    if not usage.allowed:
        limit, reset = usage.binding
        retry_after = max(1, reset - int(services.clock().timestamp()))
        raise QuotaExceeded(
            f"This key has used its {limit} calls for the current window; it resets at unix time {reset}.",
            headers={**headers_for(usage), "Retry-After": str(retry_after)},
        )
    connection.scope["state"][CALLER_STATE_KEY] = caller


async def provide_caller(request: ASGIConnection) -> Caller:
    return request.scope["state"][CALLER_STATE_KEY]


async def provide_services(request: ASGIConnection) -> Services:
    return request.app.state.services
