"""Guard for JSON endpoints: a body sent as anything but JSON gets 415, not a parse error."""

from __future__ import annotations

from litestar.connection import ASGIConnection
from litestar.handlers import BaseRouteHandler

from models.errors import UnsupportedMediaType


async def require_json(connection: ASGIConnection, _: BaseRouteHandler) -> None:
    has_body = (
        connection.headers.get("content-length", "0") != "0" or "transfer-encoding" in connection.headers
    )
    media_type = connection.headers.get("content-type", "").split(";")[0].strip().lower()
    if has_body and not (media_type == "application/json" or media_type.endswith("+json")):
        raise UnsupportedMediaType(
            f"Send the body as JSON with 'Content-Type: application/json' (got {media_type or 'none'!r}).",
            param="Content-Type",
        )
