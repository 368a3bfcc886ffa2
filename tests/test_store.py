"""The embedded store: schema bootstrap, persistence across restarts, 503 while down, recovery."""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path

import pytest
from falkordb.helpers import stringify_param_value
from litestar.testing import TestClient

from app.main import create_app
from graph import queries
from graph.drivers import schema
from graph.drivers.embedded import socket_path_for
from graph.filters import NO_FILTER
from graph.store import open_store
from tests.conftest import auth, new_key
from tests.graph_helpers import graph_rows

pytestmark = pytest.mark.parametrize("backend", ["falkordb"])  # process-level faults: the embedded store


def _pid(settings) -> int:
    return int((settings.data_dir() / "falkordb.pid").read_text())


def test_restart_keeps_data_and_bootstrap_is_idempotent(settings, clock):
    with TestClient(create_app(settings, clock=clock)) as first:
        key = new_key(first)
        created = first.post("/v1/remember", json={"content": "survives a restart"}, headers=auth(key)).json()
        pid = _pid(settings)
    with pytest.raises(ProcessLookupError):  # the service stopped its server on shutdown
        os.kill(pid, 0)
    with TestClient(create_app(settings, clock=clock)) as second:  # bootstrap runs again on the same data
        got = second.get(f"/v1/memories/{created['id']}", headers=auth(key))
        assert got.status_code == 200 and got.json() == created


def test_store_killed_answers_503_then_recovers(settings, clock):
    slow_restart = settings.model_copy(update={"embedded_restart_delay": 1.5})
    with TestClient(create_app(slow_restart, clock=clock), raise_server_exceptions=False) as client:
        headers = auth(new_key(client))
        acknowledged = client.post(
            "/v1/remember", json={"content": "acknowledged before the kill"}, headers=headers
        ).json()
        os.kill(_pid(settings), signal.SIGKILL)
        time.sleep(0.3)
        down = client.get("/v1/memories", headers=headers)
        assert down.status_code == 503, down.text
        assert down.json()["error"]["code"] == "store_unavailable"
        assert int(down.headers["Retry-After"]) >= 1
        assert client.get("/v1/health").json()["status"] == "degraded"
        deadline = time.monotonic() + 20
        while client.get("/v1/health").json()["status"] != "ok":
            assert time.monotonic() < deadline, "the store did not come back"
            time.sleep(0.2)
        # appendfsync always: what was acknowledged before the SIGKILL is there.
        got = client.get(f"/v1/memories/{acknowledged['id']}", headers=headers)
        assert got.status_code == 200 and got.json()["content"] == "acknowledged before the kill"
        assert client.get("/v1/health").json()["store"]["embedded_restarts"] == 1


async def test_a_second_process_uses_the_running_server(settings, backend):
    first = await open_store(settings.graph_uri, graph_name=settings.graph_name)
    second = await open_store(settings.graph_uri, graph_name=settings.graph_name)
    try:
        assert first.embedded.pid is not None
        assert second.embedded.pid is None  # it found the live server and did not start another
        assert (await second.driver.ping())["backend"] == "falkordb"
    finally:
        await second.close()
        await first.close()


def test_long_data_dir_gets_a_short_socket(tmp_path, backend):
    deep = tmp_path / ("d" * 120)
    path = socket_path_for(deep)
    assert len(str(path)) <= 100 and path == socket_path_for(deep)
    assert socket_path_for(Path("/tmp/x")) == Path("/tmp/x/falkordb.sock")


def test_every_query_resolves_for_both_dialects(backend):
    names = queries.all_query_names()
    assert "memory/create" in names and "usage/consume" in names
    # Every query has both dialects, except those only one store's code path runs: the term counts that
    # BM25 needs on FalkorDB (Neo4j's Lucene ranks by BM25 itself).
    only = {
        (name, dialect) for name in names for dialect in queries.DIALECTS if not queries.has(name, dialect)
    }
    assert only == {("search/term_counts", "neo4j")}
    for name in names:
        for dialect in queries.DIALECTS:
            if (name, dialect) not in only:
                assert queries.load(name, dialect).strip()
    # A dialect file wins over the shared one.
    assert "vecf32" in queries.load("memory/create", "falkordb")
    assert "vecf32" not in queries.load("memory/create", "neo4j")
    with pytest.raises(KeyError):
        queries.load("memory/nope", "neo4j")
    # An included part is `true` unless the query is loaded with its parts (a filtered search).
    plain, filtered = (
        queries.load("search/nearest", "falkordb"),
        queries.load("search/nearest+parts", "falkordb"),
    )
    assert "$f_ids" in filtered and "$f_ids" not in plain and "// include" not in plain + filtered
    assert "parts/memory_filter" not in names


