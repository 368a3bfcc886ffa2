// The account's action items for a structured answer: those of the given owners (any owner when
// $owner_keys is empty), by status: 'open', 'done', 'overdue' (open, due before $now_ms) or 'all', and
// whose text holds one of the $topic word stems when it is not empty. Soonest due first, undated last,
// then oldest. Within the caller's filters. With the later memories that supersede the item's memory (a
// holding it states — "Kwame owns the on-call rota" — no longer holds; the item is not quoted with them).
MATCH (m:Memory)-[:HAS_ACTION]->(x:ActionItem)
WHERE m.account_id = $account_id
  AND ($status = 'all'
       OR ($status = 'overdue' AND x.status = 'open' AND x.due_ms IS NOT NULL AND x.due_ms < $now_ms)
       OR (($status = 'open' OR $status = 'done') AND x.status = $status))
  AND (size($topic) = 0 OR any(word IN $topic WHERE toLower(x.text) CONTAINS word))
WITH m, x,
// include parts/memory_filter
  AS kept
WHERE kept
OPTIONAL MATCH (x)-[:OWNED_BY]->(owner:Person)
WITH m, x, owner
WHERE size($owner_keys) = 0 OR owner.key IN $owner_keys
RETURN m.id AS memory_id, x.id AS id, x.text AS text, coalesce(owner.name, x.owner) AS owner, x.due AS due,
       x.due_ms AS due_ms, x.status AS status, x.ts AS ts,
       [(later:Memory)-[link:LINKED]->(m) WHERE later.account_id = $account_id AND link.kind = 'supersedes'
        | later.id] AS superseded_by
ORDER BY coalesce(due_ms, 9007199254740991), ts, id
LIMIT $limit
