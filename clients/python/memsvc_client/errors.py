"""One exception class per error code of the service's error body
`{"error": {"type", "code", "message", "param"}}`."""

from __future__ import annotations

from typing import Any


class MemsvcError(Exception):
    """Base of every error this client raises."""


class APIConnectionError(MemsvcError):
    """The service could not be reached."""


class APIError(MemsvcError):
    """The service answered with an error body."""

    def __init__(
        self,
        message: str,
        *,
        status: int,
        code: str,
        type: str = "api_error",
        param: str | None = None,
        headers: dict[str, str] | None = None,
        body: Any = None,
    ):
        super().__init__(message)
        self.message, self.status, self.code, self.type, self.param = message, status, code, type, param
        self.headers = headers or {}
        self.body = body

    @property
    def retry_after(self) -> float | None:
        """Seconds the service asked to wait (`Retry-After`), where it said."""
        value = self.headers.get("retry-after")
        try:
            return float(value) if value is not None else None
        except ValueError:
            return None

    def __str__(self) -> str:
        return f"{self.status} {self.code}: {self.message}"


class BadRequestError(APIError):  # 400 invalid_request
    pass


class MalformedJsonError(BadRequestError):  # 400 malformed_json
    pass


class AuthenticationError(APIError):  # 401 invalid_api_key
    pass


class MissingApiKeyError(AuthenticationError):  # 401 missing_api_key
    pass


class NotFoundError(APIError):  # 404 not_found
    pass


class ModelNotFoundError(NotFoundError):  # 404 model_not_found
    pass


class MethodNotAllowedError(APIError):  # 405 method_not_allowed
    pass


class IdempotencyConflictError(APIError):  # 409 idempotency_conflict
    pass


class PayloadTooLargeError(APIError):  # 413 payload_too_large
    pass


class UnsupportedMediaTypeError(APIError):  # 415 unsupported_media_type
    pass


class ValidationFailedError(APIError):  # 422 validation_error; `param` names the field
    pass


class RateLimitedError(APIError):  # 429 rate_limited
    pass


class QuotaExceededError(RateLimitedError):  # 429 quota_exceeded; `retry_after` says when it resets
    pass


class InternalServerError(APIError):  # 500 internal_error
    pass


class StoreUnavailableError(APIError):  # 503 store_unavailable
    pass


# code: (the HTTP status it comes with, its class)
BY_CODE: dict[str, tuple[int, type[APIError]]] = {
    "invalid_request": (400, BadRequestError),
    "malformed_json": (400, MalformedJsonError),
    "invalid_api_key": (401, AuthenticationError),
    "missing_api_key": (401, MissingApiKeyError),
    "not_found": (404, NotFoundError),
    "model_not_found": (404, ModelNotFoundError),
    "method_not_allowed": (405, MethodNotAllowedError),
    "idempotency_conflict": (409, IdempotencyConflictError),
    "payload_too_large": (413, PayloadTooLargeError),
    "unsupported_media_type": (415, UnsupportedMediaTypeError),
    "validation_error": (422, ValidationFailedError),
    "rate_limited": (429, RateLimitedError),
    "quota_exceeded": (429, QuotaExceededError),
    "internal_error": (500, InternalServerError),
    "store_unavailable": (503, StoreUnavailableError),
}
# A code this client does not know yet still gets the class of its status.
BY_STATUS: dict[int, type[APIError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    404: NotFoundError,
    405: MethodNotAllowedError,
    409: IdempotencyConflictError,
    413: PayloadTooLargeError,
    415: UnsupportedMediaTypeError,
    422: ValidationFailedError,
    429: RateLimitedError,
    500: InternalServerError,
    503: StoreUnavailableError,
}


def error_from(status: int | None, body: Any, headers: dict[str, str]) -> APIError:
    """The error of a response, or (status None) of an `error` event in the middle of a stream."""
    detail = body.get("error") if isinstance(body, dict) else None
    if not isinstance(detail, dict):
        detail = {"message": f"HTTP {status} without an error body", "code": "unknown"}
    code = str(detail.get("code", "unknown"))
    known_status, cls = BY_CODE.get(code, (status or 500, None))
    status = status or known_status
    return (cls or BY_STATUS.get(status, APIError))(
        str(detail.get("message", "")),
        status=status,
        code=code,
        type=str(detail.get("type", "api_error")),
        param=detail.get("param"),
        headers={k.lower(): v for k, v in headers.items()},
        body=body,
    )
