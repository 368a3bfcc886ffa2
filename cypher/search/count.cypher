// How many memories the account holds (BM25's N).
MATCH (:Account {id: $account_id})-[:OWNS]->(m:Memory)
RETURN count(m) AS memories
