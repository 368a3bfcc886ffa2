// The memories about a subject, for an overview answer (who was involved, a timeline, a count), oldest
// first: among $ids when it is not null (those naming the organizations and people the question names,
// from the entity indexes), whose content holds, for each of the $topic lists, one of its word stems
// (a word and the stems it is also written as), and, when $evidence is not empty, one of its words, written from $from_ms until $until_ms (either may be null), of $triage_type
// when it is not null or opening with one of $openings ("call with": a meeting the triage called otherwise), or
// with a heading before its colon that holds one ("Allergen incident AI-07: …"); with the people each mentions. Within the caller's filters. $limit + 1 rows tell a count that it was cut.
MATCH (m:Memory)
WHERE m.account_id = $account_id
  AND ($ids IS NULL OR m.id IN $ids)
  AND ($from_ms IS NULL OR m.ts >= $from_ms)
  AND ($until_ms IS NULL OR m.ts < $until_ms)
  AND ($triage_type IS NULL OR m.triage_type = $triage_type
       OR any(opening IN $openings WHERE toLower(m.content) STARTS WITH opening
              OR (size(split(toLower(m.content), ':')[0]) <= 40 AND split(toLower(m.content), ':')[0] CONTAINS opening)))
  AND all(alike IN $topic WHERE any(word IN alike WHERE toLower(m.content) CONTAINS word))
  AND (size($evidence) = 0 OR any(word IN $evidence WHERE toLower(m.content) CONTAINS word))
WITH m,
// include parts/memory_filter
  AS kept
WHERE kept
WITH m
ORDER BY m.ts, m.id
LIMIT $limit
OPTIONAL MATCH (m)-[:MENTIONS]->(p:Person)
WITH m, collect(p.name) AS people
RETURN m.id AS memory_id, m.ts AS ts, m.summary AS summary, m.content AS content, m.triage_type AS triage_type,
       people
ORDER BY ts, memory_id
