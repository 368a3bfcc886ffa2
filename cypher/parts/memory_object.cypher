// A memory as the API returns it (`memory_from_row`): its properties, tags and outgoing links, for
// `m`. Inserted (`// insert`) in memory/get, memory/list and memory/list_scoped. Comprehensions use
// distinct variable names: FalkorDB empties a second one that reuses a name.
RETURN m {.id, .content, .summary, .source, .ts, .created_ms, .triage_type, .sentiment, .importance,
          .extraction, .file, .part, .user_id, .agent_id, .session_id, .metadata,
          .expires_ms} AS memory,
       [(m)-[:TAGGED]->(tag:Tag) | tag.name] AS tags,
       [(m)-[link:LINKED]->(target:Memory) | {target_id: target.id, kind: link.kind, score: link.score}] AS links
