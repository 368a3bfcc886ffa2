// The question's nearest memories by embedding, within one account and the caller's filters. The vector
// index is global, so it is asked for $k hits (several times $limit, more when filters narrow) and the
// account and the filters are applied after it. Neo4j's cosine score is (1 + cos) / 2.
CALL db.index.vector.queryNodes('memory_embedding', $k, $embedding) YIELD node, score
WITH node AS m, 2 * score - 1 AS similarity
WHERE m.account_id = $account_id
WITH m, similarity,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN m.id AS id, similarity
ORDER BY similarity DESC
LIMIT $limit
