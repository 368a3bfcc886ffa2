// The chunk memories of a file's parent memory (they link to it `part_of`), within the account.
MATCH (:Account {id: $account_id})-[:OWNS]->(parent:Memory {id: $id})
MATCH (chunk:Memory)-[:LINKED {kind: 'part_of'}]->(parent)
RETURN chunk.id AS id
