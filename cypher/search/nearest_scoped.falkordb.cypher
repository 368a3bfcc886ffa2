// The nearest memories within a scope (a user, agent, session or metadata value: $f_anchor, one of the
// filter's scope pairs), by exact cosine over the scope's memories read from the `scope` index. The
// global vector index cannot serve a narrow scope: asked for its 2,000 nearest of 10,000 memories spread
// over 100 users, it returns about 20 of one user's 100. The cost follows the scope's size (2 ms for
// 100 memories, 13 ms for 10,000). Also ingest's link candidates for a memory with a user_id. FalkorDB
// answers a cosine distance.
MATCH (m:Memory)
WHERE $f_anchor IN m.scope AND m.account_id = $account_id
WITH m,
// include parts/memory_filter
  AS kept
WHERE kept
WITH m, 1 - vec.cosineDistance(m.embedding, vecf32($embedding)) AS similarity
RETURN m.id AS id, similarity, m.ts AS ts, m.source AS source, m.content_hash AS content_hash,
       m.identifiers AS identifiers, m.content AS content
ORDER BY similarity DESC, id
LIMIT $limit
