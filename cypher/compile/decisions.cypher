// The decisions recorded by the given memories, oldest first.
MATCH (m:Memory)-[:RECORDS]->(d:Decision)
WHERE m.id IN $memory_ids AND m.account_id = $account_id
RETURN m.id AS memory_id, d.id AS id, d.text AS text, d.ts AS ts
ORDER BY d.ts, d.id
