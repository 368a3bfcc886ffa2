// Nearest memories by embedding, within one account. The vector index is global, so it is asked for
// $k hits (several times $limit) and the account filter runs after it. Neo4j's cosine score is
// (1 + cos) / 2; turned back into the cosine here so both dialects return the same thing.
CALL db.index.vector.queryNodes('memory_embedding', $k, $embedding) YIELD node, score
WITH node, 2 * score - 1 AS similarity
WHERE node.account_id = $account_id
RETURN node.id AS id, similarity, node.ts AS ts, node.source AS source, node.content_hash AS content_hash,
       node.identifiers AS identifiers, node.content AS content
ORDER BY similarity DESC, node.content_hash
LIMIT $limit
