// Full-text (RediSearch) matches within one account, with their text, for graph/search.py to rank by
// BM25 (with each term's document frequency from search/term_counts). $query holds the query's rarest
// terms, built from plain words only; past $k matches, the index's own TF-IDF order picks.
CALL db.idx.fulltext.queryNodes('Memory', $query) YIELD node, score
WITH node, score
WHERE node.account_id = $account_id
RETURN node.id AS id, node.content AS content, node.words AS words
ORDER BY score DESC, id
LIMIT $k
