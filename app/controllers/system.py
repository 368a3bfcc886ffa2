"""/v1/health and /v1/signup: the two routes that take no API key."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from litestar import Controller, Request, get, post

from app.content import require_json
from app.openapi import errors
from models.accounts import KeyKind, SignupRequest, SignupResponse
from models.errors import NotFound, RateLimited
from models.health import Health
from pipelines.accounts import keys
from pipelines.runtime.service import Services

SIGNUPS_PER_HOUR = 5


class SignupLimiter:
    """At most SIGNUPS_PER_HOUR sign-ups per client address per rolling hour, in this process. Addresses
    whose last sign-up is over an hour old are forgotten, so many addresses cannot grow it without end."""

    WINDOW_S = 3600.0

    def __init__(self, per_hour: int = SIGNUPS_PER_HOUR, clock: Callable[[], float] = time.monotonic):
        self.per_hour = per_hour
        self.clock = clock
        self._seen: dict[str, deque[float]] = {}

    def check(self, address: str) -> None:
        now = self.clock()
        self._forget_before(now - self.WINDOW_S)
        recent = self._seen.setdefault(address, deque())
        if len(recent) >= self.per_hour:
            retry_after = int(self.WINDOW_S - (now - recent[0])) + 1
            raise RateLimited(
                "Too many sign-ups from this address; try again later.",
                headers={"Retry-After": str(retry_after)},
            )
        recent.append(now)

    def _forget_before(self, cutoff: float) -> None:
        for address in list(self._seen):
            recent = self._seen[address]
            while recent and recent[0] <= cutoff:
                recent.popleft()
            if not recent:
                del self._seen[address]

    @property
    def addresses(self) -> int:
        return len(self._seen)


class SystemController(Controller):
    path = "/v1"
    tags = ["system"]

    @get("/health", summary="Store reachability, loaded models, versions", responses=errors())
    async def health(self, services: Services, request: Request) -> Health:
        health = await services.health()
        health.streams_in_flight = request.app.state.streams.in_flight
        return health

    @post(
        "/signup",
        status_code=201,
        guards=[require_json],
        summary="Create an account and a test key",
        responses=errors(400, 404, 415, 422, 429),
    )
    async def signup(self, data: SignupRequest, services: Services, request: Request) -> SignupResponse:
        """Open when self sign-up is on (MEMSVC_SIGNUP; default on for the embedded store only)."""
        if not services.settings.signup_enabled:
            raise NotFound("Self sign-up is off on this service; ask its operator for a key.")
        limiter: SignupLimiter = request.app.state.signup_limiter
        limiter.check(request.client.host if request.client else "unknown")
        new_key = await keys.create_key(services.driver, services.clock, kind=KeyKind.test, email=data.email)
        return SignupResponse(account_id=new_key.account_id, api_key=new_key.api_key, kind=new_key.kind)
