// FalkorDB schema: "already indexed" answers are expected on a second start and ignored by the driver.
// Unique constraints are created by the driver with GRAPH.CONSTRAINT (see graph/drivers/schema.py).
CREATE INDEX FOR (a:Account) ON (a.id);
CREATE INDEX FOR (k:ApiKey) ON (k.id);
CREATE INDEX FOR (k:ApiKey) ON (k.key_hash);
CREATE INDEX FOR (m:Memory) ON (m.id);
CREATE INDEX FOR (m:Memory) ON (m.account_id);
// A memory's scope pairs (user_id=…, metadata.team=…): FalkorDB indexes each string of the list.
CREATE INDEX FOR (m:Memory) ON (m.scope);
// Memories with an expiry (the sweep reads those due: memory/expired).
CREATE INDEX FOR (m:Memory) ON (m.expires_ms);
CREATE VECTOR INDEX FOR (m:Memory) ON (m.embedding) OPTIONS {dimension: $dim, similarityFunction: 'cosine'};
// The second vector index, and the memories waiting for it (cypher/second/claim).
CREATE VECTOR INDEX FOR (m:Memory) ON (m.embedding_second) OPTIONS {dimension: $second_dim, similarityFunction: 'cosine'};
CREATE INDEX FOR (m:Memory) ON (m.second_due_ms);
CALL db.idx.fulltext.createNodeIndex('Memory', 'content');
CREATE INDEX FOR (e:Entity) ON (e.key);
CREATE INDEX FOR (p:Person) ON (p.first_key);
CREATE INDEX FOR (t:Tag) ON (t.name);
CREATE INDEX FOR (e:Entity) ON (e.id);
CREATE INDEX FOR (t:Tag) ON (t.id);
CREATE INDEX FOR (d:Decision) ON (d.id);
CREATE INDEX FOR (x:ActionItem) ON (x.id);
// The writer's own open items (no owner), read when a memory may report one done (action/open_unowned).
CREATE INDEX FOR (x:ActionItem) ON (x.account_id);
CREATE INDEX FOR (w:WikiPage) ON (w.account_id);
CREATE INDEX FOR (f:Feedback) ON (f.id);
CREATE INDEX FOR (f:Feedback) ON (f.account_id);
// Idempotency keys: claimed by (account_id, key); FalkorDB runs writes one at a time, so two claims of
// one key never both create it.
CREATE INDEX FOR (i:IdempotencyKey) ON (i.key);
CREATE INDEX FOR (i:IdempotencyKey) ON (i.account_id);
// FalkorDB caches each query's plan; a plan compiled before a relationship type or label existed in the
// graph never binds variables of that type (a link read back with null kind and score). So every label
// and relationship type the queries use is created once here, then removed. tests/test_store.py checks
// that this list covers every query.
CREATE (s:SchemaProbe), (s)-[:OWNS]->(:SchemaProbe), (s)-[:OF]->(:SchemaProbe), (s)-[:MENTIONS]->(:SchemaProbe),
       (s)-[:TAGGED]->(:SchemaProbe), (s)-[:RECORDS]->(:SchemaProbe), (s)-[:HAS_ACTION]->(:SchemaProbe),
       (s)-[:OWNED_BY]->(:SchemaProbe), (s)-[:LINKED]->(:SchemaProbe), (s)-[:ABOUT]->(:SchemaProbe),
       (s)-[:HAS_VERSION]->(:SchemaProbe),
       (:SchemaProbe:Account), (:SchemaProbe:ApiKey), (:SchemaProbe:Memory), (:SchemaProbe:Entity),
       (:SchemaProbe:Person), (:SchemaProbe:Organization), (:SchemaProbe:Tag), (:SchemaProbe:Decision),
       (:SchemaProbe:ActionItem), (:SchemaProbe:WikiPage), (:SchemaProbe:Feedback),
       (:SchemaProbe:IdempotencyKey), (:SchemaProbe:MemoryVersion);
MATCH (n:SchemaProbe) DETACH DELETE n;
