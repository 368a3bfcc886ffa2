"""/v1/remember and /v1/memories."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Annotated

from litestar import Controller, Request, delete, get, post
from litestar.datastructures import UploadFile
from litestar.enums import RequestEncodingType
from litestar.params import Body, Parameter
from pydantic import Field, TypeAdapter, ValidationError

from app.auth import CALLS_FROM_BODY, charge_calls, require_api_key
from app.content import require_json, require_multipart
from app.openapi import keyed_errors
from models.accounts import Caller
from models.errors import ValidationFailed
from models.memory import (
    FileMemory,
    Memory,
    MemoryBatch,
    MemoryPage,
    RememberBatchRequest,
    RememberRequest,
    TriageType,
)
from models.text import Timestamp
from pipelines.files import files
from pipelines.ingest import ingest
from pipelines.knowledge import memories
from pipelines.runtime.service import Services

# Hard ceiling on a multipart body, whatever MEMSVC_MAX_FILE_BYTES says (the guard enforces that).
UPLOAD_CEILING_BYTES = 1_073_741_824


@dataclass
class FileForm:
    file: UploadFile | None = None  # required; checked in the handler, for a 422 that names it
    source: str = "file"
    timestamp: str | None = None


_SOURCE = TypeAdapter(Annotated[str, Field(min_length=1, max_length=200)])
_TIMESTAMP = TypeAdapter(Timestamp)


def _form_field(adapter: TypeAdapter, value: object, name: str) -> object:
    try:
        return adapter.validate_python(value)
    except ValidationError as exc:
        raise ValidationFailed(f"{name}: {exc.errors()[0]['msg']}", param=name) from None


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
        "/remember/file",
        status_code=201,
        guards=[require_multipart],
        request_max_body_size=UPLOAD_CEILING_BYTES,
        summary="Remember a file: PDF, DOCX, image, audio, text, Markdown, HTML or e-mail",
        responses=keyed_errors(413, 415),
    )
    async def remember_file(
        self,
        data: Annotated[FileForm, Body(media_type=RequestEncodingType.MULTI_PART)],
        caller: Caller,
        services: Services,
    ) -> FileMemory:
        """Multipart: `file` (required), `source` (default `file`), `timestamp` (ISO 8601 with offset;
        default: an e-mail's Date, else now). The type comes from the bytes, not the name. A long file
        becomes a parent memory and chunk memories linked `part_of` (see the README)."""
        if not isinstance(data.file, UploadFile):
            raise ValidationFailed("Send the file as the multipart part `file`.", param="file")
        upload = files.Upload(
            name=(data.file.filename or "upload")[:200],
            data=await data.file.read(),
            source=str(_form_field(_SOURCE, data.source, "source")).replace("\x00", "\ufffd"),
            timestamp=_form_field(_TIMESTAMP, data.timestamp, "timestamp") if data.timestamp else None,  # type: ignore[arg-type]
        )
        return await files.remember_file(services, caller.account_id, upload)

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
