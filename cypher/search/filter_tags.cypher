// For a search filtered by tags: the ids of the account's memories tagged with each one (tag index).
UNWIND $keys AS wanted
MATCH (t:Tag)
WHERE t.account_id = $account_id AND t.name = wanted
MATCH (t)<-[:TAGGED]-(m:Memory)
RETURN wanted, collect(DISTINCT m.id) AS ids
