// One memory with all its relationships, in one statement: it is there whole or not at all.
// Entities and tags are per account, merged by key; decisions and action items belong to this memory.
// Every variable has a name of its own: FalkorDB confuses a name reused across clauses.
MATCH (a:Account {id: $account_id})
CREATE (a)-[:OWNS]->(m:Memory)
SET m = $memory, m.account_id = $account_id, m.embedding = vecf32($embedding)
FOREACH (person IN $people |
  MERGE (p:Entity:Person {account_id: $account_id, key: person.key})
  ON CREATE SET p.name = person.name, p.first_key = person.first_key, p.created_ms = $memory.created_ms
  MERGE (m)-[:MENTIONS]->(p))
FOREACH (organization IN $organizations |
  MERGE (o:Entity:Organization {account_id: $account_id, key: organization.key})
  ON CREATE SET o.name = organization.name, o.created_ms = $memory.created_ms
  MERGE (m)-[:MENTIONS]->(o))
FOREACH (tag_name IN $tags |
  MERGE (tag:Tag {account_id: $account_id, name: tag_name})
  MERGE (m)-[:TAGGED]->(tag))
FOREACH (decision IN $decisions |
  CREATE (m)-[:RECORDS]->(:Decision {id: decision.id, account_id: $account_id, text: decision.text, ts: $memory.ts}))
FOREACH (item IN $action_items |
  CREATE (m)-[:HAS_ACTION]->(action:ActionItem {id: item.id, account_id: $account_id, text: item.text,
                                                owner: item.owner, due: item.due, due_ms: item.due_ms,
                                                status: 'open', ts: $memory.ts})
  FOREACH (owner_key IN CASE WHEN item.owner_key IS NULL THEN [] ELSE [item.owner_key] END |
    MERGE (owner:Entity:Person {account_id: $account_id, key: owner_key})
    MERGE (action)-[:OWNED_BY]->(owner)))
WITH m
OPTIONAL MATCH (target:Memory)
WHERE target.id IN $link_ids AND target.account_id = $account_id
WITH m, collect(target) AS targets
FOREACH (link IN $links |
  FOREACH (linked IN [candidate IN targets WHERE candidate.id = link.target_id] |
    CREATE (m)-[:LINKED {kind: link.kind, score: link.score}]->(linked)))
RETURN m.id AS id
