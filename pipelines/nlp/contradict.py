"""Is a statement at odds with a stored sentence? Two comparators behind one interface.

Offline (`SlotComparator`): the same subject and predicate with a different date, number or amount,
place, person, or polarity. Both sentences get their slot values (dates, numbers and amounts, places,
people) replaced by the slot's name, so "The launch is on Friday" and "The launch is on Monday" both read
"The launch is on DATE"; when the masked sentences agree closely (cosine ≥ SAME_CLAIM) and a slot's
values differ, or one sentence is negated (or uses an antonym) and the other is not, they contradict.
Confidence is the masked similarity. Explicit dates compare by the month and day they name (a month
named alone by its month); relative ones ("Friday") by their words, as the two sentences were written at
different times.

With a hub model (`MEMSVC_CHECK_MODEL`, default `cross-encoder/nli-deberta-v3-base`): an NLI
cross-encoder's contradiction probability.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any, Protocol

import numpy as np
from cachetools import LRUCache
from spacy.lang.en.stop_words import STOP_WORDS
from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from graph.search import akin, root
from pipelines.nlp.changes import (
    WILL_HOLD_FROM,
    another_holder,
    by_how_much,
    holders,
    moves_place,
    same_subject,
    states_change,
)
from pipelines.nlp.dates import WEEKDAY_SPAN, month_of, priced, resolve
from pipelines.nlp.device import on_torch_thread
from pipelines.nlp.extract import (
    CALENDAR_WORDS,
    CHOSEN,
    DATE_PHRASES,
    DECISION_HEADING,
    HEADING_END,
    LENGTH_KIND,
    date_text,
    doc_text,
    is_first_name,
    is_place,
    organization_shaped,
    person_by_context,
    proper_run,
    where_a_place_goes,
)
from pipelines.nlp.hub import load_hub_model
from pipelines.nlp.identifiers import (
    CHANGE_CROSSES,
    another_record,
    conflict,
    identifier_spans,
    identifiers,
    kinds_apart,
    own_identifiers,
)
from pipelines.nlp.names import clean_name, name_key

# Bumped when `read` changes what it finds: readings kept in the store by older rules are not restored.
READING_VERSION = 16  # (16: a time read without how far it moved, "8:15, thirty minutes earlier")
# The marks of a reading's words that say what a negation denies and what a sentence says (lemmas).
DENIED, SAID = "¬", "+"
STOPPED = "⊘"  # the mark of a doing's noun a sentence says stopped ("stop holding rehearsals": rehearsal)
SAME_CLAIM = 0.8  # masked cosine at which two sentences make the same claim about the same thing
SHARED_WORDS = 0.25  # Jaccard overlap of content words below which two sentences are not compared
MAX_PAIRS = 8  # per claim sentence, the most pairs read slot by slot (the most overlapping)
CACHED_READINGS = 20_000  # sentence readings and masked vectors kept (about 1.6 KB each with the vector)
NUMBER_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "twenty": 20,
    "thirty": 30,
    "hundred": 100,
}
ANTONYMS = [
    ("enabled", "disabled"),
    ("enable", "disable"),
    ("approved", "rejected"),
    ("accepted", "declined"),
    ("confirmed", "cancelled"),
    ("confirmed", "canceled"),
    ("open", "closed"),
    ("on", "off"),
    ("increase", "decrease"),
    ("increased", "decreased"),
    ("won", "lost"),
    ("passed", "failed"),
    ("renewed", "cancelled"),
    ("hired", "fired"),
    ("joined", "left"),
    ("started", "stopped"),
    ("paid", "unpaid"),
    ("paid", "outstanding"),
    ("resolved", "unresolved"),
    ("signed", "unsigned"),
    ("assigned", "unassigned"),
    ("available", "unavailable"),
    ("finished", "unfinished"),
    # a choice kept or dropped: "We decided to keep the 330ml cans" against "Decided to drop the 330ml cans"
    ("keep", "drop"),
    ("kept", "dropped"),
    ("keeping", "dropping"),
    # free or paid for: "We decided to charge berth holders for Wi-Fi" against "berth holders get free
    # Wi-Fi", "a free taster week" against "charge for the taster week"
    ("free", "charge"),
    ("free", "charged"),
    ("free", "charging"),
    ("free", "pay"),
    # where a thing may be: "confetti is only allowed outside the barn" against "… allowed inside the barn"
    ("inside", "outside"),
    ("indoors", "outdoors"),
    # a thing let or not: "dogs are allowed on the terrace" against "dogs are banned from the terrace"
    ("allowed", "banned"),
    ("allowed", "forbidden"),
    ("allowed", "prohibited"),
]
_WORD_COUNT = {"a": 1, "an": 1, **NUMBER_WORDS}
_ANTONYM_WORDS = frozenset(word for pair in ANTONYMS for word in pair)
_SHORT_ANTONYMS = {"on", "off", "in", "out", "up", "down", "open"}  # words of most sentences: not masked
_MASKED_ANTONYMS = _ANTONYM_WORDS - _SHORT_ANTONYMS
_STANCE_WORD = re.compile(r"[^\W\d_]+")  # the word, not the punctuation after it
STANCE = "STANCE"
YEAR = "YEAR"
_YEAR_IN = re.compile(r"\b(?:19|20)\d{2}\b")
_CEASING = {"stop", "quit", "cease", "discontinue"}
_WITHDRAWING = {"drop", "remove", "withdraw", "scrap", "discontinue", "delist", "pull"}
_OFF_A_RANGE = re.compile(
    r"^\w+\s+(?:[\w'-]+\s+){0,5}?(?:from|off)\s+(?:the\s+|our\s+)?(?:\w+\s+)?"
    r"(?:menu|range|shop|store|catalogue|catalog|list|line-up|lineup|website|site|shelves)\b",
    re.IGNORECASE,
)
_OFFERED = ("serve", "sell", "offer", "stock", "carry", "have", "make")
_NEGATIONS = {"not", "no", "never", "n't", "cannot", "without", "nobody"}
# Not digits inside a code ("Q3", "TP1234"): those name what a sentence is about (identifiers.py).
_NUMBER = re.compile(r"(?<![A-Za-z\d])\$?\d[\d,]*(?:\.\d+)?")
_EXPLICIT_DATE = re.compile(r"\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec", re.IGNORECASE)
_LEADING = re.compile(r"^(?:by|on|before|until|till|due|at|for|the)\s+", re.IGNORECASE)


_DURATION = re.compile(
    r"(?:(?:for|about|around|almost|over|nearly)\s+)*(\d+(?:[.,]\d+)?|an?|half an?|"
    + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
    + r")\s*(seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?)",
    re.IGNORECASE,
)
# Minutes per unit, by the unit's first three letters ("hrs", "hou", "h"); a month as 30 days.
_MINUTES = {"sec": 1 / 60, "min": 1, "hou": 60, "hrs": 60, "h": 60, "day": 1440, "wee": 10080, "mon": 43200}


def _duration(text: str) -> str | None:
    """A duration in minutes ("2 hours" and "120 minutes" are one value, "47 minutes" another), if the
    phrase is one."""
    match = _DURATION.fullmatch(" ".join(text.lower().split()))
    if match is None:
        return None
    amount, unit = match.group(1).replace(",", "."), match.group(2)
    if amount[0].isdigit():
        count = float(amount)
    else:
        count = 0.5 if amount.startswith("half") else _WORD_COUNT[amount]
    return f"{count * _MINUTES[unit[:3]]:g} min"


_IN_MINUTES = re.compile(r"\b(\d+(?:\.\d+)?) min\b")
_SAID_UNITS = (("month", 43200), ("week", 10080), ("day", 1440), ("hour", 60), ("minute", 1))


def said_durations(text: str) -> str:
    """A reason's durations as people say them ("17280 min" → "12 days", "120 min" → "2 hours"): the
    largest unit that counts it whole."""

    def said(match: re.Match[str]) -> str:
        minutes = float(match.group(1))
        for unit, size in _SAID_UNITS:
            if minutes >= size and (minutes / size).is_integer():
                count = minutes / size
                return f"{count:g} {unit}{'' if count == 1 else 's'}"
        return f"{minutes:g} minutes"

    return _IN_MINUTES.sub(said, text)


_MONTH_NAMES = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
]  # fmt: skip


def _date_value(text: str, when: datetime) -> str:
    """An explicit date compares by the day it names; a relative one ("Friday", "next week") by its words,
    since the two sentences were written at different times and would resolve it differently; a duration
    by its length in minutes."""
    if (length := _duration(text)) is not None:
        return length
    if _EXPLICIT_DATE.search(text):
        # By month and day, not year: a statement checked today rarely gives the year, and resolved
        # against today "paid on January 9" would be another year than the memory's January 9.
        if (month := month_of(text, when)) is not None:
            return _MONTH_NAMES[int(month[5:7]) - 1]  # "in June": a month, no made-up day
        day = resolve(text, when)
        if day is not None:
            return f"{day.day} {_MONTH_NAMES[day.month - 1]}"
    phrase = " ".join(text.lower().split())
    while (stripped := _LEADING.sub("", phrase)) != phrase:
        phrase = stripped
    # "the second Tuesday of the month", "… of each month", "… of every month": one recurring day
    return _OF_EACH_MONTH.sub("of the month", phrase)


_OF_EACH_MONTH = re.compile(r"\bof\s+(?:each|every|the)\s+month\b")
# What a date is of: a deadline ("due 30 June", "payable by 3 May", "the deadline is 5 March") or the day
# something was done ("Paid invoice VD-7301 on 29 June", "was settled on 4 May"). A payment on the 29th
# does not contradict a due date of the 30th: the two dates are of different things, however alike the
# sentences are (an identifier they share reads them as one thing).
DATE_ROLE = "DATE_ROLE"
_DEADLINE_BEFORE = re.compile(
    r"\b(?:due|payable|deadline(?:\s+is)?|by|before|no\s+later\s+than)(?:\s+on)?\s*$", re.IGNORECASE
)


def _date_roles(doc: Doc, starts: list[int]) -> set[str]:
    """The roles of a sentence's dates (by where each starts): 'due' for a deadline, 'done' for the day a
    past deed was done; other dates have none. The deed is read once from the sentence's tenses, not from
    where the parser hangs the date: it reads "Paid invoice NC-3304 to … on 15 April" as a noun phrase
    whose modifier "Paid" is."""
    text = doc_text(doc)
    roles = {"due" for start in starts if _DEADLINE_BEFORE.search(text[max(0, start - 30) : start])}
    if len(roles) == len(starts) or not starts:
        return roles
    if any(t.tag_ == "MD" or t.lower_ in ("due", "deadline") for t in doc):
        return roles  # "must be paid on …", "was due on …", "will be settled on …"
    past = any(
        (t.tag_ == "VBD" and t.lemma_.lower() not in ("be", "have"))
        or (t.tag_ == "VBN" and (t.i == 0 or any(c.dep_ in ("aux", "auxpass") for c in t.children)))
        for t in doc
    )
    return roles | {"done"} if past else roles


RESOLVED = "RESOLVED"  # the days a sentence's relative dates name, resolved against when it was written


def _day_of(doc: Doc, start: int, end: int, when: datetime) -> str | None:
    """The day a relative date names ("by next Monday" written on Thursday 10 July: "14 July"), as
    `_date_value` writes an explicit one."""
    phrase = " ".join(doc_text(doc)[start:end].split())
    while (stripped := _LEADING.sub("", phrase)) != phrase:
        phrase = stripped
    day = resolve(phrase, when)
    return f"{day.day} {_MONTH_NAMES[day.month - 1]}" if day is not None else None


def other_subjects(pairs: list[tuple[str, datetime, str, datetime]]) -> dict[int, Verdict]:
    """The pairs whose sentences name different identifiers of one kind ("Invoice 1043 was paid on March
    5" and "Invoice 1042 was paid on March 3"): different facts, which no comparator reads as one."""
    apart = {}
    named = identifiers_of(pairs)
    for i, (claim, _, stored, _) in enumerate(pairs):
        if kind := kinds_apart(claim, stored):  # "A junior swim is now £3", "An adult swim costs £5"
            apart[i] = Verdict(False, f"about something else ({kind})", 0.0)
            continue
        if not (named[claim] and named[stored]):
            continue
        # "staging now runs version 2.4": a version is what changed, not another thing (CHANGE_CROSSES)
        ignoring = CHANGE_CROSSES if states_change(claim) or states_change(stored) else frozenset()
        if reason := conflict(named[claim], named[stored], ignoring=ignoring):
            apart[i] = Verdict(False, f"about something else ({reason})", 0.0)
    return apart


def identifiers_of(pairs: list[tuple[str, datetime, str, datetime]]) -> dict[str, set[str]]:
    """Each sentence's identifiers, read once (pairs share their sentences)."""
    return {text: identifiers(text) for pair in pairs for text in dict.fromkeys((pair[0], pair[2]))}


@dataclass
class Verdict:
    contradicts: bool
    reason: str
    confidence: float
    agrees: bool = False  # read as the same claim, and no value differs


@dataclass
class Claim:
    """One sentence, read: its text with slot values masked, and the values per slot."""

    text: str
    masked: str
    slots: dict[str, set[str]]
    negated: bool
    words: set[str]


class Comparator(Protocol):
    backend: str

    def compare(
        self,
        pairs: list[tuple[str, datetime, str, datetime]],
        per_claim: int = ...,
        min_overlap: float = ...,
        total: int | None = None,
        parsed: Mapping[str, Doc] | None = None,
    ) -> list[Verdict]:
        """(statement, its time, stored sentence, its time) -> a verdict per pair. A comparator may read
        only the most promising pairs: `per_claim` per statement, `total` in all. `parsed`: spaCy's
        parse of some of the sentences, already made (a comparator that parses need not again)."""
        ...

    def keep(self, parsed: Mapping[str, Doc], when: datetime) -> dict[str, Any]:
        """The sentences of a memory being stored, parsed by ingest: a comparator that reads parses
        keeps what it needs, so comparing a later memory with this one parses nothing again. Returns
        each sentence's reading as JSON-ready data (none when the comparator reads raw text), which the
        store keeps with the memory for `restore`."""
        ...

    def restore(self, readings: Mapping[str, Any], when: datetime) -> None:
        """Readings that `keep` returned for a stored memory's sentences (written at `when`): they are
        not parsed again when compared."""
        ...


# A noun's label opening a sentence says what kind of note it is, not what it says: "Decision: we will no
# longer press comic books" is compared as "we will no longer press comic books", "Consensus at the staff
# meeting: no more walk-ins" as "no more walk-ins". ("Decided:" and "Agreed:" stay: the stance they say is
# read against "We decided to …".)
_LABEL = re.compile(rf"^\s*(?:{DECISION_HEADING}|update|note|reminder|fyi){HEADING_END}(?=\S)", re.I)


# A decision reported in a frame around what was decided: a that-clause ("We agreed that phones can stay
# on", "The committee decided on Monday that …") or a label naming where ("Agreed at the AGM: mobile
# phones must be switched off"). A pair read as about something else is read again as what was decided:
# the frames' words had made such two read apart (cosine 0.75 where the bare clauses contradict). Only
# then: compared without their frames every time, two held-out sets' change and check answers moved. A
# bare "Agreed:" and "We decided to …" stay, as above.
_DECIDED_FRAME = re.compile(
    r"^\s*(?:(?:we|they|everyone|(?:the|our)\s+[\w-]+)\s+(?:have\s+|has\s+|had\s+|all\s+)?)?"
    r"(?:agreed|decided|resolved|voted|ruled|settled)"
    r"(?:(?:\s+(?:at|in|on|by)\s+[\w'’ -]{1,40}?)?\s+that\s+"
    r"|\s+(?:at|in|on|by)\s+[\w'’ -]{1,40}?\s*:\s*"
    # (or the clause itself, "The guides agreed walks go ahead …", against "The guides agreed on Wednesday:
    # no walk goes ahead …": one side's frame gone, the other's must go too; not "agreed to", "decided
    # against", "agreed on Friday", whose words are the stance or the day)
    r"|\s+(?!(?:to|on|upon|for|against|with|at|in|by|not|never|over|about|that|this|it)\b)(?=[a-z]))(?=\S)",
    re.IGNORECASE,
)


def _unlabelled(sentence: str) -> str:
    return _LABEL.sub("", sentence, count=1)


def _unframed(sentence: str) -> str:
    return _DECIDED_FRAME.sub("", _unlabelled(sentence), count=1)


# The cause a claim gives for what it says is why, not what: "Crews start at 8am from 3 August because of
# the new noise rules" says what "Our crews start at 7:30am" says, at another hour. It is set aside when
# the stored sentence gives none; given by both, it stays (the causes may tell two closures apart). A
# stored sentence's cause stays: it may say which event it is ("moved his check-out inspection to 28
# November, because the van comes earlier" is no move of the day he moves out).
_CAUSE = re.compile(
    r",?\s+(?:because(?:\s+of)?|owing\s+to|on\s+account\s+of|due\s+to\s+(?:the|a|an|our|their|his|her|its)\b)"
    r"\b[^.;!?]*",
    re.IGNORECASE,
)


# … or gives before it, in a clause of its own: "As the mornings get darker, rounds start at 8:30am"
# (not "As of Monday, …", "As from May, …": a date, a value of what it says).
_LEADING_CAUSE = re.compile(
    r"^\s*(?:as(?!\s+(?:of|from|per|well|usual|always|agreed|discussed|planned|noted)\b)"
    # ("Since 1 March, …", "Since Monday, …": a date)
    r"|since(?!\s+(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)[a-z]*\b"
    r"|last\b|early\b|mid\b|late\b|the\s+(?:start|beginning|end)\b))"
    r"|because(?:\s+of)?|now\s+that|owing\s+to|due\s+to|given\s+that)\s+[^,;.!?]{3,80},\s*",
    re.IGNORECASE,
)


def without_cause(sentence: str) -> str:
    """A sentence without the cause it gives (`_CAUSE`, `_LEADING_CAUSE`)."""
    return _CAUSE.sub("", _LEADING_CAUSE.sub("", sentence, count=1), count=1)


def _cause_aside(claim: str, stored: str) -> str:
    """The claim, the cause it gives set aside where the stored sentence gives none."""
    if _LEADING_CAUSE.search(stored) is None and (leading := _LEADING_CAUSE.match(claim)) is not None:
        rest = claim[leading.end() :]
        claim = rest[:1].upper() + rest[1:]
    cause = _CAUSE.search(claim)
    if cause is None or _CAUSE.search(stored) is not None:
        return claim
    return claim[: cause.start()] + claim[cause.end() :]


class SlotComparator:
    backend = "slot comparison (spaCy + MiniLM)"

    def __init__(self, nlp: Language, encode, cached: int = CACHED_READINGS):
        self.nlp = nlp
        self.encode = encode
        # A stored memory is compared again each time a new memory links to it: its sentences' readings
        # and masked vectors are kept (least recently used dropped) so they are parsed and encoded once.
        self._claims: LRUCache[tuple[str, datetime], Claim] = LRUCache(maxsize=cached)
        self._vectors: LRUCache[str, np.ndarray] = LRUCache(maxsize=cached)
        self._lock = threading.Lock()  # compare runs in worker threads; cachetools' caches are not safe

    def read(self, doc: Doc, when: datetime) -> Claim:
        # start, end, slot, value; a choice first: "use PostgreSQL" names no place, whatever the tag says
        spans: list[tuple[int, int, str, str]] = _choices(doc)
        named: set[str] = set()  # the words of the organizations it names: what it is about, not a value
        # "The sprint 31 retro agreed to ten stories": 31 says which retro, not a count it gives.
        ids = identifier_spans(doc_text(doc))
        spans += _ordinals(doc)
        for ent in doc.ents:
            if any(s <= ent.start_char < e for s, e, _, _ in spans):
                continue
            if ent.label_ == "DATE" and _ordinal_only(ent, spans):
                continue  # "in the first half": which half, no date
            if ent.label_ == "DATE" and (after := _after_an_ordinal(ent, spans)) is not None:
                ent = after  # "the first Monday of the month": "first" a value of its own, then the day
            value = ent.text
            if ent.label_ in ("CARDINAL", "DATE") and any(s <= ent.start_char < e for s, e in ids):
                continue  # … nor is "1042" of "Invoice 1042" a year, though the model may tag it so
            if ent.label_ in ("DATE", "TIME") and priced(doc_text(doc), ent.start_char, ent.end_char):
                number = value.split()[0]  # "£18 an hour": the price's number
                spans.append((ent.start_char, ent.start_char + len(number), "NUMBER", _number(number)))
            elif ent.label_ in ("DATE", "TIME"):
                spans += _dates_of(ent, when)
            elif ent.label_ in ("CARDINAL", "MONEY", "QUANTITY", "PERCENT") and (ends := _two_amounts(value)):
                # "rose from £12 to £15": the model's one span holds both amounts, each a value of its own
                for a, b in ends:
                    spans.append((ent.start_char + a, ent.start_char + b, "NUMBER", _number(value[a:b])))
            elif ent.label_ in ("CARDINAL", "MONEY", "QUANTITY", "PERCENT"):
                # "starts at 14:00": a clock time the model calls a number is a time, as "at 10:00" is
                slot = "DATE" if _CLOCK.fullmatch(value.strip()) else "NUMBER"
                spans.append(
                    (ent.start_char, ent.end_char, slot, value.strip() if slot == "DATE" else _number(value))
                )
            elif (slot := _name_slot(ent)) is not None:
                if slot == "PERSON":  # the whole name: "Ji-hoon Park", of which the model tags "Park"
                    start, end = proper_run(doc, ent.start, ent.end)
                    ent = doc[start:end]
                spans.append((ent.start_char, ent.end_char, slot, name_key(clean_name(ent.text))))
            elif ent.label_ in ("ORG", "FAC") and _venue(doc_text(doc), ent.start_char):
                # "The camp runs at Eastfield Community Centre", "relocated to Northgate Library": a
                # building named as where something is, a place
                spans.append((ent.start_char, ent.end_char, "PLACE", name_key(clean_name(value))))
            elif ent.label_ == "ORG" or organization_shaped(value):
                named.update(w for w in name_key(clean_name(value)).split() if len(w) > 2)
        spans += _untagged_people(doc, spans)
        # (a clock time the model tags as nothing is a time, not two numbers: "at 7:45am")
        for match in _CLOCK_UNTAGGED.finditer(doc_text(doc)):
            if not any(s <= match.start() < e or match.start() <= s < match.end() for s, e, _, _ in spans):
                spans.append((match.start(), match.end(), "DATE", match.group(0)))
        for match in list(DATE_PHRASES.finditer(doc_text(doc))) + list(_NUMBER.finditer(doc_text(doc))):
            if match.re is _NUMBER and any(s <= match.start() < e for s, e in ids):
                continue
            if not any(s <= match.start() < e for s, e, _, _ in spans):
                if match.re is DATE_PHRASES:
                    spans.append((match.start(), match.end(), "DATE", _date_value(match.group(0), when)))
                else:
                    spans.append((match.start(), match.end(), "NUMBER", _number(match.group(0))))
        for token in doc:  # number words the model left untagged ("hiring two engineers")
            if token.lower_ in NUMBER_WORDS and not any(s <= token.idx < e for s, e, _, _ in spans):
                spans.append((token.idx, token.idx + len(token), "NUMBER", str(NUMBER_WORDS[token.lower_])))
        # "Rent is increasing by £25 to £540 a month": by how much a change goes is no value of the thing
        # (read as one, "£515 a month" agreed with the sentence, its £25 beside the £540)
        spans = [s for s in spans if not (s[2] == "NUMBER" and by_how_much(doc_text(doc), s[0], s[1]))]
        masked, last = [], 0
        slots: dict[str, set[str]] = {}
        people = {doc_text(doc)[start:end]: value for start, end, slot, value in spans if slot == "PERSON"}
        previous: dict[str, tuple[int, int, str]] = {}
        left: set[tuple[str, str]] = set()
        gone: set[tuple[str, str]] = set()  # what a sentence says was replaced, whatever else it names
        # ("open from 7am to 8pm", "from 3 to 7 March", "from 10 to 12 people": a range of times, days or
        # counts says no change unless the sentence says one: "moved from Monday to Friday"; read only
        # where asked, as most sentences hold no "from … to")
        said_change: list[bool] = []

        def changing() -> bool:
            if not said_change:
                text = doc_text(doc)
                said_change.append(states_change(text) or _GOES_FROM.search(text) is not None)
            return said_change[0]

        for start, end, slot, value in sorted(spans):
            if start < last:
                continue
            masked.append(doc_text(doc)[last:start])
            masked.append(slot)
            slots.setdefault(slot, set()).add(value)
            # "moved the offsite from Rotterdam to Utrecht": Rotterdam is what it was, not what it is.
            before = previous.get(slot)
            if (
                before is not None
                and _FROM_TO.fullmatch(doc_text(doc)[before[1] : start])
                and doc_text(doc)[: before[0]].rstrip().rstrip("£$€¥₹").rstrip().lower().endswith("from")
                and (slot not in ("DATE", "NUMBER") or changing())
            ):
                left.add((slot, before[2]))
            elif before is not None and _INSTEAD_OF.fullmatch(doc_text(doc)[before[1] : start]):
                left.add((slot, value))  # "in Valencia instead of Seville": Seville is what it was
            elif before is not None and _replaced_with(doc_text(doc), before[0], before[1], start):
                left.add((slot, before[2]))  # "replaced Trello with Jira": Trello is what it was
            if _REPLACES.search(doc_text(doc), 0, start) and not _REPLACE_WITH.match(doc_text(doc), end):
                gone.add((slot, value))  # "We chose Samsara, replacing Webfleet": Webfleet was
            if slot in _MOVABLE and _MOVED_TO.search(doc_text(doc), 0, start):
                slots.setdefault(NOW + slot, set()).add(value)  # "the offsite moves to Bruges"
            previous[slot] = (start, end, value)
            last = end
        # "Basic services will be £50 per bike from May": the amount it will be, as a move's new value
        if "NUMBER" in slots and WILL_HOLD_FROM.search(doc_text(doc)):
            slots[NOW + "NUMBER"] = set(slots["NUMBER"])
        # "Amara replaced Tomás as the account owner", "Carla handed the review over to Dmitri": who held it
        # before is what it was.
        if len(people) > 1 and states_change(doc_text(doc)):
            holding = {people[name] for name in holders(doc_text(doc), list(people))}
            left |= {("PERSON", value) for value in people.values() if holding and value not in holding}
        # "Dmitri owns the review now, not Carla": a value the sentence turns down is not what it says.
        contrast = _CONTRAST.search(doc_text(doc))
        if contrast is not None:
            left |= {(slot, value) for start, _, slot, value in spans if start >= contrast.start("phrase")}
        for slot, value in gone - left:
            slots[slot].discard(value)
            slots.setdefault(WAS + slot, set()).add(value)
            if not slots[slot]:
                del slots[slot]
        for slot, value in left:
            if len(slots.get(slot, ())) > 1:
                slots[slot].discard(value)
                # Kept as what it was (stored with the reading): a claim of it contradicts this note.
                slots.setdefault(WAS + slot, set()).add(value)
        masked.append(doc_text(doc)[last:])
        for start, _, slot, _ in spans:
            if slot in _SLOT_NAMES:
                slots.setdefault(BY + slot, set()).update(_subject_words(doc, start))
        # A date written with its year compares by it too, when both give one ("until 31 December 2027"
        # against "until 31 December 2026"); DATE values are a day and a month (see `_date_value`).
        for start, end, slot, value in spans:
            if slot == "DATE" and (year := _YEAR_IN.search(doc_text(doc)[start:end])) is not None:
                slots.setdefault(YEAR, set()).add(year.group(0))
            elif (
                slot == "DATE"
                and not _EXPLICIT_DATE.search(value)
                and (day := _day_of(doc, start, end, when))
            ):
                slots.setdefault(RESOLVED, set()).add(day)
        if named:
            slots[ORGANIZATIONS] = named
        roles = _date_roles(doc, [start for start, _, slot, _ in spans if slot == "DATE"])
        if roles:
            slots[DATE_ROLE] = roles
        for _, _, before, value in _decided_objects(doc, [s for s in spans if s[2] == "CHOICE"]):
            slots.setdefault(OBJECT, set()).add(value)
            slots.setdefault(OBJECT_AFTER, set()).add(before)
        words = {t.lower_ for t in doc}
        # "in the GitLab wiki, not on the shared drive": the alternative it turns down is kept apart (a
        # claim of it contradicts this one); the sentence itself is not negated.
        if contrast is not None:
            slots[REJECTED] = _content_words(contrast.group("phrase")) - _SLOT_WORDS
            slots[REJECTED + "_AS"] = {contrast.group("phrase").strip()}
        # "sell the new vinyl only at shows": where or how alone, which another channel contradicts
        if (only := _ONLY.search(doc_text(doc))) is not None:
            slots[ONLY] = _content_words(only.group("phrase")) - _SLOT_WORDS
            slots[ONLY + "_AS"] = {only.group(0).strip()}
        negations = [
            t
            for t in doc
            if (t.lower_ in _NEGATIONS or t.dep_ == "neg") and (contrast is None or t.idx < contrast.start())
        ]
        # "We decided to stop selling the Sea Salt candle": what one stops doing is denied too.
        ceased = [
            c
            for t in doc
            if t.lemma_.lower() in _CEASING and (contrast is None or t.idx < contrast.start())
            for c in t.children
            if c.dep_ == "xcomp" and c.tag_ == "VBG"
        ]
        # "We decided to stop boarding cats": the parser reads the doing as its object's modifier
        misread_ceased = [
            g
            for t in doc
            if t.lemma_.lower() in _CEASING and (contrast is None or t.idx < contrast.start())
            for c in t.children
            if c.dep_ == "dobj"
            for g in c.children
            if g.i == t.i + 1 and g.dep_ in ("amod", "compound") and g.lower_.endswith("ing")
        ]
        # "We've made the call to stop Sunday deliveries": a thing done that stops, its noun the object
        stopped_things = [
            c
            for t in doc
            if t.lemma_.lower() in _CEASING and (contrast is None or t.idx < contrast.start())
            for c in t.children
            if c.dep_ == "dobj" and c.pos_ == "NOUN" and c.tag_ == "NNS"
        ]
        # "Decided to drop the pesto pasta from the menu": what leaves a menu or a range is no longer
        # served, sold or offered.
        withdrawn = [
            t
            for t in doc
            if t.lemma_.lower() in _WITHDRAWING
            and any(c.dep_ == "dobj" for c in t.children)
            and (t.lemma_.lower() in ("discontinue", "delist") or _OFF_A_RANGE.search(doc_text(doc)[t.idx :]))
        ]
        negated = bool(negations or ceased or misread_ceased or withdrawn or stopped_things)
        # What is denied, and what is said: "has not paid the invoice" denies paying, which "Sent the
        # invoice" does not say (marked words, kept with the reading: see `_same_predicate`).
        words |= {DENIED + _denied_by(t) for t in negations if t.head.i != t.i}
        words |= {DENIED + c.lemma_.lower() for c in ceased}
        # "stop holding rehearsals", "stop giving lessons": a light verb's object is what stops (kept
        # apart from what a negation denies: "has stopped making beakers" denies no order of them)
        words |= {
            STOPPED + g.lemma_.lower()
            for c in ceased
            if c.lemma_.lower() in _LIGHT_DOING
            for g in c.children
            if g.dep_ == "dobj"
        }
        words |= {STOPPED + c.lemma_.lower() for c in stopped_things}
        words |= {DENIED + root(g.lower_) for g in misread_ceased}
        words |= {DENIED + verb for _ in withdrawn[:1] for verb in _OFFERED}
        stops = {c.head.lower_ for c in ceased} | {doc[g.i - 1].lower_ for g in misread_ceased}
        words |= {SAID + t.lemma_.lower() for t in doc if t.pos_ in ("VERB", "AUX", "NOUN")}
        # An aside in brackets ("Ticket #5602 (slow dashboard filters) is assigned to …") says which, not
        # what: the claim's shape is read without it.
        bare = _ASIDE.sub("", "".join(masked))
        # Words of a stance ("approved", "rejected") are read apart (`words`), as values are: masked, the
        # two sentences of "approved the budget of EUR 8,000" and "rejected the budget" have one shape.
        plain = " ".join(
            _STANCE_WORD.sub(STANCE, w) if w.lower().strip(".,;:!?") in _MASKED_ANTONYMS else w
            for w in bare.split()
            if w.lower() not in _NEGATIONS and w.lower() not in stops
        )
        return Claim(doc_text(doc), plain, slots, negated, words)

    def keep(self, parsed: Mapping[str, Doc], when: datetime) -> dict[str, Any]:
        """Reading a sentence from ingest's parse costs about 0.15 ms; parsing it again when a later
        memory is compared with this one, about 3.5 ms. The readings are cached, and returned for the
        store: the cache holds the latest 20,000 sentences, and a new memory's closest memories are
        often older."""
        fresh = {(text, when): self.read(doc, when) for text, doc in parsed.items()}
        with self._lock:
            self._claims.update(fresh)
        return {
            text: [
                claim.masked,
                {slot: sorted(values) for slot, values in claim.slots.items()},
                claim.negated,
                sorted(w for w in claim.words if w in _ANTONYM_WORDS or w[:1] in (DENIED, SAID, STOPPED)),
                READING_VERSION,
            ]
            for (text, _), claim in fresh.items()
        }

    def restore(self, readings: Mapping[str, Any], when: datetime) -> None:
        fresh = {
            (text, when): Claim(
                text, masked, {slot: set(values) for slot, values in slots.items()}, negated, set(words)
            )
            for text, (masked, slots, negated, words, *version) in readings.items()
            if version == [READING_VERSION]  # a reading by older rules: the sentence is read again
        }
        with self._lock:
            for key, claim in fresh.items():
                self._claims.setdefault(key, claim)

    def compare(
        self,
        pairs: list[tuple[str, datetime, str, datetime]],
        per_claim: int = MAX_PAIRS,
        min_overlap: float = SHARED_WORDS,
        total: int | None = None,
        parsed: Mapping[str, Doc] | None = None,
    ) -> list[Verdict]:
        """Only pairs that share `min_overlap` of their content words (and are not the same sentence) are
        read slot by slot: the `per_claim` most overlapping for each claim, `total` at most; each sentence
        is parsed once (not at all when `parsed` has it). A pair read as about something else whose
        sentences frame a decision is read again as what was decided (`_DECIDED_FRAME`)."""
        limits = (per_claim, min_overlap, total)
        verdicts = self._compare(pairs, limits, parsed)
        framed = [
            i
            for i, (a, _, b, _) in enumerate(pairs)
            if verdicts[i].reason == "about something else"
            and (_unframed(a) != _unlabelled(a) or _unframed(b) != _unlabelled(b))
        ]
        unframed = [
            (_unframed(pairs[i][0]), pairs[i][1], _unframed(pairs[i][2]), pairs[i][3]) for i in framed
        ]
        for i, verdict in zip(framed, self._compare(unframed, limits) if framed else [], strict=True):
            if verdict.contradicts:
                verdicts[i] = verdict
        return verdicts

    def _compare(
        self,
        pairs: list[tuple[str, datetime, str, datetime]],
        limits: tuple[int, float, int | None],
        parsed: Mapping[str, Doc] | None = None,
    ) -> list[Verdict]:
        per_claim, min_overlap, total = limits
        pairs = [(_cause_aside(_unlabelled(a), b), at, _unlabelled(b), bt) for a, at, b, bt in pairs]
        # The same sentence agrees with itself (a statement of what a note says, word for word), as does
        # one clause of it ("Kenta Mori stepped back from the review" of "…; Aisha Bello leads it now").
        verdicts = [
            Verdict(False, SAME, 1.0, agrees=True)
            if _norm(a) == _norm(b) or _a_clause_of(a, b)
            else Verdict(False, "about something else", 0.0)
            for a, _, b, _ in pairs
        ]
        apart = other_subjects(pairs)
        for i, verdict in apart.items():
            verdicts[i] = verdict
        named = identifiers_of(pairs)
        # Two durations of what happened on one named day ("The login outage on 4 March lasted two hours",
        # "the login service was down on 4 March for 25 minutes"): the day pins them as an identifier does.
        shared = {
            i: named[a] & named[b] or _same_day(a, b)
            for i, (a, _, b, _) in enumerate(pairs)
            if i not in apart
        }
        # A pair about one identified thing is read whatever its words share (1.0 sorts it first).
        # A short claim restating part of a longer stored sentence ("The sales kickoff is in Marseille"
        # against "Sales kickoff: it will be held in Lyon on 9 January, hosted by …") shares few of its
        # words but holds most of its own: it is read when CONTAINED of its words are there.
        # Two sentences that each say who holds something share few words when one is passive ("Fiona
        # runs the Rotterdam depot", "the Rotterdam depot is run by Joris"): read when they share two;
        # so are two that share enough words once their values are set aside.
        overlap = [
            (
                1.0
                if shared[i]
                else max(
                    _overlap(a, b),
                    min_overlap
                    * (
                        _contained(a, b) >= CONTAINED
                        or _overlap(a, b, _rooted) >= min_overlap  # "repairing pianos", "piano repairs"
                        or _both_hold(a, b)
                        or _alike_but_values(a, b, min_overlap)
                        or _days_of_one_thing(a, b)
                        # ("Visitors can use white torches" shares few words with "The committee ruled
                        # on Tuesday that visitors use red torches only")
                        or _kind_beyond_only(a, b) is not None
                        or _kind_beyond_only(b, a) is not None
                        or hours_of_one_thing(a, b)
                        or _kinds_chosen(a, b) is not None
                    ),
                ),
                i,
            )
            for i, (a, _, b, _) in enumerate(pairs)
            if not verdicts[i].agrees and i not in apart
        ]
        taken: dict[str, int] = {}
        close = []
        for value, i in sorted(overlap, reverse=True):
            if (
                value >= min_overlap
                and taken.get(pairs[i][0], 0) < per_claim
                and len(close) < (total or len(pairs))
            ):
                taken[pairs[i][0]] = taken.get(pairs[i][0], 0) + 1
                close.append(i)
        if not close:
            return verdicts
        claims = self._claims_of(
            list(dict.fromkeys(k for i in close for k in (pairs[i][:2], pairs[i][2:]))), parsed or {}
        )
        # Only a pair that differs in a value, in polarity or by an antonym can contradict: the others
        # are consistent whatever their similarity, and their masked sentences are not encoded (at
        # remember, encoding was half of the contradiction step's time).
        # A statement of what a stored note says was changed ("The offsite is in Rotterdam" against "moved
        # the offsite from Rotterdam to Utrecht") contradicts it, whatever the two sentences' shapes.
        apart_too = set()
        for i in close:
            ours, theirs = claims[pairs[i][:2]], claims[pairs[i][2:]]
            if _other_organizations(ours, theirs):
                apart_too.add(i)  # "Emeka owns the Larkspur account", "Tomás owns the Kestrel Bank one"
            elif (outdated := _outdated(ours, theirs)) is not None:
                verdicts[i] = Verdict(True, outdated, OUTDATED_CONFIDENCE)
            elif (rejected := _rejected(ours, theirs) or _beyond_only(ours, theirs)) is not None:
                verdicts[i] = Verdict(True, rejected, OUTDATED_CONFIDENCE)
            elif _condition_met(ours, theirs):
                verdicts[i] = Verdict(False, "consistent", 0.0, agrees=True)
                apart_too.add(i)
            elif (
                pinned := _pinned(ours, theirs, shared[i])
                or _counted(ours, theirs)
                or _scored(ours, theirs)
                or _outside_the_days(ours, theirs)
                or _other_hours(ours, theirs)
                or _allowed_and_kept_free(ours, theirs)
                or _decided_against(ours, theirs)
                or _chose_another_kind(ours, theirs)
                or (ours.negated and theirs.negated and _ceased_doing(ours, theirs))
                or _universal_excepted(ours, theirs)
                or _condition_waived(ours, theirs)
                or _nobody_may(ours, theirs)
                or _other_kind_only(ours, theirs)
            ):
                verdicts[i] = Verdict(True, pinned, PINNED_CONFIDENCE)
            elif (held := _held_by_another(ours, theirs)) is not None:
                verdicts[i] = Verdict(True, held, PINNED_CONFIDENCE)
        close = [i for i in close if not verdicts[i].contradicts and i not in apart_too]
        differences = {i: _difference(claims[pairs[i][:2]], claims[pairs[i][2:]]) for i in close}
        for i, difference in differences.items():
            if difference is None:
                verdicts[i] = Verdict(False, "consistent", 0.0, agrees=True)
        differing = [i for i, difference in differences.items() if difference is not None]
        # Two sentences that read the same once their values are masked ("The launch is on DATE") have
        # the same vector, cosine 1: only the pairs whose masked sentences differ are encoded. At
        # remember that is most pairs' only encoding (a 30-token sentence, about 8 ms).
        unlike = [i for i in differing if claims[pairs[i][:2]].masked != claims[pairs[i][2:]].masked]
        keys = [key for i in unlike for key in (pairs[i][:2], pairs[i][2:])]
        vectors = self._vectors_of(list(dict.fromkeys(claims[key].masked for key in keys)))
        for i in differing:
            ours, theirs = claims[pairs[i][:2]], claims[pairs[i][2:]]
            if ours.masked == theirs.masked:
                value = 1.0
            else:
                value = float(vectors[ours.masked] @ vectors[theirs.masked])
            confidence = round(max(0.0, min(1.0, value)), 4)
            if value < SAME_CLAIM and (
                covered := _covered(ours, theirs)
                or _denied_outright(ours, theirs)
                or _withdrawn(ours, theirs)
                or _ceased_doing(ours, theirs)
                or _kept_up_and_ended(ours, theirs)
            ):
                verdicts[i] = Verdict(True, covered, COVERED_CONFIDENCE)
            elif value < SAME_CLAIM:
                verdicts[i] = Verdict(False, "about something else", confidence)
            else:
                verdicts[i] = Verdict(True, differences[i] or "", confidence)
        return verdicts

    def _claims_of(
        self, wanted: list[tuple[str, datetime]], parsed: Mapping[str, Doc]
    ) -> dict[tuple[str, datetime], Claim]:
        """Each (sentence, its time) read: from the cache, else from `parsed`, else parsed (all the rest
        in one pipe)."""
        with self._lock:
            claims = {key: self._claims[key] for key in wanted if key in self._claims}
        missing = [key for key in wanted if key not in claims]
        texts = list(dict.fromkeys(text for text, _ in missing if text not in parsed))
        docs = {**parsed, **dict(zip(texts, self.nlp.pipe(texts), strict=True))}
        fresh = {(text, when): self.read(docs[text], when) for text, when in missing}
        with self._lock:
            self._claims.update(fresh)
        return claims | fresh

    def _vectors_of(self, masked: list[str]) -> dict[str, np.ndarray]:
        with self._lock:
            vectors = {text: self._vectors[text] for text in masked if text in self._vectors}
        missing = [text for text in masked if text not in vectors]
        fresh = dict(zip(missing, self.encode(missing), strict=True)) if missing else {}
        with self._lock:
            self._vectors.update(fresh)
        return vectors | fresh


_AMOUNT = re.compile(r"\d[\d,]*(?:\.\d+)?")
_BETWEEN_AMOUNTS = re.compile(r"\s*(?:to|and|-|–)\s*[£$€¥₹]?\s*")


def _two_amounts(text: str) -> list[tuple[int, int]]:
    """Where the two amounts of "£12 to £15" or "30-40" are in a span the model tagged as one number; empty
    for any other span."""
    found = list(_AMOUNT.finditer(text))
    if len(found) != 2 or not _BETWEEN_AMOUNTS.fullmatch(text, found[0].end(), found[1].start()):
        return []
    return [(m.start() - (m.start() > 0 and text[m.start() - 1] in "£$€¥₹"), m.end()) for m in found]


_TRAILING_TO = re.compile(r"\s+(?:to|until|till)$", re.IGNORECASE)
# How far a time moved, which the model tags with it: "8:15, thirty minutes earlier" is 8:15.
_HOW_FAR_AFTER = re.compile(
    r",\s*(?:[\w-]+\s+){0,3}(?:earlier|later|sooner)(?:\s+than\s+(?:before|usual|now))?\s*$", re.IGNORECASE
)
_TWO_DATES = re.compile(r"(?P<a>.+?)\s+(?:to|until|till)\s+(?P<b>.+)$", re.IGNORECASE)


_DATE_WORD = re.compile(
    r"day|week|month|year|night|morning|noon|evening|tonight|tomorrow|yesterday|ago|spring|summer|"
    r"autumn|fall|winter|quarter|now|time|hour|minute|second|decade|century|weekend|holiday|christmas|"
    r"easter|eve|past|next|last|recent|later|soon|early|late|season|term|semester",
    re.IGNORECASE,
)


_ORDINAL_COUNTS = {"second": "2", "third": "3", "fourth": "4", "fifth": "5"}
_ORDINAL_WORDS = {
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "last",
}  # fmt: skip


def _ordinals(doc: Doc) -> list[tuple[int, int, str, str]]:
    """Which one of several a noun is said to be: "in the first half" and "in the second half", "came
    second"; a value as a number is ("a second reviewer": two, a count). Not "First, …", "at first",
    "the first time" (a habit's count), nor the subject's (`_which_one`)."""
    found = []
    for token in doc:
        if token.lower_ not in _ORDINAL_WORDS or (token.i == 0 and token.nbor(1).is_punct):
            continue
        if token.i > 0 and doc[token.i - 1].lower_ in ("a", "an") and token.lower_ in _ORDINAL_COUNTS:
            # "get a second reviewer": one more, two in all, a count as "only one reviewer" gives
            found.append((token.idx, token.idx + len(token), "NUMBER", _ORDINAL_COUNTS[token.lower_]))
        elif _which_one(token):
            found.append((token.idx, token.idx + len(token), "ORDINAL", token.lower_))
    return found


def _which_one(token: Token) -> bool:
    """Whether an ordinal says which one a noun of the predicate is ("in the first half"), or a place
    reached ("came second"); not the subject's ("The second session is …": which thing)."""
    if token.dep_ == "amod":
        return token.head.lower_ not in ("time", "times", "thing") and token.head.dep_ not in (
            "nsubj",
            "nsubjpass",
        )
    return token.dep_ == "advmod" and token.head.pos_ == "VERB" and token.i > token.head.i


def _ordinal_only(ent: Span, spans: list[tuple[int, int, str, str]]) -> bool:
    """Whether a date the model tagged is an ordinal's noun phrase and no more ("the first half")."""
    inside = any(ent.start_char <= s < ent.end_char and slot == "ORDINAL" for s, _, slot, _ in spans)
    return inside and not any(c.isdigit() for c in ent.text) and not _CALENDAR_IN.search(ent.text)


def _after_an_ordinal(ent: Span, spans: list[tuple[int, int, str, str]]) -> Span | None:
    """The part of a date after an ordinal inside it that a weekday opens ("Monday of the month" of "the
    first Monday of the month": which Monday of each month), if one is. Other dates keep their ordinal
    ("the second week of March" is one week, compared whole)."""
    ends = [e for s, e, slot, _ in spans if slot == "ORDINAL" and ent.start_char <= s < ent.end_char]
    if not ends:
        return None
    after = ent.doc.char_span(max(ends), ent.end_char, alignment_mode="contract")
    return after if after is not None and _DAY.match(after.text) else None


_CALENDAR_IN = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|week|month|year|"
    r"quarter|day|spring|summer|autumn|fall|winter)",
    re.IGNORECASE,
)


