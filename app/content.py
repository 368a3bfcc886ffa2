"""Guard for JSON endpoints: a body sent as anything but JSON gets 415, not a parse error."""

from __future__ import annotations

from litestar.connection import ASGIConnection
from litestar.handlers import BaseRouteHandler

from models.errors import PayloadTooLarge, UnsupportedMediaType

FORM_OVERHEAD_BYTES = 65_536  # multipart boundaries and the small fields beside the file


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


async def require_multipart(connection: ASGIConnection, _: BaseRouteHandler) -> None:
    """File uploads: multipart/form-data only (415 otherwise), and a declared length within the
    file limit plus room for the form's other fields (413 before the body is read)."""
    media_type = connection.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != "multipart/form-data":
        raise UnsupportedMediaType(
            f"Send the file as multipart/form-data with a `file` part (got {media_type or 'none'!r}).",
            param="Content-Type",
        )
    limit = connection.app.state.services.settings.max_file_bytes + FORM_OVERHEAD_BYTES
    declared = connection.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise PayloadTooLarge(
            f"The upload has {declared} bytes; files may have {limit - FORM_OVERHEAD_BYTES}.", param="file"
        )
