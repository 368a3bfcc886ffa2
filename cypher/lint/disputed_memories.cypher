// Feedback that flagged an answer as wrong without giving a correction: the cited memories hold a fact
// someone disputes and nothing in the store settles it yet.
MATCH (f:Feedback {account_id: $account_id, rating: 'down'})-[:ABOUT]->(m:Memory)
WHERE f.correction_memory_id IS NULL
RETURN [m.id] AS memory_ids, [] AS entity_ids, 1.0 AS score, f.question AS detail
LIMIT $limit
