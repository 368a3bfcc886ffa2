// The fields ask needs from candidate memories, by id, within the account: with the feedback votes and
// the memories that replace this one (a feedback correction of it, or a later memory contradicting it),
// which ask weighs; and the vectors of its sentences that ingest kept, which the composer reads.
MATCH (m:Memory)
WHERE m.id IN $ids AND m.account_id = $account_id
RETURN m.id AS id, m.content AS content, m.summary AS summary, m.ts AS ts, m.source AS source,
       m.extraction AS extraction, m.part AS part, m.sentence_vectors AS sentence_vectors,
       [(m)-[:TAGGED]->(tag:Tag) | tag.name] AS tags,
       coalesce(m.votes_up, 0) AS votes_up, coalesce(m.votes_down, 0) AS votes_down,
       [(m)<-[correction:LINKED {kind: 'corrects'}]-(fixer:Memory) | fixer.id] +
       [(m)-[rivalry:LINKED]-(rival:Memory) WHERE rivalry.kind IN ['supersedes', 'contradicts'] AND rival.ts > m.ts
        | rival.id] AS corrected_by
