// Memories linked to any of $ids (either direction), within the account.
MATCH (m:Memory)-[l:LINKED]-(n:Memory)
WHERE m.id IN $ids AND m.account_id = $account_id AND n.account_id = $account_id AND NOT n.id IN $ids
WITH n, max(l.score) AS score
RETURN n.id AS id, score
ORDER BY score DESC
LIMIT $limit
