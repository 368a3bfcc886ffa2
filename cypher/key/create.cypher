// Only the SHA-256 of the key is stored; `prefix` tells keys apart in listings.
MATCH (a:Account {id: $account_id})
CREATE (k:ApiKey {id: $id, key_hash: $key_hash, prefix: $prefix, kind: $kind, created_at: $now,
                  day_window: '', day_count: 0, month_window: '', month_count: 0})-[:OF]->(a)
RETURN k.id AS id
