// An edit (PATCH /v1/memories/{id}): the memory keeps its id, its incoming links and its feedback
// votes; its previous state is kept as a version; its own share of the graph is rewritten from the
// pipeline's new reading, in one statement, so a read sees the old memory or the new one, never half.
// Its decisions and action items go, its outgoing mentions, tags and links are replaced
// (parts/memory_graph), and the people, organizations and tags it named that no memory names any
// more are removed. Nothing matches (no row) when the memory was deleted meanwhile.
MATCH (m:Memory {id: $id})
WHERE m.account_id = $account_id
CREATE (m)-[:HAS_VERSION]->(:MemoryVersion {account_id: $account_id, memory_id: m.id,
                                             version: coalesce(m.version, 1), content: m.content,
                                             summary: m.summary, changed_fields: coalesce(m.changed_fields, []),
                                             changed_ms: coalesce(m.changed_ms, m.created_ms)})
WITH m, coalesce(m.version, 1) + 1 AS version, m.votes_up AS votes_up, m.votes_down AS votes_down
OPTIONAL MATCH (m)-[:RECORDS|HAS_ACTION]->(own)
DETACH DELETE own
WITH DISTINCT m, version, votes_up, votes_down
OPTIONAL MATCH (m)-[old:MENTIONS|TAGGED|LINKED]->()
DELETE old
WITH DISTINCT m, version, votes_up, votes_down
SET m = $memory, m.account_id = $account_id, m.embedding = vecf32($embedding), m.version = version,
    m.changed_fields = $changed_fields, m.changed_ms = $memory.changed_ms, m.votes_up = votes_up,
    m.votes_down = votes_down
// insert parts/memory_graph
WITH m
OPTIONAL MATCH (gone:Entity)
WHERE gone.id IN $previous_entity_ids AND gone.account_id = $account_id
  AND NOT (gone)<-[:MENTIONS]-(:Memory) AND NOT (gone)<-[:OWNED_BY]-(:ActionItem)
DETACH DELETE gone
WITH DISTINCT m
OPTIONAL MATCH (unused:Tag)
WHERE unused.id IN $previous_tag_ids AND unused.account_id = $account_id AND NOT (unused)<-[:TAGGED]-(:Memory)
DETACH DELETE unused
RETURN DISTINCT m.id AS id, m.version AS version
