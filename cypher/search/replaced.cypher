// The memories that any of $ids replaced — earlier ones it supersedes or contradicts, or one it corrects
// (the pairs `search/memories` lists as corrected_by, read the other way) — within the account and the
// caller's filters: check reads a statement against the fact a current memory replaced.
MATCH (m:Memory)-[l:LINKED]-(new:Memory)
WHERE new.id IN $ids AND new.account_id = $account_id AND m.account_id = $account_id AND NOT m.id IN $ids
  AND ((l.kind = 'corrects' AND startNode(l) = new) OR (l.kind IN ['supersedes', 'contradicts'] AND new.ts > m.ts))
WITH new, m,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN new.id AS replacing, m.id AS id
ORDER BY m.ts DESC
LIMIT $limit
