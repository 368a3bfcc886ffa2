// Comprehensions use distinct variable names: FalkorDB empties a second one that reuses a name.
MATCH (:Account {id: $account_id})-[:OWNS]->(m:Memory {id: $id})
RETURN m {.id, .content, .summary, .source, .ts, .created_ms, .triage_type, .sentiment, .importance,
          .extraction, .file, .part} AS memory,
       [(m)-[:TAGGED]->(tag:Tag) | tag.name] AS tags,
       [(m)-[link:LINKED]->(target:Memory) | {target_id: target.id, kind: link.kind, score: link.score}] AS links
