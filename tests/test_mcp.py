"""The MCP server with the SDK's own client, over both transports, against a real `memsvc serve`:
Streamable HTTP at /mcp (the tool list, remember then ask and search, an API error as a tool error, one
quota call per tool call, a bad key refused, one key never seeing another's memories, end users kept
apart by user_id) and stdio through
`memsvc mcp` (the same tools over the running service's REST API)."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

from tests.servers import BIN, Server, created_key

TOOLS = {
    "remember",
    "ask",
    "search",
    "check",
    "get_memory",
    "list_memories",
    "delete_memory",
    "compile",
    "graph",
    "lint",
}
NOTE = "Weekly sync with Priya Raman. We decided to postpone the mobile release. Bob will book the auditors."


@pytest.fixture
def key(module_server: Server, request: pytest.FixtureRequest) -> str:
    return created_key(module_server.data_dir, account=request.node.name[:40])


def over_http(server: Server, key: str) -> Client:
    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=120)
    return Client(streamable_http_client(f"{server.url}/mcp", http_client=http))


async def call(client: Client, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    return result.structured_content or {}


def remaining(server: Server, key: str) -> int:
    response = httpx.get(f"{server.url}/v1/memories?limit=1", headers={"Authorization": f"Bearer {key}"})
    return int(response.headers["X-RateLimit-Remaining"])


def test_streamable_http_tools_remember_ask_search(module_server: Server, key: str):
    async def run() -> None:
        async with over_http(module_server, key) as client:
            listed = await client.list_tools()
            assert {tool.name for tool in listed.tools} == TOOLS
            assert all(tool.description and tool.input_schema for tool in listed.tools)
            memory = await call(client, "remember", {"content": NOTE, "timestamp": "2026-03-10T09:00:00Z"})
            assert memory["id"].startswith("mem_") and "Priya Raman" in memory["extraction"]["people"]
            answer = await call(client, "ask", {"question": "What did we decide about the mobile release?"})
            assert "[1]" in answer["text"] and answer["sources"][0]["id"] == memory["id"]
            found = await call(client, "search", {"query": "auditors", "people": ["Priya"]})
            assert [r["id"] for r in found["data"]] == [memory["id"]]
            # An API error comes back as a tool error with the API's message; the session goes on.
            missing = await client.call_tool("get_memory", {"memory_id": "mem_nope"})
            assert missing.is_error and "404" in missing.content[0].text
            invalid = await client.call_tool("ask", {"question": "  "})
            assert invalid.is_error and "422" in invalid.content[0].text
            page = await call(client, "list_memories", {"limit": 5})
            assert [m["id"] for m in page["data"]] == [memory["id"]]
            wiki = await call(client, "compile", {"entity": "Priya Raman"})
            assert "Priya Raman" in wiki["markdown"]
            assert (await call(client, "delete_memory", {"memory_id": memory["id"]})) == {"deleted": True}

    asyncio.run(run())


def test_one_quota_call_per_tool_call(module_server: Server, key: str):
    async def run() -> None:
        before = remaining(module_server, key)
        async with over_http(module_server, key) as client:
            await client.list_tools()
            await call(client, "lint", {})
        assert remaining(module_server, key) == before - 2  # the lint call and this listing

    asyncio.run(run())


def test_a_bad_key_is_refused(module_server: Server):
    bare = httpx.post(f"{module_server.url}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    assert bare.status_code == 401 and bare.json()["error"]["code"] == "missing_api_key"

    async def run() -> None:
        async with over_http(module_server, "svc_test_" + "x" * 43) as client:
            await client.list_tools()

    with pytest.raises(Exception):  # noqa: B017  (the SDK's error for a refused connection varies)
        asyncio.run(run())


def test_one_key_never_sees_another_accounts_memories(module_server: Server, key: str):
    other = created_key(module_server.data_dir, account="mcp-other")

    async def run() -> None:
        async with over_http(module_server, key) as mine:
            memory = await call(mine, "remember", {"content": "The vault code is 4417, Dana said."})
        async with over_http(module_server, other) as theirs:
            assert (await call(theirs, "search", {"query": "vault code"}))["data"] == []
            assert (await call(theirs, "list_memories", {}))["data"] == []
            refused = await theirs.call_tool("get_memory", {"memory_id": memory["id"]})
            assert refused.is_error and "404" in refused.content[0].text

    asyncio.run(run())


def test_user_scope_keeps_end_users_apart(module_server: Server, key: str):
    async def run() -> None:
        async with over_http(module_server, key) as client:
            ana = await call(
                client,
                "remember",
                {"content": "My locker code is 4417.", "user_id": "ana", "metadata": {"kind": "secret"}},
            )
            assert ana["user_id"] == "ana" and ana["metadata"] == {"kind": "secret"}
            rui = await call(client, "remember", {"content": "My locker code is 9021.", "user_id": "rui"})
            answer = await call(client, "ask", {"question": "What is my locker code?", "user_id": "rui"})
            assert [s["id"] for s in answer["sources"]] == [rui["id"]]
            found = await call(client, "search", {"query": "locker code", "metadata": {"kind": "secret"}})
            assert [r["id"] for r in found["data"]] == [ana["id"]]
            page = await call(client, "list_memories", {"user_id": "ana"})
            assert [m["id"] for m in page["data"]] == [ana["id"]]

    asyncio.run(run())


def test_stdio_through_memsvc_mcp(module_server: Server, key: str):
    env = {**os.environ, "MEMSVC_API_KEY": key, "MEMSVC_BASE_URL": module_server.url}
    params = StdioServerParameters(command=str(BIN), args=["mcp"], env=env)

    async def run() -> None:
        async with Client(params) as client:
            assert {tool.name for tool in (await client.list_tools()).tools} == TOOLS
            memory = await call(
                client, "remember", {"content": "Lena moved the launch to May.", "source": "stdio"}
            )
            found = await call(client, "get_memory", {"memory_id": memory["id"]})
            assert found["source"] == "stdio"
            answer = await call(client, "ask", {"question": "When is the launch?"})
            assert answer["sources"][0]["id"] == memory["id"]

    asyncio.run(run())
