// The memories that replace any of $ids — a feedback correction of it, or a later memory superseding or
// contradicting it (the pairs `search/memories` lists as corrected_by) — within the account and the
// caller's filters: ask brings the current fact beside the outdated one it found.
MATCH (old:Memory)-[l:LINKED]-(m:Memory)
WHERE old.id IN $ids AND old.account_id = $account_id AND m.account_id = $account_id AND NOT m.id IN $ids
  AND ((l.kind = 'corrects' AND startNode(l) = m) OR (l.kind IN ['supersedes', 'contradicts'] AND m.ts > old.ts))
WITH old, m,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN old.id AS replaced, m.id AS id
ORDER BY m.ts DESC
LIMIT $limit
