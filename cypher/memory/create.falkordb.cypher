// One memory with all its relationships, in one statement: it is there whole or not at all.
// Entities and tags are per account, merged by key; decisions and action items belong to this memory
// (parts/memory_graph).
MATCH (a:Account {id: $account_id})
CREATE (a)-[:OWNS]->(m:Memory)
SET m = $memory, m.account_id = $account_id, m.embedding = vecf32($embedding)
// insert parts/memory_graph
RETURN m.id AS id
