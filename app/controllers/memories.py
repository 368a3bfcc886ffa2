"""/v1/remember and /v1/memories."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from litestar import Controller, Request, delete, get, post
from litestar.params import Parameter

from app.auth import CALLS_FROM_BODY, charge_calls, require_api_key
from app.content import require_json
from app.openapi import keyed_errors
from models.accounts import Caller
from models.memory import Memory, MemoryBatch, MemoryPage, RememberBatchRequest, RememberRequest, TriageType
from pipelines import ingest, memories
from pipelines.service import Services


class MemoryController(Controller):
    path = "/v1"
    tags = ["memories"]
    guards = [require_api_key]
    security = [{"bearer": []}]

    @post(
        "/remember",
        status_code=201,
        guards=[require_json],
        summary="Remember a text",
        responses=keyed_errors(400, 413, 415, 422),
    )
    async def remember(self, data: RememberRequest, caller: Caller, services: Services) -> Memory:
        """Run the pipeline over `content` and store the memory with its graph, atomically."""
        return await ingest.remember(services, caller.account_id, data)

    @post(
        "/remember/batch",
        status_code=201,
        guards=[require_json],
        opt={CALLS_FROM_BODY: True},
        summary="Remember up to 100 texts at once",
        responses=keyed_errors(413, 415),
    )
    async def remember_batch(
        self, data: RememberBatchRequest, caller: Caller, services: Services, request: Request
    ) -> MemoryBatch:
        """Each item counts as one call (all or none: 429 when they do not all fit the quota). The models
        read the whole batch at once; each memory is written atomically, in order."""
        ingest.validate_batch(
            data.items, services.settings.max_content_chars
        )  # an invalid batch costs nothing
        await charge_calls(request, len(data.items))
        return MemoryBatch(data=await ingest.remember_many(services, caller.account_id, data.items))

    @get("/memories", summary="List memories, newest first", responses=keyed_errors(400, 422))
    async def list_memories(
        self,
        caller: Caller,
        services: Services,
        limit: Annotated[int, Parameter(ge=1, le=100, description="Page size.")] = 20,
        cursor: Annotated[str | None, Parameter(description="`next_cursor` of the previous page.")] = None,
        source: str | None = None,
        triage_type: TriageType | None = None,
        tag: str | None = None,
        since: Annotated[
            datetime | None, Parameter(description="Only memories at or after this time.")
        ] = None,
        until: Annotated[
            datetime | None, Parameter(description="Only memories at or before this time.")
        ] = None,
    ) -> MemoryPage:
        return await memories.list_memories(
            services.driver,
            caller.account_id,
            limit=limit,
            cursor=cursor,
            source=source,
            triage_type=triage_type.value if triage_type else None,
            tag=tag,
            since=since,
            until=until,
        )

    @get("/memories/{memory_id:str}", summary="Get one memory", responses=keyed_errors(404))
    async def get_memory(self, memory_id: str, caller: Caller, services: Services) -> Memory:
        return await memories.get_memory(services.driver, caller.account_id, memory_id)

    @delete(
        "/memories/{memory_id:str}", status_code=204, summary="Delete a memory", responses=keyed_errors(404)
    )
    async def delete_memory(self, memory_id: str, caller: Caller, services: Services) -> None:
        """Removes the memory, its relationships, and every entity or tag no other memory uses."""
        await memories.delete_memory(services.driver, caller.account_id, memory_id)
