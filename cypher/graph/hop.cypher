// One breadth-first step of GET /v1/graph/{id}: the nodes next to the frontier that are not yet seen,
// at most $room of them. The frontier comes grouped by label so that every branch starts from an index.
// Only the memory graph's relationships are followed (never OWNS: the walk cannot pass through the
// account to all of its memories). Each branch binds its frontier nodes first and then expands from
// them (WITH): left to itself, FalkorDB's planner may start a branch at the other end, from every memory
// of the account (a decision's one memory found by scanning 100,000).
MATCH (a:Memory)
WHERE a.id IN $memory_ids AND a.account_id = $account_id
WITH a
MATCH (a)-[:MENTIONS|TAGGED|RECORDS|HAS_ACTION|LINKED]-(b)
WHERE b.account_id = $account_id AND NOT b.id IN $seen
RETURN DISTINCT b {.id, .name, .summary, .text, .ts, .source, .triage_type, .importance, .owner, .due,
                   .status} AS node, labels(b) AS labels
LIMIT $room
UNION
MATCH (a:Entity)
WHERE a.id IN $entity_ids AND a.account_id = $account_id
WITH a
MATCH (a)-[:MENTIONS|OWNED_BY]-(b)
WHERE b.account_id = $account_id AND NOT b.id IN $seen
RETURN DISTINCT b {.id, .name, .summary, .text, .ts, .source, .triage_type, .importance, .owner, .due,
                   .status} AS node, labels(b) AS labels
LIMIT $room
UNION
MATCH (a:Tag)
WHERE a.id IN $tag_ids AND a.account_id = $account_id
WITH a
MATCH (a)<-[:TAGGED]-(b:Memory)
WHERE b.account_id = $account_id AND NOT b.id IN $seen
RETURN DISTINCT b {.id, .name, .summary, .text, .ts, .source, .triage_type, .importance, .owner, .due,
                   .status} AS node, labels(b) AS labels
LIMIT $room
UNION
MATCH (a:Decision)
WHERE a.id IN $decision_ids AND a.account_id = $account_id
WITH a
MATCH (a)<-[:RECORDS]-(b:Memory)
WHERE b.account_id = $account_id AND NOT b.id IN $seen
RETURN DISTINCT b {.id, .name, .summary, .text, .ts, .source, .triage_type, .importance, .owner, .due,
                   .status} AS node, labels(b) AS labels
LIMIT $room
UNION
MATCH (a:ActionItem)
WHERE a.id IN $action_ids AND a.account_id = $account_id
WITH a
MATCH (a)-[:HAS_ACTION|OWNED_BY]-(b)
WHERE b.account_id = $account_id AND NOT b.id IN $seen
RETURN DISTINCT b {.id, .name, .summary, .text, .ts, .source, .triage_type, .importance, .owner, .due,
                   .status} AS node, labels(b) AS labels
LIMIT $room
