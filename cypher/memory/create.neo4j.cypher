// One memory, written with all its relationships in one statement: it is there whole or not at all.
MATCH (a:Account {id: $account_id})
CREATE (a)-[:OWNS]->(m:Memory)
SET m = $memory, m.account_id = $account_id, m.embedding = $embedding
RETURN m.id AS id
