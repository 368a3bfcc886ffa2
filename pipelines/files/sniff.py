"""The media type of an upload, from its bytes (magic numbers, then the shape of the text), never from
its name."""

from __future__ import annotations

import email.parser
import email.policy
import re

import filetype

from models.errors import UnsupportedMediaType

PDF = "application/pdf"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
IMAGES = {"image/png", "image/jpeg", "image/tiff", "image/webp"}
# filetype's names; M4A is an MPEG-4 container, which it reports as audio/mp4 or video/mp4.
AUDIO = {"audio/x-wav", "audio/mpeg", "audio/mp4", "audio/ogg", "audio/x-flac", "video/mp4"}
TEXT = "text/plain"
MARKDOWN = "text/markdown"
HTML = "text/html"
EMAIL = "message/rfc822"
SUPPORTED = (
    "PDF, DOCX, PNG, JPEG, TIFF, WebP, WAV, MP3, M4A, OGG, FLAC, plain text, Markdown, HTML, e-mail (.eml)"
)

_HTML = re.compile(rb"^\s*(<!--.*?-->\s*)*<(!doctype\s+html|html|head|body)\b", re.I | re.S)
_MARKDOWN = re.compile(r"^(#{1,6} \S|```|\s*[-*] \S.*\n\s*[-*] \S)|\[[^\]\n]+\]\([^)\s]+\)", re.M)
_HEADERS = {"from", "to", "subject", "date", "message-id", "received", "mime-version"}


def media_type(data: bytes) -> str:
    kind = filetype.guess_mime(data[:8192])
    if kind in (PDF, DOCX) or kind in IMAGES or kind in AUDIO:
        return "audio/mp4" if kind == "video/mp4" else kind
    if kind is not None:
        raise _unsupported(kind)
    text = decode_text(data)
    if text is None:
        raise _unsupported("binary data of an unknown type")
    if _HTML.match(data[:4096]):
        return HTML
    if _is_email(text):
        return EMAIL
    return MARKDOWN if _MARKDOWN.search(text[:20_000]) else TEXT


def decode_text(data: bytes) -> str | None:
    """UTF-8 (with or without a BOM) or UTF-16 with a BOM; None for anything else (binary)."""
    for bom, codec in ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16")):
        if data.startswith(bom):
            try:
                return data.decode(codec)
            except UnicodeDecodeError:
                return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    controls = sum(1 for c in text[:4096] if ord(c) < 32 and c not in "\t\n\r\f")
    return None if controls > 0.05 * min(len(text), 4096) else text


def _is_email(text: str) -> bool:
    head = text[:8192].lstrip()
    if not re.match(r"^[A-Za-z-]+:", head):
        return False
    message = email.parser.Parser(policy=email.policy.default).parsestr(head, headersonly=True)
    names = {name.lower() for name in message}
    return "from" in names and len(names & _HEADERS) >= 2


def _unsupported(found: str) -> UnsupportedMediaType:
    return UnsupportedMediaType(
        f"This file is {found}, which the service cannot read. Supported: {SUPPORTED}.", param="file"
    )
