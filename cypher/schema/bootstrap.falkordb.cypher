// FalkorDB schema: "already indexed" answers are expected on a second start and ignored by the driver.
// Unique constraints are created by the driver with GRAPH.CONSTRAINT (see graph/schema.py).
CREATE INDEX FOR (a:Account) ON (a.id);
CREATE INDEX FOR (k:ApiKey) ON (k.id);
CREATE INDEX FOR (k:ApiKey) ON (k.key_hash);
CREATE INDEX FOR (m:Memory) ON (m.id);
CREATE INDEX FOR (m:Memory) ON (m.account_id);
CREATE VECTOR INDEX FOR (m:Memory) ON (m.embedding) OPTIONS {dimension: $dim, similarityFunction: 'cosine'};
CALL db.idx.fulltext.createNodeIndex('Memory', 'content');
