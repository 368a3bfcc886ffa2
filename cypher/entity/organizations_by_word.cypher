// The account's organizations named by one of $words, or with a longer name whose first word it is
// ('corvina' -> 'Corvina Logistics'): what a lone word in a note may stand for.
UNWIND $words AS word
MATCH (o:Organization)
WHERE o.account_id = $account_id AND (o.key = word OR o.key STARTS WITH (word + ' '))
RETURN word, collect(o.name) AS names
