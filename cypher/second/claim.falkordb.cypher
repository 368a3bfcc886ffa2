// Claim memories for the second embedding (pipelines/ingest/second_embedding.py), of any account,
// longest waiting first: those whose `second_due_ms` has come (a new or edited memory is due at once;
// a claim whose process died is due again when its lease ends). FalkorDB runs writes one at a time, so
// two processes never claim one memory at once: the second finds it due only after the lease.
MATCH (m:Memory)
WHERE m.second_due_ms <= $now_ms
WITH m
ORDER BY m.second_due_ms
LIMIT $limit
SET m.second_due_ms = $lease_until_ms, m.second_claim = $token
RETURN m.id AS id, m.content AS content
