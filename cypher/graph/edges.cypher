// The relationships among the nodes GET /v1/graph/{id} returns. Every relationship of the memory graph
// starts at a memory, except OWNED_BY, which starts at an action item.
MATCH (a:Memory)-[r:MENTIONS|TAGGED|RECORDS|HAS_ACTION|LINKED]->(b)
WHERE a.id IN $memory_ids AND a.account_id = $account_id AND b.id IN $ids
RETURN a.id AS source, b.id AS target, type(r) AS type, r.kind AS kind, r.score AS score
UNION ALL
MATCH (a:ActionItem)-[r:OWNED_BY]->(b)
WHERE a.id IN $action_ids AND a.account_id = $account_id AND b.id IN $ids
RETURN a.id AS source, b.id AS target, type(r) AS type, r.kind AS kind, r.score AS score
