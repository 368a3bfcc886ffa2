// People, organizations and tags that no memory mentions or tags (and no action item is owned by).
MATCH (e:Entity)
WHERE e.account_id = $account_id AND NOT (e)<-[:MENTIONS]-(:Memory) AND NOT (e)<-[:OWNED_BY]-(:ActionItem)
RETURN [] AS memory_ids, [e.id] AS entity_ids, 1.0 AS score, e.name AS detail
LIMIT $limit
UNION ALL
MATCH (t:Tag)
WHERE t.account_id = $account_id AND NOT (t)<-[:TAGGED]-(:Memory)
RETURN [] AS memory_ids, [t.id] AS entity_ids, 1.0 AS score, t.name AS detail
LIMIT $limit
