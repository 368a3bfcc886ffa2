// One piece of feedback about the memories an answer cited, and its nudge to their ranking: each up or
// down vote is counted on the memory (ask reads the counts within documented bounds).
MATCH (a:Account {id: $account_id})
CREATE (f:Feedback {id: $id, account_id: $account_id, question: $question, answer: $answer, rating: $rating,
                    correction: $correction, correction_memory_id: $correction_memory_id,
                    source_ids: $source_ids, created_ms: $created_ms})
WITH f
OPTIONAL MATCH (m:Memory)
WHERE m.id IN $source_ids AND m.account_id = $account_id
WITH f, collect(m) AS cited
FOREACH (memory IN cited |
  CREATE (f)-[:ABOUT]->(memory)
  SET memory.votes_up = coalesce(memory.votes_up, 0) + CASE WHEN $rating = 'up' THEN 1 ELSE 0 END,
      memory.votes_down = coalesce(memory.votes_down, 0) + CASE WHEN $rating = 'down' THEN 1 ELSE 0 END)
RETURN f.id AS id, size(cited) AS cited
