// People or organizations whose names differ only in punctuation, spacing or case ("Acme Corp." and
// "Acme Corp"): one entity written two ways. `fix` merges them.
MATCH (e:Entity)
WHERE e.account_id = $account_id AND e.plain IS NOT NULL
WITH e.plain AS plain, CASE WHEN e:Person THEN 'Person' ELSE 'Organization' END AS label,
     collect(e) AS same
WHERE size(same) > 1
RETURN [] AS memory_ids, [x IN same | x.id] AS entity_ids, 1.0 AS score,
       reduce(names = '', x IN same | names + CASE WHEN names = '' THEN '' ELSE ', ' END + x.name) AS detail
LIMIT $limit
