// Nearest memories by embedding, within one account. The vector index is global, so it is asked for
// $k hits (several times $limit) and the account filter runs after it. FalkorDB answers a cosine
// distance; turned into a similarity here so both dialects return the same thing.
CALL db.idx.vector.queryNodes('Memory', 'embedding', $k, vecf32($embedding)) YIELD node, score
WITH node, 1 - score AS similarity
WHERE node.account_id = $account_id
RETURN node.id AS id, similarity, node.ts AS ts, node.source AS source, node.content_hash AS content_hash,
       node.identifiers AS identifiers, node.content AS content
ORDER BY similarity DESC, node.content_hash
LIMIT $limit
