"""The `Allow` header of automatic OPTIONS answers.

Litestar 2 builds one OPTIONS handler per path, and where several handlers share a path (GET and
DELETE on /v1/memories/{id}) it lists the methods of only one of them (litestar-org/litestar#4169,
fixed in Litestar 3). This `before_send` hook lists every method the path takes."""

from __future__ import annotations

import re

from litestar import Litestar
from litestar.datastructures import MutableScopeHeaders
from litestar.routes import HTTPRoute
from litestar.types import Message, Scope

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
