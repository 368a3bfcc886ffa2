"""The MCP server: the service's tools for models (Claude Desktop, Cursor, VS Code, coding agents), on the
official Python SDK (`mcp`, its `MCPServer`). One tool set, two transports:

- Streamable HTTP at `/mcp` on the service itself (stateless, so any process of several on one store
  answers any request): the bearer key is checked as `/v1` checks it (401 in the error body otherwise,
  nothing counted), and each tool call is one call of the REST API made in-process with that key, so
  quotas (one call per tool call), account scoping and validation are `/v1`'s own.
- stdio (`memsvc mcp`): the same tools over a running service's REST API, with `MEMSVC_API_KEY` and
  `MEMSVC_BASE_URL`.

A tool that fails (an API error: 404, 422, 429, 503…) comes back as a tool error carrying the API's
message; the session goes on.
"""

from __future__ import annotations

import contextvars
import json
from collections.abc import Callable
from typing import Annotated, Any
from urllib.parse import quote

import httpx
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.transport_security import TransportSecuritySettings
from pydantic import Field

INSTRUCTIONS = (
    "A memory of the user's notes, meetings, chats and documents. Store facts worth keeping with "
    "`remember`; answer questions about what was said, decided or assigned with `ask` (a cited answer) "
    "or `search` (ranked memories to read yourself); use `check` before asserting something that may "
    "contradict what is stored."
)

# The bearer key of the MCP request being served over HTTP; the in-process REST calls carry it.
CALLER_KEY: contextvars.ContextVar[str] = contextvars.ContextVar("mcp_caller_key")


ClientFactory = Callable[[], httpx.AsyncClient]


def in_process(app: Any) -> ClientFactory:
    """REST calls to this very app, with the key of the MCP request being served."""

    def make() -> httpx.AsyncClient:
        return httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app),
            base_url="http://memsvc.internal",
            headers={"Authorization": f"Bearer {CALLER_KEY.get()}"},
            timeout=120,
        )

    return make


def over_network(base_url: str, api_key: str) -> ClientFactory:
    """REST calls to a running service (stdio transport)."""

    def make() -> httpx.AsyncClient:
        return httpx.AsyncClient(
            base_url=base_url.rstrip("/"), headers={"Authorization": f"Bearer {api_key}"}, timeout=120
        )

    return make


def _dropping_none(**values: Any) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None and v != [] and v != {}}


# The scope arguments every tool that stores or reads memories takes: one assistant serving many end
# users keeps each user's memories apart by `user_id`.
UserId = Annotated[str | None, Field(description="The end user the memories belong to (keeps users apart).")]
AgentId = Annotated[str | None, Field(description="The agent that stores or reads them.")]
SessionId = Annotated[str | None, Field(description="The conversation or session.")]
Metadata = Annotated[
    dict[str, str | int | float | bool | None] | None,
    Field(description="Flat key-value metadata (at most 50 keys); as a filter, every key must match."),
]


def _scope(user_id: str | None, agent_id: str | None, session_id: str | None, metadata: Any = None) -> dict:
    return _dropping_none(user_id=user_id, agent_id=agent_id, session_id=session_id, metadata=metadata)


