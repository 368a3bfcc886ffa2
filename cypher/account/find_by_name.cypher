MATCH (a:Account)
WHERE a.name = $name
RETURN a.id AS id
LIMIT 1
