// The memories that mention a person or organization, newest $limit of them, within the
// caller's filters (a page for one end user).
MATCH (e:Entity {id: $entity_id})<-[:MENTIONS]-(m:Memory)
WHERE e.account_id = $account_id
WITH m,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN m.id AS id, m.summary AS summary, m.content AS content, m.ts AS ts, m.created_ms AS created_ms,
       m.source AS source, m.extraction AS extraction, m.importance AS importance
ORDER BY m.ts DESC, m.id
LIMIT $limit
