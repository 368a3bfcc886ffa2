// An account's links between memories, by kind.
MATCH (m:Memory)-[l:LINKED]->(:Memory)
WHERE m.account_id = $account_id
RETURN l.kind AS kind, count(l) AS total
ORDER BY kind
