// Drop the tags `lint/orphans` found, if no memory is tagged with them still, with their wiki pages.
MATCH (n:Tag)
WHERE n.id IN $ids AND n.account_id = $account_id AND NOT (n)<-[:TAGGED]-(:Memory)
OPTIONAL MATCH (page:WikiPage)-[:ABOUT]->(n)
WITH n, collect(page) AS pages
FOREACH (stale IN pages | DETACH DELETE stale)
DETACH DELETE n
RETURN count(*) AS dropped
