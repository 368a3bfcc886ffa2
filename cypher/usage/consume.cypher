// Authenticate a key and count one call against its day and month windows, in one atomic statement.
// Setting _lock first takes the node's write lock before the counters are read (Neo4j's documented
// guard against lost updates; FalkorDB runs writes one at a time anyway). Over quota: nothing counted.
MATCH (k:ApiKey {key_hash: $key_hash})-[:OF]->(a:Account)
WHERE k.revoked_at IS NULL
SET k._lock = true
WITH k, a,
     CASE WHEN k.day_window = $day THEN k.day_count ELSE 0 END AS day_used,
     CASE WHEN k.month_window = $month THEN k.month_count ELSE 0 END AS month_used,
     CASE WHEN k.kind = 'live' THEN $live_daily ELSE $test_daily END AS daily_limit,
     CASE WHEN k.kind = 'live' THEN $live_monthly ELSE $test_monthly END AS monthly_limit
WITH k, a, day_used, month_used, daily_limit, monthly_limit,
     day_used + $calls <= daily_limit AND month_used + $calls <= monthly_limit AS allowed
SET k.day_window = $day, k.month_window = $month,
    k.day_count = CASE WHEN allowed THEN day_used + $calls ELSE day_used END,
    k.month_count = CASE WHEN allowed THEN month_used + $calls ELSE month_used END
REMOVE k._lock
RETURN a.id AS account_id, k.id AS key_id, k.key_hash AS key_hash, k.kind AS kind, allowed,
       k.day_count AS today, k.month_count AS this_month, daily_limit, monthly_limit
