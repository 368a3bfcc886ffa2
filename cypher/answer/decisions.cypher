// The account's decisions for a structured answer, newest first: those of memories written from $from_ms
// until $until_ms (either may be null), naming one of $person_keys when it is not empty; with the later
// memories that supersede the decision's memory (it no longer holds the current fact).
MATCH (m:Memory)-[:RECORDS]->(d:Decision)
WHERE m.account_id = $account_id
  AND ($from_ms IS NULL OR m.ts >= $from_ms)
  AND ($until_ms IS NULL OR m.ts < $until_ms)
OPTIONAL MATCH (m)-[:MENTIONS]->(p:Person)
WITH m, d, collect(p.key) AS named
WHERE size($person_keys) = 0 OR any(key IN $person_keys WHERE key IN named)
OPTIONAL MATCH (later:Memory)-[link:LINKED]->(m)
WHERE later.account_id = $account_id AND link.kind = 'supersedes'
WITH m, d, collect(later.id) AS replaced_by
RETURN m.id AS memory_id, d.id AS id, d.text AS text, m.ts AS ts, replaced_by
ORDER BY m.ts DESC, d.id
LIMIT $limit
