// The graph share a memory `m` writes (create, and an edit's rewrite): its people and organizations
// (merged per account by key; each keeps the ids of the memories that last mentioned it, newest first,
// $recent_mentions at most, so finding the memories that share it costs the same however often it is
// mentioned), tags, decisions and action items (its own, open or ticked done where written), its links,
// and the earlier open action items it reports done. Inserted whole (`// insert`), in both dialects. Every variable has a name of its own:
// FalkorDB confuses a name reused across clauses.
FOREACH (person IN $people |
  MERGE (p:Entity:Person {account_id: $account_id, key: person.key})
  ON CREATE SET p.id = person.id, p.name = person.name, p.first_key = person.first_key, p.plain = person.plain,
                p.variant = person.variant, p.created_ms = $memory.created_ms
  MERGE (m)-[:MENTIONS]->(p)
  SET p.recent = ([m.id] + [seen IN coalesce(p.recent, []) WHERE seen <> m.id])[0..$recent_mentions])
FOREACH (organization IN $organizations |
  MERGE (o:Entity:Organization {account_id: $account_id, key: organization.key})
  ON CREATE SET o.id = organization.id, o.name = organization.name, o.plain = organization.plain,
                o.variant = organization.variant, o.created_ms = $memory.created_ms
  MERGE (m)-[:MENTIONS]->(o)
  SET o.recent = ([m.id] + [known IN coalesce(o.recent, []) WHERE known <> m.id])[0..$recent_mentions])
FOREACH (tag_item IN $tags |
  MERGE (tag:Tag {account_id: $account_id, name: tag_item.name})
  ON CREATE SET tag.id = tag_item.id
  MERGE (m)-[:TAGGED]->(tag))
FOREACH (decision IN $decisions |
  CREATE (m)-[:RECORDS]->(:Decision {id: decision.id, account_id: $account_id, text: decision.text, ts: $memory.ts}))
FOREACH (item IN $action_items |
  CREATE (m)-[:HAS_ACTION]->(action:ActionItem {id: item.id, account_id: $account_id, text: item.text,
                                                owner: item.owner, due: item.due, due_ms: item.due_ms,
                                                status: CASE WHEN item.done THEN 'done' ELSE 'open' END,
                                                ts: $memory.ts})
  // (ticked where it is written, "[x] …": done in this memory)
  FOREACH (ticked IN CASE WHEN item.done THEN [1] ELSE [] END |
    SET action.done_ms = $memory.ts, action.done_in = m.id)
  FOREACH (owner_node IN CASE WHEN item.owner_node IS NULL THEN [] ELSE [item.owner_node] END |
    MERGE (owner:Entity:Person {account_id: $account_id, key: owner_node.key})
    ON CREATE SET owner.id = owner_node.id, owner.name = owner_node.name, owner.first_key = owner_node.first_key,
                  owner.plain = owner_node.plain, owner.variant = owner_node.variant,
                  owner.created_ms = $memory.created_ms
    MERGE (action)-[:OWNED_BY]->(owner)))
WITH m
OPTIONAL MATCH (target:Memory)
WHERE target.id IN $link_ids AND target.account_id = $account_id
WITH m, collect(target) AS targets
FOREACH (link IN $links |
  FOREACH (linked IN [candidate IN targets WHERE candidate.id = link.target_id] |
    CREATE (m)-[:LINKED {kind: link.kind, score: link.score}]->(linked)))
WITH m
// Earlier open action items this memory reports done.
OPTIONAL MATCH (finished:ActionItem)
WHERE finished.id IN $done_action_ids AND finished.account_id = $account_id AND finished.status = 'open'
WITH m, collect(finished) AS finished_items
FOREACH (item_done IN finished_items |
  SET item_done.status = 'done', item_done.done_ms = $memory.ts, item_done.done_in = m.id)
