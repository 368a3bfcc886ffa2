"""/v1/remember and /v1/memories."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Annotated

from litestar import Controller, Request, delete, get, patch, post
from litestar.datastructures import UploadFile
from litestar.enums import RequestEncodingType
from litestar.params import Body, Parameter
from pydantic import Field, TypeAdapter, ValidationError

from app.auth import CALLS_FROM_BODY, IDEMPOTENT, require_api_key
from app.content import require_json, require_multipart
from app.idempotency import IdempotencyKey, idempotent
from app.openapi import keyed_errors
from models.accounts import Caller
from models.errors import ValidationFailed
from models.fields import Scoped, Timestamp
from models.memory import (
    FileMemory,
    Memory,
    MemoryBatch,
    MemoryHistory,
    MemoryPage,
    MemoryPatch,
    RememberBatchRequest,
    RememberRequest,
    TriageType,
)
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
    user_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None
    metadata: str | None = None  # a JSON object, as text
    expires_at: str | None = None


def _form_scope(form: FileForm) -> Scoped:
    """The form's scope fields, checked as remember's JSON body checks them (`metadata` is JSON text)."""
    metadata: object = None
    if form.metadata is not None:
        try:
            metadata = json.loads(form.metadata)
        except ValueError:
            raise ValidationFailed("metadata: must be a JSON object, as text.", param="metadata") from None
    fields = {"user_id": form.user_id, "agent_id": form.agent_id, "session_id": form.session_id}
    return _form_field(_SCOPED, {**fields, "metadata": metadata}, "metadata")  # type: ignore[return-value]


_SOURCE = TypeAdapter(Annotated[str, Field(min_length=1, max_length=200)])
_TIMESTAMP = TypeAdapter(Timestamp)
_SCOPED = TypeAdapter(Scoped)


def _form_field(adapter: TypeAdapter, value: object, name: str) -> object:
    try:
        return adapter.validate_python(value)
    except ValidationError as exc:
        error = exc.errors()[0]
        if error["loc"]:  # a model's field: name it
            name = ".".join(str(part) for part in error["loc"])
        raise ValidationFailed(f"{name}: {error['msg']}", param=name.split(".")[0]) from None


class MemoryController(Controller):
    path = "/v1"
    tags = ["memories"]
    guards = [require_api_key]
    security = [{"bearer": []}]

    @post(
        "/remember",
        status_code=201,
        guards=[require_json],
        opt={IDEMPOTENT: True},
        summary="Remember a text",
        responses=keyed_errors(400, 409, 413, 415, 422),
    )
    async def remember(
        self,
        data: RememberRequest,
        caller: Caller,
        services: Services,
        request: Request,
        idempotency_key: IdempotencyKey = None,
    ) -> Memory:
        """Run the pipeline over `content` and store the memory with its graph, atomically."""
        run = partial(ingest.remember, services, caller.account_id, data)
        return await idempotent(request, idempotency_key, run, body=data)

    @post(
        "/remember/file",
        status_code=201,
        guards=[require_multipart],
        request_max_body_size=UPLOAD_CEILING_BYTES,
        opt={IDEMPOTENT: True},
        summary="Remember a file: PDF, DOCX, image, audio, text, Markdown, HTML or e-mail",
        responses=keyed_errors(409, 413, 415),
    )
    async def remember_file(
        self,
        data: Annotated[FileForm, Body(media_type=RequestEncodingType.MULTI_PART)],
        caller: Caller,
        services: Services,
        request: Request,
        idempotency_key: IdempotencyKey = None,
    ) -> FileMemory:
        """Multipart: `file` (required), `source` (default `file`), `timestamp` (ISO 8601 with offset;
        default: an e-mail's Date, else now), `user_id`, `agent_id`, `session_id`, `metadata` (a JSON
        object as text) and `expires_at`; the scope and the expiry go on the parent and every chunk. The
        type comes from the bytes, not the name. A long file becomes a parent memory and chunk memories
        linked `part_of` (see the README)."""
        if not isinstance(data.file, UploadFile):
            raise ValidationFailed("Send the file as the multipart part `file`.", param="file")
        upload = files.Upload(
            name=(data.file.filename or "upload")[:200],
            data=await data.file.read(),
            source=str(_form_field(_SOURCE, data.source, "source")).replace("\x00", "\ufffd"),
            timestamp=_form_field(_TIMESTAMP, data.timestamp, "timestamp") if data.timestamp else None,  # type: ignore[arg-type]
            scope=_form_scope(data),
            expires_at=_form_field(_TIMESTAMP, data.expires_at, "expires_at") if data.expires_at else None,  # type: ignore[arg-type]
        )
        fields = [upload.name, upload.source, str(upload.timestamp), str(upload.expires_at)]
        fields.append(upload.scope.model_dump_json())
        run = lambda: files.remember_file(services, caller.account_id, upload)  # noqa: E731
        return await idempotent(
            request, idempotency_key, run, parts=[upload.data, json.dumps(fields).encode()]
        )

    @post(
        "/remember/batch",
        status_code=201,
        guards=[require_json],
        opt={CALLS_FROM_BODY: True, IDEMPOTENT: True},
        summary="Remember up to 100 texts at once",
        responses=keyed_errors(409, 413, 415),
    )
    async def remember_batch(
        self,
        data: RememberBatchRequest,
        caller: Caller,
        services: Services,
        request: Request,
        idempotency_key: IdempotencyKey = None,
    ) -> MemoryBatch:
        """Each item counts as one call (all or none: 429 when they do not all fit the quota). The models
        read the whole batch at once; each memory is written atomically, in order."""
        # An invalid batch costs nothing.
        ingest.validate_batch(data.items, services.settings.max_content_chars)

        async def run() -> MemoryBatch:
            return MemoryBatch(data=await ingest.remember_many(services, caller.account_id, data.items))

        return await idempotent(request, idempotency_key, run, body=data, calls=len(data.items))

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
        person: Annotated[
            str | None,
            Parameter(description="Only memories naming this person (full name, or first name alone)."),
        ] = None,
        organization: Annotated[
            str | None, Parameter(description="Only memories naming this organization (any variant).")
        ] = None,
        since: Annotated[
            datetime | None, Parameter(description="Only memories at or after this time.")
        ] = None,
        until: Annotated[
            datetime | None, Parameter(description="Only memories at or before this time.")
        ] = None,
        user_id: Annotated[str | None, Parameter(description="Only this end user's memories.")] = None,
        agent_id: Annotated[str | None, Parameter(description="Only this agent's memories.")] = None,
        session_id: Annotated[str | None, Parameter(description="Only this session's memories.")] = None,
        metadata: Annotated[
            list[str] | None,
            Parameter(
                description="`key:value`, repeatable; every one must match. The value is read as JSON "
                'when it is a JSON number, boolean, null or quoted string (`priority:2`, `code:"2"`), '
                "else as text (`team:sales`)."
            ),
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
            scope=memories.scope_from_query(user_id, agent_id, session_id, metadata or []),
            person=person,
            organization=organization,
        )

    @get("/memories/{memory_id:str}", summary="Get one memory", responses=keyed_errors(404))
    async def get_memory(self, memory_id: str, caller: Caller, services: Services) -> Memory:
        return await memories.get_memory(services.driver, caller.account_id, memory_id)

    @patch(
        "/memories/{memory_id:str}",
        guards=[require_json],
        summary="Edit a memory (its id stays; the previous version is kept)",
        responses=keyed_errors(404, 413, 415),
    )
    async def update_memory(
        self, memory_id: str, data: MemoryPatch, caller: Caller, services: Services
    ) -> Memory:
        """The fields sent change; those left out keep their values (a scope field or `metadata` sent as
        null is removed). The whole pipeline reads the memory again and its share of the graph is
        rewritten atomically: extraction, tags, links, supersession; people, organizations and tags no
        other memory names are removed. 404 for another account's id or a memory deleted meanwhile."""
        return await memories.update_memory(services, caller.account_id, memory_id, data)

    @get(
        "/memories/{memory_id:str}/history",
        summary="A memory's versions, oldest first",
        responses=keyed_errors(404),
    )
    async def memory_history(self, memory_id: str, caller: Caller, services: Services) -> MemoryHistory:
        """Version 1 is the memory as first stored; each edit adds one, with the fields it changed."""
        return await memories.memory_history(services.driver, caller.account_id, memory_id)

    @delete(
        "/memories/{memory_id:str}", status_code=204, summary="Delete a memory", responses=keyed_errors(404)
    )
    async def delete_memory(self, memory_id: str, caller: Caller, services: Services) -> None:
        """Removes the memory, its relationships, and every entity or tag no other memory uses."""
        await memories.delete_memory(services.driver, caller.account_id, memory_id)
