// The account's people a question names, by full-name key or first-name key ("Lucia" finds Lucia Romano).
MATCH (p:Person)
WHERE p.account_id = $account_id AND (p.key IN $keys OR p.first_key IN $keys)
RETURN p.key AS key, p.name AS name
ORDER BY p.name
LIMIT 20