def build_server(client: ClientFactory) -> MCPServer:
    server = MCPServer("memsvc", instructions=INSTRUCTIONS)

    async def call(method: str, path: str, **arguments: Any) -> Any:
        async with client() as http:
            response = await http.request(method, path, **arguments)
        if response.status_code == 204:
            return {"deleted": True}
        try:
            body = response.json()
        except json.JSONDecodeError:
            body = {}
        if response.status_code >= 400:  # a ToolError: the model reads the message, the log holds no trace
            error = body.get("error", {}) if isinstance(body, dict) else {}
            message = error.get("message") or response.text or response.reason_phrase
            raise ToolError(f"{response.status_code} {error.get('code', 'error')}: {message}")
        return body

    @server.tool(
        description="Store a note, message, decision or fact in the user's memory. The service extracts "
        "people, organizations, dates, decisions and action items, links it to related memories, and "
        "marks earlier memories it replaces. Returns the stored memory with what was extracted."
    )
    async def remember(
        content: Annotated[str, Field(description="The text to remember, as written.")],
        source: Annotated[
            str, Field(description="Where it came from (a channel, app or file name).")
        ] = "mcp",
        timestamp: Annotated[
            str | None,
            Field(description="ISO 8601 time (with offset) the content is about; default now."),
        ] = None,
        user_id: UserId = None,
        agent_id: AgentId = None,
        session_id: SessionId = None,
        metadata: Metadata = None,
    ) -> dict[str, Any]:
        body = _dropping_none(content=content, source=source, timestamp=timestamp)
        return await call("POST", "/v1/remember", json=body | _scope(user_id, agent_id, session_id, metadata))

    @server.tool(
        description="Answer a question from the user's memories. The answer's sentences cite [n] = "
        "sources[n-1]; `answer` is the short answer (a date, person, number, phrase) when the question is "
        "a factoid. Questions about action items (open, overdue, done, by person) and decisions are "
        "answered from the knowledge graph. Says so plainly when nothing answers."
    )
    async def ask(
        question: Annotated[str, Field(description="The question, in plain words.")],
        limit: Annotated[int, Field(ge=1, le=50, description="How many sources to consider.")] = 5,
        user_id: UserId = None,
        agent_id: AgentId = None,
        session_id: SessionId = None,
        metadata: Metadata = None,
    ) -> dict[str, Any]:
        filters = _scope(user_id, agent_id, session_id, metadata)
        return await call("POST", "/v1/ask", json={"question": question, "limit": limit, "filters": filters})

    @server.tool(
        description="Search the user's memories: the best-matching memories, ranked, with their full text "
        "and a snippet, without a composed answer. Use it to read the memories yourself. Filters narrow: "
        "source, tags, people, organizations, since/until (ISO 8601), user_id, agent_id, session_id, "
        "metadata."
    )
    async def search(
        query: Annotated[str, Field(description="What to look for.")],
        limit: Annotated[int, Field(ge=1, le=100, description="How many memories to return.")] = 10,
        source: str | None = None,
        tags: list[str] | None = None,
        people: Annotated[list[str] | None, Field(description="Full or first names.")] = None,
        organizations: list[str] | None = None,
        since: Annotated[str | None, Field(description="ISO 8601; memories at or after.")] = None,
        until: Annotated[str | None, Field(description="ISO 8601; memories at or before.")] = None,
        user_id: UserId = None,
        agent_id: AgentId = None,
        session_id: SessionId = None,
        metadata: Metadata = None,
    ) -> dict[str, Any]:
        filters = _dropping_none(
            source=source, tags=tags, people=people, organizations=organizations, since=since, until=until
        ) | _scope(user_id, agent_id, session_id, metadata)
        return await call("POST", "/v1/search", json={"query": query, "limit": limit, "filters": filters})

    @server.tool(
        description="Check a statement against the user's memories before relying on it: `show` is true "
        "when it contradicts something stored (a changed date, owner, amount, choice or place), with the "
        "contradicting memories and why."
    )
    async def check(
        statement: Annotated[str, Field(description="The text to check (up to 10 sentences are read).")],
        user_id: UserId = None,
        agent_id: AgentId = None,
        session_id: SessionId = None,
    ) -> dict[str, Any]:
        filters = _scope(user_id, agent_id, session_id)
        return await call("POST", "/v1/check", json={"context": statement, "filters": filters})

    @server.tool(description="One memory by id, with everything extracted from it and its links.")
    async def get_memory(memory_id: Annotated[str, Field(description="A `mem_…` id.")]) -> dict[str, Any]:
        return await call("GET", f"/v1/memories/{quote(memory_id, safe='')}")

    @server.tool(
        description="The user's memories, newest first, one page at a time; pass `next_cursor` back as "
        "`cursor` for the next page. Filters: source, tag, person, organization, triage_type, since/until "
        "(ISO 8601), user_id, agent_id, session_id."
    )
    async def list_memories(
        limit: Annotated[int, Field(ge=1, le=100)] = 20,
        cursor: str | None = None,
        source: str | None = None,
        tag: str | None = None,
        person: Annotated[str | None, Field(description="A full name, or a first name alone.")] = None,
        organization: str | None = None,
        triage_type: str | None = None,
        since: str | None = None,
        until: str | None = None,
        user_id: UserId = None,
        agent_id: AgentId = None,
        session_id: SessionId = None,
    ) -> dict[str, Any]:
        params = _dropping_none(
            limit=limit,
            cursor=cursor,
            source=source,
            tag=tag,
            person=person,
            organization=organization,
            triage_type=triage_type,
            since=since,
            until=until,
        ) | _scope(user_id, agent_id, session_id)
        return await call("GET", "/v1/memories", params=params)

    @server.tool(
        description="Delete one memory for good, with the people, tags and items only it mentioned. Only "
        "when the user asks to forget it."
    )
    async def delete_memory(memory_id: Annotated[str, Field(description="A `mem_…` id.")]) -> dict[str, Any]:
        return await call("DELETE", f"/v1/memories/{quote(memory_id, safe='')}")

    @server.tool(
        description="A wiki page compiled from every memory about a person, organization or tag: who they "
        "are, decisions, open action items, timeline, each line citing its memories. Returns markdown."
    )
    async def compile(
        entity: Annotated[str, Field(description='A name ("Priya Raman", "Acme Corp") or a tag.')],
        user_id: UserId = None,
    ) -> dict[str, Any]:
        body = {"filters": _scope(user_id, None, None)}
        page = await call("POST", f"/v1/compile/{quote(entity, safe='')}", json=body)
        return {"title": page.get("title"), "markdown": page.get("markdown"), "sources": page.get("sources")}

    @server.tool(
        description="A memory's neighbourhood in the knowledge graph: its people, organizations, tags, "
        "decisions, action items and linked memories, to `depth` hops."
    )
    async def graph(
        memory_id: Annotated[str, Field(description="A `mem_…` id.")],
        depth: Annotated[int, Field(ge=1, le=3)] = 1,
    ) -> dict[str, Any]:
        return await call("GET", f"/v1/graph/{quote(memory_id, safe='')}", params={"depth": depth})

    @server.tool(
        description="Audit the memory store: duplicates, contradictions, overdue action items, orphans, "
        "with a health score. Read-only."
    )
    async def lint() -> dict[str, Any]:
        return await call("POST", "/v1/lint", json={"fix": False})

    return server


# Bearer keys are checked on every MCP request, so the SDK's DNS-rebinding guard (a Host allow-list,
# on by default for a loopback address) adds nothing a browser could get past, and would refuse a
# service reached by any other name.
OPEN_HOSTS = TransportSecuritySettings(enable_dns_rebinding_protection=False)
