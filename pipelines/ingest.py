"""`remember`: validate the content, run the local models, write the memory and its graph in one go."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import numpy as np

from graph import memories as repo
from models.errors import AuthenticationFailed, PayloadTooLarge, ValidationFailed
from models.memory import Extraction, Memory, RememberRequest
from pipelines.clock import from_ms, to_ms
from pipelines.embed import Embedder
from pipelines.ids import new_id
from pipelines.service import Services
from pipelines.summary import split_sentences, summarize


@dataclass
class Analysis:
    summary: str
    embedding: np.ndarray


def analyze(embedder: Embedder, content: str) -> Analysis:
    """The model work for one memory (runs in a worker thread: it never blocks the event loop)."""
    sentences = split_sentences(content) or [content.strip()]
    vectors = embedder.encode([content, *sentences] if len(sentences) > 1 else [content])
    summary = summarize(sentences, vectors[1:]) if len(sentences) > 1 else summarize(sentences, vectors)
    return Analysis(summary=summary, embedding=vectors[0])


def validate_content(content: str, max_chars: int) -> None:
    if not content.strip():
        raise ValidationFailed("content must not be blank.", param="content")
    if len(content) > max_chars:
        raise PayloadTooLarge(
            f"content has {len(content)} characters; the limit is {max_chars}.", param="content"
        )


async def remember(services: Services, account_id: str, request: RememberRequest) -> Memory:
    validate_content(request.content, services.settings.max_content_chars)
    # Stored in milliseconds: round here too, so this answer equals what a later GET returns.
    now = from_ms(to_ms(services.clock()))
    timestamp = from_ms(to_ms(request.timestamp)) if request.timestamp else now
    analysis = await asyncio.to_thread(analyze, services.embedder, request.content)
    memory = Memory(
        id=new_id("mem"),
        content=request.content,
        source=request.source,
        timestamp=timestamp,
        created_at=now,
        summary=analysis.summary,
        extraction=Extraction(),
    )
    properties = {
        "id": memory.id,
        "content": memory.content,
        "summary": memory.summary,
        "source": memory.source,
        "ts": to_ms(timestamp),
        "created_ms": to_ms(now),
        "extraction": memory.extraction.model_dump_json(),
    }
    created = await repo.create_memory(
        services.driver, account_id=account_id, memory=properties, embedding=analysis.embedding.tolist()
    )
    if not created:  # the account vanished between authentication and the write
        raise AuthenticationFailed("The API key's account no longer exists.")
    return memory
