// For a search filtered by people: the ids of the account's memories that mention each one, by the full
// name's key or the first name's ("lucia" finds Lucia Romano), through the entity indexes.
UNWIND $keys AS wanted
MATCH (p:Person)
WHERE p.account_id = $account_id AND (p.key = wanted OR p.first_key = wanted)
MATCH (p)<-[:MENTIONS]-(m:Memory)
RETURN wanted, collect(DISTINCT m.id) AS ids
