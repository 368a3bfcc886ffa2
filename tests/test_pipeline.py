"""`remember` through the API: every signal filled, and the graph it writes."""

from __future__ import annotations

import pytest

from graph import memories as repo
from models.memory import LinkKind, Sentiment, TriageType
from tests.conftest import auth, new_key
from tests.graph_helpers import account_of, graph_rows

TS = "2026-03-10T09:00:00Z"  # a Tuesday


def remember(client, headers, content, **extra):
    response = client.post(
        "/v1/remember", json={"content": content, "timestamp": TS, **extra}, headers=headers
    )
    assert response.status_code == 201, response.text
    return response.json()


def test_every_signal_is_filled(client, headers):
    body = remember(
        client,
        headers,
        "Weekly sync with Priya Raman from Acme Corp. We decided to postpone the mobile release. "
        "Tom will book the auditors by Friday. Everyone was happy with the demo.",
    )
    assert 0 < len(body["summary"]) <= 300
    assert TriageType(body["triage_type"])
    assert 1 <= len(body["tags"]) <= 8 and all(t == t.lower() and t.strip() for t in body["tags"])
    extraction = body["extraction"]
    assert "Priya Raman" in extraction["people"] and "Tom" in extraction["people"]
    assert extraction["organizations"] == ["Acme Corp"]
    assert any("postpone the mobile release" in d for d in extraction["decisions"])
    assert extraction["action_items"] == [
        {"text": "Tom will book the auditors by Friday.", "owner": "Tom", "due": "2026-03-13", "done": False}
    ]
    assert {"text": "Friday", "date": "2026-03-13"} in extraction["dates"]
    assert Sentiment(body["sentiment"])
    assert 1 <= body["importance"] <= 10
    assert client.get(f"/v1/memories/{body['id']}", headers=headers).json() == body


@pytest.mark.parametrize(
    "content",
    [
        "🎉🎉🎉",
        "ok",
        "x" * 20_000,
        " ".join(["word"] * 3000) + " no full stop anywhere",
        "Das Treffen mit Klaus war gut. Wir sehen uns am Freitag.",
        "会议在星期五。张伟会发送报告。",
        "\u0000\u0007\u001b[31m red \u202e reversed",
        "MATCH (n) DETACH DELETE n; CALL db.idx.fulltext.drop('Memory')",
    ],
)
def test_odd_content_is_stored_with_every_field(client, headers, content):
    body = remember(client, headers, content)
    assert 1 <= len(body["tags"]) <= 8 and 0 < len(body["summary"]) <= 300
    assert set(body["extraction"]) == {"people", "organizations", "decisions", "action_items", "dates"}
    assert client.get(f"/v1/memories/{body['id']}", headers=headers).status_code == 200
    assert graph_rows(client, "MATCH (m:Memory) RETURN count(m)")[0][0] >= 1  # the graph is still there


def test_entities_are_merged_per_account_and_short_forms_attach(client, headers):
    first = remember(client, headers, "Lunch with Bob Lee and Priya Raman about the roadmap.")
    second = remember(client, headers, "Bob sent the roadmap draft to priya raman.")
    assert "Bob Lee" in second["extraction"]["people"]
    account = account_of(client, first["id"])
    people = graph_rows(
        client, "MATCH (p:Person {account_id: $a}) RETURN p.name ORDER BY p.name", {"a": account}
    )
    assert [row[0] for row in people] == ["Bob Lee", "Priya Raman"]
    # Another account's "Bob" is its own person.
    other = auth(new_key(client, account="other"))
    theirs = remember(client, other, "Bob fixed the printer.")
    assert theirs["extraction"]["people"] == ["Bob"]


def test_one_text_names_one_person_once(client, headers):
    body = remember(client, headers, "Bob Lee joined the call. Later Bob said the budget is fine.")
    assert body["extraction"]["people"] == ["Bob Lee"]


def test_each_link_kind(client, headers):
    first = remember(
        client,
        headers,
        "Priya Raman reviewed the database migration plan for the billing service.",
        source="slack",
    )
    duplicate = remember(
        client,
        headers,
        "Priya Raman reviewed the database migration plan for the billing service!",
        source="slack",
        timestamp="2026-03-11T09:00:00Z",
    )
    kinds = {(link["target_id"], link["kind"]) for link in duplicate["links"]}
    assert (first["id"], LinkKind.duplicate) in kinds
    follow = remember(
        client,
        headers,
        "Priya Raman says the rollout starts Monday.",
        source="slack",
        timestamp="2026-03-12T09:00:00Z",
    )
    kinds = {(link["target_id"], link["kind"]) for link in follow["links"]}
    assert (duplicate["id"], LinkKind.follows_up) in kinds  # the latest earlier one in the thread
    assert (first["id"], LinkKind.shares_entity) in kinds
    topic = remember(
        client, headers, "The billing service database migration needs a rollback plan.", source="email"
    )
    assert any(
        link["kind"] == LinkKind.same_topic and link["target_id"] == first["id"] for link in topic["links"]
    )
    unrelated = remember(client, headers, "Dinner with my sister on Saturday.", source="email")
    assert unrelated["links"] == []
    for link in follow["links"]:
        assert 0 <= link["score"] <= 1
    got = client.get(f"/v1/memories/{follow['id']}", headers=headers).json()
    assert got["links"] == follow["links"]


