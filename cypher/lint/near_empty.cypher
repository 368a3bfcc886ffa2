// Memories with almost nothing in them: under three words or under $min_chars characters.
MATCH (m:Memory)
WHERE m.account_id = $account_id
  AND (size(trim(m.content)) < $min_chars OR size(split(trim(m.content), ' ')) < 3)
RETURN [m.id] AS memory_ids, [] AS entity_ids, 1.0 AS score, m.content AS detail
LIMIT $limit
