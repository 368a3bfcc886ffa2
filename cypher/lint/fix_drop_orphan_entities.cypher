// Drop the people and organizations `lint/orphans` found, if nothing refers to them still, with their
// wiki pages.
MATCH (n:Entity)
WHERE n.id IN $ids AND n.account_id = $account_id
  AND NOT (n)<-[:MENTIONS]-(:Memory) AND NOT (n)<-[:OWNED_BY]-(:ActionItem)
OPTIONAL MATCH (page:WikiPage)-[:ABOUT]->(n)
WITH n, collect(page) AS pages
FOREACH (stale IN pages | DETACH DELETE stale)
DETACH DELETE n
RETURN count(*) AS dropped
