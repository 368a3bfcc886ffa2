// Links that lead out of the account, to something that is not a memory, or back to the same memory.
MATCH (a:Memory)-[l:LINKED]-(b)
WHERE a.account_id = $account_id AND (a = b OR NOT b:Memory OR b.account_id IS NULL OR b.account_id <> $account_id)
RETURN [a.id] AS memory_ids, [] AS entity_ids, 1.0 AS score, l.kind AS detail
LIMIT $limit
