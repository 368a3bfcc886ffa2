// The list within a scope (a user, agent, session or metadata value: $f_anchor, the filter's most
// selective scope pair), read from the `scope` index: at 10,000 memories over 100 users, testing every
// memory of the account against the scope instead made one user's page slower than the whole
// account's. Newest first, the same cursor and filters as memory/list.
MATCH (m:Memory)
WHERE $f_anchor IN m.scope AND m.account_id = $account_id
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
