// Comprehensions use distinct variable names: FalkorDB empties a second one that reuses a name.
// Newest first by the memory's timestamp, id as the tie-break: a cursor is the last (ts, id) seen,
// so pages never repeat or skip a memory while others are added. The account's memories come from the
// account_id index: through the account's OWNS relationships, FalkorDB scanned every memory of the store
// and walked back to the account (17 of 37 ms at 10,000 memories).
// The filters (source, triage type, times, user, agent, session, metadata) are the search's
// (parts/memory_filter). A filter with a user, agent, session or metadata value reads from the `scope`
// index instead (memory/list_scoped).
MATCH (m:Memory)
WHERE m.account_id = $account_id
  AND ($cursor_ts IS NULL OR m.ts < $cursor_ts OR (m.ts = $cursor_ts AND m.id < $cursor_id))
  AND ($tag IS NULL OR (m)-[:TAGGED]->(:Tag {name: $tag}))
WITH m,
// include parts/memory_filter
  AS kept
WHERE kept
WITH m
ORDER BY m.ts DESC, m.id DESC
LIMIT $limit
// insert parts/memory_object
