"""/mcp: the MCP server's Streamable HTTP transport (app/mcp.py), on the service itself."""

from __future__ import annotations

from litestar import asgi
from litestar.types import Receive, Scope, Send

from app.mcp import CALLER_KEY
from pipelines.accounts.usage import authenticate
from pipelines.runtime.service import Services


@asgi("/mcp", include_in_schema=False)
async def mcp_endpoint(scope: Scope, receive: Receive, send: Send) -> None:
    """Every MCP request needs a valid bearer key (401 in the error body otherwise); it costs nothing by
    itself: each tool call is one call of `/v1`, counted there."""
    services: Services = scope["app"].state.services
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
    scheme, _, value = headers.get("authorization", "").partition(" ")
    key = value.strip() if scheme.lower() == "bearer" and value.strip() else None
    await authenticate(services.driver, services.settings, services.clock, key, calls=0)
    assert key is not None  # authenticate refuses a missing key
    token = CALLER_KEY.set(key)
    try:
        await scope["app"].state.mcp.handle_request(scope, receive, send)
    finally:
        CALLER_KEY.reset(token)
