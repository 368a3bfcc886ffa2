// The account's memories that mention any of these people or organizations, newest first.
MATCH (e:Entity)
WHERE e.account_id = $account_id AND e.key IN $keys
MATCH (e)<-[:MENTIONS]-(m:Memory)
WITH m, count(DISTINCT e) AS shared
RETURN m.id AS id, m.ts AS ts, m.source AS source, shared
ORDER BY m.ts DESC
LIMIT $limit
