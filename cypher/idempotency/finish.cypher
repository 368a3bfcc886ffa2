// Keep the response of the request that holds the key ($token), for its repeats to replay; and drop up
// to 100 of the account's keys older than 24 hours, so kept responses do not pile up.
MATCH (i:IdempotencyKey {account_id: $account_id, key: $key})
WHERE i.token = $token
SET i.state = 'done', i.status = $status, i.body = $body
WITH count(i) AS kept
OPTIONAL MATCH (old:IdempotencyKey)
WHERE old.account_id = $account_id AND old.created_ms < $expired_before
WITH kept, old
LIMIT 100
DELETE old
RETURN kept
