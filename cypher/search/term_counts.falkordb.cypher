// How many of the account's memories hold each term (BM25's document frequency), from the full-text
// index. A term no memory holds returns no row. Each term is a plain word (graph/search.py).
UNWIND $terms AS term
CALL db.idx.fulltext.queryNodes('Memory', term) YIELD node
WITH term, node
WHERE node.account_id = $account_id
RETURN term, count(node) AS memories
