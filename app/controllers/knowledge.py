"""The knowledge endpoints: a memory's graph, wiki pages, the store's audit and statistics, feedback."""

from __future__ import annotations

from functools import partial
from typing import Annotated

from litestar import Controller, Request, get, post
from litestar.params import Parameter

from app.auth import IDEMPOTENT, require_api_key
from app.content import require_json
from app.idempotency import IdempotencyKey, idempotent
from app.openapi import keyed_errors
from models.accounts import Caller, Usage
from models.feedback import Feedback, FeedbackRequest
from models.graph import MemoryGraph
from models.lint import LintReport, LintRequest
from models.stats import Stats
from models.wiki import CompileRequest, WikiPage
from pipelines.knowledge import compile as wiki
from pipelines.knowledge import explore, feedback, lint, stats
from pipelines.runtime.service import Services


class GraphController(Controller):
    path = "/v1"
    tags = ["graph"]
    guards = [require_api_key]
    security = [{"bearer": []}]

    @get("/graph/{memory_id:str}", summary="A memory's connections", responses=keyed_errors(404))
    async def memory_graph(
        self,
        memory_id: str,
        caller: Caller,
        services: Services,
        depth: Annotated[int, Parameter(ge=1, le=3, description="Hops from the memory.")] = 1,
        limit: Annotated[int, Parameter(ge=1, le=500, description="At most this many nodes.")] = 100,
    ) -> MemoryGraph:
        """Its people, organizations, tags, decisions, action items and linked memories; at depth 2–3
        what those connect to. Nodes breadth first, the root first."""
        return await explore.memory_graph(services, caller.account_id, memory_id, depth=depth, limit=limit)

    @post(
        "/compile/{entity:str}",
        status_code=200,
        guards=[require_json],
        summary="A wiki page for a person, organization or tag",
        responses=keyed_errors(404, 415),
    )
    async def compile_page(
        self, entity: str, caller: Caller, services: Services, data: CompileRequest | None = None
    ) -> WikiPage:
        """`entity` is an id or a name (case-insensitive; a person also by first name). The page is
        stored and rebuilt only when a memory about the entity arrived or went since, or on a new day."""
        return await wiki.compile_page(services, caller.account_id, entity, data or CompileRequest())


class StoreController(Controller):
    path = "/v1"
    tags = ["store"]
    guards = [require_api_key]
    security = [{"bearer": []}]

    @post(
        "/lint",
        status_code=200,
        guards=[require_json],
        summary="A health audit of your store",
        responses=keyed_errors(415),
    )
    async def lint(self, caller: Caller, services: Services, data: LintRequest | None = None) -> LintReport:
        """Each check is one query in `cypher/lint/`. `fix: true` applies only the safe repairs (merge one
        name written two ways, drop dangling links and orphans, recompute missing embeddings)."""
        return await lint.lint(services, caller.account_id, fix=(data or LintRequest()).fix)

    @get("/stats", summary="Usage statistics", responses=keyed_errors())
    async def stats(self, caller: Caller, usage: Usage, services: Services) -> Stats:
        return await stats.stats(services, caller, usage)

    @post(
        "/feedback",
        status_code=201,
        guards=[require_json],
        opt={IDEMPOTENT: True},
        summary="Thumbs up or down on an answer",
        responses=keyed_errors(404, 409, 413, 415),
    )
    async def feedback(
        self,
        data: FeedbackRequest,
        caller: Caller,
        services: Services,
        request: Request,
        idempotency_key: IdempotencyKey = None,
    ) -> Feedback:
        """Votes nudge the ranking of the cited memories (within ±25%); a `down` with a `correction`
        stores the correction as a memory that `corrects` them, so the next ask answers from it."""
        run = partial(feedback.give_feedback, services, caller.account_id, data)
        return await idempotent(request, idempotency_key, run, body=data)
