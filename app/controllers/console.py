"""/console: the web console, static files in the package (`app/console/`), served by the service itself.

The page holds no secret and needs no key to load; every call it makes goes to `/v1` with the key the
user types in, like any other client (the same quotas and account). Its headers keep it to this origin:
a Content-Security-Policy that allows scripts, styles, images and connections from the service only (the
console works offline and sends nothing elsewhere), and no framing. `/console` and `/console/` both
serve `index.html`, which names its files by absolute path."""

from __future__ import annotations

from pathlib import Path

from litestar import Response, Router
from litestar.static_files import create_static_files_router

CONSOLE_DIR = Path(__file__).resolve().parent.parent / "console"

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


async def _secure(response: Response) -> Response:
    response.headers.update(SECURITY_HEADERS)
    return response


console_files: Router = create_static_files_router(
    path="/console",
    directories=[CONSOLE_DIR],
    html_mode=True,
    name="console",
    after_request=_secure,
    include_in_schema=False,
)
