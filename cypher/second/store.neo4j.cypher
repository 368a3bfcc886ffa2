// The second embeddings of memories this claim ($token) still holds: an edit meanwhile replaced the
// claim (the memory is due again, for its new text) and a delete removed the memory, so neither takes
// a vector computed from the old text. What is stored is no longer due.
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
WHERE m.second_claim = $token
SET m.embedding_second = row.embedding
REMOVE m.second_due_ms, m.second_claim
RETURN m.id AS id
