"""Contract fuzzing: schemathesis generates requests from the OpenAPI document and sends them to a real
`memsvc serve`. Every answer must be no 500, documented (status, content type, headers), match its
schema, and, when it is an error, carry the error body.

The document fuzzed is the one the app builds; the test first checks it is byte for byte the one the
server serves. Examples are bounded and derandomized, so a run is reproducible and takes about a
minute. Two of schemathesis's checks are left out on purpose: `positive_data_acceptance`, because the
service enforces rules a JSON schema cannot state (blank text, an e-mail's form, a known chat model),
and `negative_data_rejection`, because lenient parsing (a unix time where a date-time is documented)
is not an error.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import CheckContext, not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    ignored_auth,
    missing_required_header,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)

from app.main import create_app
from models.settings import Settings
from tests.servers import Server, created_key

EXAMPLES = 12  # generated examples per operation, beyond the documented examples and edge cases


def _document() -> dict:
    built = create_app(Settings()).openapi_schema.to_schema()
    return json.loads(json.dumps(built, default=lambda value: value.model_dump(mode="json")))


DOCUMENT = _document()
schema = schemathesis.openapi.from_dict(DOCUMENT)


def error_body(ctx: CheckContext, response, case) -> bool | None:
    """Every 4xx and 5xx answer is `{"error": {type, code, message, param}}`."""
    if response.status_code < 400:
        return None
    body = json.loads(response.content)
    error = body["error"]
    assert set(error) == {"type", "code", "message", "param"}, body
    assert error["type"] and error["code"] and error["message"], body
    return True


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    unsupported_method,
    missing_required_header,
    ignored_auth,
    error_body,
]


@pytest.fixture(scope="module")
def fuzzed(module_server: Server) -> Iterator[tuple[str, dict[str, str]]]:
    served = httpx.get(f"{module_server.url}/v1/openapi/openapi.json", timeout=30).json()
    assert served == DOCUMENT, "the fuzzed document must be the one the server serves"
    # A live key: the fuzz makes hundreds of calls, more than a test key's day.
    key = created_key(module_server.data_dir, account="fuzz", kind="live")
    yield module_server.url, {"Authorization": f"Bearer {key}"}


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_by_its_contract(case, fuzzed):
    base_url, headers = fuzzed
    case.call_and_validate(base_url=base_url, headers=headers, checks=CHECKS, timeout=60)
