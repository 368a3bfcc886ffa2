// Comprehensions use distinct variable names: FalkorDB empties a second one that reuses a name.
// Newest first by the memory's timestamp, id as the tie-break: a cursor is the last (ts, id) seen,
// so pages never repeat or skip a memory while others are added. The account's memories come from the
// account_id index: through the account's OWNS relationships, FalkorDB scanned every memory of the store
// and walked back to the account (17 of 37 ms at 10,000 memories).
MATCH (m:Memory)
WHERE m.account_id = $account_id
  AND ($source IS NULL OR m.source = $source)
  AND ($triage_type IS NULL OR m.triage_type = $triage_type)
  AND ($since IS NULL OR m.ts >= $since)
  AND ($until IS NULL OR m.ts <= $until)
  AND ($cursor_ts IS NULL OR m.ts < $cursor_ts OR (m.ts = $cursor_ts AND m.id < $cursor_id))
  AND ($tag IS NULL OR (m)-[:TAGGED]->(:Tag {name: $tag}))
WITH m
ORDER BY m.ts DESC, m.id DESC
LIMIT $limit
RETURN m {.id, .content, .summary, .source, .ts, .created_ms, .triage_type, .sentiment, .importance,
          .extraction, .file, .part} AS memory,
       [(m)-[:TAGGED]->(tag:Tag) | tag.name] AS tags,
       [(m)-[link:LINKED]->(target:Memory) | {target_id: target.id, kind: link.kind, score: link.score}] AS links
