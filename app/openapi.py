"""OpenAPI: the error responses every route documents, and the bearer security scheme."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import version

from litestar import Litestar
from litestar.openapi import OpenAPIConfig, ResponseSpec
from litestar.openapi.plugins import SwaggerRenderPlugin
from litestar.openapi.spec import (
    Components,
    OpenAPIMediaType,
    OpenAPIResponse,
    OpenAPIType,
    Operation,
    Schema,
    SecurityScheme,
)

from models.errors import ERROR_CODES, ErrorBody

_DESCRIPTIONS = {
    400: "Malformed JSON or request",
    401: "Missing, unknown or revoked API key",
    404: "Unknown id or route",
    405: "Method not allowed",
    409: "Idempotency-Key reused with another request, or its request still running",
    413: "Body or content too large",
    415: "Body is not JSON",
    422: "Validation failed (`param` names the field)",
    429: "Quota exceeded (`Retry-After` says when)",
    500: "Internal error (no stack trace)",
    503: "Store unavailable (`Retry-After`)",
}


def errors(*statuses: int) -> dict[int, ResponseSpec]:
    """The documented error responses of one route: those named, plus 500 and 503, which any route
    can answer. Routes behind an API key add 400 and 422 (parameters), 401 and 429."""
    return {
        status: ResponseSpec(
            data_container=ErrorBody,
            description=f"{_DESCRIPTIONS[status]}; codes: "
            + ", ".join(f"`{code}`" for code in ERROR_CODES[status]),
        )
        for status in sorted({*statuses, 500, 503})
    }


def keyed_errors(*statuses: int) -> dict[int, ResponseSpec]:
    return errors(400, 401, 422, 429, *statuses)


def openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="memsvc",
        version=version("memsvc"),
        description="Self-hosted memory service. Every error body is "
        '`{"error": {"type", "code", "message", "param"}}`.',
        path="/v1/openapi",
        render_plugins=[SwaggerRenderPlugin(path="/")],
        components=Components(
            security_schemes={
                "bearer": SecurityScheme(
                    type="http", scheme="bearer", description="`svc_test_…` or `svc_live_…` API key"
                ),
            }
        ),
    )


def optional_bodies(app: Litestar) -> None:
    """Litestar 2 marks every request body required; a handler whose `data` has a default (compile,
    lint) takes none, and its document should say so."""
    for route in app.routes:
        for handler in getattr(route, "route_handlers", []):
            data = handler.parsed_fn_signature.parameters.get("data")
            if data is None or not data.has_default or not handler.include_in_schema:
                continue
            path_item = app.openapi_schema.paths[route.path_format]
            for method in handler.http_methods:
                operation = getattr(path_item, method.lower())
                if operation is not None and operation.request_body is not None:
                    operation.request_body.required = False


# One Server-Sent Event: its name (ask: sources, delta, followups, done, error; chat completions: none)
# and its data, JSON text (see the README).
_SSE_EVENT = Schema(
    type=OpenAPIType.OBJECT,
    description="One Server-Sent Event (see the README).",
    properties={"event": Schema(type=OpenAPIType.STRING), "data": Schema(type=OpenAPIType.STRING)},
    required=["data"],
)


@dataclass
class StreamingOperation(Operation):
    """An operation whose 200 answer is JSON, or Server-Sent Events with `stream: true` (ask, chat
    completions): both media types are documented, so a client (or a contract fuzzer) expecting either
    reads the document right."""

    def __post_init__(self) -> None:
        ok = (self.responses or {}).get("200")
        if isinstance(ok, OpenAPIResponse) and ok.content is not None:
            ok.content["text/event-stream"] = OpenAPIMediaType(schema=_SSE_EVENT)
