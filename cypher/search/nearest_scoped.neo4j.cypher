// The nearest memories within a scope (a user, agent, session or metadata value: $f_anchor, one of the
// filter's scope pairs), by exact cosine over the scope's memories: the global vector index cannot serve
// a narrow scope (its nearest thousands hold few of one user's memories). Also ingest's link candidates
// for a memory with a user_id. vector.similarity.cosine is (1 + cos) / 2.
MATCH (m:Memory)
WHERE $f_anchor IN m.scope AND m.account_id = $account_id
WITH m,
// include parts/memory_filter
  AS kept
WHERE kept
WITH m, 2 * vector.similarity.cosine(m.embedding, $embedding) - 1 AS similarity
RETURN m.id AS id, similarity, m.ts AS ts, m.source AS source, m.content_hash AS content_hash,
       m.identifiers AS identifiers, m.content AS content
ORDER BY similarity DESC, id
LIMIT $limit
