// The question's nearest memories by embedding, within one account and the caller's filters. The vector
// index is global, so it is asked for $k hits (several times $limit, more when filters narrow) and the
// account and the filters are applied after it. FalkorDB answers a cosine distance.
CALL db.idx.vector.queryNodes('Memory', 'embedding', $k, vecf32($embedding)) YIELD node, score
WITH node AS m, 1 - score AS similarity
WHERE m.account_id = $account_id
WITH m, similarity,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN m.id AS id, similarity
ORDER BY similarity DESC
LIMIT $limit
