// Memories whose expires_at has passed, of any account, soonest first: what the expiry sweep deletes.
// Read from the expires_ms index (memories without an expiry are not in it), so the check that runs
// before every authenticated call costs one index lookup.
MATCH (m:Memory)
WHERE m.expires_ms <= $now_ms
RETURN m.account_id AS account_id, m.id AS id, m.expires_ms AS expires_ms
ORDER BY expires_ms
LIMIT $limit
