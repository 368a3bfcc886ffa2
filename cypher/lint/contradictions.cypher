// Memories that contradict each other, linked at remember (`supersedes`: the later one holds the current
// fact; `contradicts`: the new memory was older than the one it contradicts). Ask answers from the later
// one, but the store holds both until one is deleted.
MATCH (a:Memory)-[l:LINKED]->(b:Memory)
WHERE a.account_id = $account_id AND b.account_id = $account_id AND l.kind IN ['supersedes', 'contradicts']
RETURN CASE WHEN a.ts >= b.ts THEN [a.id, b.id] ELSE [b.id, a.id] END AS memory_ids, [] AS entity_ids,
       l.score AS score, CASE WHEN a.ts >= b.ts THEN b.summary ELSE a.summary END AS detail
LIMIT $limit
