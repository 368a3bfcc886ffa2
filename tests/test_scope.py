"""Scope and metadata inside an account (user_id, agent_id, session_id, metadata): stored and returned;
every filter (list, ask, search, check, chat completions, compile, files) keeps to it; links, supersession and
completed action items stay within a memory's user; bad values are 422 in the error body; isolation
between accounts. Over the real app."""

from __future__ import annotations

import json

import pytest

from tests.conftest import auth, new_key

# Two end users of one assistant, with notes written to look alike: a filter that leaked would show.
ALICE = [
    ("I moved to Lisbon in March and started at the bakery on Rua Augusta.", {"topic": "home"}),
    ("Dana Whitfield will send me the lease renewal by Friday.", {"topic": "home", "priority": 2}),
    ("My dentist appointment is on June 4 at 9am.", {"topic": "health"}),
]
BOB = [
    ("I moved to Porto in May and started at the library on Rua das Flores.", {"topic": "home"}),
    ("Dana Whitfield will send me the parking permit by Monday.", {"topic": "home", "priority": 1}),
]


def remember(client, headers, content: str, **fields) -> dict:
    response = client.post("/v1/remember", json={"content": content, **fields}, headers=headers)
    assert response.status_code == 201, response.text
    return response.json()


@pytest.fixture
def people(client, headers) -> dict[str, list[str]]:
    ids: dict[str, list[str]] = {"alice": [], "bob": []}
    for user, notes in (("alice", ALICE), ("bob", BOB)):
        for content, metadata in notes:
            memory = remember(
                client,
                headers,
                content,
                user_id=user,
                agent_id="concierge",
                session_id=f"s-{user}",
                metadata=metadata,
            )
            ids[user].append(memory["id"])
    return ids


def listed(client, headers, **params) -> list[str]:
    response = client.get("/v1/memories", params=params, headers=headers)
    assert response.status_code == 200, response.text
    return [m["id"] for m in response.json()["data"]]


def test_scope_is_stored_and_returned(client, headers):
    metadata = {"team": "sales", "priority": 2, "ratio": 0.5, "public": False, "note": None}
    memory = remember(
        client,
        headers,
        "Call Globex about the renewal.",
        user_id="u-1",
        agent_id="a-1",
        session_id="s-1",
        metadata=metadata,
    )
    assert (memory["user_id"], memory["agent_id"], memory["session_id"]) == ("u-1", "a-1", "s-1")
    assert memory["metadata"] == metadata
    fetched = client.get(f"/v1/memories/{memory['id']}", headers=headers).json()
    assert fetched["metadata"] == metadata and fetched["user_id"] == "u-1"
    plain = remember(client, headers, "No scope on this one.")
    assert plain["user_id"] is None and plain["metadata"] is None


def test_list_filters_by_user_agent_session_and_metadata(client, headers, people):
    assert set(listed(client, headers, user_id="alice")) == set(people["alice"])
    assert set(listed(client, headers, user_id="bob")) == set(people["bob"])
    assert set(listed(client, headers, session_id="s-bob")) == set(people["bob"])
    assert len(listed(client, headers, agent_id="concierge")) == 5
    assert listed(client, headers, user_id="carol") == []
    assert set(listed(client, headers, metadata="topic:health")) == {people["alice"][2]}
    # A number matches as a number; two filters both apply.
    assert listed(client, headers, metadata=["topic:home", "priority:2"]) == [people["alice"][1]]
    assert listed(client, headers, metadata='priority:"2"') == []  # the string "2" is not the number 2
    assert listed(client, headers, metadata="priority:2.0") == [people["alice"][1]]
    assert listed(client, headers, user_id="bob", metadata="topic:health") == []
    # Paging within a filter.
    first = client.get("/v1/memories", params={"user_id": "alice", "limit": 2}, headers=headers).json()
    rest = client.get(
        "/v1/memories",
        params={"user_id": "alice", "limit": 2, "cursor": first["next_cursor"]},
        headers=headers,
    ).json()
    assert {m["id"] for m in first["data"] + rest["data"]} == set(people["alice"]) and rest[
        "next_cursor"
    ] is None


def test_search_ask_and_chat_keep_to_the_user(client, headers, people):
    question = "Where did I move and where did I start working?"
    for user, other in (("alice", "bob"), ("bob", "alice")):
        found = client.post(
            "/v1/search", json={"query": question, "filters": {"user_id": user}}, headers=headers
        ).json()["data"]
        assert found and {r["id"] for r in found} <= set(people[user])
        answer = client.post(
            "/v1/ask", json={"question": question, "filters": {"user_id": user}}, headers=headers
        ).json()
        cited = {s["id"] for s in answer["sources"]}
        assert cited and cited <= set(people[user]), answer
        assert not cited & set(people[other])
        body = {
            "model": "memory",
            "messages": [{"role": "user", "content": question}],
            "filters": {"user_id": user},
        }
        completion = client.post("/v1/chat/completions", json=body, headers=headers).json()
        assert {s["id"] for s in completion["sources"]} <= set(people[user])
    # Metadata narrows ask as it narrows the list.
    answer = client.post(
        "/v1/ask",
        json={"question": "What do I have on June 4?", "filters": {"metadata": {"topic": "health"}}},
        headers=headers,
    ).json()
    assert [s["id"] for s in answer["sources"]] == [people["alice"][2]]
    nothing = client.post(
        "/v1/ask", json={"question": question, "filters": {"user_id": "carol"}}, headers=headers
    ).json()
    assert nothing["sources"] == []


