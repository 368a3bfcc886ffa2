"""What the schema bootstrap creates, as data shared by both drivers and checked by the tests.

Neo4j creates these with the DDL in `cypher/schema/bootstrap.neo4j.cypher`; FalkorDB's indexes come
from `bootstrap.falkordb.cypher`, but its unique constraints are a server command (GRAPH.CONSTRAINT),
not Cypher, so its driver creates them from this list.
"""

from __future__ import annotations

# (label, property) pairs that must be unique; each is also an exact-match index.
UNIQUE_KEYS: list[tuple[str, str]] = [
    ("Account", "id"),
    ("ApiKey", "id"),
    ("ApiKey", "key_hash"),
    ("Memory", "id"),
    ("Feedback", "id"),
]

VECTOR_INDEX = ("Memory", "embedding")
FULLTEXT_INDEX = ("Memory", "content")