def _dated(text: str) -> bool:
    """Whether a phrase the model calls a date has a date's words or digits."""
    return bool(_EXPLICIT_DATE.search(text) or _DATE_WORD.search(text))


def _dates_of(ent: Span, when: datetime) -> list[tuple[int, int, str, str]]:
    """A date the model tagged, as a slot value; "2 May to 16 May" after "from", as two (the first what
    it was: see `read`)."""
    # (the date alone, as ingest reads it: "1 November" of the model's "1 November a half-day")
    if (cut := date_text(ent)) and cut != ent.text and (at := ent.text.find(cut)) >= 0:
        start = ent.start_char + at
        ent = ent.doc.char_span(start, start + len(cut), alignment_mode="contract") or ent
    text = ent.text
    if (far := _HOW_FAR_AFTER.search(text)) and far.start() > 0:
        text = text[: far.start()]
        ent = ent.doc.char_span(ent.start_char, ent.start_char + len(text), alignment_mode="contract") or ent
        text = ent.text
    if not _dated(text) or LENGTH_KIND.fullmatch(text):
        return []  # "We chose Samsara": a name the small model calls a date; "a 30-minute lesson", a length
    if trailing := _TRAILING_TO.search(text):  # the model's "2 May to" of "from 2 May to 16 May"
        text = text[: trailing.start()]
        return [(ent.start_char, ent.start_char + len(text), "DATE", _date_value(text, when))]
    match = _TWO_DATES.match(text)
    if match and doc_text(ent.doc)[: ent.start_char].rstrip().lower().endswith("from"):
        a, b = ent.start_char + match.start("a"), ent.start_char + match.start("b")
        return [
            (a, ent.start_char + match.end("a"), "DATE", _date_value(match.group("a"), when)),
            (b, ent.end_char, "DATE", _date_value(match.group("b"), when)),
        ]
    return [(ent.start_char, ent.end_char, "DATE", _date_value(text, when))]


