// The account's people with a longer name whose first name is one of $firsts ('bob' -> 'Bob Lee').
MATCH (p:Person)
WHERE p.account_id = $account_id AND p.first_key IN $firsts AND p.key CONTAINS ' '
RETURN p.first_key AS first, collect(p.name) AS names
