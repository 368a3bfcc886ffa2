"""The small driver layer that hides each store's dialect and client behind one interface."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from graph import queries

Row = dict[str, Any]


class GraphDriver(ABC):
    """Runs named queries and returns rows as plain dicts."""

    dialect: str

    def query(self, name: str) -> str:
        return queries.load(name, self.dialect)

    @abstractmethod
    async def read(self, name: str, params: dict[str, Any] | None = None) -> list[Row]: ...

    @abstractmethod
    async def write(self, name: str, params: dict[str, Any] | None = None) -> list[Row]:
        """Run one write query; it is atomic in both stores (one statement, one transaction)."""

    @abstractmethod
    async def bootstrap(self, embedding_dim: int, second_dim: int = 768) -> None:
        """Create constraints and indexes; safe to run at every start. `second_dim`: the second vector
        index's dimension (pipelines/ingest/second_embedding.py)."""

    @abstractmethod
    async def ping(self) -> dict[str, Any]:
        """Raise StoreUnavailable when the store cannot be reached; else describe it."""

    @abstractmethod
    async def close(self) -> None: ...

    async def read_one(self, name: str, params: dict[str, Any] | None = None) -> Row | None:
        rows = await self.read(name, params)
        return rows[0] if rows else None

    async def write_one(self, name: str, params: dict[str, Any] | None = None) -> Row | None:
        rows = await self.write(name, params)
        return rows[0] if rows else None
