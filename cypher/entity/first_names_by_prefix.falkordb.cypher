// The account's first names that begin with each of $prefixes, with how many memories mention
// the people who have them: what a short form in a question may stand for ('mel' -> 'melanie'). The
// count is the people's MENTIONS degree, read without visiting the memories.
UNWIND $prefixes AS prefix
MATCH (p:Person)
WHERE p.account_id = $account_id AND p.first_key STARTS WITH prefix
RETURN prefix, p.first_key AS first, sum(indegree(p, 'MENTIONS')) AS mentions
