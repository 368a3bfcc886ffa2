"""The API probe's findings: invalid UTF-8 in a JSON body is `malformed_json` about the JSON body;
timestamps outside 1970–2100 are 422; booleans are strict; a client that leaves mid-body is one INFO
line, not an error with a traceback; `memsvc keys create --curl` prints the address asked for; the
Python client's results serialise to JSON. Over the real app (and the CLI)."""

from __future__ import annotations

import json
import logging

import pytest
from litestar.exceptions import InternalServerException

from app.errors import to_service_error
from models.accounts import KeyKind
from tests.conftest import auth, new_key


@pytest.fixture
def live(client) -> dict[str, str]:
    return auth(new_key(client, kind=KeyKind.live))


@pytest.mark.parametrize("path", ["/v1/remember", "/v1/ask", "/v1/search", "/v1/check", "/v1/lint"])
def test_invalid_utf8_in_a_json_body_is_malformed_json(client, live, path):
    raw = {**live, "Content-Type": "application/json"}
    response = client.post(path, content=b'{"content": "\xff\xfe broken", "question": "\xff"}', headers=raw)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["code"] == "malformed_json" and "JSON" in error["message"]
    assert "form" not in error["message"] and "multipart" not in error["message"]


@pytest.mark.parametrize(
    "timestamp", ["1969-12-31T23:59:59Z", "2101-01-01T00:00:00Z", "0001-01-01T00:00:00Z"]
)
def test_timestamps_outside_the_documented_years_are_422(client, live, timestamp):
    body = {"content": "Ana met Bob.", "timestamp": timestamp}
    response = client.post("/v1/remember", json=body, headers=live)
    assert response.status_code == 422 and response.json()["error"]["param"] == "timestamp"
    batch = client.post("/v1/remember/batch", json={"items": [body]}, headers=live)
    assert batch.status_code == 422
    files = {"file": ("note.txt", b"Ana met Bob.", "text/plain")}
    upload = client.post("/v1/remember/file", files=files, data={"timestamp": timestamp}, headers=live)
    assert upload.status_code == 422 and upload.json()["error"]["param"] == "timestamp"
    edges = ("1970-01-01T00:00:00Z", "2100-12-31T23:59:59Z")
    for edge in edges:
        ok = client.post("/v1/remember", json={"content": "Ana met Bob.", "timestamp": edge}, headers=live)
        assert ok.status_code == 201, ok.text


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/ask", {"question": "What did Ana decide?", "reasoning": "yes"}),
        ("/v1/ask", {"question": "What did Ana decide?", "stream": 1}),
        ("/v1/lint", {"fix": "true"}),
        (
            "/v1/chat/completions",
            {"model": "memory", "messages": [{"role": "user", "content": "hi"}], "stream": "no"},
        ),
    ],
)
def test_booleans_are_strict(client, live, path, body):
    response = client.post(path, json=body, headers=live)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "validation_error"


def test_a_client_leaving_mid_body_is_one_info_line(caplog):
    caplog.set_level(logging.DEBUG)
    for _ in range(20):
        error = to_service_error(InternalServerException("client disconnected prematurely"))
        assert error.status == 400
    records = [r for r in caplog.records if "disconnected" in r.getMessage()]
    assert len(records) == 20 and all(r.levelno == logging.INFO and not r.exc_info for r in records)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_body_cut_short_over_asgi_logs_no_error(client, live, caplog):
    """The app called directly: the body's first half arrives, then the client disconnects."""
    caplog.set_level(logging.INFO)
    app = client.app
    sent: list[dict] = []
    events = iter(
        [
            {"type": "http.request", "body": b'{"content": "Ana met', "more_body": True},
            {"type": "http.disconnect"},
        ]
    )

    async def receive() -> dict:
        return next(events, {"type": "http.disconnect"})

    async def send(message: dict) -> None:
        sent.append(message)

    headers = [(k.lower().encode(), v.encode()) for k, v in live.items()]
    headers += [(b"content-type", b"application/json"), (b"content-length", b"100")]
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/v1/remember",
        "raw_path": b"/v1/remember",
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    client.blocking_portal.call(app, scope, receive, send)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert any("disconnected" in r.getMessage() for r in caplog.records)
    assert client.get("/v1/memories", headers=live).json()["data"] == []


def test_python_client_results_serialise_to_json(client, live):
    from memsvc_client.types import Memory

    stored = client.post("/v1/remember", json={"content": "Ana met Bob on Friday."}, headers=live).json()
    memory = Memory.model_validate(stored)
    assert json.loads(json.dumps(memory.model_dump(mode="json")))["id"] == stored["id"]
    assert json.loads(memory.model_dump_json())["timestamp"] == stored["timestamp"]


def test_head_works_wherever_get_does(client, live):
    health = client.head("/v1/health")
    assert health.status_code == 200 and health.content == b""
    assert int(health.headers["content-length"]) == len(client.get("/v1/health").content)
    listed = client.head("/v1/memories", headers=live)
    assert listed.status_code == 200 and listed.content == b""
    assert client.head("/v1/memories").status_code == 401  # the same guard as GET
    assert client.head("/v1/memories/mem_nope", headers=live).status_code == 404
    assert client.head("/v1/ask", headers=live).status_code == 405  # POST only


@pytest.fixture
def cors_client(settings, clock):
    from litestar.testing import TestClient

    from app.main import create_app

    allowed = settings.model_copy(update={"cors_origins": "https://app.example.com, http://localhost:3000/"})
    with TestClient(create_app(allowed, clock=clock), raise_server_exceptions=False) as test_client:
        yield test_client


def test_cors_for_the_configured_origins_only(cors_client):
    live = auth(new_key(cors_client, kind=KeyKind.live))
    preflight = cors_client.options(
        "/v1/ask",
        headers={
            "Origin": "https://app.example.com",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
        },
    )
    assert preflight.status_code in (200, 204), preflight.text
    assert preflight.headers["access-control-allow-origin"] == "https://app.example.com"
    allowed = preflight.headers["access-control-allow-headers"].lower()
    assert "authorization" in allowed and "idempotency-key" in allowed
    answered = cors_client.get("/v1/memories", headers={**live, "Origin": "http://localhost:3000"})
    assert answered.headers["access-control-allow-origin"] == "http://localhost:3000"
    assert "x-ratelimit-remaining" in answered.headers["access-control-expose-headers"].lower()
    stranger = cors_client.get("/v1/memories", headers={**live, "Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in stranger.headers


def test_no_cors_headers_by_default(client, live):
    answered = client.get("/v1/memories", headers={**live, "Origin": "https://app.example.com"})
    assert answered.status_code == 200 and "access-control-allow-origin" not in answered.headers