def _untagged_people(doc: Doc, spans: list[tuple[int, int, str, str]]) -> list[tuple[int, int, str, str]]:
    """Runs of proper nouns the model tagged as nothing that are people by their first word or by the words
    around them ("Emeka Obi handed the account over"): PERSON values."""
    found, i = [], 0
    while i < len(doc):
        if doc[i].tag_ != "NNP" or doc[i].ent_type_ or any(s <= doc[i].idx < e for s, e, _, _ in spans):
            i += 1
            continue
        start, end = proper_run(doc, i, i + 1)
        run = doc[start:end]
        if (
            end - start > 1
            and not organization_shaped(run.text)
            and (is_first_name(run[0].text) or person_by_context(run))
        ):
            found.append((run.start_char, run.end_char, "PERSON", name_key(clean_name(run.text))))
        i = max(end, i + 1)
    return found


def _name_slot(ent: Span) -> str | None:
    """PLACE, PERSON or neither for a name the model tagged, corrected by the gazetteer, the first-name
    lexicon, a company's suffix and the words around it: the small model tags "Amara Okafor" a place and
    "the Kestrel Bank" a person."""
    value, label = ent.text, ent.label_
    if label not in ("GPE", "LOC", "FAC", "PERSON", "ORG", "NORP"):
        return None
    if is_place(value) and (
        label != "PERSON" or not is_first_name(value.split()[0]) or where_a_place_goes(ent)
    ):
        return "PLACE"  # "Accra", "Porto": places the model calls people; "in Valencia", a place
    if organization_shaped(value):
        return None
    if label == "PERSON" or is_first_name(value.split()[0]) or person_by_context(ent):
        return "PERSON"
    return "PLACE" if label in ("GPE", "LOC") else None


