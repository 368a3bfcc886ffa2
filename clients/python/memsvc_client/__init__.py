"""memsvc-client: the memsvc REST API from Python.

from memsvc_client import Client
client = Client()  # MEMSVC_API_KEY, MEMSVC_BASE_URL
client.remember("Lena moved the launch to May.")
print(client.ask("When is the launch?").text)
"""

from .client import AsyncClient, Client
from .errors import (
    APIConnectionError,
    APIError,
    AuthenticationError,
    BadRequestError,
    IdempotencyConflictError,
    InternalServerError,
    MalformedJsonError,
    MemsvcError,
    MethodNotAllowedError,
    MissingApiKeyError,
    ModelNotFoundError,
    NotFoundError,
    PayloadTooLargeError,
    QuotaExceededError,
    RateLimitedError,
    StoreUnavailableError,
    UnsupportedMediaTypeError,
    ValidationFailedError,
)

__all__ = [
    "APIConnectionError",
    "APIError",
    "AsyncClient",
    "AuthenticationError",
    "BadRequestError",
    "Client",
    "IdempotencyConflictError",
    "InternalServerError",
    "MalformedJsonError",
    "MemsvcError",
    "MethodNotAllowedError",
    "MissingApiKeyError",
    "ModelNotFoundError",
    "NotFoundError",
    "PayloadTooLargeError",
    "QuotaExceededError",
    "RateLimitedError",
    "StoreUnavailableError",
    "UnsupportedMediaTypeError",
    "ValidationFailedError",
]
