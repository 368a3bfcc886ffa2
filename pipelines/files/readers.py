"""Text out of each supported format, as segments that know where they come from (a page, a stretch of
a recording). Each reader raises 422 for a corrupt or encrypted file, with a plain message."""

from __future__ import annotations

import email.parser
import email.policy
import email.utils
import io
import logging
import zipfile
from dataclasses import dataclass, field
from datetime import datetime

from models.errors import ValidationFailed
from pipelines.files import sniff
from pipelines.files.speech import RATE, Transcriber, decode_audio

log = logging.getLogger(__name__)

MIN_PAGE_CHARS = 20  # a PDF page with less text than this is read by OCR from its images
AUDIO_CHUNK_S = 60.0  # a recording is cut into stretches of about this many seconds


@dataclass
class Segment:
    text: str
    page: int | None = None
    start_s: float | None = None
    end_s: float | None = None
    confidence: float | None = None  # speech: how sure recognition was of this stretch, 0–1


@dataclass
class Document:
    media_type: str
    segments: list[Segment]
    pages: int | None = None
    duration_s: float | None = None
    confidence: float | None = None  # speech: the whole transcript's, 0–1
    timestamp: datetime | None = None  # what the file says it is about (an e-mail's Date)
    people: list[str] = field(default_factory=list)  # named by the file's headers (e-mail)


def _unreadable(what: str) -> ValidationFailed:
    return ValidationFailed(what, param="file")


def read_pdf(data: bytes, ocr_languages: str) -> Document:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise _unreadable("The PDF is encrypted; upload it without a password.")
        segments = []
        for number, page in enumerate(reader.pages, start=1):
            text = page.extract_text() or ""
            if len(text.strip()) < MIN_PAGE_CHARS:  # a scanned page: its pictures hold the text
                text = "\n".join(_ocr_bytes(image.data, ocr_languages) for image in page.images)
            if text.strip():
                segments.append(Segment(reflow(text), page=number))
    except ValidationFailed:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, OSError) as exc:
        raise _unreadable(f"The PDF is corrupt or cannot be read ({type(exc).__name__}).") from None
    return Document(sniff.PDF, segments, pages=len(reader.pages))


def read_docx(data: bytes, max_unpacked: int) -> Document:
    import docx
    from docx.oxml.ns import qn

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except zipfile.BadZipFile:
        raise _unreadable("The DOCX file is corrupt.") from None
    if unpacked > max_unpacked:  # a zip bomb, or a document too large to hold
        raise _unreadable(
            f"The DOCX file unpacks to {unpacked} bytes; the limit is {max_unpacked}.",
        )
    try:
        document = docx.Document(io.BytesIO(data))
    except Exception as exc:  # python-docx raises many types on a damaged package
        raise _unreadable(f"The DOCX file is corrupt or cannot be read ({type(exc).__name__}).") from None
    blocks: list[str] = []
    page_breaks = 0
    for block in document.iter_inner_content():
        if isinstance(block, docx.table.Table):
            for row in block.rows:
                cells = list(dict.fromkeys(cell.text.strip() for cell in row.cells if cell.text.strip()))
                if cells:
                    blocks.append(" | ".join(cells))
        elif block.text.strip():
            blocks.append(block.text.strip())
        if not isinstance(block, docx.table.Table):
            page_breaks += len(block._p.findall(".//" + qn("w:br") + "[@" + qn("w:type") + "='page']"))
    return Document(sniff.DOCX, paragraphs(blocks), pages=page_breaks + 1)


def read_image(data: bytes, media_type: str, ocr_languages: str) -> Document:
    text = reflow(_ocr_bytes(data, ocr_languages, strict=True))
    return Document(media_type, [Segment(text)] if text.strip() else [])


def _ocr_bytes(data: bytes, languages: str, strict: bool = False) -> str:
    import pytesseract
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            return pytesseract.image_to_string(image.convert("RGB"), lang=languages)
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as exc:
        if strict:
            raise _unreadable(f"The image is corrupt or cannot be read ({type(exc).__name__}).") from None
        log.info("skipped an unreadable picture in a PDF: %s", exc)
        return ""


