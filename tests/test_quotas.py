"""Quota exhaustion, headers, the window resets (with a movable clock), and shared atomic counters."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import pytest
from litestar.testing import TestClient

from app.main import create_app
from models.accounts import KeyKind
from tests.conftest import FakeClock, auth, new_key


@pytest.fixture
def small(settings, clock):
    limited = settings.model_copy(
        update={
            "test_daily_limit": 3,
            "test_monthly_limit": 5,
            "live_daily_limit": 4,
            "live_monthly_limit": 40,
        }
    )
    with TestClient(create_app(limited, clock=clock)) as test_client:
        yield test_client


def test_headers_count_down_and_the_call_past_the_quota_does_nothing(small, clock):
    headers = auth(new_key(small))
    remaining = []
    for i in range(3):
        response = small.post("/v1/remember", json={"content": f"note {i}"}, headers=headers)
        assert response.status_code == 201
        assert response.headers["X-RateLimit-Limit"] == "3"
        remaining.append(int(response.headers["X-RateLimit-Remaining"]))
    assert remaining == [2, 1, 0]
    day_end = int(datetime(2026, 3, 15, tzinfo=UTC).timestamp())
    assert int(response.headers["X-RateLimit-Reset"]) == day_end

    refused = small.post("/v1/remember", json={"content": "one too many"}, headers=headers)
    assert refused.status_code == 429
    assert refused.json()["error"] == {
        "type": "rate_limit_error",
        "code": "quota_exceeded",
        "param": None,
        "message": refused.json()["error"]["message"],
    }
    assert int(refused.headers["Retry-After"]) == day_end - int(clock().timestamp())
    assert refused.headers["X-RateLimit-Remaining"] == "0"

    # The refused call stored nothing: next day, the list holds exactly the three acknowledged notes.
    clock.advance(days=1)
    listed = small.get("/v1/memories", headers=headers).json()["data"]
    assert sorted(m["content"] for m in listed) == ["note 0", "note 1", "note 2"]


def test_day_window_resets_and_month_window_binds(small, clock):
    headers = auth(new_key(small))
    for _ in range(3):
        assert small.get("/v1/memories", headers=headers).status_code == 200
    assert small.get("/v1/memories", headers=headers).status_code == 429
    clock.advance(days=1)  # new UTC day: 2 more fit the month's 5
    assert [small.get("/v1/memories", headers=headers).status_code for _ in range(3)] == [200, 200, 429]
    response = small.get("/v1/memories", headers=headers)
    assert response.headers["X-RateLimit-Limit"] == "5"  # the month is now the binding window
    clock.now = datetime(2026, 4, 1, 0, 0, 1, tzinfo=UTC)  # new month
    assert small.get("/v1/memories", headers=headers).status_code == 200


def test_live_keys_have_their_own_limits(small):
    headers = auth(new_key(small, KeyKind.live))
    statuses = [small.get("/v1/memories", headers=headers).status_code for _ in range(5)]
    assert statuses == [200, 200, 200, 200, 429]


def test_counts_are_per_key(small):
    first, second = auth(new_key(small)), auth(new_key(small))
    for _ in range(3):
        small.get("/v1/memories", headers=first)
    assert small.get("/v1/memories", headers=first).status_code == 429
    assert small.get("/v1/memories", headers=second).status_code == 200


def test_concurrent_calls_count_exactly(settings):
    clock = FakeClock()
    limited = settings.model_copy(update={"test_daily_limit": 10, "test_monthly_limit": 100})
    with TestClient(create_app(limited, clock=clock)) as test_client:
        headers = auth(new_key(test_client))
        with ThreadPoolExecutor(8) as pool:
            statuses = list(
                pool.map(lambda _: test_client.get("/v1/memories", headers=headers).status_code, range(30))
            )
        assert statuses.count(200) == 10 and statuses.count(429) == 20
