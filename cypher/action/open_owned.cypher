// The open action items owned by the given people, written no later than $ts: what a new memory that
// names them might report done (within the caller's filters: a memory with a user_id closes only that
// user's items).
MATCH (p:Person)<-[:OWNED_BY]-(x:ActionItem)<-[:HAS_ACTION]-(m:Memory)
WHERE p.account_id = $account_id AND p.key IN $keys AND x.status = 'open' AND x.ts <= $ts
WITH x,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN x.id AS id, x.text AS text, x.owner AS owner
LIMIT 50
