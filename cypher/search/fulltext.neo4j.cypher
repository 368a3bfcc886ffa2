// Full-text (Lucene, BM25) hits within one account and the caller's filters. $query is built from plain
// words only (graph/search.py), joined with OR. The index is global: over-fetch, then filter.
CALL db.index.fulltext.queryNodes('memory_content', $query, {limit: $k}) YIELD node, score
WITH node AS m, score
WHERE m.account_id = $account_id
WITH m, score,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN m.id AS id, score
ORDER BY score DESC
LIMIT $limit
