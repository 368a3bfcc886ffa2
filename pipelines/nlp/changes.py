"""Change of state: the words by which a note says that a fact it restates no longer holds — "handed the
review over to Dmitri", "took over the account", "no longer owns", "now owns", "instead of", "switched
from PostgreSQL to Snowflake", "replaced by", "moved from Rotterdam to Utrecht", "is now". A note that
says so about the same subject as an earlier one holds the current fact, whatever values it shares with
it: the earlier note is superseded.

`changed_sentences` finds the sentences that state a change; `same_subject` tells whether one of them is
about what a stored sentence says (at least two of the stored sentence's topic words: content words less
stop words, values and the change words themselves, compared by stem).
"""

from __future__ import annotations

import re

from spacy.lang.en.stop_words import STOP_WORDS

from graph.search import root

_CHANGE = re.compile(
    r"\b(?:hand(?:s|ed|ing)?\s+(?:\w+\s+){0,6}?over|took\s+over|take[sn]?\s+over|taking\s+over|no\s+longer|"
    r"not\s+any\s*more|now\s+(?:owns?|leads?|runs?|uses?|is|are|handles?|manages?|responsible)|"
    r"(?:is|are)\s+now|instead(?:\s+of)?|switch(?:ed|es|ing)?\s+(?:from|to|over)|"
    r"replac(?:ed|es|ing)|migrat(?:ed|es|ing)\s+(?:from|to)|mov(?:ed|es|ing)\s+(?:\w+\s+){0,4}?from\s+.+?\s+to|"
    r"chang(?:ed|es|ing)\s+(?:\w+\s+){0,4}?(?:from|to)|transferr?(?:ed|ing)?\s+(?:\w+\s+){0,4}?to|"
    r"reassign(?:ed|s)?\s+(?:\w+\s+){0,4}?to|upgraded?\s+(?:\w+\s+){0,4}?to|from\s+now\s+on|"
    r"(?:has|have)\s+(?:been\s+)?(?:moved|changed|switched|replaced)|"
    # German, Spanish, French: "übernimmt", "nicht mehr", "jetzt", "ya no", "ahora", "ne … plus", "désormais"
    r"übernimmt|übernahm|nicht\s+mehr|ya\s+no|en\s+lugar\s+de|ahora\s+(?:es|lleva|usa)|"
    r"n[e']\s*\w+\s+plus|désormais|remplac(?:é|e|ée)s?)\b",
    re.IGNORECASE,
)
# Words of the change itself: they say that something changed, not what.
_CHANGE_WORDS = {
    "hand", "handed", "hands", "over", "took", "take", "takes", "taken", "taking", "longer", "now", "instead",
    "switch", "switched", "switches", "replace", "replaced", "replaces", "migrate", "migrated", "move",
    "moved", "moves", "change", "changed", "changes", "transfer", "transferred", "reassign", "reassigned",
    "upgrade", "upgraded", "anymore", "from", "to", "new", "old", "current", "currently",
}  # fmt: skip
_WORD = re.compile(r"[^\W\d_]+")


def changed_sentences(sentences: list[str]) -> list[str]:
    """The sentences that state a change of state."""
    return [sentence for sentence in sentences if _CHANGE.search(sentence)]


def states_change(text: str) -> bool:
    return _CHANGE.search(text) is not None


def topic(sentence: str, names: frozenset[str] = frozenset()) -> set[str]:
    """A sentence's topic words, stemmed: what it is about, less how it says it changed and less the
    words of people's `names` (lowercased): who a fact is about is not what it says."""
    words = (w for w in _WORD.findall(sentence.lower()) if len(w) > 1 and w not in names)
    return {root(w) for w in words if w not in STOP_WORDS and w not in _CHANGE_WORDS}


def same_subject(changed: str, stored: str, names: frozenset[str] = frozenset(), shared: int = 2) -> bool:
    """Whether a sentence stating a change is about what a stored sentence says: they share at least
    `shared` of its topic words (all of them when it has fewer), and at least half of them. People's
    names do not count: "Fatou moved the offsite" says nothing new about "the ticket is Fatou's"."""
    theirs = topic(stored, names)
    common = len(topic(changed, names) & theirs)
    return bool(theirs) and common >= min(shared, len(theirs)) and 2 * common >= len(theirs)


def name_words(*names: str) -> frozenset[str]:
    """The lowercased words of people's names, for `topic`."""
    return frozenset(word for name in names for word in _WORD.findall(name.lower()))
