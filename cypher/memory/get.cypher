// Comprehensions use distinct variable names: FalkorDB empties a second one that reuses a name.
MATCH (m:Memory {id: $id})
WHERE m.account_id = $account_id
RETURN m {.id, .content, .summary, .source, .ts, .created_ms, .triage_type, .sentiment, .importance,
          .extraction, .file, .part} AS memory,
       [(m)-[:TAGGED]->(tag:Tag) | tag.name] AS tags,
       [(m)-[link:LINKED]->(target:Memory) | {target_id: target.id, kind: link.kind, score: link.score}] AS links