def test_falkordb_bootstrap_registers_every_label_and_relationship_type(backend):
    """The FalkorDB plan-cache workaround only works if no query uses a name it does not create."""
    import re

    registered = queries.load("schema/bootstrap", "falkordb")
    used_types, used_labels = set(), set()
    for name in queries.all_query_names():
        if name.startswith("schema/"):
            continue
        text = "\n".join(
            line for line in queries.load(name, "falkordb").splitlines() if not line.startswith("//")
        )
        used_types |= set(re.findall(r"\[\s*\w*\s*:([A-Z_]+)", text))
        used_labels |= {
            label for group in re.findall(r"\(\s*\w*((?::[A-Z]\w*)+)", text) for label in group.split(":")
        }
    used_labels.discard("")
    assert {"LINKED", "OWNS", "MENTIONS"} <= used_types and {"Memory", "Person"} <= used_labels
    for rel_type in used_types:
        assert f"[:{rel_type}]" in registered, rel_type
    for label in used_labels:
        assert f":SchemaProbe:{label})" in registered or label == "SchemaProbe", label


def test_neo4j_schema_declares_every_unique_key(backend):
    ddl = "\n".join(queries.statements("schema/bootstrap", "neo4j"))
    for label, prop in schema.UNIQUE_KEYS:
        assert f":{label}) REQUIRE " in ddl and f".{prop} IS UNIQUE" in ddl, (label, prop)
    assert "VECTOR INDEX" in ddl and "FULLTEXT INDEX" in ddl


def _most_records(client: TestClient, name: str, params: dict, operation: str = "") -> int:
    """The most records any operation (named `operation`, if given) of the query's FalkorDB profile
    produced."""
    driver = client.app.state.services.driver

    async def profile() -> list:
        prefix = "CYPHER " + " ".join(f"{k}={stringify_param_value(v)}" for k, v in params.items())
        command = ("GRAPH.PROFILE", driver._graph.name, f"{prefix} {driver.query(name)}")
        return await driver._db.connection.execute_command(*command)

    lines = [
        line.decode() if isinstance(line, bytes) else line for line in client.blocking_portal.call(profile)
    ]
    found = (re.search(r"Records produced: (\d+)", line) for line in lines if operation in line)
    return max(int(m.group(1)) for m in found if m)


def test_lookups_by_id_do_not_visit_the_accounts_other_memories(client, backend):
    """Each query starts from the nodes it is given, not from the account's memories: with 24 memories
    stored, none visits more than a few (the planner had started the graph walk's decision branch
    from every memory of the account, and `memory/get` and the memory count walked them all); and
    listing reads only the account's own memories (it had scanned every memory of the store)."""
    headers = auth(new_key(client))
    items = [{"content": f"We decided to hire engineer number {i} for the Atlas team."} for i in range(24)]
    created = client.post("/v1/remember/batch", json={"items": items}, headers=headers).json()["data"]
    memory = created[0]
    account = graph_rows(client, "MATCH (a:Account)-[:OWNS]->(:Memory {id: $id}) RETURN a.id", memory)[0][0]
    decision = graph_rows(client, "MATCH (:Memory {id: $id})-[:RECORDS]->(d) RETURN d.id", memory)[0][0]
    hop = {"account_id": account, "seen": [], "room": 10, "decision_ids": [decision]}
    hop |= {key: [] for key in ("memory_ids", "entity_ids", "tag_ids", "action_ids")}
    assert _most_records(client, "graph/hop", hop) <= 2
    assert _most_records(client, "memory/get", {"account_id": account, "id": memory["id"]}) <= 2
    assert _most_records(client, "search/count", {"account_id": account}) <= 2
    # A tag on every memory is skipped by ask's tag query from its degree, without visiting them.
    common = graph_rows(
        client,
        "MATCH (t:Tag)<-[:TAGGED]-(m:Memory) WHERE t.account_id = $a WITH t, count(m) AS n "
        "WHERE n = 24 RETURN t.name",
        {"a": account},
    )[0][0]
    tags = {"account_id": account, "tags": [common], "limit": 30, "max_df": 5} | NO_FILTER.params()
    assert _most_records(client, "search/by_tags", tags) <= 2
    driver = client.app.state.services.driver
    assert client.blocking_portal.call(driver.read, "search/by_tags", tags) == []
    assert len(client.blocking_portal.call(driver.read, "search/by_tags", tags | {"max_df": 24})) == 24
    # Listing another account's three memories reads those three, not the store's 27.
    other = auth(new_key(client))
    few = [{"content": f"Note {i} about the garden."} for i in range(3)]
    ids = [
        m["id"] for m in client.post("/v1/remember/batch", json={"items": few}, headers=other).json()["data"]
    ]
    owner = graph_rows(client, "MATCH (m:Memory {id: $id}) RETURN m.account_id", {"id": ids[0]})[0][0]
    filters = dict.fromkeys(("source", "triage_type", "since", "until", "cursor_ts", "cursor_id", "tag"))
    assert _most_records(client, "memory/list", {"account_id": owner, "limit": 20, **filters}, "Scan") == 3
    assert client.get("/v1/stats", headers=headers).json()["memories"] == 24