def read_audio(data: bytes, media_type: str, transcriber: Transcriber) -> Document:
    pcm = decode_audio(data)
    words = transcriber.transcribe(pcm)
    segments: list[Segment] = []
    heard: list[list[float]] = []  # each segment's words' confidences
    for word in words:
        if segments and word.start_s - (segments[-1].start_s or 0.0) < AUDIO_CHUNK_S:
            segments[-1].text += " " + word.text
            segments[-1].end_s = word.end_s
            heard[-1].append(word.confidence)
        else:
            segments.append(Segment(word.text, start_s=round(word.start_s, 2), end_s=word.end_s))
            heard.append([word.confidence])
    for segment, confidences in zip(segments, heard, strict=True):
        segment.end_s = round(segment.end_s or 0.0, 2)
        segment.confidence = round(sum(confidences) / len(confidences), 3)
    every = [c for confidences in heard for c in confidences]
    return Document(
        media_type,
        segments,
        duration_s=round(len(pcm) / RATE, 2),
        confidence=round(sum(every) / len(every), 3) if every else None,
    )


def read_text(data: bytes, media_type: str) -> Document:
    text = sniff.decode_text(data) or ""
    if media_type == sniff.HTML:
        return Document(media_type, paragraphs(_html_text(text).split("\n")))
    if media_type == sniff.EMAIL:
        return _email(data)
    return Document(media_type, paragraphs(text.split("\n\n")))


def _html_text(html: str) -> str:
    """The page's main text (trafilatura drops navigation, footers and boilerplate)."""
    import trafilatura

    main = trafilatura.extract(html, include_comments=False, include_tables=True, favor_recall=True)
    if main:
        return main
    from lxml import html as lxml_html

    try:
        return lxml_html.fromstring(html).text_content()
    except Exception:
        return ""


def _email(data: bytes) -> Document:
    message = email.parser.BytesParser(policy=email.policy.default).parsebytes(data)
    named = {
        header: [name or address for name, address in email.utils.getaddresses(message.get_all(header, []))]
        for header in ("From", "To", "Cc")
    }
    people = [n for names in named.values() for n in names if n and "@" not in n]
    # The headers as a sentence, so the same extraction as for any text finds the people and the date.
    head = "E-mail"
    for header, word in (("From", "from"), ("To", "to"), ("Cc", "copying")):
        if named[header]:
            head += f" {word} {_listed(named[header])}"
    sent = None
    if message["Date"]:
        try:
            sent = email.utils.parsedate_to_datetime(str(message["Date"]))
            head += f", sent on {sent.strftime('%B %-d, %Y')}"
        except (TypeError, ValueError):
            sent = None
    lines = [head + "."]
    if message["Subject"]:
        lines.append(f"Subject: {message['Subject']}.")
    body = message.get_body(preferencelist=("plain", "html"))
    text = body.get_content() if body is not None else ""
    if body is not None and body.get_content_type() == "text/html":
        text = _html_text(text)
    segments = [Segment("\n".join(lines)), *paragraphs(text.split("\n\n"))]
    if sent is not None and sent.tzinfo is None:
        sent = None
    return Document(sniff.EMAIL, segments, timestamp=sent, people=list(dict.fromkeys(people)))


_ENDS_SENTENCE = (".", "!", "?", ":", ";", "…")
HEADING_CHARS = 60


# Words a line that goes on ends with ("… the movers by", "Ana and").
_JOINERS = {"and", "or", "but", "the", "a", "an", "to", "by", "of", "for", "with", "on", "in", "at", "from"}


def reflow(text: str) -> str:
    """A page's lines (PDF text or OCR) as paragraphs: a wrapped line joins the next; a line that ends a
    sentence ends a paragraph, and so do a blank line and a short line without closing punctuation (a
    heading), unless the text goes on after them: the next line starts in lower case or with a digit,
    or this one ends with a comma, a hyphen or a joining word (OCR breaks "… book the movers" / "by April
    3." with a blank line)."""
    lines = [line.strip() for line in text.splitlines()]
    paragraphs: list[str] = []
    current: list[str] = []
    for i, line in enumerate(lines):
        following = next((later for later in lines[i + 1 :] if later), "")
        if not line:
            if current and not _goes_on(current[-1], following):
                paragraphs.append(" ".join(current))
                current = []
            continue
        current.append(line)
        ends = line.endswith(_ENDS_SENTENCE)
        if ends or (len(line) < HEADING_CHARS and not _goes_on(line, following)):
            paragraphs.append(" ".join(current))
            current = []
    if current:
        paragraphs.append(" ".join(current))
    return "\n\n".join(paragraphs)


def _goes_on(line: str, following: str) -> bool:
    """Whether the text of `line` goes on in `following` (the next line with text)."""
    if not following or line.endswith(_ENDS_SENTENCE):
        return False
    last = line.split()[-1].lower() if line.split() else ""
    continued = following[0].islower() or following[0].isdigit()
    return continued or line.endswith((",", "-", "–")) or last in _JOINERS


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def paragraphs(blocks: list[str]) -> list[Segment]:
    return [Segment(" ".join(block.split())) for block in blocks if block.strip()]
