// For entities written before they kept their recent mentions (see memory/create): the ids of the
// memories that mention each, newest first, $recent_mentions at most. Run at start-up; touches only
// entities without the list.
MATCH (e:Entity)
WHERE e.recent IS NULL
OPTIONAL MATCH (e)<-[:MENTIONS]-(m:Memory)
WITH e, m
ORDER BY m.ts DESC, m.created_ms DESC
WITH e, collect(m.id) AS mentioned
SET e.recent = mentioned[0..$recent_mentions]
RETURN count(e) AS filled
