// Memories tagged with any of these tags (through the tag index).
MATCH (t:Tag)
WHERE t.name IN $tags AND t.account_id = $account_id
MATCH (t)<-[:TAGGED]-(m:Memory)
WITH m, count(DISTINCT t) AS matched
RETURN m.id AS id, matched
ORDER BY matched DESC, m.ts DESC
LIMIT $limit
