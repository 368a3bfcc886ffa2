"""Graph, compile, lint, stats and feedback over a fixture corpus whose graph the tests know."""

from __future__ import annotations

import re

import pytest

from pipelines.nlp.names import plain_key, variant_key
from tests.conftest import auth, new_key
from tests.graph_helpers import account_of, graph_rows

NOTES = [
    (
        "Ana Lopez from Acme Corp decided to move the launch to May 3. Ana will send the press kit by "
        "Friday.",
        "2026-03-10T09:00:00Z",
    ),
    (
        "Ana Lopez met Bob Stone to review the budget. Bob will draft the hiring plan by March 12.",
        "2026-03-11T09:00:00Z",
    ),
    ("Bob Stone completed the hiring plan.", "2026-03-13T09:00:00Z"),
    ("The office wifi password is hunter2 for guests and staff alike.", "2026-01-05T09:00:00Z"),
]
BIRTHDAYS = [
    ("Bob's birthday is on March 3.", "2026-02-01T09:00:00Z"),
    ("Bob's birthday is on March 30.", "2026-02-20T09:00:00Z"),
]
CITATION = re.compile(r"\[(\d+)\]")
SECTIONS = ["Overview", "Timeline", "Decisions", "Action items", "Related people and organizations", "Topics"]


@pytest.fixture
def corpus(client, headers) -> list[dict]:
    items = [{"content": text, "timestamp": ts} for text, ts in NOTES]
    response = client.post("/v1/remember/batch", json={"items": items}, headers=headers)
    assert response.status_code == 201
    return response.json()["data"]


def _expected_neighbourhood(memories: list[dict], root: dict) -> tuple[set, set]:
    """Depth 1 from the memory objects alone: the root's entities, tags, decisions, action items and
    linked memories (both directions); the edges among them."""
    by_id = {m["id"]: m for m in memories}
    x = root["extraction"]
    nodes = {("memory", root["id"])}
    nodes |= {("person", p) for p in x["people"]} | {("organization", o) for o in x["organizations"]}
    nodes |= {("tag", t) for t in root["tags"]} | {("decision", d) for d in x["decisions"]}
    nodes |= {("action_item", a["text"]) for a in x["action_items"]}
    linked = {link["target_id"] for link in root["links"]}
    linked |= {m["id"] for m in memories if any(link["target_id"] == root["id"] for link in m["links"])}
    nodes |= {("memory", i) for i in linked}
    edges = set()
    for memory_id in {root["id"], *linked}:
        m = by_id[memory_id]
        mx = m["extraction"]
        targets = [("MENTIONS", ("person", p)) for p in mx["people"]]
        targets += [("MENTIONS", ("organization", o)) for o in mx["organizations"]]
        targets += [("TAGGED", ("tag", t)) for t in m["tags"]]
        if memory_id == root["id"]:
            targets += [("RECORDS", ("decision", d)) for d in mx["decisions"]]
            targets += [("HAS_ACTION", ("action_item", a["text"])) for a in mx["action_items"]]
        targets += [("LINKED", ("memory", link["target_id"])) for link in m["links"]]
        edges |= {(("memory", memory_id), kind, t) for kind, t in targets if t in nodes}
    for a in x["action_items"]:
        if a["owner"] and ("person", a["owner"]) in nodes:
            edges.add((("action_item", a["text"]), "OWNED_BY", ("person", a["owner"])))
    return nodes, edges


def _as_sets(graph: dict) -> tuple[set, set]:
    def key(node):
        return (node["type"], node["id"] if node["type"] == "memory" else node["label"])

    by_id = {n["id"]: key(n) for n in graph["nodes"]}
    edges = {(by_id[e["source"]], e["type"], by_id[e["target"]]) for e in graph["edges"]}
    return set(by_id.values()), edges


def test_graph_depth_one_is_exactly_the_memory_and_what_it_connects_to(client, headers, corpus):
    root = corpus[1]
    response = client.get(f"/v1/graph/{root['id']}", headers=headers)
    assert response.status_code == 200
    graph = response.json()
    assert graph["root"] == root["id"] and graph["nodes"][0]["id"] == root["id"]
    nodes, edges = _as_sets(graph)
    expected_nodes, expected_edges = _expected_neighbourhood(corpus, root)
    assert nodes == expected_nodes
    assert edges == expected_edges
    assert len(graph["nodes"]) == len(expected_nodes) and not graph["truncated"]
    assert {n["depth"] for n in graph["nodes"]} == {0, 1}
    linked = [e for e in graph["edges"] if e["type"] == "LINKED"]
    assert linked and all(e["kind"] and e["score"] is not None for e in linked)


