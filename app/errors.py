"""One exception handler: every error leaves as `{"error": {type, code, message, param}}`."""

from __future__ import annotations

import logging

from litestar import Request, Response
from litestar.exceptions import (
    HTTPException,
    InternalServerException,
    MethodNotAllowedException,
    NotFoundException,
    ValidationException,
)

from app.quotas import rate_limit_headers
from models.errors import (
    InternalError,
    InvalidRequest,
    MalformedJson,
    MethodNotAllowed,
    NotFound,
    PayloadTooLarge,
    ServiceError,
    UnsupportedMediaType,
    ValidationFailed,
)

log = logging.getLogger(__name__)


def _from_validation(exc: ValidationException) -> ServiceError:
    problems = exc.extra if isinstance(exc.extra, list) else []
    if any(p.get("key") == "data" and p.get("source") == "body" for p in problems if isinstance(p, dict)):
        return MalformedJson("The request body must be a JSON object.", param="body")
    if not problems:
        return ValidationFailed(str(exc.detail))
    first = problems[0] if isinstance(problems[0], dict) else {"message": str(problems[0])}
    param = first.get("key")
    message = "; ".join(
        f"{p.get('key')}: {p.get('message')}" if p.get("key") else str(p.get("message"))
        for p in problems
        if isinstance(p, dict)
    )
    return ValidationFailed(message or "The request is not valid.", param=param)


# Litestar's words when the client closes the connection before its body has all arrived.
_DISCONNECTED = "client disconnected prematurely"


class ClientDisconnected(InvalidRequest):
    """The client went away mid-body: nothing was read, nothing stored, and no one hears the answer."""


def to_service_error(exc: Exception, media_type: str = "") -> ServiceError:
    match exc:
        case ServiceError():
            return exc
        case InternalServerException() if exc.detail == _DISCONNECTED:
            # The client's doing, not a fault of the service: one line at INFO, no traceback.
            log.info("client disconnected before sending the whole request body")
            return ClientDisconnected("The client disconnected before the request body was complete.")
        case UnicodeDecodeError() if media_type == "application/json":
            return MalformedJson("The JSON body is not valid UTF-8.", param="body")
        case HTTPException(status_code=400) if media_type == "application/json" and "UTF-8" in str(
            exc.detail
        ):
            # (Litestar 2.25 and later raise this where earlier ones let msgspec's UnicodeDecodeError out)
            return MalformedJson("The JSON body is not valid UTF-8.", param="body")
        case ValidationException():
            return _from_validation(exc)
        case NotFoundException():
            return NotFound("No such route.")
        case MethodNotAllowedException():
            # RFC 9110: a 405 lists the methods the route does take.
            listed = {k.lower(): v for k, v in (exc.headers or {}).items()}.get("allow", "")
            allowed = ", ".join(sorted(m.strip() for m in listed.split(",") if m.strip()))
            return MethodNotAllowed(
                "This route does not take that method.", headers={"Allow": allowed} if allowed else None
            )
        case RecursionError() if "deserializing" in str(exc):
            # msgspec's own limit on nesting: the body is too deep to be a request of this API.
            return MalformedJson("The request body nests too deeply.", param="body")
        case UnicodeDecodeError():
            # Litestar decodes a multipart field without a filename as text: binary bytes there are
            # the client's mistake, not ours.
            return InvalidRequest(
                "A form field holds bytes that are not UTF-8 text; send files with a filename."
            )
        case HTTPException(status_code=413):
            return PayloadTooLarge("The request body is larger than the service accepts.")
        case HTTPException(status_code=415):
            return UnsupportedMediaType(str(exc.detail))
        case HTTPException(status_code=400) if "JSON" in str(exc.detail) or "truncated" in str(exc.detail):
            return MalformedJson("The request body is not valid JSON.", param="body")
        case HTTPException() if 400 <= exc.status_code < 500:
            error = InvalidRequest(str(exc.detail))
            error.status = exc.status_code
            return error
    log.exception("unhandled error", exc_info=exc)
    return InternalError("The service failed to handle this request.")


def handle_exception(request: Request, exc: Exception) -> Response:
    error = to_service_error(exc, request.content_type[0])
    headers = {**rate_limit_headers(request), **error.headers}
    return Response(
        error.body().model_dump(), status_code=error.status, headers=headers, media_type="application/json"
    )
