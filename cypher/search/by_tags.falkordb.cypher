// Memories tagged with any of these tags (through the tag index), within the caller's filters. A tag
// on more than $max_df memories says little about which one answers (and would have every one of them
// visited): skipped. The count is the tag's TAGGED degree, read without visiting the memories.
MATCH (t:Tag)
WHERE t.name IN $tags AND t.account_id = $account_id AND indegree(t, 'TAGGED') <= $max_df
MATCH (t)<-[:TAGGED]-(m:Memory)
WITH m, count(DISTINCT t) AS matched
WITH m, matched,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN m.id AS id, matched
ORDER BY matched DESC, m.ts DESC
LIMIT $limit
