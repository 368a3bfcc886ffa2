"""Every Cypher query of the service, one named query per file.

`<group>/<name>.cypher` is written once for both stores; `<group>/<name>.falkordb.cypher` or
`<group>/<name>.neo4j.cypher` beside it overrides it for that dialect. `graph.queries` loads them.
"""
