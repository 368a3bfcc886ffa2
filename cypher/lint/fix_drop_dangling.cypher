// Drop the links `lint/dangling_links` finds.
MATCH (a:Memory)-[l:LINKED]-(b)
WHERE a.account_id = $account_id AND (a = b OR NOT b:Memory OR b.account_id IS NULL OR b.account_id <> $account_id)
DELETE l
RETURN count(*) AS dropped
