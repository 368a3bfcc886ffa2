// The question's nearest memories by embedding, within one account and the caller's filters, from the
// first vector index or the second ($vector_property / $vector_index). A vector index is global, so it
// is asked for $k hits (several times $limit, more when filters narrow) and the account and the filters
// are applied after it. FalkorDB answers a cosine distance.
// `second_pending`: the memory waits for its second embedding (ask ranks it by this index meanwhile).
CALL db.idx.vector.queryNodes('Memory', $vector_property, $k, vecf32($embedding)) YIELD node, score
WITH node AS m, 1 - score AS similarity
WHERE m.account_id = $account_id
WITH m, similarity,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN m.id AS id, similarity, m.second_due_ms IS NOT NULL AS second_pending
ORDER BY similarity DESC
LIMIT $limit
