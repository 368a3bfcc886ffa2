// How many memories the account holds (BM25's N), read from the account node's OWNS degree: counting
// the memories one by one took 2.6 ms at 10,000 and grew with the store, on every ask.
MATCH (a:Account {id: $account_id})
RETURN outdegree(a, 'OWNS') AS memories
