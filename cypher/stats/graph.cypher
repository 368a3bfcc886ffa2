// The size of an account's graph, one row per counted thing: memories, entities by label, tags,
// decisions and action items.
MATCH (m:Memory)
WHERE m.account_id = $account_id
RETURN 'memory' AS what, count(m) AS total
UNION ALL
MATCH (p:Person)
WHERE p.account_id = $account_id
RETURN 'person' AS what, count(p) AS total
UNION ALL
MATCH (o:Organization)
WHERE o.account_id = $account_id
RETURN 'organization' AS what, count(o) AS total
UNION ALL
MATCH (t:Tag)
WHERE t.account_id = $account_id
RETURN 'tag' AS what, count(t) AS total
UNION ALL
MATCH (d:Decision)
WHERE d.account_id = $account_id
RETURN 'decision' AS what, count(d) AS total
UNION ALL
MATCH (x:ActionItem)
WHERE x.account_id = $account_id
RETURN 'action_item' AS what, count(x) AS total
