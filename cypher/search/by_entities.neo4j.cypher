// Memories that mention any of these people or organizations (by key, through the entity index),
// within the caller's filters. An entity mentioned by more than $max_df memories says little about
// which one answers: skipped. A COUNT subquery over one relationship type is answered from the
// entity's degree.
MATCH (e:Entity)
WHERE e.key IN $keys AND e.account_id = $account_id AND COUNT { (e)<-[:MENTIONS]-() } <= $max_df
MATCH (e)<-[:MENTIONS]-(m:Memory)
WITH m, count(DISTINCT e) AS matched
WITH m, matched,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN m.id AS id, matched
ORDER BY matched DESC, m.ts DESC
LIMIT $limit
