// The fields ask needs from candidate memories, by id, within the account: with the feedback votes and
// the memories that replace this one (a feedback correction of it, or a later memory contradicting it),
// which ask weighs; and the vectors of its sentences that ingest kept, which the composer reads.
MATCH (m:Memory)
WHERE m.id IN $ids AND m.account_id = $account_id
RETURN m.id AS id, m.content AS content, m.summary AS summary, m.ts AS ts, m.source AS source,
       m.extraction AS extraction, m.part AS part, m.sentence_vectors AS sentence_vectors,
       m.triage_type AS triage_type,
       [(m)-[:TAGGED]->(tag:Tag) | tag.name] AS tags,
       coalesce(m.votes_up, 0) AS votes_up, coalesce(m.votes_down, 0) AS votes_down,
       // One pass over the memory's links (two comprehensions took a third of the query's time).
       [(m)-[link:LINKED]-(other:Memory)
        WHERE (link.kind = 'corrects' AND startNode(link) = other)
           OR (link.kind IN ['supersedes', 'contradicts'] AND other.ts > m.ts) | other.id] AS corrected_by
