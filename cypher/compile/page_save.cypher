// Keep a compiled page as a (:WikiPage) about its entity; a recompile replaces it in place.
OPTIONAL MATCH (e:Entity {id: $entity_id})
WHERE e.account_id = $account_id
OPTIONAL MATCH (t:Tag {id: $entity_id})
WHERE t.account_id = $account_id
WITH coalesce(e, t) AS about
WHERE about IS NOT NULL
MERGE (w:WikiPage {account_id: $account_id, entity_id: $entity_id})
SET w.page = $page, w.compiled_ms = $compiled_ms, w.sources_key = $sources_key, w.title = $title
MERGE (w)-[:ABOUT]->(about)
RETURN w.entity_id AS entity_id