def test_graph_depth_two_reaches_further_and_limit_caps_it(client, headers, corpus):
    root = corpus[0]
    one = client.get(f"/v1/graph/{root['id']}?depth=1", headers=headers).json()
    two = client.get(f"/v1/graph/{root['id']}?depth=2", headers=headers).json()
    assert {n["id"] for n in one["nodes"]} < {n["id"] for n in two["nodes"]}
    # Bob Stone is two hops away: through the memory that names both him and Ana.
    assert "Bob Stone" not in {n["label"] for n in one["nodes"]}
    assert "Bob Stone" in {n["label"] for n in two["nodes"] if n["depth"] == 2}
    # The unrelated wifi note is never reached.
    assert corpus[3]["id"] not in {n["id"] for n in two["nodes"]}
    capped = client.get(f"/v1/graph/{root['id']}?depth=3&limit=4", headers=headers).json()
    assert len(capped["nodes"]) == 4 and capped["truncated"]
    ids = {n["id"] for n in capped["nodes"]}
    assert all(e["source"] in ids and e["target"] in ids for e in capped["edges"])


def test_graph_unknown_foreign_and_bad_depth(client, headers, corpus):
    assert client.get("/v1/graph/mem_nope", headers=headers).json()["error"]["code"] == "not_found"
    other = auth(new_key(client))
    response = client.get(f"/v1/graph/{corpus[0]['id']}", headers=other)
    assert response.status_code == 404
    response = client.get(f"/v1/graph/{corpus[0]['id']}?depth=4", headers=headers)
    assert response.status_code in (400, 422) and response.json()["error"]["param"] == "depth"


def _cited_ok(page: dict) -> None:
    for section in page["sections"]:
        for statement in section["statements"]:
            numbers = [int(n) for n in CITATION.findall(statement["text"])]
            assert numbers and numbers == statement["citations"], statement
            assert all(1 <= n <= len(page["sources"]) for n in numbers)


def test_compile_a_person_by_first_name(client, headers, corpus, clock):
    response = client.post("/v1/compile/ana", headers=headers)
    assert response.status_code == 200, response.text
    page = response.json()
    assert page["entity"]["name"] == "Ana Lopez" and page["type"] == "person"
    assert [s["title"] for s in page["sections"]] == SECTIONS
    _cited_ok(page)
    assert {s["id"] for s in page["sources"]} == {corpus[0]["id"], corpus[1]["id"]}
    sections = {s["title"]: [st["text"] for st in s["statements"]] for s in page["sections"]}
    timeline_days = [t.split(":")[0] for t in sections["Timeline"]]
    assert timeline_days == sorted(timeline_days) and "2026-05-03" in timeline_days
    assert any("move the launch" in d for d in sections["Decisions"])
    actions = sections["Action items"]
    # Today is 2026-03-14: the press kit (due Friday 03-13) is overdue; the hiring plan is done, as a
    # later memory reported.
    assert any(a.startswith("Overdue:") and "press kit" in a for a in actions)
    assert any(a.startswith("Done:") and "hiring plan" in a for a in actions)
    assert any(
        r.startswith("Bob Stone (person), together in 1 memory")
        for r in sections["Related people and organizations"]
    )
    assert any(r.startswith("Acme Corp (organization)") for r in sections["Related people and organizations"])
    assert "ana lopez" not in " ".join(sections["Topics"])
    assert page["markdown"].startswith("# Ana Lopez") and "## Action items" in page["markdown"]


def test_compile_keeps_the_page_until_a_memory_arrives(client, headers, corpus):
    first = client.post("/v1/compile/Acme Corp", json={"format": "json"}, headers=headers).json()
    assert first["recompiled"] and first["markdown"] is None and first["type"] == "organization"
    again = client.post(f"/v1/compile/{first['entity']['id']}", headers=headers).json()
    assert not again["recompiled"] and again["compiled_at"] == first["compiled_at"]
    assert again["markdown"].startswith("# Acme Corp")
    assert len(graph_rows(client, "MATCH (w:WikiPage)-[:ABOUT]->(o:Organization) RETURN w.title")) == 1
    client.post(
        "/v1/remember",
        json={"content": "Acme Corp signed the new support contract.", "timestamp": "2026-03-12T09:00:00Z"},
        headers=headers,
    )
    fresh = client.post("/v1/compile/acme corp", headers=headers).json()
    assert fresh["recompiled"] and len(fresh["sources"]) == 2
    # A tag compiles too.
    tag = client.post("/v1/compile/hiring plan", headers=headers).json()
    assert tag["type"] == "tag" and [s["title"] for s in tag["sections"]] == SECTIONS


