// Full-text (RediSearch) hits within one account. $query is built from plain words only
// (graph/search.py), joined with | (OR). The index is global: over-fetch, then filter.
CALL db.idx.fulltext.queryNodes('Memory', $query) YIELD node, score
WITH node, score
WHERE node.account_id = $account_id
RETURN node.id AS id, score
ORDER BY score DESC
LIMIT $limit
