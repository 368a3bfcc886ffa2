// The entity that POST /v1/compile/{entity} names: a person or organization by id, by name (its key:
// case-, accent- and spacing-insensitive) or, for people, by first name (the alias a one-word mention
// resolves to); a tag by id or name. Each candidate comes with how it matched and how often it is used.
MATCH (e:Entity)
WHERE e.account_id = $account_id AND (e.id = $ref OR e.key = $key OR e.first_key = $key)
RETURN e.id AS id, e.name AS name, labels(e) AS labels, e.id = $ref AS by_id, e.key = $key AS by_name,
       size([(e)<-[:MENTIONS]-(mentioning:Memory) | mentioning.id]) AS uses
UNION ALL
MATCH (t:Tag)
WHERE t.account_id = $account_id AND (t.id = $ref OR t.name = $key)
RETURN t.id AS id, t.name AS name, labels(t) AS labels, t.id = $ref AS by_id, t.name = $key AS by_name,
       size([(t)<-[:TAGGED]-(tagged:Memory) | tagged.id]) AS uses
