// For a search filtered by organizations: the ids of the account's memories that mention each one, by
// the key without legal form ("globex" finds Globex Corp).
UNWIND $keys AS wanted
MATCH (o:Organization)
WHERE o.account_id = $account_id AND o.variant = wanted
MATCH (o)<-[:MENTIONS]-(m:Memory)
RETURN wanted, collect(DISTINCT m.id) AS ids
