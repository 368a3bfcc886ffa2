"""Edit with history (PATCH /v1/memories/{id}, GET /v1/memories/{id}/history): the same id, the
pipeline run again, the graph share rewritten (people no other memory names removed, links recomputed,
supersession found), each version kept, a deleted memory's history gone with it, an edit racing a
delete, and bad patches in the error body. Over the real app (and a real server for the race)."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from tests.conftest import auth, new_key
from tests.graph_helpers import graph_rows
from tests.servers import Server, created_key


def remember(client, headers, content: str, **fields) -> dict:
    response = client.post("/v1/remember", json={"content": content, **fields}, headers=headers)
    assert response.status_code == 201, response.text
    return response.json()


def patch(client, headers, memory_id: str, **fields):
    return client.patch(f"/v1/memories/{memory_id}", json=fields, headers=headers)


def people(client) -> set[str]:
    return {row[0] for row in graph_rows(client, "MATCH (p:Person) RETURN p.name")}


def test_a_content_edit_reruns_the_pipeline_and_keeps_the_id(client, headers):
    other = remember(client, headers, "Priya Raman leads the mobile release.")
    memory = remember(
        client,
        headers,
        "Carla Mendes will send the vendor contract by Friday.",
        timestamp="2026-03-02T09:00:00Z",
    )
    assert memory["extraction"]["people"] == ["Carla Mendes"]
    response = patch(
        client, headers, memory["id"], content="Priya Raman will send the vendor contract by Monday."
    )
    assert response.status_code == 200, response.text
    edited = response.json()
    assert edited["id"] == memory["id"] and edited["created_at"] == memory["created_at"]
    assert edited["timestamp"] == memory["timestamp"]
    assert edited["extraction"]["people"] == ["Priya Raman"]
    assert edited["extraction"]["action_items"][0]["due"] == "2026-03-09"  # Monday after 2 March 2026
    # Links recomputed: it now shares Priya with the other memory.
    assert other["id"] in {link["target_id"] for link in edited["links"]}
    assert client.get(f"/v1/memories/{memory['id']}", headers=headers).json() == edited
    # Carla was named by no other memory: gone from the graph; Priya stays, once.
    assert people(client) == {"Priya Raman"}
    assert client.post("/v1/compile/Carla Mendes", headers=headers).status_code == 404
    # Exactly one of each of the memory's own nodes: the old action item went with the old reading.
    items = graph_rows(
        client, "MATCH (:Memory {id: $id})-[:HAS_ACTION]->(x:ActionItem) RETURN x.text", {"id": memory["id"]}
    )
    assert [row[0] for row in items] == ["Priya Raman will send the vendor contract by Monday."]
    answer = client.post(
        "/v1/ask", json={"question": "Who will send the vendor contract?"}, headers=headers
    ).json()
    assert "Priya" in answer["text"] and "Carla" not in answer["text"]

    history = client.get(f"/v1/memories/{memory['id']}/history", headers=headers).json()["data"]
    assert [v["version"] for v in history] == [1, 2]
    assert history[0]["content"].startswith("Carla") and history[0]["changed_fields"] == []
    assert history[0]["changed_at"] == memory["created_at"]
    assert history[1]["content"].startswith("Priya") and history[1]["changed_fields"] == ["content"]


def test_metadata_and_scope_edits_and_a_no_op(client, headers):
    memory = remember(
        client, headers, "The offsite is in Lisbon in May.", user_id="ana", metadata={"team": "ops"}
    )
    edited = patch(
        client, headers, memory["id"], metadata={"team": "sales", "year": 2026}, user_id=None
    ).json()
    assert edited["metadata"] == {"team": "sales", "year": 2026} and edited["user_id"] is None
    found = client.get("/v1/memories", params={"metadata": "team:sales"}, headers=headers).json()["data"]
    assert [m["id"] for m in found] == [memory["id"]]
    assert client.get("/v1/memories", params={"user_id": "ana"}, headers=headers).json()["data"] == []
    history = client.get(f"/v1/memories/{memory['id']}/history", headers=headers).json()["data"]
    assert history[-1]["changed_fields"] == ["user_id", "metadata"]
    # Sending the values it already has changes nothing and adds no version.
    same = patch(client, headers, memory["id"], source=memory["source"])
    assert same.status_code == 200 and same.json() == edited
    assert len(client.get(f"/v1/memories/{memory['id']}/history", headers=headers).json()["data"]) == 2


def test_a_timestamp_edit_resolves_dates_again(client, headers):
    memory = remember(client, headers, "Book the movers by Friday.", timestamp="2026-03-02T09:00:00Z")
    assert memory["extraction"]["dates"][0]["date"] == "2026-03-06"
    edited = patch(client, headers, memory["id"], timestamp="2026-04-06T09:00:00Z").json()
    assert edited["extraction"]["dates"][0]["date"] == "2026-04-10"


def test_an_edit_can_supersede_and_keeps_incoming_links(client, headers):
    old = remember(
        client, headers, "Carla owns the vendor contract review.", timestamp="2026-03-01T09:00:00Z"
    )
    newer = remember(
        client, headers, "Carla owns the vendor contract review.", timestamp="2026-03-02T09:00:00Z"
    )
    assert old["id"] in {link["target_id"] for link in newer["links"]}
    edited = patch(
        client, headers, newer["id"], content="Dmitri Petrov owns the vendor contract review now, not Carla."
    ).json()
    kinds = {link["kind"] for link in edited["links"] if link["target_id"] == old["id"]}
    assert "supersedes" in kinds, edited["links"]
    # A link another memory made to the edited one stays.
    third = remember(client, headers, "Dmitri Petrov owns the vendor contract review.")
    patch(client, headers, edited["id"], metadata={"checked": True})
    assert edited["id"] in {
        link["target_id"]
        for link in client.get(f"/v1/memories/{third['id']}", headers=headers).json()["links"]
    }


def test_deleting_a_memory_deletes_its_history(client, headers):
    memory = remember(client, headers, "Draft the Q3 plan.")
    patch(client, headers, memory["id"], content="Draft the Q3 plan and the budget.")
    assert graph_rows(client, "MATCH (v:MemoryVersion) RETURN count(v)")[0][0] == 1
    assert client.delete(f"/v1/memories/{memory['id']}", headers=headers).status_code == 204
    assert client.get(f"/v1/memories/{memory['id']}/history", headers=headers).status_code == 404
    assert graph_rows(client, "MATCH (v:MemoryVersion) RETURN count(v)")[0][0] == 0


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"content": None},
        {"content": "   "},
        {"timestamp": "2026-03-02"},
        {"metadata": {"a": {"b": 1}}},
        {"tags": ["x"]},  # not a field an edit takes
        {"content": "x" * 100_001},
    ],
)
def test_bad_patches_are_refused_in_the_error_body(client, headers, body):
    memory = remember(client, headers, "A note to edit.")
    response = client.patch(f"/v1/memories/{memory['id']}", json=body, headers=headers)
    assert response.status_code in (413, 422), response.text
    assert response.json()["error"]["type"] == "invalid_request_error"
    assert client.get(f"/v1/memories/{memory['id']}", headers=headers).json() == memory  # unchanged


def test_another_accounts_memory_is_404(client, headers):
    memory = remember(client, headers, "Mine, not yours.")
    other = auth(new_key(client))
    assert patch(client, other, memory["id"], content="Taken over.").status_code == 404
    assert client.get(f"/v1/memories/{memory['id']}/history", headers=other).status_code == 404
    assert patch(client, headers, "mem_missing", content="x").status_code == 404
    assert client.get(f"/v1/memories/{memory['id']}", headers=headers).json()["content"] == "Mine, not yours."


def test_an_edit_racing_a_delete_leaves_nothing_behind(module_server: Server):
    key = created_key(module_server.data_dir, account="edit-race")
    headers = {"Authorization": f"Bearer {key}"}

    async def race() -> list[tuple[int, int]]:
        outcomes = []
        async with httpx.AsyncClient(base_url=module_server.url, headers=headers, timeout=120) as http:
            for round_ in range(3):
                created = await http.post(
                    "/v1/remember", json={"content": f"Lena Fischer owns task {round_}."}
                )
                memory_id = created.json()["id"]
                edited, deleted = await asyncio.gather(
                    http.patch(
                        f"/v1/memories/{memory_id}", json={"content": f"Omar Haddad owns task {round_}."}
                    ),
                    http.delete(f"/v1/memories/{memory_id}"),
                )
                outcomes.append((edited.status_code, deleted.status_code))
                assert (await http.get(f"/v1/memories/{memory_id}")).status_code == 404
                assert (await http.get(f"/v1/memories/{memory_id}/history")).status_code == 404
            stats = (await http.get("/v1/stats")).json()
            assert stats["memories"] == 0, stats
        return outcomes

    for edited, deleted in asyncio.run(race()):
        assert deleted == 204 and edited in (200, 404)
