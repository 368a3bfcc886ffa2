"""Action items reported done: a new memory with a sentence that has a completion word and most of an
open item's words ("Bob completed the hiring plan." for "Bob will draft the hiring plan by March 12.")
closes that item, in the same write as the memory."""

from __future__ import annotations

import math
import re

from graph.search import root
from pipelines.nlp.summary import split_sentences

_DONE = re.compile(
    r"\b(done|finished|completed|complete|shipped|sent|submitted|delivered|closed|resolved|fixed|signed"
    r"|booked|paid|ordered|scheduled|published|deployed|released|merged|uploaded|returned|renewed)\b",
    re.I,
)
_WORD = re.compile(r"[a-z0-9]+")
_STOP = {
    "the", "a", "an", "to", "of", "and", "or", "for", "on", "in", "by", "with", "will", "should", "must",
    "is", "are", "be", "we", "i", "you", "he", "she", "they", "it", "this", "that", "please", "need", "done",
}  # fmt: skip


def reports_completion(content: str) -> bool:
    return bool(_DONE.search(content))


def _words(text: str) -> set[str]:
    """Content words by their stems, so "book" meets "booked" ("Tom to book the caterer", "the caterer is
    booked for the 28th")."""
    return {root(w) for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 2}


_CALENDAR = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "today", "tomorrow", "next", "week", "month", "end",
}  # fmt: skip


def completed_items(content: str, open_items: list[dict]) -> list[str]:
    """The ids of the open items a sentence of `content` reports done: a completion word, and at least
    three fifths of the item's content words, the owner's name and dates aside (they are in most
    sentences about the owner anyway: "Mei Chen: I finished the feature pipeline, the churn model trains"
    does not close "Mei Chen will send the churn model results")."""
    sentences = [_words(s) for s in split_sentences(content) if _DONE.search(s)]
    done = []
    for item in open_items:
        words = _words(item["text"]) - _words(item.get("owner") or "") - {root(w) for w in _CALENDAR}
        words = {w for w in words if not w.isdigit()}
        needed = max(2, math.ceil(0.6 * len(words)))
        if words and any(len(words & sentence) >= needed for sentence in sentences):
            done.append(item["id"])
    return done
