"""Rate-limit headers on every authenticated response, from the usage the auth guard counted.

`X-RateLimit-Limit` and `X-RateLimit-Reset` describe the window with fewer calls left (the UTC day,
or the UTC month near its end); `X-RateLimit-Remaining` is the calls left in it.
"""

from __future__ import annotations

from litestar.connection import ASGIConnection
from litestar.datastructures import MutableScopeHeaders
from litestar.types import Message, Scope

from models.accounts import Usage

USAGE_STATE_KEY = "usage"


def usage_of(scope: Scope) -> Usage | None:
    return scope.get("state", {}).get(USAGE_STATE_KEY)


def headers_for(usage: Usage) -> dict[str, str]:
    limit, reset = usage.binding
    return {
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": str(usage.remaining),
        "X-RateLimit-Reset": str(reset),
    }


def rate_limit_headers(connection: ASGIConnection) -> dict[str, str]:
    usage = usage_of(connection.scope)
    return headers_for(usage) if usage else {}


async def add_rate_limit_headers(message: Message, scope: Scope) -> None:
    """`before_send` hook: success responses get the headers here, errors in the exception handler."""
    if message["type"] == "http.response.start" and (usage := usage_of(scope)) is not None:
        headers = MutableScopeHeaders.from_message(message)
        for name, value in headers_for(usage).items():
            if name not in headers:
                headers[name] = value
