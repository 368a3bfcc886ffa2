"""The HTTP layer (Litestar): routes, auth, quotas, errors. No Cypher and no model code here."""
