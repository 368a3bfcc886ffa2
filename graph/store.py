"""Open the store named by `MEMSVC_GRAPH_URI`: embedded FalkorDB, a FalkorDB server, or Neo4j 5."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

from graph import entities
from graph.driver import GraphDriver
from graph.drivers.embedded import EmbeddedFalkorDB
from graph.drivers.falkordb_driver import FalkorDBDriver
from graph.drivers.neo4j_driver import Neo4jDriver

EMBEDDED_SCHEME = "falkordb+embedded"


@dataclass
class Store:
    driver: GraphDriver
    embedded: EmbeddedFalkorDB | None = None

    async def close(self) -> None:
        await self.driver.close()
        if self.embedded:
            await self.embedded.stop()


async def open_store(
    uri: str,
    *,
    user: str = "neo4j",
    password: str = "",
    graph_name: str = "memsvc",
    neo4j_database: str = "",
    restart_delay: float = 0.5,
    embedding_dim: int = 384,
    second_dim: int = 768,
    bootstrap: bool = True,
) -> Store:
    """Connect (starting the embedded server if the URI asks for it) and bootstrap the schema."""
    scheme, _, rest = uri.partition("://")
    if scheme == EMBEDDED_SCHEME:
        embedded = EmbeddedFalkorDB(Path(rest or "./data"), restart_delay=restart_delay)
        await embedded.start()
        store = Store(
            FalkorDBDriver(graph_name=graph_name, unix_socket_path=str(embedded.socket_path)), embedded
        )
    elif scheme in ("falkordb", "redis"):
        parsed = urlparse(uri)
        store = Store(
            FalkorDBDriver(
                graph_name=graph_name,
                host=parsed.hostname or "localhost",
                port=parsed.port or 6379,
                password=parsed.password or password or None,
            )
        )
    elif scheme in ("neo4j", "neo4j+s", "neo4j+ssc", "bolt", "bolt+s", "bolt+ssc"):
        store = Store(Neo4jDriver(uri, user=user, password=password, database=neo4j_database or None))
    else:
        raise ValueError(f"MEMSVC_GRAPH_URI: unsupported scheme {scheme!r} in {uri!r}")
    if bootstrap:
        try:
            await store.driver.bootstrap(embedding_dim, second_dim)
            await entities.fill_recent_mentions(store.driver)
        except BaseException:
            await store.close()
            raise
    return store
