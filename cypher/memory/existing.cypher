// Which of the given ids are memories of the account.
MATCH (m:Memory)
WHERE m.id IN $ids AND m.account_id = $account_id
RETURN m.id AS id
