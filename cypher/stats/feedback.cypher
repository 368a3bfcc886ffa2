// An account's feedback, by rating.
MATCH (f:Feedback)
WHERE f.account_id = $account_id
RETURN f.rating AS rating, count(f) AS total