# Verbs of a choice: what they take is the value chosen ("use PostgreSQL", "go with Snowflake").
CHOICE_VERBS = {
    "use", "choose", "pick", "adopt", "select", "prefer", "go", "switch", "migrate", "standardize",
    "standardise", "buy", "purchase", "hire", "opt", "settle", "deploy", "run", "host", "book", "replace",
    "move",
}  # fmt: skip
# "moved the builds from CircleCI to Buildkite" is a choice; "moved the offsite to Bruges", a place.
_PLACE_VERBS = {"move"}
_SUBJECT_DEPS = {"nsubj", "nsubjpass"}


def _choices(doc: Doc) -> list[tuple[int, int, str, str]]:
    """Names that a choice verb takes, one or two steps down ("use PostgreSQL", "go with Snowflake"): the
    CHOICE slot, so "We decided to use MySQL" and "We decided to use PostgreSQL" differ in it. A name is
    a run of capitalised words, whatever the small model's tag (it reads "PostgreSQL" as a place, "Sketch"
    as a person, "MySQL" as a common noun)."""
    found = []
    i = 0
    while i < len(doc):
        token = doc[i]
        if (
            not token.text[:1].isupper()
            or token.is_sent_start
            or token.pos_ in ("PRON", "DET", "PUNCT")
            or (token.ent_type_ in ("DATE", "TIME") and _dated(token.text))
            or token.lower_.rstrip("s") in CALENDAR_WORDS  # "book the auditors by Friday": a date
        ):
            i += 1
            continue
        end = i + 1
        while end < len(doc) and doc[end].text[:1].isupper() and not doc[end].is_punct:
            end += 1
        head, steps = doc[end - 1], 0
        if head.dep_ == "compound" and head.head.pos_ == "NOUN":
            i = end  # "use MySQL for the Kestrel Bank warehouse": Kestrel Bank says which warehouse
            continue
        while steps < 3 and head.head.i != head.i:
            if head.dep_ in _SUBJECT_DEPS | {"agent"} and (
                token.ent_type_ == "PERSON" or is_first_name(token.text)
            ):
                break  # "Camille Roux moved to …", "run by Joris de Vries": who chose, not what
            head, steps = head.head, steps + 1
            if head.pos_ in ("VERB", "AUX") and head.lemma_.lower() in CHOICE_VERBS:
                span = doc[i:end]
                if head.lemma_.lower() in _PLACE_VERBS and is_place(span.text):
                    break
                found.append((span.start_char, span.end_char, "CHOICE", name_key(span.text)))
                break
            if head.pos_ not in ("ADP", "PROPN", "NOUN"):
                break
        i = end
    return found


# What a decision does something to, named by common nouns ("to plant winter kale"), and the word before
# it ("plant"). Not masked: the sentence's other readings (a choice kept or dropped) keep its words.
OBJECT = "OBJECT"
OBJECT_AFTER = "OBJECT_AFTER"
_DECIDING = {"decide", "agree", "vote", "opt", "resolve", "choose"}


def _decided_objects(doc: Doc, named: list[tuple[int, int, str, str]]) -> list[tuple[int, int, str, str]]:
    """The object of the verb a decision decides, named by common nouns ("We decided to plant winter kale
    in the top field"): (start, end, the word before it, the object's lemmas), so "decided to plant winter
    cabbage in the top field" is another choice of the same decision (see `_other_object`)."""
    found = []
    for token in doc:
        verb = token.head
        if not (
            token.dep_ == "dobj"
            and token.pos_ == "NOUN"
            and verb.dep_ == "xcomp"
            and verb.head.lemma_.lower() in _DECIDING
        ):
            continue
        start = token  # with the words right before it that say which ("winter kale", "new oven")
        while start.i > 0 and (left := doc[start.i - 1]).dep_ in ("compound", "amod") and left.head == token:
            start = left
        span = doc[start.i : token.i + 1]
        if any(s < span.end_char and span.start_char < e for s, e, _, _ in named):
            continue
        before = doc[span.start - 1].lower_ if span.start else ""
        found.append((span.start_char, span.end_char, before, " ".join(t.lemma_.lower() for t in span)))
    return found


ORGANIZATIONS = "ORGS"  # not a slot compared: the words of the organizations a sentence is about
_INSTEAD_OF = re.compile(r"\s+(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:the\s+)?", re.IGNORECASE)
_REPLACE_WITH = re.compile(r"\s+(?:with|by)\s+(?:the\s+)?", re.IGNORECASE)
_REPLACED_BY = re.compile(
    r"\s+(?:(?:was|were|is|are|has\s+been|have\s+been|will\s+be|got)\s+)?replaced\s+(?:with|by)\s+(?:the\s+)?",
    re.IGNORECASE,
)
_REPLACES = re.compile(r"\breplac(?:e|es|ed|ing)\s+(?:the\s+)?$", re.IGNORECASE)
_ASIDE = re.compile(r"\s*\([^()]*\)")


def _replaced_with(text: str, start: int, end: int, next_start: int) -> bool:
    """Whether the value at text[start:end] is what the next one replaced: "replaced Trello with Jira",
    "Trello was replaced by Jira"."""
    between = text[end:next_start]
    if _REPLACED_BY.fullmatch(between):
        return True
    return bool(_REPLACE_WITH.fullmatch(between) and _REPLACES.search(text[:start]))


