// How many memories the account holds (BM25's N). A COUNT subquery over one relationship type is
// answered from the node's degree, without visiting the memories.
MATCH (a:Account {id: $account_id})
RETURN COUNT { (a)-[:OWNS]->() } AS memories
