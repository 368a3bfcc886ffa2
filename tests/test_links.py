"""The same_topic threshold against the labelled pairs, and the link rules on their own."""

from __future__ import annotations

from models.memory import LinkKind
from pipelines.ingest.links import DUPLICATE, SAME_TOPIC, find_links, novelty
from pipelines.nlp.embed import Embedder
from tests.data.link_pairs import DIFFERENT_TOPIC
from tests.data.link_pairs import SAME_TOPIC as SAME_PAIRS


def test_same_topic_threshold_separates_the_labelled_pairs():
    embedder = Embedder.load("sentence-transformers/all-MiniLM-L6-v2", "cpu")

    def similarity(a: str, b: str) -> float:
        va, vb = embedder.encode([a, b])
        return float(va @ vb)

    same = [similarity(a, b) for a, b in SAME_PAIRS]
    different = [similarity(a, b) for a, b in DIFFERENT_TOPIC]
    correct = sum(s >= SAME_TOPIC for s in same) + sum(d < SAME_TOPIC for d in different)
    assert correct / (len(same) + len(different)) >= 0.9, (same, different)
    assert max(different) < SAME_TOPIC < DUPLICATE


def test_link_rules():
    similar = [
        {"id": "dup", "similarity": 0.97, "ts": 1, "source": "x", "content_hash": "h0"},
        {"id": "same-text", "similarity": 0.7, "ts": 1, "source": "x", "content_hash": "h"},
        {"id": "topic", "similarity": 0.5, "ts": 1, "source": "x", "content_hash": "h1"},
        {"id": "far", "similarity": 0.1, "ts": 1, "source": "x", "content_hash": "h2"},
    ]
    sharing = [
        {"id": "thread-old", "ts": 5, "source": "slack", "shared": 1},
        {"id": "thread-new", "ts": 8, "source": "slack", "shared": 2},
        {"id": "later", "ts": 20, "source": "slack", "shared": 2},
        {"id": "elsewhere", "ts": 9, "source": "email", "shared": 2},
    ]
    links = find_links(
        similar=similar, sharing=sharing, content_hash="h", entity_count=2, source="slack", ts=10
    )
    kinds = {(link.target_id, link.kind) for link in links}
    assert ("dup", LinkKind.duplicate) in kinds and ("same-text", LinkKind.duplicate) in kinds
    assert ("topic", LinkKind.same_topic) in kinds and not any(t == "far" for t, _ in kinds)
    assert ("thread-new", LinkKind.follows_up) in kinds  # the latest earlier one from the same source
    assert ("thread-old", LinkKind.follows_up) not in kinds and ("later", LinkKind.follows_up) not in kinds
    assert ("elsewhere", LinkKind.shares_entity) in kinds
    assert [link.score for link in links] == sorted((link.score for link in links), reverse=True)
    assert novelty(similar) == 1 - 0.97 and novelty([]) == 1.0


def test_an_entity_keeps_its_latest_mentions_and_sharing_reads_them(client, headers, monkeypatch):
    import graph.memories
    from graph import entities
    from graph.memories import memories_sharing_entities
    from tests.graph_helpers import account_of, graph_rows

    monkeypatch.setattr(graph.memories, "RECENT_MENTIONS", 3)
    topics = [
        "the kiln budget",
        "the glaze order",
        "the studio lease",
        "the firing schedule",
        "the clay supplier",
    ]
    ids = []
    for day, topic in enumerate(topics, start=1):
        body = {
            "content": f"Priya Raman reviewed {topic} with the team.",
            "timestamp": f"2026-05-0{day}T10:00:00Z",
        }
        ids.append(client.post("/v1/remember", json=body, headers=headers).json()["id"])
    account = account_of(client, ids[0])
    driver = client.app.state.services.driver

    def recent() -> list[str]:
        return graph_rows(
            client,
            "MATCH (e:Entity {account_id: $a, key: 'priya raman'}) RETURN e.recent",
            {"a": account},
        )[0][0]

    def sharing() -> list[str]:
        call = memories_sharing_entities(driver, account_id=account, keys=["priya raman"], limit=10)
        return [row["id"] for row in client.blocking_portal.call(lambda: call)]

    # Newest first, at most RECENT_MENTIONS: the older mentions are not read at all.
    assert recent() == ids[:1:-1] and sharing() == ids[:1:-1]
    assert client.delete(f"/v1/memories/{ids[-1]}", headers=headers).status_code == 204
    assert sharing() == [ids[3], ids[2]]  # a deleted memory's id matches nothing
    # A store written before entities kept the list gets it at start-up, newest by timestamp.
    graph_rows(client, "MATCH (e:Entity {account_id: $a}) REMOVE e.recent", {"a": account})
    assert client.blocking_portal.call(lambda: entities.fill_recent_mentions(driver)) >= 1
    assert recent() == [ids[3], ids[2], ids[1]] and sharing() == [ids[3], ids[2], ids[1]]


def test_the_pipelines_links_stay_within_ten_and_keep_the_current_fact():
    from models.memory import Link
    from pipelines.ingest.links import MAX_LINKS, capped

    links = [Link(target_id=f"m{i}", kind=LinkKind.same_topic, score=0.9 - i / 100) for i in range(12)]
    links.append(Link(target_id="old", kind=LinkKind.supersedes, score=0.2))
    kept = capped(links)
    assert len(kept) == MAX_LINKS
    assert any(link.kind is LinkKind.supersedes for link in kept)
    assert [link.score for link in kept] == sorted((link.score for link in kept), reverse=True)


def test_lint_lists_a_pair_under_one_kind():
    from models.lint import Finding, FindingKind, Severity
    from pipelines.knowledge.lint import _one_kind_per_pair

    def finding(kind: FindingKind, ids: list[str]) -> Finding:
        return Finding(
            kind=kind,
            severity=Severity.medium,
            message="",
            memory_ids=ids,
            entity_ids=[],
            suggestion="",
            fixable=False,
        )

    findings = [
        finding(FindingKind.duplicate_memory, ["a", "b"]),
        finding(FindingKind.contradiction, ["b", "a"]),
        finding(FindingKind.duplicate_memory, ["c", "d"]),
    ]
    kept = _one_kind_per_pair(findings)
    assert [(f.kind, f.memory_ids) for f in kept] == [
        (FindingKind.contradiction, ["b", "a"]),
        (FindingKind.duplicate_memory, ["c", "d"]),
    ]
