"""`remember_file`: an upload becomes memories through the same pipeline as text. A short file is one
memory; a longer one is a parent memory (an overview of the whole) and chunk memories linked to it
`part_of`, each knowing its page or its stretch of the recording. Nothing is kept when a step fails."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime

from models.errors import PayloadTooLarge, ValidationFailed
from models.fields import Scoped
from models.memory import ChunkRef, FileInfo, FileMemory, Link, LinkKind, Memory, Part, RememberRequest
from pipelines.files import readers, sniff
from pipelines.files.readers import Document, Segment
from pipelines.files.speech import transcriber
from pipelines.ingest import ingest
from pipelines.knowledge.memories import delete_memory
from pipelines.nlp.summary import split_sentences, summarize
from pipelines.runtime.service import Services

CHUNK_CHARS = 1_500  # a chunk's most characters: a page, or paragraphs, about a screenful
OVERVIEW_CHARS = 1_200  # the parent memory's content: the most central sentences of the file
OVERVIEW_SENTENCES = 3  # taken from each chunk


@dataclass(frozen=True)
class Upload:
    name: str
    data: bytes
    source: str
    timestamp: datetime | None
    # Every memory of the file (the parent and its chunks) carries the scope and the expiry.
    scope: Scoped = field(default_factory=Scoped)
    expires_at: datetime | None = None


def read_upload(services: Services, upload: Upload) -> tuple[FileInfo, Document]:
    """The file's type from its bytes, and its text (a worker thread runs this: OCR, speech)."""
    settings = services.settings
    if len(upload.data) > settings.max_file_bytes:
        raise PayloadTooLarge(
            f"The file has {len(upload.data)} bytes; the limit is {settings.max_file_bytes}.", param="file"
        )
    if not upload.data:
        raise ValidationFailed("The file is empty.", param="file")
    media = sniff.media_type(upload.data)
    if media == sniff.PDF:
        document = readers.read_pdf(upload.data, settings.ocr_languages)
    elif media == sniff.DOCX:
        document = readers.read_docx(upload.data, settings.max_unpacked_bytes)
    elif media in sniff.IMAGES:
        document = readers.read_image(upload.data, media, settings.ocr_languages)
    elif media in sniff.AUDIO:
        document = readers.read_audio(upload.data, media, transcriber(settings.speech_model, services.device))
    else:
        document = readers.read_text(upload.data, media)
    info = FileInfo(
        name=upload.name,
        media_type=media,
        size=len(upload.data),
        pages=document.pages,
        duration_s=document.duration_s,
        confidence=document.confidence,
    )
    return info, document


def chunked(segments: list[Segment]) -> list[Segment]:
    """Segments joined up to CHUNK_CHARS, never across a page or past a recording's stretch; a longer
    segment is cut between sentences."""
    chunks: list[Segment] = []
    for segment in segments:
        for piece in _pieces(segment.text):
            last = chunks[-1] if chunks else None
            if (
                last is not None
                and last.page == segment.page
                and last.start_s is None
                and segment.start_s is None
                and len(last.text) + 2 + len(piece) <= CHUNK_CHARS
            ):
                last.text += "\n\n" + piece
            else:
                chunks.append(
                    Segment(piece, segment.page, segment.start_s, segment.end_s, segment.confidence)
                )
    return chunks


def _pieces(text: str) -> list[str]:
    if len(text) <= CHUNK_CHARS:
        return [text]
    pieces, current = [], ""
    for sentence in split_sentences(text) or [text]:
        while len(sentence) > CHUNK_CHARS:  # one enormous "sentence": cut it at a space
            cut = sentence.rfind(" ", 0, CHUNK_CHARS)
            cut = cut if cut > 0 else CHUNK_CHARS
            pieces.append(sentence[:cut])
            sentence = sentence[cut:].lstrip()
        if current and len(current) + 1 + len(sentence) > CHUNK_CHARS:
            pieces.append(current)
            current = ""
        current = f"{current} {sentence}" if current else sentence
    if current:
        pieces.append(current)
    # split_sentences reads at most its first sentences; what it did not reach is not dropped.
    covered = sum(len(p) for p in pieces)
    if covered < len(" ".join(text.split())) * 0.9:
        return [text[i : i + CHUNK_CHARS] for i in range(0, len(text), CHUNK_CHARS)]
    return pieces


