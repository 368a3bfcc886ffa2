"""Extractive summary: the most central sentences (by embedding similarity), at most 300 characters."""

from __future__ import annotations

import re

import numpy as np

MAX_SUMMARY_CHARS = 300
MAX_SENTENCES = 64  # centrality over the first 64 sentences bounds the cost of very long content

_SENTENCE = re.compile(r"[^\n]+?(?:[.!?…]+(?=\s|$)|$)", re.MULTILINE)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence: a line break or a . ! ? … before white space ends one."""
    spans = []
    for match in _SENTENCE.finditer(text):
        start, end = match.start(), match.end()
        while start < end and text[start].isspace():
            start += 1
        if start < end:
            spans.append((start, end))
        if len(spans) == MAX_SENTENCES:
            break
    return spans


def split_sentences(text: str) -> list[str]:
    return [text[start:end] for start, end in sentence_spans(text)]


def trim(text: str, limit: int = MAX_SUMMARY_CHARS) -> str:
    """Collapse whitespace and cut at a word boundary, marking the cut with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:-") + "…"


def summarize(sentences: list[str], vectors: np.ndarray, limit: int = MAX_SUMMARY_CHARS) -> str:
    """Pick sentences by centrality (sum of cosine similarity to the others), keep them in text order."""
    if not sentences:
        return ""
    if len(sentences) == 1:
        return trim(sentences[0], limit)
    centrality = (vectors @ vectors.T).sum(axis=1)
    chosen: list[int] = []
    length = 0
    for index in np.argsort(-centrality, kind="stable"):
        extra = len(sentences[index]) + (1 if chosen else 0)
        if chosen and length + extra > limit:
            continue
        chosen.append(int(index))
        length += extra
    return trim(" ".join(sentences[i] for i in sorted(chosen)), limit)
