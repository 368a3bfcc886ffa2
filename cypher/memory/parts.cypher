// The chunk memories of a file's parent memory (they link to it `part_of`), within the account.
MATCH (parent:Memory {id: $id})
WHERE parent.account_id = $account_id
MATCH (chunk:Memory)-[:LINKED {kind: 'part_of'}]->(parent)
RETURN chunk.id AS id