WAS = "WAS_"  # a slot's value a sentence says changed: "from Rotterdam to Utrecht" holds WAS_PLACE rotterdam
NOW = "NOW_"  # the value a sentence says a thing changed to: "the offsite moves to Bruges", NOW_PLACE bruges
_MOVABLE = ("PLACE", "CHOICE", "DATE", "ORDINAL")  # (ORDINAL: "moves to the second Saturday")
_MOVED_TO = re.compile(
    r"\b(?:mov(?:e|es|ed|ing)|relocat(?:e|es|ed|ing)|switch(?:es|ed|ing)?|chang(?:e|es|ed|ing)|"
    r"postpon(?:e|es|ed|ing)|reschedul(?:e|es|ed|ing)|push(?:es|ed|ing)?|delay(?:s|ed|ing)?|slip(?:s|ped|ping)?|"
    r"migrat(?:e|es|ed|ing)|brought\s+forward|bring(?:s|ing)?\s+forward)"
    r"(?:\s+[\w'-]+){0,5}?\s+(?:back\s+)?(?:to|into|until)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_FROM_TO = re.compile(r"\s+(?:to|into)\s+(?:the\s+)?[£$€¥₹]?", re.IGNORECASE)  # ("from £20 to £25")
# "The fee went from £20 to £25": a value said to go from one to another, a change though no word of
# change says so (a range says "open from 9am to 5pm", "runs from 4 May to 8 May").
# "went from 12 to 15", and an amount that rose or fell ("The fee rose from £20 to £25", "went up from
# €40 to €45", "was cut from 30 to 20 places"): the first value is what it was.
_GOES_FROM = re.compile(
    r"\b(?:(?:went|goes|go|going|gone)(?:\s+(?:up|down))?|ris(?:e|es|ing|en)|rose|fell|fall(?:s|en|ing)?|"
    r"(?:increas|decreas|rais|lower|reduc|cut|drop|jump|climb|doubl|halv)(?:e|es|ed|ing|s|ped|ping)?)"
    r"\s+from\b",
    re.IGNORECASE,
)
# Where something is held: "is held at", "runs at", "takes place in", "meets at".
_HELD_AT = re.compile(
    r"\b(?:(?:is|are|was|were|will\s+be)\s+(?:now\s+)?(?:held|hosted|based|located)|runs?|takes?\s+place|"
    r"meets?|happens?)\s+(?:at|in)\s+(?:the\s+)?$",
    re.IGNORECASE,
)


def _venue(text: str, start: int) -> bool:
    """Whether the name at `start` is where something is held or moved to (`_HELD_AT`, `_MOVED_TO`)."""
    before = text[max(0, start - 60) : start]
    return bool(_HELD_AT.search(before) or _MOVED_TO.search(before))


# ("7.30am", written with a point as British notes write it, is as much a clock time as "7:30")
_CLOCK = re.compile(r"\d{1,2}:\d{2}|\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)\b", re.IGNORECASE)
# … found in a sentence's text, whole ("7:45am", not "7:45" and "am")
_CLOCK_UNTAGGED = re.compile(
    r"(?<![\d:.])(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)\b|\d{1,2}:\d{2}(?![\d:]))", re.IGNORECASE
)


# Strong: the exact value a stored note says it changed away from, about a subject they share.
OUTDATED_CONFIDENCE = 0.9


def _outdated(claim: Claim, stored: Claim) -> str | None:
    for key, old in stored.slots.items():
        if not key.startswith(WAS):
            continue
        slot = key[len(WAS) :]
        said = claim.slots.get(slot, set())
        if slot == "PERSON" and not same_subject(stored.text, claim.text, _name_words(claim, stored)):
            continue  # "Tomás took over Northwind" says nothing of who holds the Kestrel Bank account
        if slot == "PERSON":
            # Only a claim that the former holder holds it: "Kenta stepped back from the review" and
            # "Camille now works on another account" say what the memory says.
            said = {name for name in said if _holds(claim.text, name)}
        if slot == "CHOICE" and not claim.negated and not states_change(claim.text):
            # A tool named where no choice verb takes it ("We manage the backlog in Trello") is still
            # the one named, about the same subject.
            named = {v for v in old if set(v.split()) <= claim.words}
            said = said | (named if same_subject(stored.text, claim.text) else set())
        current = stored.slots.get(slot, set())
        now = ", ".join(sorted(current))
        if said & old and not said & current:
            became = f"became {now}" if now else "was replaced"
            return f"changed since: {', '.join(sorted(said & old))} {became} in the memory"
        # "The launch is planned for 9 May" against "the launch moved from 2 May to 16 May": neither
        # what it was nor what it became, about what changed.
        if (
            said
            and current
            and not said & (current | old)
            and same_subject(stored.text, claim.text)
            and not (slot == "NUMBER" and _other_measure(claim.text, stored.text))
        ):
            return f"changed to {now} in the memory, not {', '.join(sorted(said))}"
    # "we now run on BigQuery", "the offsite moves to Bruges": a change whose old value the note does not
    # name still says what the current value is; another one about the same subject is outdated or wrong.
    if states_change(claim.text):
        return None
    for slot in (*_MOVABLE, "NUMBER"):  # (NUMBER: only an amount that will hold from a date is moved)
        said, current = claim.slots.get(slot, set()), stored.slots.get(NOW + slot, set())
        if slot == "CHOICE" and states_change(stored.text):
            current = current | stored.slots.get(slot, set())
        if slot == "DATE":  # "moved to Friday" and "on 13 March" may be one day: explicit dates only
            said, current = _explicit(said), _explicit(current)
        # (a thing moved to another place is its subject alone: "The choir has been relocated to Greenway
        # Arts Centre" against "The choir meets at Holloway Parish Hall")
        about = same_subject(stored.text, claim.text) or (
            slot == "PLACE" and moves_place(stored.text, claim.text)
        )
        if said and current and not said & current and about:
            return f"changed to {', '.join(sorted(current))} in the memory, not {', '.join(sorted(said))}"
    return None


# An amount by the unit ("£52 a box", "£18 an hour", "€5 per day"): a price, which an order's total or a
# count ("30 boxes of beakers, £270") does not restate.
_BY_THE_UNIT = re.compile(r"\d[\d,.]*\s+(?:a|an|per)\s+[a-z]+", re.IGNORECASE)


def _other_measure(claim: str, stored: str) -> bool:
    """Whether one sentence gives an amount by the unit and the other none."""
    return (_BY_THE_UNIT.search(claim) is None) != (_BY_THE_UNIT.search(stored) is None)


REJECTED = "REJECTED"  # the words of an alternative a sentence turns down: ", not on the shared drive"
_CONTRAST = re.compile(
    r"(?:,\s*(?:but\s+)?not|\b(?:rather\s+than|instead\s+of))\s+(?P<phrase>[^,;.!?()]+)", re.IGNORECASE
)
_SLOT_WORDS = {"on", "in", "at", "to", "with", "for", "from", "by", "via", "into"}


ONLY = "ONLY"  # the words of the one way or place a sentence allows: "only at shows"
_ONLY = re.compile(
    r"\bonly\s+(?P<phrase>(?:at|in|on|through|via|by|from|online|offline|in-store)\b[^,;.!?()]*?)"
    r"(?=\s+(?:until|till|from|for|because|since|this|next|during)\b|[,;.!?()]|$)",
    re.IGNORECASE,
)
# Where or how something is done, said without "only": "online", "in shops", "at the market", "by post".
_CHANNEL = re.compile(
    r"\b(?:online|offline|in-store|in\s+(?:the\s+)?(?:shops?|stores?|person)|by\s+(?:post|e-?mail|phone)|"
    r"over\s+the\s+phone|on\s+(?:our|the)\s+(?:website|site|shop|app))\b",
    re.IGNORECASE,
)


def _beyond_only(claim: Claim, stored: Claim) -> str | None:
    """A claim of another way or place than the only one a stored sentence allows ("We sell the new
    vinyl online" against "Decided to sell the new vinyl only at shows"), or the other way round, about
    the same subject."""
    for said, saying in ((claim, stored), (stored, claim)):
        allowed = saying.slots.get(ONLY)
        channel = _CHANNEL.search(said.text)
        # (or a place by the same preposition, another: "race in the adult karts" against "race only in
        # the junior karts", its words not all the allowed one's)
        placed = _same_preposition(said.text, saying.slots.get(ONLY + "_AS"))
        if (
            allowed
            and (
                (channel is not None and not _content_words(channel.group(0)) & allowed)
                or (placed is not None and not _content_words(placed.group(0)) - _STOP <= allowed)
            )
            and not said.negated
            and not said.slots.get(ONLY)
            and same_subject(saying.text, said.text)
        ):
            phrase = ", ".join(sorted(saying.slots[ONLY + "_AS"]))
            return f"the {'memory' if saying is stored else 'statement'} says {phrase}"
    return None


# A rule allowing a doing only with something: "juniors shoot only with a coach on the line", "no hot
# shoeing without a second person in the forge", "sorbets are served with their own scoops only". The
# doing before, the condition after.
_CONDITIONS = (
    # (or on or in it, the doing's verb before or after "only": "shellfish is only sold on ice")
    re.compile(
        r"(?:^.*(?:\bthat\s+|:\s*|,\s*)|^)(?P<doing>[^.;:!?]*?\s+only(?:\s+(?!with\b|on\b|in\b)[a-z]{3,})?)\s+(?:with|on|in)\s+"
        r"(?P<needed>[^,;.!?()]+)",
        re.I,
    ),
    re.compile(r"\bno\s+(?P<doing>[^.;:!?]*?)\s+without\s+(?P<needed>[^,;.!?()]+)", re.I),
    re.compile(
        r"(?:^.*(?:\bthat\s+|:\s*|,\s*)|^)(?P<doing>[^.;:!?]*?)\s+with\s+(?P<needed>(?:their|its|our|the|a|an)\s+"
        r"[^,;.!?()]+?)\s+only\b",
        re.I,
    ),
)
# A doing said to be allowed: "juniors can shoot …", "hot shoeing is fine with one person".
_PERMITTING = re.compile(
    r"\b(?:can|may|could|(?:is|are)\s+(?:fine|ok|okay|allowed|permitted|welcome|free)|(?:is|are)\s+all\s+right)\b",
    re.I,
)
# (the words before the thing that say nothing of which: "own" and "second" do, stop words as they are)
_POSSESSIVES = {"their", "its", "our", "his", "her", "my", "your", "a", "an", "the", "some", "any"}
# (and a word of when after the thing: "without lights overnight" asks for lights)
_CONDITION_BREAK = re.compile(
    r"\s+(?:on|in|at|of|for|from|by|during|when|while)\s+|\s+(?:overnight|anymore|ever|again|today|tonight)\b",
    re.I,
)


def _conditions(said: Claim, saying: Claim) -> list[tuple[str, str, set[str], set[str]]]:
    """The conditions `saying`'s rule asks for a doing that `said` is about (at least half the doing's
    words in it): each as written, its head word's root, its other words' roots, and `said`'s roots."""
    if any(p.search(said.text) for p in _CONDITIONS) or re.search(r"\bonly\b", said.text, re.I):
        return []  # a rule stated again, or another one
    found = []
    theirs = {root(w) for w in _content_words(said.text)}
    for pattern in _CONDITIONS:
        match = pattern.search(saying.text)
        if match is None:
            continue
        doing = {root(w) for w in _content_words(match["doing"])} - {root(w) for w in _FINE}
        if not doing or 2 * len(doing & theirs) < len(doing) or not doing & theirs:
            continue
        thing = _CONDITION_BREAK.split(match["needed"], maxsplit=1)[0].strip()
        words = [root(w) for w in re.findall(r"[^\W_]+", thing.lower()) if w not in _POSSESSIVES]
        if words:
            found.append((thing, words[-1], set(words[:-1]), theirs))
    return found


# A rule that no one does a thing ("nobody handles the eagles alone", "no one works the kiln alone").
_NOBODY = re.compile(r"\b(?:nobody|no\s+one|no-one)\s+(?P<rest>[^.;:!?]+)", re.I)


def _nobody_may(claim: Claim, stored: Claim) -> str | None:
    """One says someone does or may do what the other's rule says nobody does: "We agreed staff can
    handle the eagles alone" against "Thursday's staff meeting settled it: nobody handles the eagles
    alone". Every word of the doing, by its root, is in the other, which denies nothing."""
    for said, saying in ((claim, stored), (stored, claim)):
        rule = _NOBODY.search(saying.text)
        if rule is None or _NOBODY.search(said.text) or _denies_beyond(said, rule["rest"]):
            continue
        doing = {root(w) for w in _content_words(rule["rest"])}
        if len(doing) >= 2 and doing <= {root(w) for w in _content_words(said.text)}:
            return f"the {'memory' if saying is stored else 'statement'} says nobody {rule['rest'].strip()}"
    return None


def _denies_beyond(said: Claim, doing: str) -> bool:
    """Whether a sentence denies anything but what the rule's doing holds: "We agreed instructors can dive
    without a buddy" allows what "nobody dives without a buddy" rules out; its "without" is the rule's."""
    if not said.negated:
        return False
    words = re.findall(r"[a-z]+(?:n't)?", said.text.lower())
    denying = {w for w in words if w in _NEGATIONS or w.endswith("n't")}
    return bool(denying - set(re.findall(r"[a-z]+", doing.lower())))


# One kind of a thing allowed alone: "visitors use red torches only", "we take card payments only".
_KIND_ONLY = re.compile(
    r"\b(?P<kind>[a-z][a-z-]+)\s+(?P<thing>[a-z]+)\s+only\b|\bonly\s+(?P<kind2>[a-z][a-z-]+)\s+(?P<thing2>[a-z]+)\b",
    re.I,
)


def _other_kind_only(claim: Claim, stored: Claim) -> str | None:
    """One allows another kind of the thing whose one kind the other's rule allows alone: "The committee
    agreed visitors can use white torches" against "visitors use red torches only"."""
    for said, saying in ((claim, stored), (stored, claim)):
        if said.negated:
            continue
        if (kinds := _kind_beyond_only(said.text, saying.text)) is not None:
            side = "memory" if saying is stored else "statement"
            return f"the {side} allows only {kinds[0]}, not {kinds[1]}"
    return None


def _kind_beyond_only(said: str, saying: str) -> tuple[str, str] | None:
    """The kind `saying`'s rule allows alone and the other kind `said` gives the same thing, if it does
    ("white torches" against "visitors use red torches only"): the kind a word of its own (no stop word)
    before the same noun, the allowed kind not said, and a word of the doing before it in both."""
    rule = _KIND_ONLY.search(saying)
    if rule is None or re.search(r"\bonly\b", said, re.I):
        return None
    kind, thing = (rule["kind"], rule["thing"]) if rule["kind"] else (rule["kind2"], rule["thing2"])
    if kind.lower() in _STOP or thing.lower() in _STOP:
        return None
    other = re.search(rf"\b(?P<kind>[a-z][a-z-]+)\s+{re.escape(thing)}\b", said, re.I)
    if other is None or other["kind"].lower() in _STOP or kind.lower() in said.lower().split():
        return None
    doing = _content_words(saying[: rule.start()]) - {kind.lower(), thing.lower()}
    if not {root(w) for w in doing} & {root(w) for w in _content_words(said[: other.start()])}:
        return None
    return f"{kind} {thing}", f"{other['kind']} {thing}"


def _without(said: Claim, head: str) -> bool:
    """Whether a sentence says a doing goes on without the thing (`head`, a root) a rule asks for."""
    without = re.search(r"\bwithout\s+(?P<what>[^,;.!?()]+)", said.text, re.I)
    return without is not None and head in {root(w) for w in _content_words(without["what"])}


def _condition_waived(claim: Claim, stored: Claim) -> str | None:
    """One allows a doing without what the other's rule asks for it: "We agreed juniors can shoot without
    a coach" against "juniors shoot only with a coach on the line"; "hot shoeing is fine with one person"
    against "no hot shoeing without a second person in the forge" (the thing asked for named, a word of
    its own left out); "sorbets can share the normal scoops" against "served with their own scoops only".
    About the same doing: at least half its words in the other."""
    for said, saying in ((claim, stored), (stored, claim)):
        for thing, head, own, theirs in _conditions(said, saying):
            if _without(said, head) or (
                _PERMITTING.search(said.text) and head in theirs and own and not own <= theirs
            ):
                return f"the {'memory' if saying is stored else 'statement'} allows it only with {thing}"
    return None


def _condition_met(claim: Claim, stored: Claim) -> bool:
    """One says a doing goes on with what the other's rule asks for ("Repairs need a signed waiver
    first" against "no repairs without a signed waiver"): the rule kept, whatever its "no" and "without"
    read as (a denial of repairs, else)."""
    for said, saying in ((claim, stored), (stored, claim)):
        for _, head, own, theirs in _conditions(said, saying):
            if not said.negated and not _without(said, head) and head in theirs and own <= theirs:
                return True
    return False


def _same_preposition(text: str, only: set[str] | None) -> re.Match[str] | None:
    """Where `text` places the deed with the preposition the only way allowed has ("race in the adult
    karts" against "race only in the junior karts"), if it does."""
    if not only:
        return None
    preposition = _ONLY.match(next(iter(only)))
    if preposition is None:
        return None
    word = preposition.group("phrase").split()[0].lower()
    return re.search(
        rf"(?<!only )\b{re.escape(word)}\s+(?:the\s+|our\s+|a\s+|an\s+)?[^,;.!?()]*?"
        r"(?=\s+(?:until|till|from|for|because|since|this|next|during)\b|[,;.!?()]|$)",
        text,
        re.IGNORECASE,
    )


def _rejected(claim: Claim, stored: Claim) -> str | None:
    """A claim of the alternative a stored sentence turns down ("The handbook will live on the shared
    drive" against "… in the GitLab wiki, not on the shared drive"), about the same subject."""
    for said, saying in ((claim, stored), (stored, claim)):  # either may be the one that turns it down
        turned_down = saying.slots.get(REJECTED)
        if (
            turned_down
            and not said.negated
            and all(any(akin(word, other) for other in said.words) for word in turned_down)
            and not said.slots.get(REJECTED)
            and same_subject(saying.text, said.text)
        ):
            phrase = ", ".join(sorted(saying.slots.get(REJECTED + "_AS", turned_down)))
            return f"the {'memory' if saying is stored else 'statement'} says not {phrase}"
    return None


# A decision against something ("We decided against a shampoo refill station", "ruled out …") and one for
# it ("We're going ahead with the refill station for shampoo", "We've settled on offering …"): the words
# after each phrase, to the clause's end, are what it decides about.
_DECIDED_AGAINST = re.compile(
    r"\b(?:decided|decide|voted|agreed)\s+against\b|\bruled\s+out\b|\bturned\s+down\b|\brejected\b"
    r"|\b(?:scrapped|shelved)\s+(?:the\s+(?:idea|plan)s?\s+(?:of|for)\b)?"
    r"|\b(?:not|n't|never)\s+(?:be\s+)?(?:going|go)\s+ahead\s+with\b",
    re.IGNORECASE,
)
_DECIDED_FOR = re.compile(
    r"\b(?:decided|agreed|voted|opted|settled|committed)\s+(?:to|on|upon|for)\b(?!\s+(?:not|against)\b)"
    r"|\b(?:chose|chosen|approved|picked)\b|\b(?:going|go|gone|went)\s+ahead\s+with\b"
    r"|\bwe(?:'ll|\s+will)\s+go\s+with\b|\bsigned\s+off\s+on\b"
    # a rule set from now on, a choice kept: "Going forward we'll only use …", "We're sticking with …"
    r"|\b(?:going\s+forward|from\s+now\s+on),?\s+we(?:'ll|\s+will)?\b"
    r"|\bwe(?:'re|\s+are|'ll|\s+will)\s+(?:sticking|staying|stick|stay)\s+with\b"
    # … or as the idioms of a choice come to say it: "We've landed on copper-free antifouling"
    rf"|{CHOSEN.pattern}",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r"[;.!?]|,\s+(?:but|and|so|because)\b|\s+(?:but|because)\b")
# Words of offering or doing that a decision's object may open with: "settled on offering X" decides X.
_DECIDED_DOING = {"offer", "use", "buy", "start", "introduc", "add", "have", "run", "keep", "open", "sell"}


def _decided_about(text: str, phrase: re.Pattern[str]) -> set[str] | None:
    """The rooted content words of what `phrase` decides about in `text`, to its clause's end."""
    match = phrase.search(text)
    if match is None:
        return None
    rest = text[match.end() :]
    if end := _CLAUSE_END.search(rest):
        rest = rest[: end.start()]
    return _rooted(rest) - _DECIDED_DOING or None


def _decided_against(claim: Claim, stored: Claim) -> str | None:
    """One decides against what the other decides for ("We decided against fixed-price boiler installs"
    against "We've settled on offering fixed-price boiler installs"): every word of the thing turned down
    is in the thing chosen, or the other way round."""
    for against, other in ((claim, stored), (stored, claim)):
        if _DECIDED_AGAINST.search(other.text):
            continue
        rejected = _decided_about(against.text, _DECIDED_AGAINST)
        chosen = _decided_about(other.text, _DECIDED_FOR)
        if rejected and chosen and (rejected <= chosen or chosen <= rejected):
            return "one decides against what the other decides for"
    return None


# Words that say which one of a kind without naming another kind: "the new chairs", "only glues".
_NO_KIND = {"new", "next", "only", "all", "more", "same", "other", "current", "existing", "usual", "few"}


@lru_cache(maxsize=4096)
def _decided_words(text: str) -> tuple[str, ...]:
    """The words, in order, of what a decision in `text` decides for, to its clause's end. (Cached: every
    candidate pair of a check asks it of both sentences.)"""
    match = _DECIDED_FOR.search(text)
    if match is None:
        return ()
    rest = text[match.end() :]
    if end := _CLAUSE_END.search(rest):
        rest = rest[: end.start()]
    return tuple(re.findall(r"[^\W\d_][\w-]*", rest.lower()))


def _chose_another_kind(claim: Claim, stored: Claim) -> str | None:
    """Two decisions for one thing of two kinds ("We decided to stay with petrol cars for the next lease"
    against "We've opted for electric cars for the next lease"), see `_kinds_chosen`."""
    if claim.negated or stored.negated:
        return None
    return _kinds_chosen(claim.text, stored.text)


def _kinds_chosen(claim: str, stored: str) -> str | None:
    """A noun two decisions both choose, with a word before it in each that the other does not say:
    "stay with petrol cars" and "opted for electric cars"; "keep using solvent-based glues" and "Going
    forward we'll only use water-based glues". Such a pair is read whatever else its words share."""
    ours, theirs = _decided_words(claim), _decided_words(stored)
    if not ours or not theirs:
        return None
    theirs_at = {root(w): k for k, w in enumerate(theirs) if k > 0}
    for j, word in enumerate(ours[1:], start=1):
        k = theirs_at.get(root(word))
        if k is None or word in STOP_WORDS or word in _NO_KIND:
            continue
        here, there = ours[j - 1], theirs[k - 1]
        kinds = [w for w in (here, there) if w not in STOP_WORDS and w not in _NO_KIND and len(w) > 2]
        if (
            len(kinds) == 2
            and root(here) != root(there)
            and root(here) not in map(root, theirs)
            and root(there) not in map(root, ours)
            and root(here) not in _DECIDED_DOING
            and root(there) not in _DECIDED_DOING
        ):
            return f"different choice: {here} {word} here, {there} {theirs[k]} in the memory"
    return None


def _explicit(dates: set[str]) -> set[str]:
    """The dates that name a day, a month or a recurring weekday ("on Mondays"), not a relative day."""
    return {value for value in dates if _EXPLICIT_DATE.search(value) or _RECURRING_DAY.search(value)}


_RECURRING_DAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\bevery\s+\w+day\b", re.I)


def _other_organizations(claim: Claim, stored: Claim) -> bool:
    """Both name organizations, and none in common (by a word of their names), nor does either name a
    word of the other's organizations untagged ("Kickoff with Brennan Health: …", where the model tags
    "Kickoff" and not "Brennan Health")."""
    here, there = claim.slots.get(ORGANIZATIONS), stored.slots.get(ORGANIZATIONS)
    if not (here and there) or here & there:
        return False
    return not (here - STOP_WORDS) & stored.words and not (there - STOP_WORDS) & claim.words


def _written(text: str, key: str) -> str | None:
    """A name key ("joris de vries", "rosa diaz") as `text` writes it ("Joris de Vries", "Rosa Díaz"):
    the key has no accents, so the text is searched letter by letter without its own."""
    pattern = r"(?<!\w)" + r"\W+".join(map(re.escape, key.split())) + r"(?!\w)"
    found = re.search(pattern, _unaccented(text), re.I)
    return text[found.start() : found.end()] if found is not None else None


def _unaccented(text: str) -> str:
    """`text` with each letter's accent dropped and nothing else changed, so that positions in it are
    positions in `text` ("Díaz" → "Diaz"; a letter that decomposes into no base letter stays)."""
    return "".join(name_key(c)[:1] or c if not c.isascii() and c.isalpha() else c for c in text)


def _holds(text: str, key: str) -> bool:
    """Whether `text` says the person of this name key holds something (owns, leads, runs it)."""
    name = _written(text, key)
    return name is not None and bool(holders(text, [name]))


_HOLDING_VERB = re.compile(
    r"\b(?:owns?|owned|owner|leads?|led|leading|runs?|run\s+by|running|manag(?:es|ed|ing|er)|manage|"
    r"handl(?:es|ed|ing)|maintain(?:s|ed)?|oversees?|looks?\s+after|(?:in|takes?|took|taken|taking)\s+charge|responsible|heads?|"
    r"headed|'s\s+job)\b",
    re.IGNORECASE,
)


def _both_hold(a: str, b: str) -> bool:
    """Whether both sentences say someone holds something and share two other content words."""
    if not (_HOLDING_VERB.search(a) and _HOLDING_VERB.search(b)):
        return False
    held = _content_words(_HOLDING_VERB.sub(" ", a)) & _content_words(_HOLDING_VERB.sub(" ", b))
    return len(held) >= 2


def _held_by_another(claim: Claim, stored: Claim) -> str | None:
    """Another holder of the same thing ("Fiona Grant runs the Rotterdam depot" against "the Rotterdam
    depot is run by Joris de Vries"), whatever the two sentences' shapes (`another_holder`)."""
    ours = [n for k in claim.slots.get("PERSON", ()) if (n := _written(claim.text, k))]
    theirs = [n for k in stored.slots.get("PERSON", ()) if (n := _written(stored.text, k))]
    if not ours or not theirs or not another_holder(claim.text, stored.text, ours, theirs):
        return None
    here, there = holders(claim.text, ours), holders(stored.text, theirs)
    return f"another holder: {', '.join(here)} here, {', '.join(there)} in the memory"


def _name_words(*claims: Claim) -> frozenset[str]:
    """The words of the people two readings name, which say who, not what about."""
    return frozenset(
        word
        for claim in claims
        for slot in ("PERSON", WAS + "PERSON")
        for name in claim.slots.get(slot, ())
        for word in name.split()
    )


# Strong but short of an exact value changed: two durations of one identified thing ("INC-340 lasted 30
# minutes" against "INC-340: the import failed for 3 hours").
PINNED_CONFIDENCE = 0.85


_DURATION_IN = re.compile(
    r"\b(?:for|lasted|lasting|took)\s+(?:about\s+|around\s+|nearly\s+|almost\s+|over\s+)?"
    r"(?:\d+(?:[.,]\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|half\s+an?)\s+"
    r"(?:seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?)\b",
    re.IGNORECASE,
)


def _same_day(a: str, b: str) -> set[str]:
    """The explicit day both sentences name, when each gives a duration and they share another word."""
    if not (_DURATION_IN.search(a) and _DURATION_IN.search(b)):
        return set()
    days = {
        " ".join(m.group(0).lower().split())
        for m in DATE_PHRASES.finditer(a)
        if _EXPLICIT_DATE.search(m.group(0)) and any(c.isdigit() for c in m.group(0))
    }
    day = {d for d in days if d in " ".join(b.lower().split())}
    words = {w for w in _content_words(a) & _content_words(b) if w.isalpha()} - {
        w for d in day for w in d.split()
    }
    return {f"the event of {d}" for d in day} if words else set()


def _pinned(claim: Claim, stored: Claim, shared: set[str]) -> str | None:
    """Two sentences about the same identifier (an incident, a ticket, an invoice), each with one
    duration that differs, or with opposite words (paid, unpaid): the identifier says they are about one
    thing, whatever else their words do."""
    if not shared:
        return None
    ours = {v for v in claim.slots.get("DATE", ()) if v.endswith(" min")}
    theirs = {v for v in stored.slots.get("DATE", ()) if v.endswith(" min")}
    subject = ", ".join(sorted(shared))
    if len(ours) == 1 and len(theirs) == 1 and ours != theirs:
        return f"different duration of {subject}: {ours.pop()} here, {theirs.pop()} in the memory"
    ours, theirs = _amounts(claim.text), _amounts(stored.text)
    if len(ours) == 1 and len(theirs) == 1 and ours != theirs:
        return f"different number (the amount of {subject}): {ours.pop()} here, {theirs.pop()} in the memory"
    # … or one count of the same thing each ("Order WO-2231 is for 60 metres" against "Order WO-2231:
    # 120 metres of Heather Mix tweed …"), or one deadline each ("… is due 20 September" against "…, due
    # 18 September"): the identifier pins them to one thing, though the sentences' shapes differ.
    if another_record(own_identifiers(claim.text), own_identifiers(stored.text)):
        return None  # "Job J-2041 is due on 18 September": an invoice for the job is due on its own day
    counted, counting = _counts(claim.text), _counts(stored.text)
    if len(counted) == 1 and counted.keys() == counting.keys() and counted != counting:
        [(noun, number)] = counted.items()
        return f"different count of {noun}s of {subject}: {number} here, {counting[noun]} in the memory"
    due, owed = _deadlines(claim), _deadlines(stored)
    if len(due) == 1 and len(owed) == 1 and due != owed:
        return f"different due date of {subject}: {due.pop()} here, {owed.pop()} in the memory"
    for a, b in ANTONYMS:  # "order A-17 is still unpaid" against "order A-17 was paid on 3 March"
        if (a in claim.words and b in stored.words) or (b in claim.words and a in stored.words):
            return f"{subject}: one says '{a}', the other '{b}'"
    return None


def _deadlines(claim: Claim) -> set[str]:
    """The days a sentence gives as its deadline ("due 18 September"), where those are all its dates."""
    if claim.slots.get(DATE_ROLE) != {"due"}:
        return set()
    return {value for value in claim.slots.get("DATE", ()) if not value.endswith(" min")}


# "found 120 components", "148 components, 37 of them unused": a number and the plural it counts.
_COUNT = re.compile(r"(?<![\w.,])(\d[\d,]*)\s+(?:([a-z]{3,}s)\b|[a-z]+\s+([a-z]{3,}s)\b)")
_UNITS = {
    "second", "minute", "hour", "day", "week", "month", "year", "time", "percent", "euro", "night", "more",
}  # fmt: skip


def _counts(text: str) -> dict[str, str]:
    found = [(number, plural or after) for number, plural, after in _COUNT.findall(text)]
    # … and in words, right before what is counted: "only one reviewer", "a second reviewer" (two)
    found += [(_WORD_COUNTS[n.lower().split()[-1]], noun) for n, noun in _COUNT_IN_WORDS.findall(text)]
    return {
        noun.removesuffix("s"): number.replace(",", "")
        for number, noun in found
        if noun.removesuffix("s") not in _UNITS
        and noun not in STOP_WORDS
        and not _identifier_digits(text, number)
    }


_WORD_COUNTS = {
    "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
    "nine": "9", "ten": "10", "twelve": "12", "second": "2", "third": "3",
}  # fmt: skip
_COUNT_IN_WORDS = re.compile(
    r"\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|an?\s+(?:second|third))\s+([a-z]{3,})\b",
    re.IGNORECASE,
)


def _identifier_digits(text: str, number: str) -> bool:
    return any(number in text[a:b] for a, b in identifier_spans(text))


def _counted(claim: Claim, stored: Claim) -> str | None:
    """Two counts of one thing ("The component audit found 120 components" against "Paolo finished the
    component audit: 148 components, 37 of them unused"): the same plural counted otherwise, in
    sentences about the same subject that differ in no other value (not "12 desks in Lisbon" against
    "20 desks in Berlin")."""
    ours, theirs = _counts(claim.text), _counts(stored.text)
    common = ours.keys() & theirs.keys()
    if not common or any(ours[n] == theirs[n] for n in common) or claim.negated or stored.negated:
        return None
    if _habitual(claim.text) != _habitual(stored.text):
        return None  # "delivers 40 crates every Thursday" against one delivery's "38 crates received"
    if set(ours.values()) & set(_NUMBER.findall(stored.text)):
        return None  # "37 components were unused" of "148 components, 37 of them unused"
    noun = sorted(common)[0]
    if _other_slots(claim, stored) or not same_subject(stored.text, claim.text, frozenset({noun})):
        return None
    return f"different count of {noun}: {ours[noun]} here, {theirs[noun]} in the memory"


_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY = re.compile(r"\b(mon|tues|wednes|thurs|fri|satur|sun)days?\b", re.IGNORECASE)


def _day_index(stem: str) -> int:
    return next(i for i, day in enumerate(_DAYS) if day.startswith(stem.lower()))


def _days_of_one_thing(claim: str, stored: str) -> bool:
    """A day said of something and a span of days a stored sentence gives it: read, whatever else their
    words share ("The bakery is open on Mondays", "From May the bakery opens Tuesday to Saturday only")."""
    if not (_DAY.search(claim) and WEEKDAY_SPAN.search(stored)):
        return False
    return _same_doing(claim, stored)


# Words of when something opens, closes or ends: "closes at 6pm", "end at 9pm", "run until 9:30pm",
# "the gates are locked at 8pm" ("unlocked until 9pm": the same hour said the other way round), and when
# something starts or begins, or the first hour of a span ("Check-in is from 3pm to 11pm").
_HOURS_WORD = re.compile(
    r"\b(?:open(?:s|ed|ing)?|clos(?:e|es|ed|ing)|shut(?:s)?|end(?:s|ed)?|finish(?:es|ed)?|until|till"
    # ("walk-ins stop at 5pm on weekdays": when a thing stops being taken)
    r"|stop(?:s|ped)?|(?:un)?lock(?:s|ed)?|start(?:s|ed)?|begin(?:s)?|from"
    r"|staffed|manned)\b",  # ("Reception is staffed until 8pm": open until then)
    re.IGNORECASE,
)


# Words by which a claim says a thing is taken or open to people until its hour, and that its decision
# was made ("We decided walk-ins are welcome until 7pm every weekday" against "… walk-ins stop at 5pm on
# weekdays"): the hours' words, not what the hours are of.
_OPEN_TO_ALL = {
    "welcome", "available", "allowed", "accepted", "served", "open", "decided", "agreed", "every", "each",
    "weekday", "weekdays", "weekend", "weekends",
}  # fmt: skip


def hours_of_one_thing(claim: str, stored: str) -> bool:
    """When one thing opens, closes or ends, said in two ways ("Rehearsals end at 9pm", "Rehearsals now
    run until 9:30pm"; "The bakery closes at 5pm on Sundays", "We now close at 2pm on Sundays"):
    read, whatever else their words share. Both give a clock time and say when something opens or
    closes; the claim's other words are all the stored sentence's, or the stored sentence is the
    writer's own ("we") about the same days."""
    if not all(
        (_CLOCK.search(t) or _NAMED_HOUR.search(t)) and _HOURS_WORD.search(t) for t in (claim, stored)
    ):
        return False
    # (its hours and its word of change aside: "The front desk now closes at midnight" against "The front
    # desk is staffed until 10pm")
    bare = _NAMED_HOUR.sub(" ", _HOURS_WORD.sub(" ", _DAY.sub(" ", claim)))
    words = {
        root(w) for w in _content_words(bare) - _NOW_WORDS - _OPEN_TO_ALL if not any(c.isdigit() for c in w)
    }
    if words and words <= {root(w) for w in _content_words(stored)}:
        return True
    days = {m.group(1).lower() for m in _DAY.finditer(claim)}
    ours = re.match(r"\s*(?:from\s+[^,]+,\s*)?we\b", stored, re.IGNORECASE) is not None
    return ours and bool(days) and days <= {m.group(1).lower() for m in _DAY.finditer(stored)}


# The clock time something closes or ends at, and the one it opens at: "open from 9am to 6pm", "close at
# 4pm", "run until 9:30pm", "opens at 6:30am".
_TIME = r"(\d{1,2}(?:[:.]\d{2})?\s*[ap]\.?m\b|\d{1,2}:\d{2}|midnight\b|noon\b|midday\b)"
_CLOSING_AT = re.compile(
    rf"\b(?:clos(?:e|es|ing)|shuts?|ends?|finish(?:es)?|stops?|until|till|to|(?<!un)lock(?:s|ed)?)\s+(?:at\s+)?"
    rf"{_TIME}",
    re.IGNORECASE,
)
_OPENING_AT = re.compile(rf"\b(?:opens?|opening|from|starts?|begins?)\s+(?:at\s+)?{_TIME}", re.IGNORECASE)


def _other_hours(claim: Claim, stored: Claim) -> str | None:
    """When one thing closes (or opens) said at two clock times: "The bakery closes at 5pm on
    Sundays" against "We now close at 2pm on Sundays", "Rehearsals end at 9pm" against "Rehearsals
    now run until 9:30pm". Only where `hours_of_one_thing` reads the two as one thing's hours, and each
    says one such time."""
    if claim.negated or stored.negated or not hours_of_one_thing(claim.text, stored.text):
        return None
    for kind, pattern in (("closing", _CLOSING_AT), ("opening", _OPENING_AT)):
        ours = _clock_times({m.group(1) for m in pattern.finditer(claim.text)})
        theirs = _clock_times({m.group(1) for m in pattern.finditer(stored.text)})
        if len(ours) == 1 and len(theirs) == 1 and ours != theirs:
            return f"different {kind} times: {ours.pop()} here, {theirs.pop()} in the memory"
    return None


def _same_doing(claim: str, stored: str) -> bool:
    """Whether a claim's words less its days and values, two at least, are all the stored sentence's."""
    words = {root(w) for w in _content_words(_DAY.sub(" ", claim)) if not any(c.isdigit() for c in w)}
    return len(words) >= 2 and words <= {root(w) for w in _content_words(stored)}


def _outside_the_days(claim: Claim, stored: Claim) -> str | None:
    """A day said of something that a stored sentence gives a span of days, which it lies outside: "The
    chandlery is open on Tuesdays" against "… the chandlery opens Wednesday to Sunday only". The claim's
    other words are all the stored sentence's (the same thing, the same doing)."""
    span = WEEKDAY_SPAN.search(stored.text)
    if span is None or WEEKDAY_SPAN.search(claim.text) or claim.negated or stored.negated:
        return None
    days = {_day_index(m.group(1)) for m in _DAY.finditer(claim.text)}
    if len(days) != 1:
        return None
    first, last = _day_index(span.group(1)), _day_index(span.group(2))
    within = {(first + i) % 7 for i in range((last - first) % 7 + 1)}
    day = days.pop()
    if day in within or not _same_doing(claim.text, stored.text):
        return None
    return f"different days: {_DAYS[day].capitalize()} here, {span.group(0)} in the memory"


# What happens again and again: "every Thursday", "each week", "weekly", "per month", "usually".
_HABITUAL = re.compile(
    r"\b(?:every|each|per|a)\s+(?:day|week|month|year|morning|evening|night|weekend|shift|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b|\b(?:daily|weekly|monthly|yearly|"
    r"annually|nightly|usually|normally|typically|always|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b",
    re.IGNORECASE,
)


def _habitual(text: str) -> bool:
    """Whether a sentence states what recurs (a standing arrangement), not one occasion: a count of the
    one is no changed count of the other."""
    return _HABITUAL.search(text) is not None


def _other_slots(claim: Claim, stored: Claim) -> bool:
    """Whether two sentences name different dates, places, people or choices: then two values of one
    kind are of two things ("12 desks in Lisbon", "20 desks in Berlin"), not one changed."""
    for slot in ("DATE", "PLACE", "PERSON", "CHOICE"):
        here, there = claim.slots.get(slot), stored.slots.get(slot)
        if here and there and not here & there:
            return True
    return False


# A score on a scale: "rated 5 out of 5 for hygiene", "a 4.5 out of 10", "three stars".
_SCORE = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)\s+out\s+of\s+(\d+)\b|(?<![\w.])(\d(?:\.\d)?)\s+stars?\b", re.I
)


