// Full-text (Lucene, BM25) hits within one account. $query is built from plain words only
// (graph/search.py), joined with OR. The index is global: over-fetch, then filter.
CALL db.index.fulltext.queryNodes('memory_content', $query, {limit: $k}) YIELD node, score
WITH node, score
WHERE node.account_id = $account_id
RETURN node.id AS id, score
ORDER BY score DESC
LIMIT $limit
