// Give up a key whose request failed, so a retry with it runs the request afresh.
MATCH (i:IdempotencyKey {account_id: $account_id, key: $key})
WHERE i.token = $token
DELETE i
RETURN count(*) AS released