def _scores(text: str) -> dict[str, str]:
    """A sentence's scores, scale → score ("5 out of 5": {"5": "5"}; stars: {"stars": "4"})."""
    return {scale or "stars": score or stars for score, scale, stars in _SCORE.findall(text)}


def _scored(claim: Claim, stored: Claim) -> str | None:
    """Two scores of one thing on one scale ("rated the kitchen 3 out of 5" against "rated our kitchen 5
    out of 5"), in sentences about the same subject that name no other date, place or person."""
    ours, theirs = _scores(claim.text), _scores(stored.text)
    changed = sorted(scale for scale in ours.keys() & theirs.keys() if ours[scale] != theirs[scale])
    if not changed or claim.negated or stored.negated or _other_slots(claim, stored):
        return None
    if not same_subject(stored.text, claim.text, frozenset({"out", "stars", "star"})):
        return None
    scale = changed[0]
    return f"different score: {ours[scale]} here, {theirs[scale]} in the memory (of {scale})"


_AMOUNT = re.compile(
    r"(?:\b(?:EUR|USD|GBP|CHF)|[€$£])\s?(\d[\d,.]*\d|\d)|(\d[\d,.]*\d|\d)\s?(?:(?:EUR|USD|GBP|CHF)\b|€|euros?\b|dollars?\b)",
    re.IGNORECASE,
)


def _amounts(text: str) -> set[str]:
    """The sums of money a sentence gives, as digits ("EUR 12,400", "12.400 €": "12400"); not by how much
    a change goes ("up by £25 to £540": 540)."""
    return {
        _cents_aside(re.sub(r"[,.](?=\d{3}\b)", "", m[1] or m[2]))
        for m in _AMOUNT.finditer(text)
        if not by_how_much(text, m.start(), m.end())
    }


def _cents_aside(amount: str) -> str:
    """One sum however its cents are written: "389.00" and "389" are one amount, "4.50" is "4.5"."""
    whole, _, cents = amount.replace(",", ".").partition(".")
    cents = cents.rstrip("0")
    return f"{whole}.{cents}" if cents else whole


