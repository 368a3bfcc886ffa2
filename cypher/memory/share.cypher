// The people, organizations and tags a memory names: what an edit may leave unused (memory/rewrite).
MATCH (m:Memory {id: $id})
WHERE m.account_id = $account_id
OPTIONAL MATCH (m)-[:MENTIONS]->(e:Entity)
WITH m, collect(DISTINCT e.id) AS entity_ids
OPTIONAL MATCH (m)-[:TAGGED]->(t:Tag)
RETURN entity_ids, collect(DISTINCT t.id) AS tag_ids
