// Claim memories for the second embedding (pipelines/ingest/second_embedding.py), of any account,
// longest waiting first: those whose `second_due_ms` has come (a new or edited memory is due at once;
// a claim whose process died is due again when its lease ends). Neo4j runs transactions side by side:
// setting `second_lock` takes each memory's write lock first, so a concurrent claimer waits for this
// transaction to commit and then reads the memory's due time again, no longer due: one claim wins.
MATCH (m:Memory)
WHERE m.second_due_ms <= $now_ms
WITH m
ORDER BY m.second_due_ms
LIMIT $limit
SET m.second_lock = $token
WITH m
WHERE m.second_due_ms <= $now_ms
SET m.second_due_ms = $lease_until_ms, m.second_claim = $token
REMOVE m.second_lock
RETURN m.id AS id, m.content AS content