def test_compile_unknown_and_foreign_entities_are_404(client, headers, corpus):
    assert client.post("/v1/compile/Zed Nobody", headers=headers).status_code == 404
    other = auth(new_key(client))
    response = client.post("/v1/compile/Ana Lopez", headers=other)
    assert response.status_code == 404 and response.json()["error"]["param"] == "entity"
    # Cypher in the path is a name to look up, nothing more.
    response = client.post("/v1/compile/x') MATCH (n) DETACH DELETE n //", headers=headers)
    assert response.status_code == 404
    assert client.get(f"/v1/memories/{corpus[0]['id']}", headers=headers).status_code == 200


def _kinds(report: dict) -> set[str]:
    return {f["kind"] for f in report["findings"]}


def test_lint_on_a_clean_store_finds_nothing(client, headers):
    client.post(
        "/v1/remember",
        json={"content": "Priya Raman prefers the quarterly review on Thursdays at the Berlin office."},
        headers=headers,
    )
    report = client.post("/v1/lint", headers=headers).json()
    assert report["findings"] == [] and report["score"] == 100
    assert report["counts"]["memories"] == 1 and all(
        report["counts"][k] == 0 for k in ("orphan", "dangling_link")
    )


def test_lint_finds_each_kind_and_fix_repairs_the_safe_ones(client, headers, corpus):
    account = account_of(client, corpus[0]["id"])
    body = {"content": NOTES[3][0], "timestamp": NOTES[3][1]}
    dup = client.post("/v1/remember", json=body, headers=headers).json()
    client.post("/v1/remember", json={"content": "ok"}, headers=headers)
    for text, ts in BIRTHDAYS:
        client.post("/v1/remember", json={"content": text, "timestamp": ts}, headers=headers)
    client.post(
        "/v1/feedback",
        json={
            "question": "What is the wifi password?",
            "answer": "hunter2 [1]",
            "rating": "down",
            "source_ids": [corpus[3]["id"]],
        },
        headers=headers,
    )
    other_memory = client.post(
        "/v1/remember", json={"content": "Someone else's note about Acme."}, headers=auth(new_key(client))
    ).json()
    # Damage that the API never makes, written straight into the store.
    graph_rows(
        client,
        "MATCH (m:Memory {id: $id}) "
        "CREATE (m)-[:MENTIONS]->(:Entity:Organization {account_id: $a, id: 'org_dup', key: 'acme-corp', "
        "name: 'ACME-Corp', plain: $dup_plain, variant: $dup_variant}) "
        "CREATE (m)-[:MENTIONS]->(:Entity:Organization {account_id: $a, id: 'org_inc', key: 'acme corp inc', "
        "name: 'Acme Corp Inc', plain: $inc_plain, variant: $inc_variant}) "
        "CREATE (:Tag {account_id: $a, id: 'tag_orphan', name: 'forgotten'})",
        {
            "id": corpus[1]["id"],
            "a": account,
            "dup_plain": plain_key("ACME-Corp"),
            "dup_variant": variant_key("ACME-Corp"),
            "inc_plain": plain_key("Acme Corp Inc"),
            "inc_variant": variant_key("Acme Corp Inc"),
        },
    )
    graph_rows(client, "MATCH (m:Memory {id: $id}) SET m.embedding = NULL", {"id": corpus[2]["id"]})
    graph_rows(
        client,
        "MATCH (a:Memory {id: $a}), (b:Memory {id: $b}) "
        "CREATE (a)-[:LINKED {kind: 'same_topic', score: 0.5}]->(b)",
        {"a": corpus[0]["id"], "b": other_memory["id"]},
    )
    report = client.post("/v1/lint", json={"fix": False}, headers=headers).json()
    assert _kinds(report) == {
        "contradiction",
        "duplicate_memory", "disputed_memory", "duplicate_entity", "entity_variant", "orphan",
        "overdue_action_item", "incomplete_memory", "dangling_link", "near_empty_memory",
    }  # fmt: skip
    assert report["score"] < 100 and report["fixed"] == []
    by_kind = {f["kind"]: f for f in report["findings"]}
    assert set(by_kind["duplicate_memory"]["memory_ids"]) == {corpus[3]["id"], dup["id"]}
    assert set(by_kind["dangling_link"]["memory_ids"]) == {corpus[0]["id"]}
    assert "org_dup" in by_kind["duplicate_entity"]["entity_ids"]
    assert by_kind["overdue_action_item"]["message"].startswith("Overdue since 2026-03-13")
    assert all(f["message"] and f["suggestion"] and f["severity"] for f in report["findings"])

    fixed = client.post("/v1/lint", json={"fix": True}, headers=headers).json()
    assert {r["kind"] for r in fixed["fixed"]} == {
        "duplicate_entity",
        "orphan",
        "incomplete_memory",
        "dangling_link",
    }
    assert _kinds(fixed) == {
        "contradiction",
        "duplicate_memory",
        "disputed_memory",
        "entity_variant",
        "overdue_action_item",
        "near_empty_memory",
    }
    assert fixed["score"] > report["score"]
    # The merge kept one Acme Corp, and the memory still mentions it; the other account is untouched.
    names = graph_rows(
        client,
        "MATCH (m:Memory {id: $id})-[:MENTIONS]->(o:Organization) RETURN o.name",
        {"id": corpus[1]["id"]},
    )
    assert len(names) == 2 and "Acme Corp Inc" in {r[0] for r in names}
    assert graph_rows(client, "MATCH (o:Organization {id: 'org_dup'}) RETURN count(o)") in ([[0]], [[1]])
    assert graph_rows(client, "MATCH (t:Tag {id: 'tag_orphan'}) RETURN count(t)") == [[0]]
    assert client.get(f"/v1/memories/{other_memory['id']}", headers=auth(new_key(client))).status_code == 404
    assert graph_rows(
        client, "MATCH (m:Memory {id: $id}) RETURN m.embedding IS NULL", {"id": corpus[2]["id"]}
    ) == [[False]]


