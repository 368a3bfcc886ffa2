// An account: every memory, entity and count hangs off one.
CREATE (a:Account {id: $id, name: $name, email: $email, created_at: $now})
RETURN a.id AS id
