// Memories without an embedding (invisible to vector search and links) or without a summary.
MATCH (m:Memory)
WHERE m.account_id = $account_id AND (m.embedding IS NULL OR m.summary IS NULL OR trim(m.summary) = '')
RETURN [m.id] AS memory_ids, [] AS entity_ids, 1.0 AS score,
       CASE WHEN m.embedding IS NULL THEN 'embedding' ELSE 'summary' END AS detail
LIMIT $limit
