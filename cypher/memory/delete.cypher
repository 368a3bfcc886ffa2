// Delete a memory, its relationships, and every node it points to that no other memory uses
// (people, organizations, tags, decisions, action items). Orphans are found before the delete.
MATCH (m:Memory {id: $id})
WHERE m.account_id = $account_id
OPTIONAL MATCH (m)-->(e)
WHERE NOT e:Memory
OPTIONAL MATCH (e)<--(other:Memory)
WHERE other <> m
WITH m, e, count(other) AS users
WITH m, collect(CASE WHEN users = 0 THEN e END) AS orphans
FOREACH (o IN orphans | DETACH DELETE o)
DETACH DELETE m
RETURN size(orphans) AS removed_nodes
