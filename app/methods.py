"""HTTP method details: HEAD answered wherever GET is, and the `Allow` header of automatic OPTIONS
answers.

Litestar routes a method to the handler registered for it and answers 405 otherwise, before any
middleware runs; RFC 9110 asks that HEAD work wherever GET does. `head_as_get` wraps the app's ASGI
handler: a HEAD request is served as the GET (same status and headers, `Content-Length` included, and the
same quota call) with the body left out.

Litestar 2 builds one OPTIONS handler per path, and where several handlers share a path (GET and
DELETE on /v1/memories/{id}) it lists the methods of only one of them (litestar-org/litestar#4169,
fixed in Litestar 3). This `before_send` hook lists every method the path takes."""

from __future__ import annotations

import re

from litestar import Litestar
from litestar.datastructures import MutableScopeHeaders
from litestar.routes import HTTPRoute
from litestar.types import ASGIApp, Message, Receive, Scope, Send

_TYPED = re.compile(r":[^}]*}")  # "{memory_id:str}" → "{memory_id}", as scope["path_template"] has it


def allowed_methods(app: Litestar) -> dict[str, str]:
    """Every path template's methods, as an `Allow` value; kept in `app.state.allowed_methods`."""
    methods: dict[str, set[str]] = {}
    for route in app.routes:
        if isinstance(route, HTTPRoute):
            methods.setdefault(_TYPED.sub("}", route.path), set()).update(route.methods)
    return {path: ", ".join(sorted(names)) for path, names in methods.items()}


async def complete_allow_header(message: Message, scope: Scope) -> None:
    if message["type"] != "http.response.start" or scope.get("method") != "OPTIONS":
        return
    allowed = scope["litestar_app"].state.allowed_methods.get(scope.get("path_template", ""))
    headers = MutableScopeHeaders.from_message(message)
    if allowed and "allow" in headers:
        headers["allow"] = allowed


def head_as_get(inner: ASGIApp) -> ASGIApp:
    async def handler(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await inner(scope, receive, send)
            return

        async def without_body(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}  # type: ignore[typeddict-item]
            await send(message)

        await inner({**scope, "method": "GET"}, receive, without_body)  # type: ignore[typeddict-item]

    return handler
