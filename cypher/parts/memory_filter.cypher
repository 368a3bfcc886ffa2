// The filters a caller gives (graph/filters.py) as one boolean over the memory `m`; a query includes it
// in a projection, `WITH m, ..., <this> AS kept WHERE kept`. People, organizations and tags are resolved
// to the ids of the memories that name all of them beforehand (search/filter_people,
// filter_organizations, filter_tags: from the entity and tag indexes), and a candidate is tested against
// that list: testing each candidate's relationships instead cost 355 ms p95 at 1,000 memories (FalkorDB
// runs a pattern comprehension for every row). The scope (user_id, agent_id, session_id, metadata) is
// the `field=value` pairs every memory keeps in its `scope` list (models/fields.py). A null filter passes
// every memory.
($f_source IS NULL OR m.source = $f_source)
AND ($f_triage_type IS NULL OR m.triage_type = $f_triage_type)
AND ($f_since IS NULL OR m.ts >= $f_since)
AND ($f_until IS NULL OR m.ts <= $f_until)
AND ($f_ids IS NULL OR m.id IN $f_ids)
AND ($f_scope IS NULL OR all(pair IN $f_scope WHERE pair IN m.scope))
