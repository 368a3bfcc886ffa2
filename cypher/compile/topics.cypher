// The tags of the given memories besides the entity itself (its id when it is a tag, its name when a tag
// repeats a person's or organization's name), by how many carry them.
MATCH (m:Memory)-[:TAGGED]->(tag:Tag)
WHERE m.id IN $memory_ids AND m.account_id = $account_id AND tag.id <> $entity_id AND tag.name <> $entity_key
WITH tag, collect(DISTINCT m.id) AS memory_ids
RETURN tag.id AS id, tag.name AS name, size(memory_ids) AS together, memory_ids
ORDER BY together DESC, name
LIMIT $limit
