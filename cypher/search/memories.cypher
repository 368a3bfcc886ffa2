// The fields ask needs from candidate memories, by id, within the account.
MATCH (m:Memory)
WHERE m.id IN $ids AND m.account_id = $account_id
RETURN m.id AS id, m.content AS content, m.summary AS summary, m.ts AS ts, m.source AS source,
       m.extraction AS extraction, [(m)-[:TAGGED]->(tag:Tag) | tag.name] AS tags
