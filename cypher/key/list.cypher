MATCH (k:ApiKey)-[:OF]->(a:Account)
RETURN k.id AS id, a.id AS account_id, a.name AS account_name, k.kind AS kind, k.prefix AS prefix,
       k.created_at AS created_at, k.revoked_at AS revoked_at
ORDER BY k.created_at, k.id
