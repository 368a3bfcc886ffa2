"""The Litestar application: controllers, dependencies, the error handler, the service's lifespan."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from litestar import Litestar
from litestar.di import Provide

from app.auth import provide_caller, provide_services, provide_usage
from app.controllers.ask import AskController
from app.controllers.chat import ChatController
from app.controllers.check import CheckController
from app.controllers.knowledge import GraphController, StoreController
from app.controllers.memories import MemoryController
from app.controllers.system import SignupLimiter, SystemController
from app.errors import handle_exception
from app.methods import allowed_methods, complete_allow_header
from app.openapi import openapi_config, optional_bodies
from app.quotas import add_rate_limit_headers
from app.streaming import StreamCounter
from models.settings import Settings
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
        try:
            yield
        finally:
            await app.state.services.close()

    app = Litestar(
        route_handlers=[
            SystemController,
            MemoryController,
            AskController,
            ChatController,
            CheckController,
            GraphController,
            StoreController,
        ],
        dependencies={
            "services": Provide(provide_services),
            "caller": Provide(provide_caller),
            "usage": Provide(provide_usage),
        },
        exception_handlers={Exception: handle_exception},
        before_send=[add_rate_limit_headers, complete_allow_header],
        lifespan=[lifespan],
        openapi_config=openapi_config(),
        request_max_body_size=settings.max_body_bytes,
        logging_config=None,
    )
    app.state.allowed_methods = allowed_methods(app)
    optional_bodies(app)
    return app
