"""API keys: created, shown once, stored as a SHA-256 hash, revoked; accounts and self sign-up."""

from __future__ import annotations

import hashlib
import secrets

from graph import accounts as repo
from graph.driver import GraphDriver
from models.accounts import ApiKeyInfo, KeyKind, NewApiKey
from pipelines.runtime.clock import Clock, from_ms, to_ms
from pipelines.runtime.ids import new_id

KEY_PREFIXES = {KeyKind.test: "svc_test_", KeyKind.live: "svc_live_"}
_PREFIX_SHOWN = 14  # "svc_test_" plus 5 random characters identify a key in listings


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def generate_key(kind: KeyKind) -> str:
    # 32 random bytes -> 43 URL-safe characters.
    return KEY_PREFIXES[kind] + secrets.token_urlsafe(32)


def looks_like_key(value: str) -> bool:
    return value.startswith(tuple(KEY_PREFIXES.values())) and len(value) >= 41


async def create_key(
    driver: GraphDriver,
    clock: Clock,
    *,
    kind: KeyKind,
    account_name: str | None = None,
    email: str | None = None,
) -> NewApiKey:
    """A new key for the account named `account_name` (created if missing), or for a new account."""
    now = to_ms(clock())
    account_id = await repo.find_account_by_name(driver, account_name) if account_name else None
    if account_id is None:
        account_id = await repo.create_account(
            driver, id=new_id("acc"), name=account_name, email=email, now=now
        )
    key = generate_key(kind)
    key_id = new_id("key", 9)
    await repo.create_key(
        driver,
        account_id=account_id,
        id=key_id,
        key_hash=hash_key(key),
        prefix=key[:_PREFIX_SHOWN],
        kind=kind.value,
        now=now,
    )
    return NewApiKey(
        id=key_id,
        account_id=account_id,
        account_name=account_name,
        kind=kind,
        prefix=key[:_PREFIX_SHOWN],
        created_at=from_ms(now),
        api_key=key,
    )


async def list_keys(driver: GraphDriver) -> list[ApiKeyInfo]:
    return [
        ApiKeyInfo(
            id=row["id"],
            account_id=row["account_id"],
            account_name=row["account_name"],
            kind=KeyKind(row["kind"]),
            prefix=row["prefix"],
            created_at=from_ms(row["created_at"]),
            revoked_at=from_ms(row["revoked_at"]) if row["revoked_at"] is not None else None,
        )
        for row in await repo.list_keys(driver)
    ]


async def revoke_key(driver: GraphDriver, clock: Clock, key: str) -> list[str]:
    """Revoke by key id (`key_…`), listed prefix, or the key itself; the ids revoked."""
    if looks_like_key(key):
        rows = await repo.revoke_key(driver, key=None, key_hash=hash_key(key), now=to_ms(clock()))
    else:
        rows = await repo.revoke_key(driver, key=key, key_hash=None, now=to_ms(clock()))
    return [row["id"] for row in rows]