# A claim all of whose words a stored sentence holds, one value changed, said the same way ("in PLACE"),
# of the same doer: short of the masked sentences' similarity, which a longer stored sentence dilutes.
COVERED_CONFIDENCE = 0.85
CONTAINED = 0.6  # share of a claim's content words a stored sentence must hold to be read at all
BY = "BY_"  # the words of the subject of the verb a slot's value hangs from ("Remi is in Paris": remi)
_SLOT_NAMES = {"DATE", "NUMBER", "PLACE", "PERSON", "CHOICE", STANCE}


def _covered(claim: Claim, stored: Claim) -> str | None:
    """How a claim restating part of a stored sentence with another value differs from it, or None: each
    of its words (less values and small words) is in the stored sentence, there are at least two, the
    differing value follows the same word in both ("in Marseille", "held in Lyon"), and the stored
    value's verb has no subject the claim does not name ("Remi is in Paris" says where Remi is)."""
    if claim.negated or stored.negated:  # what one denies of one value, the other may say of another
        return None
    if (other := _other_object(claim, stored)) is not None:
        return other
    ours, theirs = _masked_words(claim.masked), _masked_words(stored.masked)
    # The claim's values the stored sentence also names ("Amara Osei", "Accra") are words it holds too.
    named = [v for slot, values in claim.slots.items() if slot in _SLOT_NAMES for v in values]
    held = sum(1 for value in named if set(value.lower().split()) <= stored.words)
    if len(ours) + held < 2 or not ours <= theirs:
        return None
    for slot, label in _COMPARED:
        here, there = claim.slots.get(slot), stored.slots.get(slot)
        if not (here and there) or here & there or (slot == "PERSON" and _same_people(here, there)):
            continue
        if (
            _introduced(claim.masked, slot) & _introduced(stored.masked, slot)
            and stored.slots.get(BY + slot, set()) <= claim.words
        ):
            here_, there_ = ", ".join(sorted(here)), ", ".join(sorted(there))
            return f"different {label}: {here_} here, {there_} in the memory"
    return None


def _other_object(claim: Claim, stored: Claim) -> str | None:
    """Another object of the same decision: "decided to plant winter cabbage in the top field" against
    "decided to plant winter kale in the top field". Asked more of than a name's choice: every other
    word of the claim in the stored sentence, after the same verb, and a word besides the verb ("decided
    to hire a designer" against "… a caterer for the party" are two hirings)."""
    here, there = claim.slots.get(OBJECT), stored.slots.get(OBJECT)
    if not (here and there) or here & there or claim.negated or stored.negated:
        return None
    objects = {root(w) for value in here | there for w in value.split()}
    ours = _masked_words(claim.masked) - objects
    if len(ours - {root(w) for w in _KEEPING}) < 2 or not ours <= _masked_words(stored.masked) - objects:
        return None
    if not claim.slots.get(OBJECT_AFTER, set()) & stored.slots.get(OBJECT_AFTER, set()):
        return None
    return f"different choice: {', '.join(sorted(here))} here, {', '.join(sorted(there))} in the memory"


def _withdrawn(claim: Claim, stored: Claim) -> str | None:
    """What one says is served, sold or offered, which the other took off a menu or a range: "We serve
    the pesto pasta" against "Decided to drop the pesto pasta from the menu". The offering's words, the
    verb aside, are all in the other."""
    if claim.negated == stored.negated:
        return None
    negated, other = (claim, stored) if claim.negated else (stored, claim)
    offered = {verb for verb in _OFFERED if SAID + verb in other.words}
    if not offered or not all(DENIED + verb in negated.words for verb in offered):
        return None
    what = _masked_words(other.masked) - {root(verb) for verb in _OFFERED} - {"still"}
    if not what or not what <= _masked_words(negated.masked):
        return None
    return "one says the opposite of the other (taken off)"


def _ceased_doing(claim: Claim, stored: Claim) -> str | None:
    """What one says is done, which the other says was stopped: "We decided to keep taking personal
    injury cases" against "Decided to stop taking new personal injury cases from October". The doing's
    words, less those of keeping it up, are all in the stopping."""
    # (by what each denies, not whether: "stop quoting over the phone without a visit" denies quoting,
    # which "quote over the phone without a visit" does not, though both deny a visit)
    for negated, other in ((claim, stored), (stored, claim)):
        stopped = (
            _denials(negated) | {w[len(STOPPED) :] for w in negated.words if w.startswith(STOPPED)}
        ) - (_denials(other))
        done = {w[len(SAID) :] for w in other.words if w.startswith(SAID)}
        # Allowing a thing allows what is done with it: "We agreed to allow alcohol at children's
        # parties" against "We agreed to stop serving alcohol at children's parties".
        allows = done & _ALLOWING_VERBS
        if allows:
            done |= stopped
        # ("keep rehearsing" against "stop holding rehearsals": a doing and its noun are one)
        if not any(_one_doing(a, b) for a in stopped for b in done - _KEEPING):
            continue
        said = _masked_words(negated.masked)
        if allows and (allowed := other.slots.get(OBJECT)):
            # what it allows, wherever: "allow cats in the boarding block" against "stop boarding cats"
            what = {root(w) for v in allowed for w in _masked_words(v)}
            shared = 1
        else:
            # (nor the light verb of a doing said by its noun: "keep doing Saturday openings")
            what = _masked_words(other.masked) - {root(w) for w in _KEEPING | allows | _LIGHT_DOING}
            # a day or a place both name counts as a word in common ("keep rehearsing in August")
            shared = sum(
                1
                for slot in ("DATE", "PLACE")
                if other.slots.get(slot) and other.slots.get(slot) == negated.slots.get(slot)
            )
        if what and len(what) + shared >= 2 and all(any(_one_doing(w, x) for x in said) for w in what):
            return "one says the opposite of the other (stopped)"
    return None


# A claim that something holds always, every day, in any conditions ("part-exchange is offered every day
# of the week", "solo sailing is fine in any wind"), and the words of what it quantifies over.
_UNIVERSAL = re.compile(
    r"\b(?:every\s+(?:single\s+)?(?P<every>[a-z]+)(?:\s+of\s+the\s+(?P<of>[a-z]+))?|any\s+(?P<any>[a-z]+)|"
    r"all\s+(?P<all>day|week|year|weathers?|times)|always|daily|whatever\s+the\s+(?P<whatever>[a-z]+)|"
    r"\d+\s+days\s+a\s+week|year-round|all\s+year\s+round)\b",
    re.IGNORECASE,
)
# … unless it says the exception itself ("every day except Sundays").
_EXCEPT = re.compile(r"\b(?:except|but\s+not|apart\s+from|other\s+than|besides|save\s+for|unless)\b", re.I)
# Words that say a doing is allowed or fine, or that it was agreed, which say nothing of what is done.
_FINE = {
    "fine", "ok", "okay", "allow", "allowed", "allows", "permit", "permitted", "let", "welcome", "possible",
    "can", "agree", "agreed", "decide", "decided", "consensus", "reach", "reached", "still", "available",
}  # fmt: skip


def _universal_excepted(claim: Claim, stored: Claim) -> str | None:
    """What one says holds always or in any case, which the other denies in some case: "We agreed
    part-exchange is offered every day of the week" against "Agreed on Thursday: part-exchange is no
    longer offered on Sundays", "solo sailing is fine in any wind" against "Consensus reached: no solo
    sailing when the wind is over force 5". The doing the other denies is said by the first, and every
    other word the first says of it (the quantified ones, and those of allowing and agreeing, aside) is
    in the other."""
    for said, denied in ((claim, stored), (stored, claim)):
        if said.negated or not denied.negated or _EXCEPT.search(said.text) or _EXCEPT.search(denied.text):
            continue
        if (universal := _UNIVERSAL.search(said.text)) is None or _UNIVERSAL.search(denied.text):
            continue
        quantified = {root(w.lower()) for w in universal.groups() if w}
        doing = _denials(denied) & {w[len(SAID) :] for w in said.words if w.startswith(SAID)}
        kept = " ".join(w for w in re.findall(r"[^\W\d_]+", said.masked) if w.lower() not in _FINE)
        what = _masked_words(kept) - quantified - {root(w) for w in doing}
        theirs = _masked_words(denied.masked) | {root(w) for w in _denials(denied)}
        if doing and what and what <= theirs:
            return "one says the opposite of the other (not in every case)"
    return None


# Verbs whose object says what is done: "hold rehearsals" is rehearsing, "give lessons" teaching them.
_LIGHT_DOING = {"hold", "have", "run", "do", "make", "give", "take", "offer", "host", "provide"}


def _one_doing(a: str, b: str) -> bool:
    """Whether two words name one doing: the same root, or a verb and its noun ("rehearse",
    "rehearsal"; "deliver", "delivery"; "board", "boarding")."""
    a, b = root(a), root(b)
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return len(short) >= 4 and long.startswith(short) and len(long) - len(short) <= 3


def _denied_by(negation: Token) -> str:
    """The lemma a negation denies: its head's ("has not paid": paying), but what "without" governs
    ("quote without a visit" denies a visit, not quoting)."""
    if negation.lower_ == "without":
        governed = next((c for c in negation.children if c.dep_ == "pobj"), None)
        if governed is not None:
            return governed.lemma_.lower()
    head = negation.head
    if head.lower_ in ("longer", "more") and head.head.i != head.i:
        head = head.head  # "We will no longer press comic books": pressing, not "long"
        while head.pos_ in ("ADJ", "ADV") and head.head.i != head.i:
            head = head.head  # "no more late check-ins after 11pm": check-ins, not "late"
    return head.lemma_.lower()


def _denials(claim: Claim) -> set[str]:
    return {w[len(DENIED) :] for w in claim.words if w.startswith(DENIED)}


# Words of keeping a doing up or of deciding it, which say nothing of what is done.
_KEEPING = {"keep", "continue", "carry", "still", "decide", "agree", "go", "will"}
_ALLOWING_VERBS = {"allow", "permit", "let"}


def _denied_outright(claim: Claim, stored: Claim) -> str | None:
    """A short denial of what the other says of the same person, its object left unsaid: "Fatima
    Al-Sayed is not selling" (read so from "She is not selling" in a note about her) against "Fatima
    Al-Sayed is selling Canal House". Each word of the denial is in the other, it has at most two, and
    both name the same person."""
    if claim.negated == stored.negated or not _same_predicate(claim, stored):
        return None
    negated, other = (claim, stored) if claim.negated else (stored, claim)
    denied = _masked_words(negated.masked)
    people, theirs = negated.slots.get("PERSON"), other.slots.get("PERSON")
    if not denied or len(denied) > 2 or not denied <= _masked_words(other.masked):
        return None
    if not (people and theirs and _same_people(people, theirs)):
        return None
    return "one says the opposite of the other (negation)"


def _kept_up_and_ended(claim: Claim, stored: Claim) -> str | None:
    """One keeps a doing up, the other says it no longer happens: "We decided to keep pressing comic
    books" against "we will no longer press comic books". The denial's words (its words of time aside)
    are all the other's."""
    if claim.negated == stored.negated or not _same_predicate(claim, stored):
        return None
    negated, other = (claim, stored) if claim.negated else (stored, claim)
    if not {SAID + "keep", SAID + "continue"} & other.words or not _denials(negated):
        return None
    denied = _masked_words(negated.masked) - {root(w) for w in (*_KEEPING, "long", "longer", "more", "any")}
    kept = _masked_words(other.masked)
    if not denied or not all(any(_one_doing(w, k) or k.startswith(w) for k in kept) for w in denied):
        return None  # ("pres" of "press" and "press" of "pressing": one doing, however the stems fall)
    return "one says the opposite of the other (negation)"


def _masked_words(masked: str) -> set[str]:
    return {
        root(w.lower())
        for w in re.findall(r"[^\W\d_]+", masked)
        if w not in _SLOT_NAMES and w.lower() not in STOP_WORDS and len(w) > 1
    }


def _introduced(masked: str, slot: str) -> set[str]:
    """The words right before a slot's values: "in" of "held in PLACE"."""
    return {m.lower() for m in re.findall(rf"(\w+)\W+{slot}\b", masked)}


def _subject_words(doc: Doc, start: int) -> set[str]:
    """The names and nouns of the subject of the verb the token at `start` hangs from (or of the verb that
    one is coordinated with: "flies to Accra and returns on 15 May"); none for a pronoun."""
    token = next((t for t in doc if t.idx <= start < t.idx + len(t)), None)
    steps = 0
    while token is not None and token.pos_ not in ("VERB", "AUX") and token.head.i != token.i and steps < 4:
        token, steps = token.head, steps + 1
    if token is None or token.pos_ not in ("VERB", "AUX"):
        return set()
    for verb in (token, token.head if token.dep_ == "conj" else token):
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if subjects:  # the nearest: "Travel: Amara Osei flies …" gives the heading as a subject too
            nearest = min(subjects, key=lambda c: abs(c.i - verb.i))
            return {t.lower_ for t in nearest.subtree if t.pos_ in ("PROPN", "NOUN")}
    return set()


def _same_predicate(claim: Claim, stored: Claim) -> bool:
    """Whether what the negated reading denies is what the other says: "Bergfeld has not paid invoice
    INV-2026-032" denies paying, and "Sent invoice INV-2026-032 to Bergfeld" says nothing of it; "Kasia
    no longer runs the extracts" denies what "Kasia runs the extracts" says."""
    negated, other = (claim, stored) if claim.negated else (stored, claim)
    denied = {w[1:] for w in negated.words if w[:1] == DENIED}
    said = {w[1:] for w in other.words if w[:1] == SAID}
    # A leave denied against one given, in other words: "visitors will not be allowed into the hospital
    # room" denies what "visitors may go into the hospital room" says, and "may not go in" what "are
    # allowed in" says
    if (denied & _ALLOWING_VERBS and _PERMISSION.search(other.text)) or (
        said & _ALLOWING_VERBS and _PERMISSION.search(negated.text)
    ):
        return True
    return not denied or bool(denied & said)


_PERMISSION = re.compile(r"\b(?:may|can|allowed|permitted)\b", re.IGNORECASE)


def _same_people(ours: set[str], theirs: set[str]) -> bool:
    """Whether some name of one set is a name of the other, written in full or in part."""
    return any(
        set(a.split()) <= set(b.split()) or set(b.split()) <= set(a.split()) for a in ours for b in theirs
    )


_COMPARED = (
    ("DATE", "date"),
    ("NUMBER", "number"),
    ("PLACE", "place"),
    ("PERSON", "person"),
    ("CHOICE", "choice"),
    (YEAR, "year"),
    ("ORDINAL", "order"),
)


def _one_day(claim: Claim, stored: Claim) -> bool:
    """Whether one reading gives explicit dates only, the other relative ones only, and the relative ones,
    resolved against when their sentence was written, name a day the explicit ones name. Two relative
    dates still compare by their words (see `_date_value`)."""
    ours, theirs = claim.slots.get("DATE", set()), stored.slots.get("DATE", set())
    for explicit, relative, reading in ((ours, theirs, stored), (theirs, ours, claim)):
        if _explicit(explicit) == explicit and not _explicit(relative):
            return bool(explicit & reading.slots.get(RESOLVED, set()))
    return False


_WEEKDAY_IN = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b", re.IGNORECASE)
_CLOCK_TIME = re.compile(
    r"(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?\s*(?P<half>[ap])\.?m\b|(?P<h24>\d{1,2}):(?P<m24>\d{2})", re.I
)
# What a recurring time may say beside its clock time and weekday: "11am every Saturday", "on Saturdays".
_RECURRENCE_WORDS = re.compile(r"\b(?:every|each|on|at|from|the|weekly)\b", re.IGNORECASE)


_NOW_WORDS = {"now", "currently", "henceforth"}
# An hour said by its name: "Reception now closes at midnight", "the kitchen shuts at noon".
_NAMED_HOUR = re.compile(r"\b(midnight|noon|midday)\b", re.IGNORECASE)
_NAMED_HOURS = {"midnight": "00:00", "noon": "12:00", "midday": "12:00"}


def _clock_times(values: set[str]) -> set[str]:
    """The clock times the values give, as hh:mm ("11am" and "11:00" are one; "midnight" is 00:00)."""
    found = set()
    for value in values:
        found |= {_NAMED_HOURS[m.group(1).lower()] for m in _NAMED_HOUR.finditer(value)}
        for m in _CLOCK_TIME.finditer(value):
            if m["h24"] is not None:
                found.add(f"{int(m['h24']):02d}:{m['m24']}")
            else:
                hour = int(m["h"]) % 12 + (12 if m["half"].lower() == "p" else 0)
                found.add(f"{hour:02d}:{m['m'] or '00'}")
    return found


