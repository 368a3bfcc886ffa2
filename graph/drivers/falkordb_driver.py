"""FalkorDB through the `falkordb` asyncio client, on a unix socket (embedded) or TCP."""

from __future__ import annotations

import logging
from typing import Any

import redis.exceptions
from falkordb.asyncio import FalkorDB
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff

from graph import queries
from graph.driver import GraphDriver, Row
from graph.drivers import schema
from models.errors import StoreUnavailable

log = logging.getLogger(__name__)

# Errors that mean "the server is not there right now" (down, restarting, loading its AOF).
_UNAVAILABLE = (
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    redis.exceptions.BusyLoadingError,
    ConnectionError,
    OSError,
)


def _without_nul(value: Any) -> Any:
    """FalkorDB strings are C strings and the client inlines parameters into the query's `CYPHER`
    header, where U+0000 would end the text: it is stored as U+FFFD instead (the README says so)."""
    if isinstance(value, str):
        return value.replace("\x00", "\ufffd") if "\x00" in value else value
    if isinstance(value, list):
        return [_without_nul(v) for v in value]
    if isinstance(value, dict):
        return {k: _without_nul(v) for k, v in value.items()}
    return value


class FalkorDBDriver(GraphDriver):
    dialect = "falkordb"

    def __init__(
        self,
        *,
        graph_name: str,
        unix_socket_path: str | None = None,
        host: str = "localhost",
        port: int = 6379,
        password: str | None = None,
    ):
        kwargs: dict[str, Any] = {
            "socket_connect_timeout": 2,
            "socket_timeout": 60,
            "password": password,
            "max_connections": 64,
        }
        if unix_socket_path:
            kwargs["unix_socket_path"] = unix_socket_path
        else:
            kwargs.update(host=host, port=port)
        self._db = FalkorDB(**kwargs)
        # One quick retry (a restarted server, a dropped idle connection): redis-py's default back-off
        # would hold a request for seconds before the 503 that tells the client to come back later.
        # Set on the pool, not passed in: the client's cluster probe builds a *sync* redis client from
        # the same arguments, which an async Retry breaks.
        retry = Retry(ExponentialBackoff(cap=0.2, base=0.05), 1)
        self._db.connection.connection_pool.connection_kwargs["retry"] = retry
        self._db.connection.retry = retry
        self._graph = self._db.select_graph(graph_name)
        self.description = f"unix:{unix_socket_path}" if unix_socket_path else f"{host}:{port}"

    async def _run(self, name: str, params: dict[str, Any] | None, read_only: bool) -> list[Row]:
        text = self.query(name)
        try:
            run = self._graph.ro_query if read_only else self._graph.query
            result = await run(text, _without_nul(params or {}))
        except _UNAVAILABLE as exc:
            raise StoreUnavailable() from exc
        except redis.exceptions.ResponseError as exc:
            # Reading a graph nothing was written to yet: FalkorDB has no key for it, so no rows.
            if read_only and "empty key" in str(exc):
                return []
            raise
        header = [column[1] for column in result.header]
        return [dict(zip(header, row, strict=True)) for row in result.result_set]

    async def read(self, name: str, params: dict[str, Any] | None = None) -> list[Row]:
        return await self._run(name, params, read_only=True)

    async def write(self, name: str, params: dict[str, Any] | None = None) -> list[Row]:
        return await self._run(name, params, read_only=False)

    async def bootstrap(self, embedding_dim: int, second_dim: int = 768) -> None:
        for statement in queries.statements("schema/bootstrap", self.dialect):
            try:
                await self._graph.query(statement, {"dim": embedding_dim, "second_dim": second_dim})
            except redis.exceptions.ResponseError as exc:
                if "already indexed" not in str(exc):
                    raise
            except _UNAVAILABLE as exc:
                raise StoreUnavailable() from exc
        for label, prop in schema.UNIQUE_KEYS:
            try:
                await self._graph.create_node_unique_constraint(label, prop)
            except redis.exceptions.ResponseError as exc:
                if "already exists" not in str(exc).lower():
                    raise

    async def ping(self) -> dict[str, Any]:
        try:
            await self._db.connection.ping()
            info = await self._db.connection.info("server")
        except _UNAVAILABLE as exc:
            raise StoreUnavailable() from exc
        return {
            "backend": "falkordb",
            "address": self.description,
            "redis_version": info.get("redis_version"),
        }

    async def close(self) -> None:
        await self._db.connection.aclose()
