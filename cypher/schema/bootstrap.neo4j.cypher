// Idempotent schema for Neo4j 5: run at every start. Keep in step with graph/drivers/schema.py.
CREATE CONSTRAINT account_id IF NOT EXISTS FOR (a:Account) REQUIRE a.id IS UNIQUE;
CREATE CONSTRAINT apikey_id IF NOT EXISTS FOR (k:ApiKey) REQUIRE k.id IS UNIQUE;
CREATE CONSTRAINT apikey_key_hash IF NOT EXISTS FOR (k:ApiKey) REQUIRE k.key_hash IS UNIQUE;
CREATE CONSTRAINT memory_id IF NOT EXISTS FOR (m:Memory) REQUIRE m.id IS UNIQUE;
CREATE CONSTRAINT feedback_id IF NOT EXISTS FOR (f:Feedback) REQUIRE f.id IS UNIQUE;
// Concurrent claims of one Idempotency-Key meet on one node (cypher/idempotency/claim.cypher).
CREATE CONSTRAINT idempotency_key IF NOT EXISTS FOR (i:IdempotencyKey) REQUIRE (i.account_id, i.key) IS UNIQUE;
CREATE INDEX memory_account_ts IF NOT EXISTS FOR (m:Memory) ON (m.account_id, m.ts);
CREATE INDEX memory_expires IF NOT EXISTS FOR (m:Memory) ON (m.expires_ms);
// The vector dimension is taken from the first embedding written (Neo4j >= 5.23 allows leaving it out).
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS FOR (m:Memory) ON m.embedding
  OPTIONS {indexConfig: {`vector.similarity_function`: 'cosine'}};
// The second vector index, and the memories waiting for it (cypher/second/claim).
CREATE VECTOR INDEX memory_embedding_second IF NOT EXISTS FOR (m:Memory) ON m.embedding_second
  OPTIONS {indexConfig: {`vector.similarity_function`: 'cosine'}};
CREATE INDEX memory_second_due IF NOT EXISTS FOR (m:Memory) ON (m.second_due_ms);
CREATE FULLTEXT INDEX memory_content IF NOT EXISTS FOR (m:Memory) ON EACH [m.content];
CREATE INDEX entity_account_key IF NOT EXISTS FOR (e:Entity) ON (e.account_id, e.key);
CREATE INDEX person_account_first IF NOT EXISTS FOR (p:Person) ON (p.account_id, p.first_key);
CREATE INDEX tag_account_name IF NOT EXISTS FOR (t:Tag) ON (t.account_id, t.name);
CREATE INDEX entity_account_id IF NOT EXISTS FOR (e:Entity) ON (e.account_id, e.id);
CREATE INDEX tag_account_id IF NOT EXISTS FOR (t:Tag) ON (t.account_id, t.id);
CREATE INDEX decision_id IF NOT EXISTS FOR (d:Decision) ON (d.id);
CREATE INDEX action_item_id IF NOT EXISTS FOR (x:ActionItem) ON (x.id);
CREATE INDEX action_item_account IF NOT EXISTS FOR (x:ActionItem) ON (x.account_id, x.status);
CREATE INDEX wiki_page_account IF NOT EXISTS FOR (w:WikiPage) ON (w.account_id, w.entity_id);
CREATE INDEX feedback_account IF NOT EXISTS FOR (f:Feedback) ON (f.account_id);