def test_stats_match_the_store(client, headers, corpus):
    stats = client.get("/v1/stats", headers=headers).json()
    assert stats["memories"] == len(corpus)
    people = {p for m in corpus for p in m["extraction"]["people"]}
    assert stats["entities"]["person"] == len(people)
    assert stats["entities"]["decision"] == sum(len(m["extraction"]["decisions"]) for m in corpus)
    assert stats["tags"] == len({t for m in corpus for t in m["tags"]})
    links: dict[str, int] = {}
    for m in corpus:
        for link in m["links"]:
            links[link["kind"]] = links.get(link["kind"], 0) + 1
    assert stats["links"] == links
    # The batch counted 4 calls and this one 1.
    assert stats["usage"] == {
        "key_kind": "test",
        "today": 5,
        "this_month": 5,
        "limits": {"daily": 100, "monthly": 1000},
        "remaining": 95,
    }
    assert (
        stats["pipeline"]["backends"]["embedding"] and stats["pipeline"]["median_ms"]["remember.models"] > 0
    )
    assert stats["feedback"] == {"up": 0, "down": 0}
    other = client.get("/v1/stats", headers=auth(new_key(client))).json()
    assert other["memories"] == 0 and other["links"] == {}


def test_feedback_correction_changes_the_next_answer(client, headers, corpus):
    question = "When is the launch?"
    first = client.post("/v1/ask", json={"question": question}, headers=headers).json()
    assert "May 3" in first["text"] and first["sources"][0]["id"] == corpus[0]["id"]
    response = client.post(
        "/v1/feedback",
        json={
            "question": question,
            "answer": first["text"],
            "rating": "down",
            "correction": "The launch moved to June 10.",
            "source_ids": [corpus[0]["id"]],
        },
        headers=headers,
    )
    assert response.status_code == 201
    feedback = response.json()
    assert feedback["id"].startswith("fb_") and feedback["rating"] == "down"
    correction = feedback["correction_memory"]
    assert correction["source"] == "feedback"
    assert {"target_id": corpus[0]["id"], "kind": "corrects", "score": 1.0} in correction["links"]
    second = client.post("/v1/ask", json={"question": question}, headers=headers).json()
    assert "June 10" in second["text"] and "May 3" not in second["text"]
    assert second["sources"][0]["id"] == correction["id"]
    stats = client.get("/v1/stats", headers=headers).json()
    assert stats["feedback"] == {"up": 0, "down": 1}
    rows = graph_rows(client, "MATCH (f:Feedback)-[:ABOUT]->(m:Memory) RETURN f.id, m.id")
    assert rows == [[feedback["id"], corpus[0]["id"]]]


