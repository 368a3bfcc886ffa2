"""Per-key quotas: test keys 100 calls a UTC day and 1,000 a UTC month, live keys 10,000 and 100,000.

Authentication and counting are one atomic statement in the store (`cypher/usage/consume.cypher`), so
several service processes share the counters. A call over quota is not counted and does nothing.
"""

from __future__ import annotations

import hmac
from datetime import UTC, datetime, timedelta

from graph import accounts as repo
from graph.driver import GraphDriver
from models.accounts import Caller, KeyKind, Usage
from models.errors import AuthenticationFailed, MissingApiKey
from models.settings import Settings
from pipelines.accounts.keys import hash_key, looks_like_key
from pipelines.runtime.clock import Clock


def window_ends(now: datetime) -> tuple[int, int]:
    """Unix times at which the current UTC day and month end."""
    now = now.astimezone(UTC)
    day_end = datetime(now.year, now.month, now.day, tzinfo=UTC) + timedelta(days=1)
    month_end = datetime(now.year + now.month // 12, now.month % 12 + 1, 1, tzinfo=UTC)
    return int(day_end.timestamp()), int(month_end.timestamp())


def limits_of(settings: Settings) -> dict[str, int]:
    return {
        "test_daily": settings.test_daily_limit,
        "test_monthly": settings.test_monthly_limit,
        "live_daily": settings.live_daily_limit,
        "live_monthly": settings.live_monthly_limit,
    }


async def authenticate(
    driver: GraphDriver, settings: Settings, clock: Clock, key: str | None, calls: int = 1
) -> tuple[Caller, Usage]:
    """The caller behind `key`, with `calls` counted against its quota when it has room for them."""
    if not key:
        raise MissingApiKey("Send your API key as 'Authorization: Bearer <key>'.")
    if not looks_like_key(key):
        raise AuthenticationFailed("The API key is not valid.")
    digest = hash_key(key)
    now = clock().astimezone(UTC)
    row = await repo.consume_calls(
        driver,
        key_hash=digest,
        day=now.strftime("%Y-%m-%d"),
        month=now.strftime("%Y-%m"),
        calls=calls,
        limits=limits_of(settings),
    )
    # The lookup is by hash; comparing the stored hash in constant time as well costs nothing.
    if row is None or not hmac.compare_digest(row["key_hash"], digest):
        raise AuthenticationFailed("The API key is unknown or has been revoked.")
    day_end, month_end = window_ends(now)
    usage = Usage(
        allowed=row["allowed"],
        today=row["today"],
        this_month=row["this_month"],
        daily_limit=row["daily_limit"],
        monthly_limit=row["monthly_limit"],
        day_resets_at=day_end,
        month_resets_at=month_end,
    )
    return Caller(account_id=row["account_id"], key_id=row["key_id"], kind=KeyKind(row["kind"])), usage
