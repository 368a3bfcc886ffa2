// One memory of the account, by id.
MATCH (m:Memory {id: $id})
WHERE m.account_id = $account_id
// insert parts/memory_object
