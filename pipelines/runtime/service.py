"""The running service's parts: settings, the store, the loaded models, the clock."""

from __future__ import annotations

import asyncio
import logging
import platform
from dataclasses import dataclass, field
from importlib.metadata import version

from graph.driver import GraphDriver
from graph.search import TermFrequencies
from graph.store import Store, open_store
from models.errors import StoreUnavailable
from models.health import Health
from models.settings import Settings
from pipelines.nlp.device import resolve_device
from pipelines.nlp.loader import Models
from pipelines.runtime.activity import Activity
from pipelines.runtime.clock import Clock, utc_now
from pipelines.runtime.timings import StageTimes

log = logging.getLogger(__name__)


@dataclass
class Services:
    settings: Settings
    store: Store
    models: Models
    device: str
    clock: Clock = field(default=utc_now)
    timings: StageTimes = field(default_factory=StageTimes)
    term_frequencies: TermFrequencies = field(default_factory=TermFrequencies)  # full-text weights, kept
    started_s: int = 0  # unix time the service started (the `created` of GET /v1/models)
    activity: Activity = field(default_factory=Activity)  # requests in flight (app/main.py counts them)

    @property
    def driver(self) -> GraphDriver:
        return self.store.driver

    @classmethod
    async def start(cls, settings: Settings, clock: Clock = utc_now) -> Services:
        device = resolve_device(settings.device)
        models = await asyncio.to_thread(Models.load, settings, device)
        store = await open_store(
            settings.graph_uri,
            user=settings.graph_user,
            password=settings.graph_password.get_secret_value(),
            graph_name=settings.graph_name,
            neo4j_database=settings.neo4j_database,
            restart_delay=settings.embedded_restart_delay,
            embedding_dim=models.embedder.dim,
            second_dim=models.second.dim if models.second else 768,
        )
        log.info("store %s ready; models on %s", settings.graph_uri, device)
        return cls(
            settings=settings,
            store=store,
            models=models,
            device=device,
            clock=clock,
            started_s=int(clock().timestamp()),
        )

    async def close(self) -> None:
        await self.store.close()

    async def health(self) -> Health:
        try:
            store = {"reachable": True, **await self.driver.ping()}
        except StoreUnavailable:
            store = {"reachable": False, "backend": self.driver.dialect}
        if self.store.embedded:
            store["embedded_restarts"] = self.store.embedded.restarts
        return Health(
            status="ok" if store["reachable"] else "degraded",
            store=store,
            models={**self.models.backends(), "device": self.device},
            versions={
                "memsvc": version("memsvc"),
                "python": platform.python_version(),
                "litestar": version("litestar"),
                "torch": version("torch"),
            },
        )
