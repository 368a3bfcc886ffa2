// Merge one entity into another of the same kind: its mentions and owned action items move to the one
// kept, then it and its wiki page go. Safe only for entities that are one name written two ways.
MATCH (keep:Entity {id: $keep_id}), (dup:Entity {id: $dup_id})
WHERE keep.account_id = $account_id AND dup.account_id = $account_id AND keep <> dup
OPTIONAL MATCH (mentioning:Memory)-[:MENTIONS]->(dup)
WITH keep, dup, collect(mentioning) AS mentioning_memories
FOREACH (memory IN mentioning_memories | MERGE (memory)-[:MENTIONS]->(keep))
WITH keep, dup
OPTIONAL MATCH (owned:ActionItem)-[:OWNED_BY]->(dup)
WITH keep, dup, collect(owned) AS owned_items
FOREACH (item IN owned_items | MERGE (item)-[:OWNED_BY]->(keep))
WITH keep, dup
OPTIONAL MATCH (page:WikiPage)-[:ABOUT]->(dup)
WITH keep, dup, collect(page) AS pages
FOREACH (stale IN pages | DETACH DELETE stale)
DETACH DELETE dup
RETURN keep.id AS kept
