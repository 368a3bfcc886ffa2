// The people and organizations the given memories mention besides the entity itself, by how many of
// those memories name them.
MATCH (m:Memory)-[:MENTIONS]->(other:Entity)
WHERE m.id IN $memory_ids AND m.account_id = $account_id AND other.id <> $entity_id
WITH other, collect(DISTINCT m.id) AS memory_ids
RETURN other.id AS id, other.name AS name, labels(other) AS labels, size(memory_ids) AS together,
       memory_ids
ORDER BY together DESC, name
LIMIT $limit
