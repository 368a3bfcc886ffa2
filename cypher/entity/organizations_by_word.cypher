// The account's organizations with a longer name whose first word is one of $words ('corvina' ->
// 'Corvina Logistics'): what a lone word in a note may stand for.
UNWIND $words AS word
MATCH (o:Organization)
WHERE o.account_id = $account_id AND o.key STARTS WITH (word + ' ')
RETURN word, collect(o.name) AS names
