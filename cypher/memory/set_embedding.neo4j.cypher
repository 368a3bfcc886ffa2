// Store a recomputed embedding (lint --fix) on a memory that has none.
MATCH (m:Memory {id: $id})
WHERE m.account_id = $account_id AND m.embedding IS NULL
SET m.embedding = $embedding
RETURN m.id AS id
