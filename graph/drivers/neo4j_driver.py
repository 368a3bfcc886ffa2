"""Neo4j 5 through the official async driver (production; a cluster or Aura work the same)."""

from __future__ import annotations

from typing import Any

import neo4j
import neo4j.exceptions
from neo4j import AsyncGraphDatabase, RoutingControl

from graph import queries
from graph.driver import GraphDriver, Row
from models.errors import StoreUnavailable

_UNAVAILABLE = (neo4j.exceptions.ServiceUnavailable, neo4j.exceptions.SessionExpired, OSError)


def _plain(value: Any) -> Any:
    """Neo4j temporal and graph values to plain Python; the queries return maps and scalars already."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if hasattr(value, "to_native"):
        return value.to_native()
    return value


class Neo4jDriver(GraphDriver):
    dialect = "neo4j"

    def __init__(self, uri: str, *, user: str, password: str, database: str | None = None):
        self._driver = AsyncGraphDatabase.driver(uri, auth=(user, password))
        self._database = database or None
        self.description = uri

    async def _run(self, name: str, params: dict[str, Any] | None, routing: RoutingControl) -> list[Row]:
        try:
            records, _, _ = await self._driver.execute_query(
                self.query(name), params or {}, database_=self._database, routing_=routing
            )
        except _UNAVAILABLE as exc:
            raise StoreUnavailable() from exc
        return [{k: _plain(v) for k, v in record.items()} for record in records]

    async def read(self, name: str, params: dict[str, Any] | None = None) -> list[Row]:
        return await self._run(name, params, RoutingControl.READ)

    async def write(self, name: str, params: dict[str, Any] | None = None) -> list[Row]:
        return await self._run(name, params, RoutingControl.WRITE)

    async def bootstrap(self, embedding_dim: int, second_dim: int = 768) -> None:
        for statement in queries.statements("schema/bootstrap", self.dialect):
            try:
                await self._driver.execute_query(statement, database_=self._database)
            except _UNAVAILABLE as exc:
                raise StoreUnavailable() from exc

    async def ping(self) -> dict[str, Any]:
        try:
            info = await self._driver.get_server_info()
        except _UNAVAILABLE as exc:
            raise StoreUnavailable() from exc
        return {"backend": "neo4j", "address": self.description, "agent": info.agent}

    async def close(self) -> None:
        await self._driver.close()


__all__ = ["Neo4jDriver", "neo4j"]
