"""Every Neo4j-dialect query passes Neo4j's own Cypher parser, so CI fails on a query that Neo4j would
reject even though no Neo4j runs here. `make install` installs the parser (npm, tests/cypher_parser)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from graph import queries

PARSER_DIR = Path(__file__).parent / "cypher_parser"


def lint(items: list[dict[str, str]]) -> list[dict]:
    node = shutil.which("node")
    assert node, "Node.js is needed for the Neo4j parser check: run `make install`"
    assert (PARSER_DIR / "node_modules" / "@neo4j-cypher").is_dir(), "run `make install` (npm install)"
    done = subprocess.run(
        [node, str(PARSER_DIR / "check.cjs")],
        input=json.dumps(items),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout)


def neo4j_statements() -> list[dict[str, str]]:
    items = []
    for name in queries.all_query_names():
        if name.startswith("schema/"):
            items += [
                {"name": f"{name}#{i}", "text": s} for i, s in enumerate(queries.statements(name, "neo4j"))
            ]
        elif queries.has(name, "neo4j"):  # some queries only FalkorDB needs (search/term_counts)
            items.append({"name": name, "text": queries.load(name, "neo4j")})
            # A query that includes a part (the search filters) is run both ways: parse both.
            with_parts = queries.load(name + queries.WITH_PARTS, "neo4j")
            if with_parts != items[-1]["text"]:
                items.append({"name": name + queries.WITH_PARTS, "text": with_parts})
    return items


def test_every_neo4j_query_parses():
    results = lint(neo4j_statements())
    assert len(results) >= 10
    failures = {r["name"]: r["errors"] for r in results if r["errors"]}
    assert not failures, json.dumps(failures, indent=1)


@pytest.mark.parametrize(
    "bad",
    [
        "MATCH (m:Memory RETURN m",  # syntax
        "MATCH (m) RETURN vecf32(m.embedding)",  # a FalkorDB-only function
        "CALL db.idx.vector.queryNodes('Memory', 'embedding', 3, $v) YIELD node RETURN node",  # FalkorDB's
    ],
)
def test_the_check_catches_what_neo4j_rejects(bad):
    assert lint([{"name": "bad", "text": bad}])[0]["errors"]
