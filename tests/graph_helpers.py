"""Test-only Cypher against whichever store the app runs on, to check the graph the API wrote."""

from __future__ import annotations

from typing import Any

from graph.drivers.falkordb_driver import FalkorDBDriver


def graph_rows(client, cypher: str, params: dict[str, Any] | None = None) -> list[list[Any]]:
    driver = client.app.state.services.driver

    async def run() -> list[list[Any]]:
        if isinstance(driver, FalkorDBDriver):
            return (await driver._graph.query(cypher, params or {})).result_set
        records, _, _ = await driver._driver.execute_query(cypher, params or {}, database_=driver._database)
        return [list(r.values()) for r in records]

    return client.blocking_portal.call(run)


def account_of(client, memory_id: str) -> str:
    return graph_rows(
        client, "MATCH (a:Account)-[:OWNS]->(:Memory {id: $id}) RETURN a.id", {"id": memory_id}
    )[0][0]
