// The account's memories that mention any of these people or organizations, newest first. They are read
// from each entity's list of the memories that last mentioned it (kept by memory/create), not from all
// its mentions: the cost stays flat as an entity is mentioned thousands of times. `shared`: how many of
// the entities list the memory; memories written at one time in the order of their content (ids are
// random: the same notes stored twice kept different ones under the limit). Within the caller's filters
// (a new memory's user: links stay within it).
MATCH (e:Entity)
WHERE e.account_id = $account_id AND e.key IN $keys
UNWIND coalesce(e.recent, []) AS memory_id
WITH memory_id, count(DISTINCT e) AS shared
MATCH (m:Memory {id: memory_id})
WHERE m.account_id = $account_id
WITH m, shared,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN m.id AS id, m.ts AS ts, m.source AS source, m.content_hash AS content_hash, shared
ORDER BY m.ts DESC, m.content_hash
LIMIT $limit
