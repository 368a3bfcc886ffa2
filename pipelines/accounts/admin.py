"""Key administration for the command line: the store alone, without loading any model."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from graph.driver import GraphDriver
from graph.store import open_store
from models.settings import Settings


@asynccontextmanager
async def admin_store(settings: Settings) -> AsyncIterator[GraphDriver]:
    """The store of `settings`; with the embedded store, the running service's server if there is one.

    The schema is left to the service, which knows the embedding dimension; keys need none of it.
    """
    store = await open_store(
        settings.graph_uri,
        user=settings.graph_user,
        password=settings.graph_password.get_secret_value(),
        graph_name=settings.graph_name,
        neo4j_database=settings.neo4j_database,
        bootstrap=False,
    )
    try:
        yield store.driver
    finally:
        await store.close()
