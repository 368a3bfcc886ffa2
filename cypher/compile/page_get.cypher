// The stored wiki page of an entity, if it was compiled before.
MATCH (w:WikiPage {account_id: $account_id, entity_id: $entity_id})
RETURN w.page AS page, w.compiled_ms AS compiled_ms, w.sources_key AS sources_key
