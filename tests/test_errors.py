"""The one error body, the 500 without a stack trace, and a complete OpenAPI document."""

from __future__ import annotations

import pytest
from litestar import Litestar

from app.errors import to_service_error
from app.main import create_app
from models.errors import ERROR_CODES


def test_unexpected_errors_become_500_without_internals(caplog):
    error = to_service_error(RuntimeError("secret /etc/passwd at line 12"))
    body = error.body().model_dump()
    assert error.status == 500
    assert body == {
        "error": {
            "type": "api_error",
            "code": "internal_error",
            "message": "The service failed to handle this request.",
            "param": None,
        }
    }


@pytest.fixture(scope="module")
def openapi() -> dict:
    app: Litestar = create_app()  # building the document starts nothing
    return app.openapi_schema.to_schema()


def test_openapi_documents_every_route_with_its_errors(openapi):
    paths = openapi["paths"]
    for path in ("/v1/remember", "/v1/memories", "/v1/memories/{memory_id}", "/v1/health", "/v1/signup"):
        assert path in paths, path
    for path, operations in paths.items():
        for method, operation in operations.items():
            documented = {int(status) for status in operation["responses"]}
            assert {500, 503} <= documented, (path, method)
            if operation.get("security"):
                assert {401, 429} <= documented, (path, method)
            if method in ("post", "put", "patch"):
                assert {400, 415, 422} <= documented, (path, method)
            if "{memory_id}" in path:
                assert 404 in documented, (path, method)
    remember = paths["/v1/remember"]["post"]
    assert remember["security"] == [{"bearer": []}]
    assert "201" in remember["responses"]
    assert openapi["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"
    schemas = openapi["components"]["schemas"]
    assert {"Memory", "ErrorBody", "Extraction", "TriageType", "Sentiment"} <= set(schemas)
    assert set(schemas["Extraction"]["properties"]) == {
        "people",
        "organizations",
        "decisions",
        "action_items",
        "dates",
    }
    for operations in paths.values():
        for operation in operations.values():
            for status, response in operation["responses"].items():
                if int(status) >= 400:
                    assert all(code in response["description"] for code in ERROR_CODES[int(status)])
