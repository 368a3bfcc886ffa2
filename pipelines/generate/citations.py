"""The LLM's text, checked: cut into sentences as it streams, each kept only when it cites a source that
supports it. A source supports a sentence when every number the sentence states (a day, an amount, a
count) appears in it, and half of the sentence's other content words meet its words (by their roots), or
the sentence is close in meaning to one of its sentences. A sentence citing no source, only sources
that do not exist, or only sources that do not support it, is dropped; citations to sources that do not
exist are removed from the sentences kept. Kept sentences end with their markers, as the extractive
answer's do: "Lucia owns the pricing page [1]."."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date

import numpy as np
from spacy.lang.en.stop_words import STOP_WORDS

from graph.search import root
from pipelines.generate.prompt import Passage
from pipelines.nlp.summary import split_sentences

SHARED_WORDS = 0.5  # of the sentence's content words, found in what it cites
CLOSE_IN_MEANING = 0.6  # or its cosine to one of the cited memory's sentences

Encode = Callable[[list[str]], np.ndarray]

# "[1]", "[1, 2]", "[Memory 1]": the ways models cite a numbered passage.
_MARKER = re.compile(r"\[\s*(?:(?:memory|source|doc)\s*)?(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\s*\]", re.I)
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_MONTHS = [date(2000, m, 1).strftime("%B").lower() for m in range(1, 13)]
# A sentence ends at . ! ? (after any closing quotes and the citation markers that follow it) before
# white space, or at a line break; not after a title or an initial ("Dr. Lee", "J. Ortiz").
_END = re.compile(r"[.!?][\"')\]]*(?:\s*\[[^\[\]\n]{1,24}\])*(?=\s)|\n")
_NOT_AN_END = re.compile(r"(?:\b(?i:dr|mr|mrs|ms|st|vs|e\.g|i\.e|no)|\b[A-Z])\.$")


def sentences(chunks: Iterator[str] | list[str]) -> Iterator[str]:
    """Whole sentences from streamed text (for a synchronous source; `Splitter` for a stream)."""
    splitter = Splitter()
    for chunk in chunks:
        yield from splitter.feed(chunk)
    yield from splitter.close()


class Splitter:
    """Cuts streamed text into sentences, holding back the last until what follows shows it ended."""

    def __init__(self) -> None:
        self.buffer = ""

    def feed(self, text: str) -> list[str]:
        self.buffer += text
        done: list[str] = []
        start = 0
        for match in _END.finditer(self.buffer):
            end = match.end()
            rest = self.buffer[end:]
            # Only once a non-space follows is the run of markers after the period known to be whole.
            if not rest.strip():
                break
            line_break = match.group(0) == "\n"
            if not line_break and (
                rest.lstrip().startswith("[") or _NOT_AN_END.search(self.buffer[start:end])
            ):
                continue
            if sentence := self.buffer[start:end].strip():
                done.append(sentence)
            start = end
        self.buffer = self.buffer[start:]
        return done

    def close(self) -> list[str]:
        rest, self.buffer = self.buffer.strip(), ""
        return [rest] if rest else []


@dataclass
class Checked:
    text: str | None  # the sentence as kept, markers at its end; None when dropped
    cited: list[int]  # the source numbers it cites, as kept


def _numbers(text: str) -> set[str]:
    return {n.replace(",", "").lstrip("0") or "0" for n in _NUMBER.findall(text)}


def _content_roots(text: str) -> set[str]:
    words = {w.lower() for w in _WORD.findall(text)}
    return {root(w) for w in words if w not in STOP_WORDS and not w.isdigit() and len(w) > 1}


def _date_words(days: list[str]) -> str:
    """An ISO date's other spellings ("2023-05-07" → "7 may 2023"), so a sentence may say it either way."""
    spelled = []
    for text in days:
        try:
            day = date.fromisoformat(text[:10]) if len(text) >= 10 else None
        except ValueError:
            day = None
        if day is not None:
            spelled.append(f"{day.day} {_MONTHS[day.month - 1]} {day.year} {day.strftime('%A')}")
        elif re.fullmatch(r"\d{4}-\d{2}", text):
            spelled.append(f"{_MONTHS[int(text[5:]) - 1]} {text[:4]}")
    return " ".join(spelled)


def _evidence(passage: Passage) -> str:
    days = [passage.written.isoformat(), *passage.dates.values()]
    return f"{passage.content} {' '.join(days)} {_date_words(days)}"


def _cited_numbers(sentence: str) -> tuple[str, list[int]]:
    """The sentence without its markers, and the numbers they cite in order (each once)."""
    cited: list[int] = []
    for match in _MARKER.finditer(sentence):
        for part in re.split(r"[,;]", match.group(1)):
            if (number := int(part)) not in cited:
                cited.append(number)
    bare = _MARKER.sub("", sentence)
    return re.sub(r"\s+([.,;:!?])", r"\1", " ".join(bare.split())), cited


def _supports(claim: str, evidence: str, encode: Encode | None, sentences_of: list[str]) -> bool:
    if not _numbers(claim) <= _numbers(evidence):
        return False  # a day, an amount or a count the source does not state
    words = _content_roots(claim)
    if not words or len(words & _content_roots(evidence)) >= SHARED_WORDS * len(words):
        return True
    if encode is None or not sentences_of:
        return False
    vectors = encode([claim, *sentences_of])
    return float(np.max(vectors[1:] @ vectors[0])) >= CLOSE_IN_MEANING


def check(sentence: str, passages: list[Passage], encode: Encode | None = None) -> Checked:
    """Whether the sources support a sentence of the LLM's, and the sentence as kept."""
    claim, cited = _cited_numbers(sentence)
    by_number = {p.number: p for p in passages}
    real = [n for n in cited if n in by_number]
    if not claim or not real:
        return Checked(None, [])
    # Each real source alone, then all it cites together: a sentence may join two memories' facts.
    supporting = [n for n in real if _supports(claim, _evidence(by_number[n]), None, [])]
    if not supporting:
        together = " ".join(_evidence(by_number[n]) for n in real)
        texts = [s for n in real for s in split_sentences(by_number[n].content)][:48]
        if not _supports(claim, together, encode, texts):
            return Checked(None, [])
        supporting = real
    body = claim.rstrip()
    end = body[-1] if body[-1] in ".!?" else "."
    body = body.rstrip(".!? ")
    markers = "".join(f"[{n}]" for n in supporting)
    return Checked(f"{body} {markers}{end}", supporting)
