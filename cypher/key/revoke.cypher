// Revocation takes effect on the next call: authentication reads the key node every time.
MATCH (k:ApiKey)
WHERE k.id = $key OR k.prefix = $key OR k.key_hash = $key_hash
SET k.revoked_at = coalesce(k.revoked_at, $now)
RETURN k.id AS id, k.revoked_at AS revoked_at
