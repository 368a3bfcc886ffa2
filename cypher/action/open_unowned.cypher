// The open action items no one owns, written no later than $ts: the writer's own ("I need to renew the
// licence by Friday"), which a new memory reporting a deed without naming who did it ("Renewed the
// licence") might report done (within the caller's filters). The latest first.
MATCH (x:ActionItem)
WHERE x.account_id = $account_id AND x.status = 'open' AND x.owner IS NULL AND x.ts <= $ts
MATCH (m:Memory)-[:HAS_ACTION]->(x)
WITH x,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN x.id AS id, x.text AS text, x.owner AS owner
ORDER BY x.ts DESC
LIMIT 50
