// Memories linked to any of $ids (either direction), within the account and the caller's filters.
MATCH (seed:Memory)-[l:LINKED]-(m:Memory)
WHERE seed.id IN $ids AND seed.account_id = $account_id AND m.account_id = $account_id AND NOT m.id IN $ids
WITH m, max(l.score) AS score
WITH m, score,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN m.id AS id, score
ORDER BY score DESC
LIMIT $limit
