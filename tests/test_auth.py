"""Each authentication failure, key format and storage, revocation, sign-up."""

from __future__ import annotations

import hashlib

import pytest

from models.accounts import KeyKind
from pipelines.accounts import keys
from tests.conftest import auth, new_key


def _error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"type", "code", "message", "param"}
    assert body["error"]["code"] == code
    return body["error"]


@pytest.mark.parametrize(
    ("header", "code"),
    [
        (None, "missing_api_key"),
        ("", "missing_api_key"),
        ("Bearer", "missing_api_key"),
        ("Basic dXNlcjpwYXNz", "missing_api_key"),
        ("Bearer not-a-key", "invalid_api_key"),
        ("Bearer svc_test_short", "invalid_api_key"),
        ("Bearer svc_test_" + "A" * 43, "invalid_api_key"),
        ("Bearer svc_prod_" + "A" * 43, "invalid_api_key"),
    ],
)
def test_each_auth_failure_is_401_with_error_body(client, header, code):
    headers = {"Authorization": header} if header is not None else {}
    error = _error(client.get("/v1/memories", headers=headers), 401, code)
    assert error["type"] == "authentication_error"


def test_auth_comes_before_body_validation(client):
    _error(client.post("/v1/remember", json={"content": ""}), 401, "missing_api_key")


def test_keys_have_documented_format_and_only_hash_is_stored(client):
    for kind, prefix in ((KeyKind.test, "svc_test_"), (KeyKind.live, "svc_live_")):
        key = new_key(client, kind)
        assert key.startswith(prefix) and len(key) - len(prefix) >= 32
        assert client.get("/v1/memories", headers=auth(key)).status_code == 200
    services = client.app.state.services
    listed = client.blocking_portal.call(keys.list_keys, services.driver)
    assert {k.kind for k in listed} == {KeyKind.test, KeyKind.live}
    for info in listed:
        assert len(info.prefix) < 20
    # The key itself is nowhere in the store, its hash is.
    rows = client.blocking_portal.call(services.driver.read, "key/list")
    assert all(key not in str(row) for row in rows)
    assert keys.hash_key(key) == hashlib.sha256(key.encode()).hexdigest()


def test_revoked_key_is_refused_at_once(client):
    key = new_key(client)
    assert client.get("/v1/memories", headers=auth(key)).status_code == 200
    services = client.app.state.services
    revoked = client.blocking_portal.call(keys.revoke_key, services.driver, services.clock, key)
    assert len(revoked) == 1
    _error(client.get("/v1/memories", headers=auth(key)), 401, "invalid_api_key")


def test_health_and_openapi_need_no_key(client):
    health = client.get("/v1/health")
    assert health.status_code == 200
    body = health.json()
    assert body["store"]["reachable"] is True and body["status"] == "ok"
    assert "embedding" in body["models"] and "memsvc" in body["versions"]
    assert "X-RateLimit-Limit" not in health.headers
    assert client.get("/v1/openapi/openapi.json").status_code == 200


def test_signup_returns_a_working_test_key(client, settings):
    response = client.post("/v1/signup", json={"email": "ana@example.com"})
    if not settings.signup_enabled:
        _error(response, 404, "not_found")
        return
    assert response.status_code == 201
    body = response.json()
    assert body["kind"] == "test" and body["api_key"].startswith("svc_test_")
    assert client.get("/v1/memories", headers=auth(body["api_key"])).status_code == 200


def test_signup_validates_email_and_is_rate_limited_per_address(client):
    _error(client.post("/v1/signup", json={"email": "nope"}), 422, "validation_error")
    statuses = [client.post("/v1/signup", json={"email": f"u{i}@example.com"}).status_code for i in range(7)]
    assert statuses[:5] == [201] * 5
    assert statuses[5:] == [429, 429]
    limited = client.post("/v1/signup", json={"email": "late@example.com"})
    assert limited.json()["error"]["code"] == "rate_limited" and int(limited.headers["Retry-After"]) > 0


def test_signup_can_be_turned_off(settings, clock):
    from litestar.testing import TestClient

    from app.main import create_app

    with TestClient(create_app(settings.model_copy(update={"signup": "off"}), clock=clock)) as off:
        _error(off.post("/v1/signup", json={"email": "ana@example.com"}), 404, "not_found")


def test_signup_limit_is_per_address_and_forgets_old_addresses():
    from app.controllers.system import SignupLimiter
    from models.errors import RateLimited

    now = [0.0]
    limiter = SignupLimiter(per_hour=2, clock=lambda: now[0])
    limiter.check("10.0.0.1")
    limiter.check("10.0.0.1")
    with pytest.raises(RateLimited) as refused:
        limiter.check("10.0.0.1")
    assert refused.value.headers["Retry-After"] == "3601"
    limiter.check("10.0.0.2")  # another address has its own allowance
    now[0] = 1800.0
    with pytest.raises(RateLimited):
        limiter.check("10.0.0.1")
    now[0] = 3601.0  # an hour after the first two: allowed again, and the quiet address is forgotten
    limiter.check("10.0.0.1")
    assert limiter.addresses == 1
