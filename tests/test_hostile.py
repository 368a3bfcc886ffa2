"""Hostile input on every endpoint that takes a body: malformed and deeply nested JSON, invalid UTF-8,
NUL bytes, bodies over the limit, binary form fields, and Cypher-looking text in content, names, ids,
filters and the compile path. Each gets a clear error in the error body (never a 500), and text that
looks like Cypher is stored or looked up as data, never run.

Covered elsewhere: a DOCX zip bomb and path-like file names (test_files.py), a stream client that
disconnects mid-answer (test_ask.py, over a real server), Unicode and a 20,000-character sentence
(test_memories.py, test_pipeline.py).
"""

from __future__ import annotations

from urllib.parse import quote

import pytest

from models.accounts import KeyKind
from tests.conftest import auth, new_key

JSON_ENDPOINTS = [
    "/v1/remember",
    "/v1/remember/batch",
    "/v1/ask",
    "/v1/check",
    "/v1/feedback",
    "/v1/chat/completions",
    "/v1/compile/Priya",
    "/v1/lint",
]
CYPHER = "x' OR 1=1 }) MATCH (n) DETACH DELETE n RETURN n //"


@pytest.fixture
def live(client) -> dict[str, str]:
    # A live key: these tests make more calls than a test key's day.
    return auth(new_key(client, kind=KeyKind.live))


def _refused(response, status: int | tuple[int, ...], code: str | None = None) -> dict:
    statuses = status if isinstance(status, tuple) else (status,)
    assert response.status_code in statuses, (response.status_code, response.text)
    error = response.json()["error"]
    assert set(error) == {"type", "code", "message", "param"} and error["message"]
    if code:
        assert error["code"] == code, error
    return error


def test_malformed_nested_and_invalid_utf8_json_is_400_everywhere(client, live, settings):
    raw = {**live, "Content-Type": "application/json"}
    depth = 100_000  # 200 KB of brackets: under the body limit, far over any parser's recursion
    for path in JSON_ENDPOINTS:
        for payload in (
            b'{"content": ',
            b"\x00\x01\x02",
            b'{"content": "\xff\xfe broken"}',  # invalid UTF-8 inside a string
            b"[" * depth + b"]" * depth,
            b'{"a":' * depth + b"1" + b"}" * depth,
        ):
            _refused(client.post(path, content=payload, headers=raw), (400, 422))
        huge = b'{"content": "' + b"x" * (settings.max_body_bytes + 10) + b'"}'
        _refused(client.post(path, content=huge, headers=raw), 413, "payload_too_large")
    # Still serving, and none of it was stored.
    assert client.get("/v1/memories", headers=live).json()["data"] == []


def test_nul_bytes_and_control_characters_are_data(client, live):
    stored = client.post("/v1/remember", json={"content": "Priya\x00 met Ana\x1b[31m at noon."}, headers=live)
    assert stored.status_code == 201
    for path, body in (
        ("/v1/ask", {"question": "Who\x00 met Ana?"}),
        ("/v1/check", {"context": "Priya\x00 met Ana at midnight."}),
        ("/v1/chat/completions", {"model": "memory", "messages": [{"role": "user", "content": "\x00"}]}),
        ("/v1/feedback", {"question": "\x00", "answer": "\x00", "rating": "up"}),
    ):
        response = client.post(path, json=body, headers=live)
        assert response.status_code < 500, (path, response.text)
    assert client.get("/v1/memories/" + quote("mem_\x00"), headers=live).status_code == 404
    assert client.post("/v1/compile/" + quote("Priya\x00"), headers=live).status_code in (200, 404)


def test_binary_form_field_without_a_filename_is_400(client, live):
    boundary = "b0undary"
    body = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\n'.encode()
        + b"\x89PNG\r\n\x1a\n\x00\xff"
        + f"\r\n--{boundary}--\r\n".encode()
    )
    response = client.post(
        "/v1/remember/file",
        content=body,
        headers={**live, "Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    _refused(response, 400, "invalid_request")
    assert client.get("/v1/memories", headers=live).json()["data"] == []


def test_cypher_looking_text_is_stored_and_looked_up_as_data(client, live):
    other = auth(new_key(client, account="bystander"))
    kept = client.post("/v1/remember", json={"content": "The bystander's note stays."}, headers=other).json()
    content = f"Sean O'Brien met Priya Raman at Acme. {CYPHER} \"}}) DETACH DELETE m //"
    stored = client.post("/v1/remember", json={"content": content, "source": CYPHER}, headers=live)
    assert stored.status_code == 201, stored.text
    memory = stored.json()
    assert memory["content"] == content and memory["source"] == CYPHER
    assert "Sean O'Brien" in memory["extraction"]["people"]

    for method, path, kwargs in (
        ("GET", f"/v1/memories/{quote(CYPHER, safe='')}", {}),
        ("DELETE", f"/v1/memories/{quote(CYPHER, safe='')}", {}),
        ("GET", f"/v1/graph/{quote(CYPHER, safe='')}", {}),
        ("POST", f"/v1/compile/{quote(CYPHER, safe='')}", {}),
        ("GET", "/v1/memories", {"params": {"tag": CYPHER, "source": CYPHER}}),
        ("POST", "/v1/ask", {"json": {"question": CYPHER}}),
        ("POST", "/v1/check", {"json": {"context": CYPHER}}),
        (
            "POST",
            "/v1/feedback",
            {"json": {"question": CYPHER, "answer": "a", "rating": "down", "correction": CYPHER}},
        ),
    ):
        response = client.request(method, path, headers=live, **kwargs)
        assert response.status_code < 500, (path, response.text)
    # A name with a quote in it is looked up as data and found.
    page = client.post("/v1/compile/" + quote("Sean O'Brien"), headers=live)
    assert page.status_code == 200 and page.json()["entity"]["name"] == "Sean O'Brien"
    # Nothing was deleted or matched across accounts: both stores are as they were, plus the correction.
    assert client.get(f"/v1/memories/{memory['id']}", headers=live).json()["content"] == content
    assert client.get(f"/v1/memories/{kept['id']}", headers=other).status_code == 200
    assert len(client.get("/v1/memories", headers=other).json()["data"]) == 1
