"""The one error body and the exceptions every layer raises to produce it.

Body: `{"error": {"type", "code", "message", "param"}}` — the shape chat-completion APIs use.
"""

from __future__ import annotations

from pydantic import BaseModel


class ErrorDetail(BaseModel):
    type: str
    code: str
    message: str
    param: str | None = None


class ErrorBody(BaseModel):
    error: ErrorDetail


class ServiceError(Exception):
    """An error with a documented status, type and code. Raised anywhere; mapped once, in `app.errors`."""

    status = 500
    type = "api_error"
    code = "internal_error"

    def __init__(self, message: str, *, param: str | None = None, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.message = message
        self.param = param
        self.headers = headers or {}

    def body(self) -> ErrorBody:
        return ErrorBody(
            error=ErrorDetail(type=self.type, code=self.code, message=self.message, param=self.param)
        )


class InvalidRequest(ServiceError):
    status, type, code = 400, "invalid_request_error", "invalid_request"


class MalformedJson(ServiceError):
    status, type, code = 400, "invalid_request_error", "malformed_json"


class AuthenticationFailed(ServiceError):
    status, type, code = 401, "authentication_error", "invalid_api_key"


class MissingApiKey(AuthenticationFailed):
    code = "missing_api_key"


class NotFound(ServiceError):
    status, type, code = 404, "not_found_error", "not_found"


class ModelNotFound(NotFound):
    code = "model_not_found"


class MethodNotAllowed(ServiceError):
    status, type, code = 405, "invalid_request_error", "method_not_allowed"


class IdempotencyConflict(ServiceError):
    status, type, code = 409, "invalid_request_error", "idempotency_conflict"


class PayloadTooLarge(ServiceError):
    status, type, code = 413, "invalid_request_error", "payload_too_large"


class UnsupportedMediaType(ServiceError):
    status, type, code = 415, "invalid_request_error", "unsupported_media_type"


class ValidationFailed(ServiceError):
    status, type, code = 422, "invalid_request_error", "validation_error"


class QuotaExceeded(ServiceError):
    status, type, code = 429, "rate_limit_error", "quota_exceeded"


class RateLimited(ServiceError):
    status, type, code = 429, "rate_limit_error", "rate_limited"


class StoreUnavailable(ServiceError):
    """The graph store cannot be reached; the client should retry after `Retry-After` seconds."""

    status, type, code = 503, "api_error", "store_unavailable"

    def __init__(self, message: str = "The graph store is unavailable; retry shortly.", retry_after: int = 1):
        super().__init__(message, headers={"Retry-After": str(retry_after)})


class InternalError(ServiceError):
    status, type, code = 500, "api_error", "internal_error"


# Documented in the README and OpenAPI: every status the API answers with, and its codes.
ERROR_CODES: dict[int, list[str]] = {
    400: [MalformedJson.code, InvalidRequest.code],
    401: [MissingApiKey.code, AuthenticationFailed.code],
    404: [NotFound.code, ModelNotFound.code],
    405: [MethodNotAllowed.code],
    409: [IdempotencyConflict.code],
    413: [PayloadTooLarge.code],
    415: [UnsupportedMediaType.code],
    422: [ValidationFailed.code],
    429: [QuotaExceeded.code, RateLimited.code],
    500: [InternalError.code],
    503: [StoreUnavailable.code],
}