def overview(services: Services, info: FileInfo, chunks: list[Segment]) -> str:
    """The parent memory's content: what the file is, then its most central sentences."""
    # Headings ("Partners") would run into the next sentence: only sentences of a few words count.
    sentences = [
        s
        for chunk in chunks
        for s in [s for s in split_sentences(chunk.text) if len(s.split()) >= 4][:OVERVIEW_SENTENCES]
    ] or [chunks[0].text]
    summary = summarize(sentences, services.models.embedder.encode(sentences), OVERVIEW_CHARS)
    # The name helps find the file ("the Q3 report"); sizes and durations stay in `file`, where the date
    # extractor cannot read "5 seconds" as a date.
    return f"{info.name}: {summary}"


async def remember_file(services: Services, account_id: str, upload: Upload) -> FileMemory:
    info, document = await asyncio.to_thread(read_upload, services, upload)
    chunks = chunked(document.segments)
    if not chunks:
        raise ValidationFailed("No text could be read from the file.", param="file")
    timestamp = upload.timestamp or document.timestamp
    max_chars = services.settings.max_content_chars

    def request(content: str) -> RememberRequest:
        scope = upload.scope.model_dump()
        text = content[:max_chars]
        return RememberRequest(
            content=text, source=upload.source, timestamp=timestamp, expires_at=upload.expires_at, **scope
        )

    if len(chunks) == 1:  # one page, one stretch of a recording, or a short text
        origin = ingest.Origin(file=info, uncertain=uncertain(info.confidence))
        memory = await ingest.remember(services, account_id, request(chunks[0].text), origin=origin)
        return FileMemory(**memory.model_dump(), chunks=[])
    content = await asyncio.to_thread(overview, services, info, chunks)
    origin = ingest.Origin(file=info, uncertain=uncertain(info.confidence))
    parent = await ingest.remember(services, account_id, request(content), origin=origin)
    try:
        parts = [
            Part(
                of=parent.id, index=i, page=c.page, start_s=c.start_s, end_s=c.end_s, confidence=c.confidence
            )
            for i, c in enumerate(chunks)
        ]
        stored = await ingest.remember_many(
            services,
            account_id,
            [request(chunk.text) for chunk in chunks],
            extra_links=[Link(target_id=parent.id, kind=LinkKind.part_of, score=1.0)],
            origins=[ingest.Origin(part=part, uncertain=uncertain(part.confidence)) for part in parts],
        )
    except BaseException:
        await _undo(services, account_id, parent)
        raise
    return FileMemory(**parent.model_dump(), chunks=[_ref(memory) for memory in stored])


# Below this, a transcript is stored (and found, and cited) but yields no decisions or action items: at
# 0.27 Whisper wrote "I have to leave" for a noisy recording of "The budget review is next week"
# (`pipelines/files/speech.py`), and a decision or a task nobody stated does harm.
LOW_CONFIDENCE = 0.4


def uncertain(confidence: float | None) -> bool:
    return confidence is not None and confidence < LOW_CONFIDENCE


def _ref(memory: Memory) -> ChunkRef:
    part = memory.part
    assert part is not None
    return ChunkRef(
        id=memory.id,
        index=part.index,
        page=part.page,
        start_s=part.start_s,
        end_s=part.end_s,
        summary=memory.summary,
    )


async def _undo(services: Services, account_id: str, parent: Memory) -> None:
    """Delete the parent and every chunk already written (deleting a parent takes its chunks)."""
    await asyncio.shield(delete_memory(services.driver, account_id, parent.id))
