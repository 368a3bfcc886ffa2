// Full-text (RediSearch) matches within one account, with their text: RediSearch ranks by TF-IDF, so
// graph/search.py ranks these by BM25 itself. An OR query returns every memory holding any query term,
// which makes each term's document frequency exact. $query is built from plain words only.
CALL db.idx.fulltext.queryNodes('Memory', $query) YIELD node
WITH node
WHERE node.account_id = $account_id
RETURN node.id AS id, node.content AS content, node.words AS words
LIMIT $k
