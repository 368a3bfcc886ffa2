// Names that are likely one entity but not certainly: an organization with and without its legal form
// ("Acme" and "Acme Inc"), and a person known by a first name beside one full name that starts with it.
MATCH (o:Organization)
WHERE o.account_id = $account_id AND o.variant IS NOT NULL
WITH o.variant AS variant, collect(o) AS forms
WHERE size(forms) > 1 AND size(reduce(plains = [], x IN forms |
        CASE WHEN x.plain IN plains THEN plains ELSE plains + [x.plain] END)) > 1
RETURN [] AS memory_ids, [x IN forms | x.id] AS entity_ids, 0.8 AS score,
       reduce(names = '', x IN forms | names + CASE WHEN names = '' THEN '' ELSE ', ' END + x.name) AS detail
LIMIT $limit
UNION ALL
MATCH (short:Person)
WHERE short.account_id = $account_id AND short.key = short.first_key
MATCH (full:Person)
WHERE full.account_id = $account_id AND full.first_key = short.key AND full.key <> short.key
WITH short, collect(full) AS longer
WHERE size(longer) = 1
RETURN [] AS memory_ids, [short.id, longer[0].id] AS entity_ids, 0.6 AS score,
       short.name + ', ' + longer[0].name AS detail
LIMIT $limit
