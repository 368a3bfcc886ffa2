"""Accounts, API keys and per-key usage counters."""

from __future__ import annotations

from graph.driver import GraphDriver, Row


async def create_account(
    driver: GraphDriver, *, id: str, name: str | None, email: str | None, now: int
) -> str:
    row = await driver.write_one("account/create", {"id": id, "name": name, "email": email, "now": now})
    assert row is not None
    return row["id"]


async def find_account_by_name(driver: GraphDriver, name: str) -> str | None:
    row = await driver.read_one("account/find_by_name", {"name": name})
    return row["id"] if row else None


async def create_key(
    driver: GraphDriver, *, account_id: str, id: str, key_hash: str, prefix: str, kind: str, now: int
) -> bool:
    params = {
        "account_id": account_id,
        "id": id,
        "key_hash": key_hash,
        "prefix": prefix,
        "kind": kind,
        "now": now,
    }
    return await driver.write_one("key/create", params) is not None


async def list_keys(driver: GraphDriver) -> list[Row]:
    return await driver.read("key/list")


async def revoke_key(driver: GraphDriver, *, key: str | None, key_hash: str | None, now: int) -> list[Row]:
    """Revoke by key id or listed prefix (`key`), or by the key's hash; the keys revoked."""
    return await driver.write("key/revoke", {"key": key, "key_hash": key_hash, "now": now})


async def consume_calls(
    driver: GraphDriver, *, key_hash: str, day: str, month: str, calls: int, limits: dict[str, int]
) -> Row | None:
    """Authenticate and count `calls` calls in one statement; None for an unknown or revoked key."""
    params = {"key_hash": key_hash, "day": day, "month": month, "calls": calls, **limits}
    return await driver.write_one("usage/consume", params)


async def claim_idempotency_key(
    driver: GraphDriver,
    *,
    account_id: str,
    key: str,
    token: str,
    fingerprint: str,
    now_ms: int,
    expired_before: int,
    abandoned_before: int,
) -> Row:
    """`{mine, fingerprint, state, status, body}`: `mine` when this request (`token`) now holds the key."""
    params = {
        "account_id": account_id,
        "key": key,
        "token": token,
        "fingerprint": fingerprint,
        "now_ms": now_ms,
        "expired_before": expired_before,
        "abandoned_before": abandoned_before,
    }
    row = await driver.write_one("idempotency/claim", params)
    assert row is not None  # MERGE always returns the node
    return row


async def finish_idempotency_key(
    driver: GraphDriver, *, account_id: str, key: str, token: str, status: int, body: str, expired_before: int
) -> None:
    params = {
        "account_id": account_id,
        "key": key,
        "token": token,
        "status": status,
        "body": body,
        "expired_before": expired_before,
    }
    await driver.write("idempotency/finish", params)


async def release_idempotency_key(driver: GraphDriver, *, account_id: str, key: str, token: str) -> None:
    await driver.write("idempotency/release", {"account_id": account_id, "key": key, "token": token})
