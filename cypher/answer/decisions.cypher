// The account's decisions for a structured answer, newest first: those of memories written from $from_ms
// until $until_ms (either may be null), whose text holds one of the $topic word stems when it is not
// empty, and naming one of $person_keys when it is not empty; with the later memories that supersede
// the decision's memory (it no longer holds the current fact). Within the caller's filters. The cheap filters and the limit come
// before the per-row walks: at 10,000 memories, walking every decision's people and links first took
// 500 ms for "What was decided about the budget?".
MATCH (m:Memory)-[:RECORDS]->(d:Decision)
WHERE m.account_id = $account_id
  AND ($from_ms IS NULL OR m.ts >= $from_ms)
  AND ($until_ms IS NULL OR m.ts < $until_ms)
  AND (size($topic) = 0 OR any(word IN $topic WHERE toLower(d.text) CONTAINS word))
// A projected flag, not a WHERE over the pattern: FalkorDB drops every row when a list predicate over a
// pattern comprehension stands in a WHERE (see cypher/parts/memory_filter.cypher).
WITH m, d,
// include parts/memory_filter
  AS kept
WHERE kept
WITH m, d,
     size($person_keys) = 0
     OR any(key IN $person_keys WHERE key IN [(m)-[:MENTIONS]->(p:Person) | p.key]) AS named
WHERE named
WITH m, d
ORDER BY m.ts DESC, d.id
LIMIT $limit
OPTIONAL MATCH (later:Memory)-[link:LINKED]->(m)
WHERE later.account_id = $account_id AND link.kind = 'supersedes'
WITH m, d, collect(later.id) AS replaced_by
RETURN m.id AS memory_id, d.id AS id, d.text AS text, m.ts AS ts, replaced_by
ORDER BY ts DESC, id
