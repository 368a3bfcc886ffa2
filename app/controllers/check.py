"""/v1/check: contradictions between a text and the caller's memories."""

from __future__ import annotations

from litestar import Controller, post

from app.auth import require_api_key
from app.content import require_json
from app.openapi import keyed_errors
from models.accounts import Caller
from models.check import CheckRequest, CheckResult
from pipelines.check import check
from pipelines.runtime.service import Services


class CheckController(Controller):
    path = "/v1"
    tags = ["check"]
    guards = [require_api_key]
    security = [{"bearer": []}]

    @post(
        "/check",
        status_code=200,
        guards=[require_json],
        summary="Check a text against your memories",
        responses=keyed_errors(415),
    )
    async def check(self, data: CheckRequest, caller: Caller, services: Services) -> CheckResult:
        """Finds the memories about the same subjects and compares sentence by sentence. Read `show`
        (warn or not) and `context` (the warning to show)."""
        return await check.check(services, caller.account_id, data)