def test_votes_nudge_the_ranking_within_bounds(client, headers, corpus):
    from pipelines.ask.retrieve import DEFAULT_SEARCH, feedback_factor

    for _ in range(7):
        client.post(
            "/v1/feedback",
            json={"question": "q", "answer": "a", "rating": "up", "source_ids": [corpus[1]["id"]]},
            headers=headers,
        )
    votes = graph_rows(
        client, "MATCH (m:Memory {id: $id}) RETURN m.votes_up, m.votes_down", {"id": corpus[1]["id"]}
    )
    assert votes == [[7, 0]]
    assert feedback_factor({"votes_up": 7, "votes_down": 0}, DEFAULT_SEARCH) == pytest.approx(1.25)
    assert feedback_factor({"votes_up": 0, "votes_down": 9}, DEFAULT_SEARCH) == pytest.approx(0.75)
    assert feedback_factor({"corrected_by": ["mem_x"]}, DEFAULT_SEARCH) == pytest.approx(0.5)


@pytest.mark.parametrize(
    ("body", "status", "param"),
    [
        ({"question": "q", "answer": "a", "rating": "meh"}, 422, "rating"),
        ({"question": "q", "answer": "a"}, 422, "rating"),
        ({"question": " ", "answer": "a", "rating": "up"}, 422, "question"),
        ({"question": "q", "answer": "a", "rating": "up", "correction": "It is 4."}, 422, "correction"),
        ({"question": "q", "answer": "a", "rating": "down", "source_ids": ["mem_nope"]}, 404, "source_ids"),
    ],
)
def test_bad_feedback(client, headers, body, status, param):
    response = client.post("/v1/feedback", json=body, headers=headers)
    assert response.status_code == status, response.text
    assert response.json()["error"]["param"] == param
    # Nothing was stored.
    assert graph_rows(client, "MATCH (f:Feedback) RETURN count(f)") == [[0]]
    assert graph_rows(client, "MATCH (m:Memory) RETURN count(m)") == [[0]]


def test_feedback_about_another_accounts_memory_is_404(client, headers, corpus):
    other = auth(new_key(client))
    body = {
        "question": "q",
        "answer": "a",
        "rating": "down",
        "correction": "No.",
        "source_ids": [corpus[0]["id"]],
    }
    response = client.post("/v1/feedback", json=body, headers=other)
    assert response.status_code == 404
    assert graph_rows(client, "MATCH (m:Memory {source: 'feedback'}) RETURN count(m)") == [[0]]


def test_a_later_contradicting_memory_supersedes_and_ask_answers_from_it(client, headers):
    old = client.post(
        "/v1/remember", json={"content": BIRTHDAYS[0][0], "timestamp": BIRTHDAYS[0][1]}, headers=headers
    ).json()
    new = client.post(
        "/v1/remember", json={"content": BIRTHDAYS[1][0], "timestamp": BIRTHDAYS[1][1]}, headers=headers
    ).json()
    assert any(link["kind"] == "supersedes" and link["target_id"] == old["id"] for link in new["links"])
    answer = client.post("/v1/ask", json={"question": "When is Bob's birthday?"}, headers=headers).json()
    assert "March 30" in answer["text"] and "March 3 " not in answer["text"] + " "
    finding = next(
        f for f in client.post("/v1/lint", headers=headers).json()["findings"] if f["kind"] == "contradiction"
    )
    assert finding["memory_ids"] == [new["id"], old["id"]]
    # Stored the other way round (the contradicting memory is the older one), the stored one stays current.
    older = client.post(
        "/v1/remember",
        json={"content": "Bob's birthday is on April 2.", "timestamp": "2026-01-01T09:00:00Z"},
        headers=headers,
    ).json()
    assert any(link["kind"] == "contradicts" for link in older["links"])
    answer = client.post("/v1/ask", json={"question": "When is Bob's birthday?"}, headers=headers).json()
    assert "March 30" in answer["text"] and "April 2" not in answer["text"]
    # Deleting the outdated memory settles it.
    client.delete(f"/v1/memories/{old['id']}", headers=headers)
    client.delete(f"/v1/memories/{older['id']}", headers=headers)
    report = client.post("/v1/lint", headers=headers).json()
    assert "contradiction" not in _kinds(report)


def test_consistent_memories_are_not_linked_as_contradictions(client, headers, corpus):
    kinds = {link["kind"] for m in corpus for link in m["links"]}
    assert not kinds & {"supersedes", "contradicts"}
