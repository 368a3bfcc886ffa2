// Memories that mention any of these people or organizations (by key, through the entity index).
MATCH (e:Entity)
WHERE e.key IN $keys AND e.account_id = $account_id
MATCH (e)<-[:MENTIONS]-(m:Memory)
WITH m, count(DISTINCT e) AS matched
RETURN m.id AS id, matched
ORDER BY matched DESC, m.ts DESC
LIMIT $limit
