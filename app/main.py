"""The Litestar application: controllers, dependencies, the error handler, the service's lifespan."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from litestar import Litestar
from litestar.config.cors import CORSConfig
from litestar.di import Provide
from litestar.types import ASGIApp, Receive, Scope, Send

from app.auth import provide_caller, provide_services, provide_usage, purge_expired
from app.controllers.ask import AskController
from app.controllers.chat import ChatController
from app.controllers.check import CheckController
from app.controllers.console import console_files
from app.controllers.knowledge import GraphController, StoreController
from app.controllers.mcp import mcp_endpoint
from app.controllers.memories import MemoryController
from app.controllers.search import SearchController
from app.controllers.system import SignupLimiter, SystemController
from app.errors import handle_exception
from app.mcp import OPEN_HOSTS, build_server, in_process
from app.methods import allowed_methods, complete_allow_header, head_as_get
from app.openapi import openapi_config, optional_bodies
from app.quotas import add_rate_limit_headers
from app.streaming import StreamCounter
from models.settings import Settings
from pipelines.ingest import second_embedding
from pipelines.knowledge import expiry
from pipelines.runtime.clock import Clock, utc_now
from pipelines.runtime.service import Services


def create_app(settings: Settings | None = None, clock: Clock = utc_now) -> Litestar:
    settings = settings or Settings()
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        app.state.services = await Services.start(settings, clock)
        app.state.signup_limiter = SignupLimiter()
        app.state.streams = StreamCounter()
        # The MCP server's tools call this app's own REST API in-process (app/mcp.py); stateless, so
        # several service processes on one store answer any MCP request alike.
        mcp_server = build_server(in_process(app))
        mcp_server.streamable_http_app(stateless_http=True, json_response=True, transport_security=OPEN_HOSTS)
        app.state.mcp = mcp_server.session_manager
        background = [asyncio.create_task(expiry.sweep(app.state.services, settings.expiry_sweep_s))]
        if app.state.services.models.second is not None:
            background.append(asyncio.create_task(second_embedding.work(app.state.services)))
        try:
            async with mcp_server.session_manager.run():
                yield
        finally:
            for task in background:
                task.cancel()
            await asyncio.gather(*background, return_exceptions=True)
            await app.state.services.close()

    app = Litestar(
        route_handlers=[
            SystemController,
            MemoryController,
            AskController,
            SearchController,
            ChatController,
            CheckController,
            GraphController,
            StoreController,
            mcp_endpoint,
            console_files,
        ],
        dependencies={
            "services": Provide(provide_services),
            "caller": Provide(provide_caller),
            "usage": Provide(provide_usage),
        },
        exception_handlers={Exception: handle_exception},
        before_request=purge_expired,
        before_send=[add_rate_limit_headers, complete_allow_header],
        lifespan=[lifespan],
        openapi_config=openapi_config(),
        request_max_body_size=settings.max_body_bytes,
        logging_config=None,
        cors_config=_cors(settings),
    )
    app.asgi_handler = _counted(head_as_get(app.asgi_handler), app)
    app.state.allowed_methods = allowed_methods(app)
    optional_bodies(app)
    return app


def _counted(handler: ASGIApp, app: Litestar) -> ASGIApp:
    """Each HTTP request counted in flight (`Services.activity`) from its start to its last byte, a
    stream's included: background work waits for a pause."""

    async def counted(scope: Scope, receive: Receive, send: Send) -> None:
        services = getattr(app.state, "services", None) if scope["type"] == "http" else None
        if services is None:
            await handler(scope, receive, send)
            return
        services.activity.begin()
        try:
            await handler(scope, receive, send)
        finally:
            services.activity.end()

    return counted


def _cors(settings: Settings) -> CORSConfig | None:
    """CORS for MEMSVC_CORS_ORIGINS only: with none set, no CORS header is sent and browsers on other
    origins cannot read the API's answers."""
    origins = settings.cors_origin_list
    if not origins:
        return None
    return CORSConfig(
        allow_origins=origins,
        allow_methods=["GET", "HEAD", "POST", "DELETE", "PATCH", "OPTIONS"],
        allow_headers=["Authorization", "Content-Type", "Idempotency-Key"],
        expose_headers=[
            "X-RateLimit-Limit",
            "X-RateLimit-Remaining",
            "X-RateLimit-Reset",
            "Retry-After",
            "Idempotent-Replayed",
        ],
        max_age=600,
    )
