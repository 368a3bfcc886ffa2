// The account's people whose first name is one of $firsts: those with a longer name ('bob' -> 'Bob Lee')
// and one known by that name alone ('Bob').
MATCH (p:Person)
WHERE p.account_id = $account_id AND p.first_key IN $firsts
RETURN p.first_key AS first, collect(p.name) AS names
