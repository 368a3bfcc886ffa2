// Claim an idempotency key for one request, in one statement (FalkorDB runs writes one at a time; on
// Neo4j the (account_id, key) uniqueness constraint makes concurrent MERGEs meet on one node). A new
// key, one older than 24 hours ($expired_before), or one a request claimed and never finished
// ($abandoned_before: its process died) becomes this request's ($token); otherwise the key is returned
// as it stands, for the caller to replay, wait for, or refuse (another body).
MERGE (i:IdempotencyKey {account_id: $account_id, key: $key})
ON CREATE SET i.token = $token, i.fingerprint = $fingerprint, i.state = 'pending', i.created_ms = $now_ms
WITH i,
     i.token <> $token
     AND (i.created_ms < $expired_before OR (i.state = 'pending' AND i.created_ms < $abandoned_before)) AS stale
SET i.token = CASE WHEN stale THEN $token ELSE i.token END,
    i.fingerprint = CASE WHEN stale THEN $fingerprint ELSE i.fingerprint END,
    i.state = CASE WHEN stale THEN 'pending' ELSE i.state END,
    i.created_ms = CASE WHEN stale THEN $now_ms ELSE i.created_ms END,
    i.status = CASE WHEN stale THEN null ELSE i.status END,
    i.body = CASE WHEN stale THEN null ELSE i.body END
RETURN i.token = $token AS mine, i.fingerprint AS fingerprint, i.state AS state, i.status AS status,
       i.body AS body
