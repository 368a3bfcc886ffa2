// The open action items owned by the given people, written no later than $ts: what a new memory that
// names them might report done.
MATCH (p:Person)<-[:OWNED_BY]-(x:ActionItem)
WHERE p.account_id = $account_id AND p.key IN $keys AND x.status = 'open' AND x.ts <= $ts
RETURN x.id AS id, x.text AS text, x.owner AS owner
LIMIT 50