def _weekdays_in(values: set[str]) -> set[str]:
    """The values that name weekdays, each as its weekdays alone ("11am every Saturday" is "saturday"),
    as written otherwise ("Wednesdays" is not "the Wednesday slot": a recurring day, one day)."""
    return {
        " ".join(m.group(0).lower() for m in _WEEKDAY_IN.finditer(v)) for v in values if _WEEKDAY_IN.search(v)
    }


def _days_spanned(text: str) -> set[str]:
    """The weekdays a sentence's spans of days hold ("Tuesday to Sunday": Tuesday … Sunday)."""
    found = set()
    for span in WEEKDAY_SPAN.finditer(text):
        first, last = _day_index(span.group(1)), _day_index(span.group(2))
        found |= {_DAYS[(first + i) % 7] for i in range((last - first) % 7 + 1)}
    return found


def _other_span_of_days(claim: Claim, stored: Claim) -> str | None:
    """When both give a span of days: "" for the same days, how they differ for others ("open Wednesday
    to Saturday" against "open Tuesday to Saturday"); None when either gives none (or denies it)."""
    here, there = _days_spanned(claim.text), _days_spanned(stored.text)
    if not (here and there) or claim.negated or stored.negated:
        return None
    if here == there:
        return ""
    ours, theirs = (m.group(0) if (m := WEEKDAY_SPAN.search(c.text)) else "" for c in (claim, stored))
    return f"different days: {ours} here, {theirs} in the memory"


# Something kept out ("the quiet room phone-free", "a nut-free kitchen") against allowing it.
_FREE_OF = re.compile(r"\b([a-z]+)-free\b", re.IGNORECASE)
_ALLOWING = re.compile(
    r"\b(?:allow|permit|let)(?:s|ed|ted|ting|ing)?\s+((?:[\w'-]+\s+){0,2}[\w'-]+)", re.IGNORECASE
)
_ALLOWED = re.compile(
    r"\b([\w'-]+)\s+(?:is|are|was|were)\s+(?:now\s+)?(?:allowed|permitted)\b", re.IGNORECASE
)


def _allowed_and_kept_free(claim: Claim, stored: Claim) -> str | None:
    """What one allows, the other keeps out, of something else both name (two more words in common):
    "We agreed to allow phone calls in the quiet room" against "… keep the quiet room phone-free", either
    way round."""
    if claim.negated or stored.negated:
        return None
    for allowing, keeping in ((claim, stored), (stored, claim)):
        kept_out = {root(m.group(1).lower()): m.group(0) for m in _FREE_OF.finditer(keeping.text)}
        allowed = [*_ALLOWING.finditer(allowing.text), *_ALLOWED.finditer(allowing.text)]
        for match in allowed:
            for word in match.group(1).split():
                if (free := kept_out.get(root(word.lower()))) is None:
                    continue
                both = {root(w) for w in _content_words(allowing.text)} & {
                    root(w) for w in _content_words(_FREE_OF.sub(" ", keeping.text))
                }
                if len(both - {root(word.lower())}) >= 2:
                    return f"one allows '{word}', the other says '{free}'"
    return None


def _only_clock_and_weekday(values: set[str]) -> bool:
    """Whether every value is made of clock times, weekdays and words of recurrence only."""
    rest = [_RECURRENCE_WORDS.sub(" ", _WEEKDAY_IN.sub(" ", _CLOCK_TIME.sub(" ", v))).strip() for v in values]
    return not any(rest) and bool(_clock_times(values) or _weekdays_in(values))


def _deadline_and_deed(claim: Claim, stored: Claim) -> bool:
    """Whether one sentence's dates are all deadlines and the other's all days something was done."""
    ours, theirs = claim.slots.get(DATE_ROLE, set()), stored.slots.get(DATE_ROLE, set())
    return len(ours) == len(theirs) == 1 and ours | theirs == {"due", "done"}


# A span ruled out after an event ("no fish is sold within 48 hours of arriving"), and the times inside
# any such span that the other sentence may allow ("sold the day they arrive", "on arrival", "within 24
# hours"): the hours after the event each stands for.
_WINDOW = re.compile(
    r"\bwithin\s+(?P<n>\d+|an?|one|two|three|four|five|six|seven|ten|twelve)\s+(?P<unit>hour|day|week)s?\s+of\b",
    re.IGNORECASE,
)
_AT_ONCE = re.compile(
    r"\b(?:the\s+(?:same\s+)?day\s+(?:they|it|he|she|we|you)\b|same[- ]day\b|on\s+arrival\b|on\s+the\s+day\b"
    r"|straight\s+away\b|right\s+away\b|immediately\b|as\s+soon\s+as\s+(?:they|it)\b)",
    re.IGNORECASE,
)
_NEXT_DAY = re.compile(r"\b(?:the\s+next\s+day|the\s+day\s+after)\b", re.IGNORECASE)
_UNIT_HOURS = {"hour": 1, "day": 24, "week": 168}


def _window_hours(match: re.Match[str]) -> int:
    count = match["n"].lower()
    number = 1 if count in ("a", "an") else NUMBER_WORDS.get(count) or int(count)
    return number * _UNIT_HOURS[match["unit"].lower()]


def _inside_the_window(claim: Claim, stored: Claim) -> bool:
    """Whether the one of two sentences that denies a thing within a span of an event ("no fish is sold
    within 48 hours of arriving") is against the other's allowing it at a time inside that span ("fish
    can be sold the day they arrive", "… within 24 hours of arriving")."""
    denied, allowed = (claim, stored) if claim.negated else (stored, claim)
    if (window := _WINDOW.search(denied.text)) is None:
        return False
    span = _window_hours(window)
    if _AT_ONCE.search(allowed.text):
        return span > 0
    if _NEXT_DAY.search(allowed.text):
        return span > 24
    inner = _WINDOW.search(allowed.text)
    return inner is not None and _window_hours(inner) < span


def _difference(claim: Claim, stored: Claim) -> str | None:
    """How two readings of what may be the same claim disagree (a slot's values, polarity, an antonym),
    or None when they do not."""
    if (other := _other_object(claim, stored)) is not None:
        return other
    for slot, label in _COMPARED:
        ours, theirs = claim.slots.get(slot), stored.slots.get(slot)
        if slot == "PERSON" and ours and theirs and _same_people(ours, theirs):
            continue  # "Silva" and "Ana Silva": one person, named shorter
        if slot == "DATE" and ours and theirs:
            # A clock time differs from a clock time even when the day is the same ("lands at 9:40 on
            # Friday" and "at 10:15 on Friday"); compared as clock times, however the model cut them
            # ("11am" and "11am every Saturday" are one time).
            here_t, there_t = _clock_times(ours), _clock_times(theirs)
            if here_t and there_t and not here_t & there_t and not (claim.negated or stored.negated):
                here = ", ".join(sorted(v for v in ours if _CLOCK.search(v)))
                there = ", ".join(sorted(v for v in theirs if _CLOCK.search(v)))
                return f"different time: {here} here, {there} in the memory"
            # … and a weekday from a weekday, whatever else both give ("move to Tuesdays from October",
            # "move to Wednesdays from October").
            here_d, there_d = _weekdays_in(ours), _weekdays_in(theirs)
            if (spans := _other_span_of_days(claim, stored)) is not None:
                if spans:
                    return spans
                continue  # "open Wednesday to Saturday" of "open Wednesday to Saturday, 10am to 6pm"
            singular = {d.removesuffix("s") for d in here_d}
            if here_d and singular <= _days_spanned(stored.text) and not WEEKDAY_SPAN.search(claim.text):
                continue  # "open on Tuesdays" of "open Tuesday to Sunday": a day of the span
            if here_d and there_d and not here_d & there_d and not (claim.negated or stored.negated):
                here = ", ".join(sorted(v for v in ours if _WEEKDAY_IN.search(v)))
                there = ", ".join(sorted(v for v in theirs if _WEEKDAY_IN.search(v)))
                return f"different day: {here} here, {there} in the memory"
            if (
                _only_clock_and_weekday(ours)
                and _only_clock_and_weekday(theirs)
                and (here_d == there_d or not (here_d and there_d))
                and (here_t == there_t or not (here_t and there_t))
            ):
                continue  # "at 11am on Saturday" and "at 11am every Saturday": the same, cut otherwise
        if slot == "NUMBER" and ours and theirs and ours & theirs and not (claim.negated or stored.negated):
            # "A team of four pays £84 for a room" against "… £92 …": a count both give ("four") beside
            # one sum of money each that differs
            here_m, there_m = _amounts(claim.text), _amounts(stored.text)
            if len(here_m) == 1 and len(there_m) == 1 and here_m != there_m:
                return f"different {label}: {here_m.pop()} here, {there_m.pop()} in the memory"
        if slot == "DATE" and ours and theirs and _one_day(claim, stored):
            continue  # "by 14 July" and "by next Monday" written on Thursday 10 July
        if slot == "DATE" and _deadline_and_deed(claim, stored):
            continue  # a due date and the day it was paid: two dates of different things
        if ours and theirs and not ours & theirs:
            if claim.negated or stored.negated:
                if slot == "DATE" and claim.negated != stored.negated and _inside_the_window(claim, stored):
                    return "one says the opposite of the other (negation): a time inside the window ruled out"
                # "Kasia no longer runs the extracts" and "Zeynep runs the extracts": what one denies of
                # one value, the other says of another; only the same value can be both denied and said.
                return None
            here, there = ", ".join(sorted(ours)), ", ".join(sorted(theirs))
            if slot == "DATE" and all(v.endswith(" min") for v in ours | theirs):
                label = "duration"  # "down for 2 hours" against "down for 47 minutes"
            return f"different {label}: {here} here, {there} in the memory"
    if claim.negated != stored.negated and _same_predicate(claim, stored):
        return "one says the opposite of the other (negation)"
    if claim.negated != stored.negated and (stopped := _ceased_doing(claim, stored)) is not None:
        return stopped  # "allow alcohol" against "stop serving alcohol": what it allows, stopped
    for a, b in ANTONYMS:
        if (a in claim.words and b in stored.words) or (b in claim.words and a in stored.words):
            return f"one says '{a}', the other '{b}'"
    return None


class NliComparator:
    """An NLI cross-encoder (contradiction / entailment / neutral) through sentence-transformers."""

    def __init__(self, model: Any, name: str):
        self.model = model
        self.backend = f"nli cross-encoder {name}"
        labels = {i: str(label).lower() for i, label in model.config.id2label.items()}
        self.contradiction = next(i for i, label in labels.items() if label.startswith("contra"))

    @classmethod
    def load(cls, name: str, device: str) -> NliComparator | None:
        from sentence_transformers import CrossEncoder

        model = load_hub_model(name, lambda n: CrossEncoder(n, device=device), task="check")
        return cls(model, name) if model is not None else None

    def keep(self, parsed: Mapping[str, Doc], when: datetime) -> dict[str, Any]:
        """The cross-encoder reads raw text: nothing to keep."""
        return {}

    def restore(self, readings: Mapping[str, Any], when: datetime) -> None:
        """Nothing kept, nothing to restore."""

    @on_torch_thread
    def compare(
        self,
        pairs: list[tuple[str, datetime, str, datetime]],
        per_claim: int = 0,
        min_overlap: float = 0.0,
        total: int | None = None,
        parsed: Mapping[str, Doc] | None = None,
    ) -> list[Verdict]:
        apart = other_subjects(pairs)
        verdicts = [apart.get(i) for i in range(len(pairs))]
        read = [i for i, verdict in enumerate(verdicts) if verdict is None]
        if not read:
            return [v for v in verdicts if v is not None]
        logits = np.asarray(
            self.model.predict([(pairs[i][2], pairs[i][0]) for i in read], apply_softmax=True)
        )
        for i, row in zip(read, logits, strict=True):
            probability = float(row[self.contradiction])
            verdicts[i] = Verdict(
                probability >= 0.5, f"NLI contradiction probability {probability:.2f}", round(probability, 4)
            )
        return [v for v in verdicts if v is not None]


_STOP = {
    "the",
    "a",
    "an",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "to",
    "of",
    "in",
    "on",
    "at",
    "for",
    "by",
    "with",
    "and",
    "or",
    "it",
    "this",
    "that",
    "we",
    "i",
    "you",
    "he",
    "she",
    "they",
    "will",
    "has",
    "have",
}


def _content_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[^\W_]+", text.lower()) if w not in _STOP}


@lru_cache(maxsize=4096)
def _rooted(text: str) -> frozenset[str]:
    """Content words by their roots, less names, numbers and calendar words: "repairing digital pianos" and
    "digital piano repairs" share three (while "Hyun-woo moved his check-out inspection to 28 November"
    shares only moving with "Hyun-woo Park moves out of Flat 3B on 30 November": a name or a day in common
    is no subject in common)."""
    # (cached: every candidate pair of a check or a remember reads both sentences' roots)
    return frozenset(
        root(w)
        for token in text.split()
        if not token.lstrip("\"'(“‘")[:1].isupper()  # (a name's every piece: "Hyun-woo")
        for w in re.findall(r"[^\W\d_]+", token.lower())
        if len(w) > 2 and w not in _STOP and w not in STOP_WORDS and w.rstrip("s") not in CALENDAR_WORDS
    )


def _alike_but_values(a: str, b: str, least: float) -> bool:
    """Whether two sentences share `least` of their words once values are set aside ("The depot opens at
    6:00", "From next week the depot opens at 5:30"): read, after the pairs alike with their values."""
    return _overlap(a, b, _worded) >= least


def _worded(text: str) -> set[str]:
    """Content words less numbers and calendar words: values are what two sentences about one thing may
    differ in ("opens at 6:00", "from next week opens at 5:30"); and less where something is and the
    words placing it ("The choir meets at Holloway Parish Hall", "has been relocated to Greenway Arts
    Centre")."""
    text = _PLACED_NAME.sub(" ", text)
    # (by their roots: "a taster class costs £95" and "taster classes will be £110" say one thing)
    return {
        root(w)
        for w in _content_words(text)
        if not w.isdigit() and w.rstrip("s") not in CALENDAR_WORDS and w not in _PLACING_WORDS
    }


# A name after where something is or goes: "at Holloway Parish Hall", "to Greenway Arts Centre".
_PLACED_NAME = re.compile(r"\b(?:at|in|to|into)\s+(?:the\s+)?(?-i:[A-Z][\w'&-]*(?:\s+[A-Z][\w'&-]*)*)")
_PLACING_WORDS = {
    "meets", "meet", "runs", "run", "held", "hosted", "relocated", "relocates", "moved", "moves", "based",
    "located", "takes", "place", "happens",
}  # fmt: skip


def _contained(a: str, b: str) -> float:
    """The share of `a`'s content words that `b` holds: its words, not its values, when it has two
    ("The nursery opens at 7.30am" is all held by "From 5 October the nursery opens at 7am, …", whose
    clock time is another value)."""
    ours = _content_words(a)
    worded = {w for w in ours if not any(c.isdigit() for c in w)}
    ours = worded if len(worded) >= 2 else ours
    return len(ours & _content_words(b)) / len(ours) if ours else 0.0


def share_held(a: str, b: str) -> float:
    """The share of `a`'s content words that `b` holds (`_contained`), for check."""
    return _contained(a, b)


def _overlap(a: str, b: str, words=_content_words) -> float:
    ours, theirs = words(a), words(b)
    return len(ours & theirs) / len(ours | theirs) if ours and theirs else 0.0


SAME = "the same"  # the reason given a claim that a stored sentence states word for word


def _norm(text: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", text.lower()))


_HARD_CLAUSE = re.compile(r"\s*(?:;|:\s|\s[–—-]\s)\s*")
CLAUSE_WORDS = 4  # a clause this long at least says something by itself


def _a_clause_of(claim: str, stored: str) -> bool:
    """Whether the claim is, word for word, one of the stored sentence's clauses (between semicolons,
    colons and dashes), of CLAUSE_WORDS words or more."""
    said = _norm(claim)
    if len(said.split()) < CLAUSE_WORDS:
        return False
    return any(_norm(clause) == said for clause in _HARD_CLAUSE.split(stored))


_CURRENCY_SIGN = re.compile(r"[$£€¥₹]")


def _number(text: str) -> str:
    lowered = _CURRENCY_SIGN.sub("", text.lower().replace(",", "")).strip()  # (as the model's spans leave it)
    for word, value in NUMBER_WORDS.items():
        lowered = re.sub(rf"\b{word}\b", str(value), lowered)
    return " ".join(lowered.split())
