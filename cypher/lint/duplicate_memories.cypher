// Memories that ingest linked as duplicates (near-identical content) and that both still exist.
MATCH (a:Memory)-[l:LINKED {kind: 'duplicate'}]->(b:Memory)
WHERE a.account_id = $account_id AND b.account_id = $account_id
RETURN [a.id, b.id] AS memory_ids, [] AS entity_ids, l.score AS score, a.summary AS detail
LIMIT $limit
