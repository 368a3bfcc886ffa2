"""Extractive summary: the most central sentences (by embedding similarity), at most 300 characters."""

from __future__ import annotations

import re

import numpy as np

from pipelines.nlp.identifiers import LABELLED_NOUNS
from pipelines.nlp.names import TITLES

MAX_SUMMARY_CHARS = 300
MAX_SENTENCES = 64  # centrality over the first 64 sentences bounds the cost of very long content

_SENTENCE = re.compile(r"[^\n]+?(?:[.!?…]+(?=\s|$)|$)", re.MULTILINE)


# A period after these ends no sentence: a title before a name ("Dr. Lee"), an abbreviation ("e.g.",
# "z.B.", "approx."); German and Spanish ones too.
_ALWAYS_WITHIN = {
    "dr", "mr", "mrs", "ms", "prof", "st", "jr", "sr", "sra", "srta", "mme", "mlle", "hr", "fr", "frau",
    "herr", "vs", "eg", "ie", "approx", "ca", "no", "nr", "nos", "zb", "bzw", "usw", "vgl", "dh", "ua", "ggf",
    "inkl", "ref", "fig", "dept", "tel", "ext", "av", "avda", "pág", "núm", "incl", "excl", "cf", "univ",
    "re",
    "med", "dipl", "resp", "esp", "mio", "mrd", "tsd",
} | {title.replace(".", "") for title in TITLES}  # fmt: skip
# Before a number or a word in lower case only: "Vol. 2", "p. 14", "Fri. 13 June", "Jan. 14", "30 Nov. at".
_WITHIN_BEFORE_NUMBER = {
    "vol", "p", "pp", "art", "para", "sec", "ch", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri",
    "sat", "sun", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
}  # fmt: skip
# After these, only when the next word starts in lower case ("Acme Inc. signed", "apples, pears etc. and").
_WITHIN_BEFORE_LOWER = {"inc", "ltd", "co", "corp", "llc", "gmbh", "ag", "sa", "etc", "al"}
_MONTHS = {
    "januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september", "oktober",
    "november", "dezember", "janvier", "février", "mars", "avril", "juin", "juillet", "août", "septembre",
    "octobre", "novembre", "décembre",
}  # fmt: skip


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence: a line break or a . ! ? … before white space ends one, except a
    period that ends no sentence (see `_within`)."""
    spans: list[tuple[int, int]] = []
    for match in _SENTENCE.finditer(text):
        start, end = match.start(), match.end()
        while start < end and text[start].isspace():
            start += 1
        if start >= end:
            continue
        if spans and _within(text, spans[-1], start):
            spans[-1] = (spans[-1][0], end)
        elif len(spans) < MAX_SENTENCES:
            spans.append((start, end))
        else:
            break
    return spans


def _within(text: str, previous: tuple[int, int], start: int) -> bool:
    """Whether the period ending `previous` ends no sentence: after a title or an abbreviation ("Dr.
    Lee", "e.g. the"), an initial ("J. R. Smith"), a day before its month ("am 20. März"), a company
    suffix or "etc." before a word in lower case, a reference or a weekday before a number ("Vol. 2",
    "Fri. 13 June"), an abbreviation with a period inside or a lone lower-case letter before a word in
    lower case or a number ("9 a.m. with", "p. 14"). Only within a line."""
    before = text[previous[0] : previous[1]]
    if not before.endswith(".") or before.endswith("..") or "\n" in text[previous[1] : start]:
        return False
    last = before.rsplit(None, 1)[-1].strip("([{\"'").rstrip(".")
    word = last.lower().replace(".", "")
    following = text[start : start + 40].split(None, 1)
    nxt = following[0].strip(",.;:") if following else ""
    if word in _ALWAYS_WITHIN:
        return True
    if len(last) == 1 and last.isupper():  # an initial ("J. R. Smith"), but not a part ("block B. We")
        words = before.split()
        return not (len(words) > 1 and words[-2].lower() in LABELLED_NOUNS and nxt[:1].isupper())
    if word in _WITHIN_BEFORE_LOWER:
        return nxt[:1].islower()
    if word in _WITHIN_BEFORE_NUMBER and (nxt[:1].isdigit() or nxt[:1].islower()):
        return True  # "Vol. 2", "30 Nov. at 10 a.m.": a word in lower case goes on the sentence
    # An abbreviation with a period inside ("a.m. with the team") or a lone lower-case letter ("EUR 1.5
    # m. vs"), before a word in lower case or a number: no sentence ends there.
    if ("." in last or (len(last) == 1 and last.islower())) and (nxt[:1].islower() or nxt[:1].isdigit()):
        return True
    return last.isdigit() and len(last) <= 2 and (nxt.lower() in _MONTHS or nxt[:1].islower())


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
