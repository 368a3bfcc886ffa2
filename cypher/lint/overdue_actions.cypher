// Open action items whose due date has passed.
MATCH (m:Memory)-[:HAS_ACTION]->(x:ActionItem)
WHERE m.account_id = $account_id AND x.status = 'open' AND x.due_ms IS NOT NULL AND x.due_ms < $now_ms
RETURN [m.id] AS memory_ids, [x.id] AS entity_ids, 1.0 AS score, x.text AS detail, x.due AS due
LIMIT $limit