def test_importance_grows_with_the_signals(client, headers):
    plain = remember(client, headers, "The weather was grey.")
    rich = remember(
        client,
        headers,
        "Ana Lopez and Bob Lee from Acme Corp decided to cancel the contract. "
        "Bob will call Globex by Friday. This is a disaster.",
    )
    assert rich["importance"] > plain["importance"]


def test_delete_removes_what_no_other_memory_uses(client, headers):
    keep = remember(client, headers, "Priya Raman liked the new pricing page.")
    gone = remember(
        client,
        headers,
        "Priya Raman and Zed Quinn decided to drop the beta. Zed will email Initech by Friday.",
    )
    account = account_of(client, gone["id"])

    def count(label: str) -> int:
        return graph_rows(client, f"MATCH (n:{label} {{account_id: $a}}) RETURN count(n)", {"a": account})[0][
            0
        ]

    before = {label: count(label) for label in ("Person", "Organization", "Decision", "ActionItem", "Tag")}
    assert before["Decision"] == 1 and before["ActionItem"] == 1 and before["Organization"] == 1
    assert client.delete(f"/v1/memories/{gone['id']}", headers=headers).status_code == 204
    names = graph_rows(client, "MATCH (p:Person {account_id: $a}) RETURN p.name", {"a": account})
    assert [row[0] for row in names] == ["Priya Raman"]  # shared with `keep`, so it stays
    assert count("Organization") == 0 and count("Decision") == 0 and count("ActionItem") == 0
    kept_tags = set(client.get(f"/v1/memories/{keep['id']}", headers=headers).json()["tags"])
    assert count("Tag") == len(kept_tags)


def test_a_failing_write_leaves_nothing(client, headers):
    remember(client, headers, "An account needs a first memory.")
    services = client.app.state.services
    account = graph_rows(client, "MATCH (a:Account)-[:OWNS]->(:Memory) RETURN a.id LIMIT 1")[0][0]
    before = graph_rows(client, "MATCH (n) RETURN count(n)")[0][0]
    # The person merge fails (null key) after the memory node was created in the same statement.
    bad = {
        "people": [{"key": None, "name": "X", "first_key": "x"}],
        "organizations": [],
        "tags": ["t"],
        "decisions": [],
        "action_items": [],
        "links": [],
        "link_ids": [],
    }
    with pytest.raises(Exception):  # noqa: B017 - the store's own error type
        client.blocking_portal.call(
            lambda: repo.create_memory(
                services.driver,
                account_id=account,
                embedding=[0.1] * 384,
                graph=bad,
                memory={"id": "mem_half", "content": "x", "ts": 1, "created_ms": 1},
            )
        )
    assert graph_rows(client, "MATCH (n) RETURN count(n)")[0][0] == before
    assert graph_rows(client, "MATCH (m:Memory {id: 'mem_half'}) RETURN count(m)")[0][0] == 0


def test_batch_counts_each_item_and_is_all_or_nothing(settings, clock):
    from litestar.testing import TestClient

    from app.main import create_app

    small = settings.model_copy(update={"test_daily_limit": 6})
    with TestClient(create_app(small, clock=clock)) as client:
        headers = auth(new_key(client))
        items = [{"content": f"Batch note {i} about the launch plan.", "timestamp": TS} for i in range(3)]
        response = client.post("/v1/remember/batch", json={"items": items}, headers=headers)
        assert response.status_code == 201, response.text
        data = response.json()["data"]
        assert [m["content"] for m in data] == [i["content"] for i in items]
        assert response.headers["X-RateLimit-Remaining"] == "3"
        # Later items link to earlier ones of the same batch.
        assert any(link["target_id"] == data[0]["id"] for link in data[1]["links"])
        over = client.post("/v1/remember/batch", json={"items": [*items, items[0]]}, headers=headers)
        assert over.status_code == 429 and over.json()["error"]["code"] == "quota_exceeded"
        assert len(client.get("/v1/memories", headers=headers).json()["data"]) == 3  # 4 calls used
        blank = client.post(
            "/v1/remember/batch", json={"items": [{"content": "fine"}, {"content": " "}]}, headers=headers
        )
        assert blank.status_code == 422 and blank.json()["error"]["param"] == "items[1].content"
        listed = client.get("/v1/memories", headers=headers)  # the invalid batch was not charged
        assert len(listed.json()["data"]) == 3 and listed.headers["X-RateLimit-Remaining"] == "1"
        for body in ({"items": []}, {"items": [{"content": "x"}] * 101}):
            bad = client.post("/v1/remember/batch", json=body, headers=headers)
            assert bad.status_code == 422 and bad.json()["error"]["param"] == "items"
