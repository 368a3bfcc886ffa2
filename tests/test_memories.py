"""remember, get, list (stable cursor pagination, filters), delete (with its cascade), bad input."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.conftest import auth, new_key


def remember(client, headers, content, **extra):
    response = client.post("/v1/remember", json={"content": content, **extra}, headers=headers)
    assert response.status_code == 201, response.text
    return response.json()


def test_remember_returns_the_memory_object(client, headers, clock):
    body = remember(client, headers, "Ana decided to ship the beta on Friday. Bob writes the notes.")
    assert body["id"].startswith("mem_")
    assert set(body) >= {
        "id",
        "summary",
        "triage_type",
        "tags",
        "extraction",
        "sentiment",
        "importance",
        "links",
    }
    assert set(body["extraction"]) == {"people", "organizations", "decisions", "action_items", "dates"}
    assert body["source"] == "api"
    assert body["timestamp"] == body["created_at"]
    assert datetime.fromisoformat(body["created_at"]) == clock()
    assert 0 < len(body["summary"]) <= 300
    assert client.get(f"/v1/memories/{body['id']}", headers=headers).json() == body


def test_timestamp_and_source_are_kept(client, headers):
    body = remember(client, headers, "Standup notes", source="slack", timestamp="2025-01-02T03:04:05+02:00")
    assert body["source"] == "slack"
    assert datetime.fromisoformat(body["timestamp"]) == datetime(2025, 1, 2, 1, 4, 5, tzinfo=UTC)


@pytest.mark.parametrize(
    ("body", "status", "code", "param"),
    [
        ({"content": ""}, 422, "validation_error", "content"),
        ({"content": " \n\t "}, 422, "validation_error", "content"),
        ({}, 422, "validation_error", "content"),
        ({"content": 42}, 422, "validation_error", "content"),
        ({"content": "x", "timestamp": "yesterday"}, 422, "validation_error", "timestamp"),
        ({"content": "x", "timestamp": "2025-01-02T03:04:05"}, 422, "validation_error", "timestamp"),
        ({"content": "x", "source": ""}, 422, "validation_error", "source"),
    ],
)
def test_invalid_remember_bodies(client, headers, body, status, code, param):
    response = client.post("/v1/remember", json=body, headers=headers)
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code
    assert response.json()["error"]["param"] == param


def test_malformed_json_wrong_type_and_oversize(client, headers, settings):
    raw = {**headers, "Content-Type": "application/json"}
    for payload in (b'{"content": ', b"not json", b"\xff\xfe"):
        response = client.post("/v1/remember", content=payload, headers=raw)
        assert response.status_code == 400 and response.json()["error"]["code"] == "malformed_json"
    response = client.post("/v1/remember", content=b"[1, 2]", headers=raw)
    assert response.status_code in (400, 422) and "error" in response.json()
    response = client.post(
        "/v1/remember",
        content=b"content=hi",
        headers={**headers, "Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 415 and response.json()["error"]["code"] == "unsupported_media_type"
    too_long = "word " * (settings.max_content_chars // 5 + 1)
    response = client.post("/v1/remember", json={"content": too_long}, headers=headers)
    assert response.status_code == 413 and response.json()["error"]["param"] == "content"
    huge = b'{"content": "' + b"x" * (settings.max_body_bytes + 10) + b'"}'
    response = client.post("/v1/remember", content=huge, headers=raw)
    assert response.status_code == 413 and response.json()["error"]["code"] == "payload_too_large"


def test_any_unicode_is_stored_as_sent(client, headers):
    for text in (
        "emoji 🎉🧠 and ünïcödé",
        "控制 \u0007 chars \u200b",
        "quotes \" ' \\ }) MATCH (n) DETACH DELETE n //",
        "Das Treffen war gut. Wir sehen uns am Freitag.",
        "x" * 20_000,
    ):
        body = remember(client, headers, text)
        assert body["content"] == text
        assert client.get(f"/v1/memories/{body['id']}", headers=headers).json()["content"] == text
    body = remember(client, headers, "nul \x00 byte")
    assert body["content"] == "nul \ufffd byte"


def test_unknown_memory_and_route_are_404(client, headers):
    for path in ("/v1/memories/mem_nope", "/v1/nothing-here"):
        response = client.get(path, headers=headers)
        assert response.status_code == 404 and response.json()["error"]["type"] == "not_found_error"
    assert client.delete("/v1/memories/mem_nope", headers=headers).status_code == 404
    response = client.put("/v1/memories", headers=headers)
    assert response.status_code == 405 and response.json()["error"]["code"] == "method_not_allowed"
    # RFC 9110: a 405, and OPTIONS, list the methods the route takes (GET, PATCH and DELETE share it).
    allowed = "DELETE, GET, OPTIONS, PATCH"
    assert client.put("/v1/memories/mem_x", headers=headers).headers["allow"] == allowed
    assert client.options("/v1/memories/mem_x", headers=headers).headers["allow"] == allowed


def test_list_is_newest_first_and_pagination_is_stable(client, headers):
    start = datetime(2026, 1, 1, tzinfo=UTC)
    ids = [
        remember(client, headers, f"note {i}", timestamp=(start + timedelta(hours=i // 2)).isoformat())["id"]
        for i in range(23)
    ]  # pairs share a timestamp: the id breaks the tie
    seen, cursor, pages = [], None, 0
    while True:
        params = {"limit": 5, **({"cursor": cursor} if cursor else {})}
        page = client.get("/v1/memories", params=params, headers=headers).json()
        seen += [m["id"] for m in page["data"]]
        pages += 1
        if pages == 2:  # a memory added mid-walk, newer than everything, must not shift later pages
            remember(client, headers, "late arrival", timestamp=(start + timedelta(days=30)).isoformat())
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert sorted(seen) == sorted(ids) and len(seen) == len(set(seen)) == 23
    stamps = [client.get(f"/v1/memories/{i}", headers=headers).json()["timestamp"] for i in seen]
    assert stamps == sorted(stamps, reverse=True)
    assert pages == 5


def test_list_filters(client, headers):
    remember(client, headers, "from slack", source="slack", timestamp="2026-01-05T10:00:00Z")
    remember(client, headers, "from mail", source="email", timestamp="2026-02-05T10:00:00Z")
    remember(client, headers, "from mail too", source="email", timestamp="2026-03-05T10:00:00Z")

    def contents(**params):
        return sorted(
            m["content"] for m in client.get("/v1/memories", params=params, headers=headers).json()["data"]
        )

    assert contents(source="email") == ["from mail", "from mail too"]
    assert contents(since="2026-02-01T00:00:00Z") == ["from mail", "from mail too"]
    assert contents(until="2026-02-05T10:00:00Z") == ["from mail", "from slack"]
    assert contents(source="email", until="2026-02-28T00:00:00Z") == ["from mail"]
    assert contents(tag="nothing-tagged-so") == []
    bad = client.get("/v1/memories", params={"triage_type": "nonsense"}, headers=headers)
    assert bad.status_code == 422 and bad.json()["error"]["param"] == "triage_type"
    for limit in (0, 101):
        bad = client.get("/v1/memories", params={"limit": limit}, headers=headers)
        assert bad.status_code == 422 and bad.json()["error"]["param"] == "limit"
    bad = client.get("/v1/memories", params={"cursor": "garbage!"}, headers=headers)
    assert bad.status_code == 422 and bad.json()["error"]["param"] == "cursor"


def test_list_by_person_and_organization(client, headers):
    """The console's person filter: a full name or a first name, as search's filters match people, and an
    organization by any variant; with paging and the other filters."""
    remember(
        client,
        headers,
        "Priya Raman reviewed the audit plan with Globex Corp.",
        timestamp="2026-01-05T10:00:00Z",
    )
    remember(client, headers, "Bob Lee booked the auditors for April.", timestamp="2026-01-06T10:00:00Z")
    remember(
        client, headers, "Priya Raman shared the checklist.", source="slack", timestamp="2026-01-07T10:00:00Z"
    )

    def contents(**params):
        page = client.get("/v1/memories", params=params, headers=headers)
        assert page.status_code == 200, page.text
        return [m["content"] for m in page.json()["data"]]

    both = ["Priya Raman shared the checklist.", "Priya Raman reviewed the audit plan with Globex Corp."]
    assert contents(person="Priya Raman") == both
    assert contents(person="priya") == both
    assert contents(person="Priya", source="slack") == both[:1]
    assert contents(organization="globex") == both[1:]
    assert contents(person="Bob", organization="Globex Corp") == []
    assert contents(person="Nobody Here") == []
    first = client.get("/v1/memories", params={"person": "Priya", "limit": 1}, headers=headers).json()
    rest = contents(person="Priya", limit=1, cursor=first["next_cursor"])
    assert [m["content"] for m in first["data"]] + rest == both


def test_delete_removes_the_memory_and_nothing_else(client, headers):
    keep = remember(client, headers, "keep me")
    gone = remember(client, headers, "delete me")
    assert client.delete(f"/v1/memories/{gone['id']}", headers=headers).status_code == 204
    assert client.get(f"/v1/memories/{gone['id']}", headers=headers).status_code == 404
    assert client.delete(f"/v1/memories/{gone['id']}", headers=headers).status_code == 404
    assert [m["id"] for m in client.get("/v1/memories", headers=headers).json()["data"]] == [keep["id"]]


def test_two_accounts_never_see_each_other(client):
    first, second = auth(new_key(client, account="first")), auth(new_key(client, account="second"))
    mine = remember(client, first, "first account's secret plan")
    assert client.get(f"/v1/memories/{mine['id']}", headers=second).status_code == 404
    assert client.delete(f"/v1/memories/{mine['id']}", headers=second).status_code == 404
    assert client.get("/v1/memories", headers=second).json()["data"] == []
    assert client.get(f"/v1/memories/{mine['id']}", headers=first).status_code == 200
    # Two keys of one account share its memories.
    same = auth(new_key(client, account="first"))
    assert client.get(f"/v1/memories/{mine['id']}", headers=same).status_code == 200
