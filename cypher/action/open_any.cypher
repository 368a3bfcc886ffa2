// The open action items of anyone, written no later than $ts: what a new memory that reports a deed
// without naming who did it ("Renewed the wildcard certificate with Sectigo") might report done, the
// writer's own or another's ("Jonas will renew it with Sectigo") (within the caller's filters). The
// latest first.
MATCH (x:ActionItem)
WHERE x.account_id = $account_id AND x.status = 'open' AND x.ts <= $ts
MATCH (m:Memory)-[:HAS_ACTION]->(x)
WITH x,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN x.id AS id, x.text AS text, x.owner AS owner
ORDER BY x.ts DESC
LIMIT 50
