// A memory's versions, oldest first: the earlier states its edits kept (memory/rewrite), and the
// current one, each with the fields the edit that made it changed (none for the first).
MATCH (m:Memory {id: $id})
WHERE m.account_id = $account_id
OPTIONAL MATCH (m)-[:HAS_VERSION]->(v:MemoryVersion)
WITH m, v
ORDER BY v.version
WITH m, collect(v {.version, .content, .summary, .changed_fields, .changed_ms}) AS earlier
RETURN earlier,
       {version: coalesce(m.version, 1), content: m.content, summary: m.summary,
        changed_fields: coalesce(m.changed_fields, []), changed_ms: coalesce(m.changed_ms, m.created_ms)}
       AS current
