// Memories with almost nothing in them: under $min_chars characters, or under three words. Words are
// counted only in text that has spaces: Japanese or Chinese writes a whole sentence without one.
MATCH (m:Memory)
WHERE m.account_id = $account_id
  AND (size(trim(m.content)) < $min_chars
       OR (trim(m.content) CONTAINS ' ' AND size(split(trim(m.content), ' ')) < 3))
RETURN [m.id] AS memory_ids, [] AS entity_ids, 1.0 AS score, m.content AS detail
LIMIT $limit
