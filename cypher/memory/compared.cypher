// The memories the contradiction step compares a new memory with, by id, within the account: their text,
// time, and the readings of their sentences that the comparator kept when each was stored.
MATCH (m:Memory)
WHERE m.id IN $ids AND m.account_id = $account_id
RETURN m.id AS id, m.content AS content, m.ts AS ts, m.claims AS claims, m.extraction AS extraction
