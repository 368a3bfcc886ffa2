// Full-text (RediSearch) matches within one account and the caller's filters, with their text, for
// graph/search.py to rank by BM25 (with each term's document frequency from search/term_counts). $query
// holds the query's rarest terms, built from plain words only; past $k matches, the index's own TF-IDF
// order picks.
CALL db.idx.fulltext.queryNodes('Memory', $query) YIELD node, score
WITH node AS m, score
WHERE m.account_id = $account_id
WITH m, score,
// include parts/memory_filter
  AS kept
WHERE kept
RETURN m.id AS id, m.content AS content, m.words AS words
ORDER BY score DESC, id
LIMIT $k
