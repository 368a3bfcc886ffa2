// The action items of the given memories, oldest first, with their owner's node when there is one.
MATCH (m:Memory)-[:HAS_ACTION]->(x:ActionItem)
WHERE m.id IN $memory_ids AND m.account_id = $account_id
OPTIONAL MATCH (x)-[:OWNED_BY]->(owner:Person)
RETURN m.id AS memory_id, x.id AS id, x.text AS text, x.owner AS owner, owner.id AS owner_id, x.due AS due,
       x.due_ms AS due_ms, x.status AS status, x.done_in AS done_in, x.ts AS ts
ORDER BY x.ts, x.id
