// The size of the store the audit read: memories, entities and tags of the account.
MATCH (m:Memory)
WHERE m.account_id = $account_id
RETURN 'memories' AS what, count(m) AS total
UNION ALL
MATCH (e:Entity)
WHERE e.account_id = $account_id
RETURN 'entities' AS what, count(e) AS total
UNION ALL
MATCH (t:Tag)
WHERE t.account_id = $account_id
RETURN 'tags' AS what, count(t) AS total