def test_structured_answers_keep_to_the_user(client, headers):
    remember(client, headers, "Priya Nair will renew the gym membership by May 2.", user_id="alice")
    remember(client, headers, "Priya Nair will book the car service by May 9.", user_id="bob")
    answer = client.post(
        "/v1/ask",
        json={"question": "What are Priya's open action items?", "filters": {"user_id": "bob"}},
        headers=headers,
    ).json()
    assert "car service" in answer["text"] and "gym" not in answer["text"], answer["text"]


def test_links_and_supersession_stay_within_the_user(client, headers):
    first = remember(client, headers, "Carla owns the vendor contract review.", user_id="alice")
    same = remember(client, headers, "Carla owns the vendor contract review.", user_id="alice")
    other = remember(client, headers, "Carla owns the vendor contract review.", user_id="bob")
    assert first["id"] in {link["target_id"] for link in same["links"]}  # a duplicate within alice's
    assert not {link["target_id"] for link in other["links"]} & {first["id"], same["id"]}
    # Bob's report that the task is done does not close alice's item.
    remember(client, headers, "Lena Fischer will send the signed NDA by Friday.", user_id="alice")
    remember(client, headers, "Lena Fischer sent the signed NDA.", user_id="bob")
    answer = client.post(
        "/v1/ask",
        json={"question": "What are Lena's open action items?", "filters": {"user_id": "alice"}},
        headers=headers,
    ).json()
    assert "NDA" in answer["text"], answer["text"]


def test_compile_builds_one_users_page(client, headers, people):
    mine = client.post(
        "/v1/compile/Dana Whitfield", json={"filters": {"user_id": "alice"}}, headers=headers
    ).json()
    assert {s["id"] for s in mine["sources"]} == {people["alice"][1]}, mine["sources"]
    assert "lease" in mine["markdown"] and "parking" not in mine["markdown"]
    everyone = client.post("/v1/compile/Dana Whitfield", headers=headers).json()
    assert {s["id"] for s in everyone["sources"]} == {people["alice"][1], people["bob"][1]}
    # The account's kept page is not replaced by one user's.
    again = client.post("/v1/compile/Dana Whitfield", headers=headers).json()
    assert again["recompiled"] is False and again["markdown"] == everyone["markdown"]


def test_check_compares_within_the_filter(client, headers):
    remember(client, headers, "We decided to use PostgreSQL for the billing service.", user_id="team-a")
    body = {"context": "We decided to use MySQL for the billing service."}
    assert client.post("/v1/check", json=body, headers=headers).json()["contradictions"]
    scoped = client.post("/v1/check", json={**body, "filters": {"user_id": "team-b"}}, headers=headers).json()
    assert scoped["contradictions"] == [] and scoped["related"] == []


def test_a_file_carries_its_scope(client, headers):
    files = {"file": ("notes.txt", b"The kickoff with Initech is on April 2 in Berlin.", "text/plain")}
    form = {"user_id": "alice", "session_id": "s-9", "metadata": json.dumps({"kind": "upload"})}
    response = client.post("/v1/remember/file", files=files, data=form, headers=headers)
    assert response.status_code == 201, response.text
    memory = response.json()
    assert memory["user_id"] == "alice" and memory["metadata"] == {"kind": "upload"}
    assert listed(client, headers, metadata="kind:upload") == [memory["id"]]
    bad = client.post("/v1/remember/file", files=files, data={"metadata": '{"a": {"b": 1}}'}, headers=headers)
    assert bad.status_code == 422 and bad.json()["error"]["param"] == "metadata", bad.text
    bad = client.post("/v1/remember/file", files=files, data={"metadata": "not json"}, headers=headers)
    assert bad.status_code == 422 and bad.json()["error"]["param"] == "metadata"


@pytest.mark.parametrize(
    "fields",
    [
        {"user_id": ""},
        {"user_id": "x" * 201},
        {"user_id": 42},
        {"metadata": {"nested": {"a": 1}}},
        {"metadata": {"list": [1, 2]}},
        {"metadata": {"": "empty key"}},
        {"metadata": {"k" * 65: 1}},
        {"metadata": {str(i): i for i in range(51)}},
        {"metadata": "team=sales"},
    ],
)
def test_bad_scope_values_are_422(client, headers, fields):
    response = client.post("/v1/remember", json={"content": "A note.", **fields}, headers=headers)
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["param"] in ("user_id", "metadata"), error
    assert listed(client, headers) == []  # nothing was stored


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/ask", {"question": "anything?", "filters": {"user": "alice"}}),
        ("/v1/search", {"query": "anything", "filters": {"userid": "alice"}}),
        ("/v1/check", {"context": "We use MySQL.", "filters": {"metadata": {"a": [1]}}}),
    ],
)
def test_unknown_or_bad_filters_are_422(client, headers, path, body):
    response = client.post(path, json=body, headers=headers)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["type"] == "invalid_request_error"


def test_bad_metadata_query_is_422(client, headers):
    for value in ("no-colon", ":empty-key"):
        response = client.get("/v1/memories", params={"metadata": value}, headers=headers)
        assert response.status_code == 422, response.text
        assert response.json()["error"]["param"] == "metadata"


def test_another_account_never_sees_a_user_of_this_one(client, headers, people):
    other = auth(new_key(client))
    assert listed(client, other, user_id="alice") == []
    found = client.post(
        "/v1/search", json={"query": "Lisbon bakery", "filters": {"user_id": "alice"}}, headers=other
    ).json()["data"]
    assert found == []
    remember(client, other, "I moved to Lisbon too.", user_id="alice")
    assert set(listed(client, headers, user_id="alice")) == set(people["alice"])
