"""Is a statement at odds with a stored sentence? Two comparators behind one interface.

Offline (`SlotComparator`): the same subject and predicate with a different date, number or amount,
place, person, or polarity. Both sentences get their slot values (dates, numbers and amounts, places,
people) replaced by the slot's name, so "The launch is on Friday" and "The launch is on Monday" both read
"The launch is on DATE"; when the masked sentences agree closely (cosine ≥ SAME_CLAIM) and a slot's
values differ, or one sentence is negated (or uses an antonym) and the other is not, they contradict.
Confidence is the masked similarity. Explicit dates compare by the day they name; relative ones
("Friday") by their words, as the two sentences were written at different times.

With a hub model (`MEMSVC_CHECK_MODEL`, default `cross-encoder/nli-deberta-v3-base`): an NLI
cross-encoder's contradiction probability.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

import numpy as np
from spacy.language import Language
from spacy.tokens import Doc

from pipelines.dates import resolve
from pipelines.extract import DATE_PHRASES, is_first_name, is_place
from pipelines.hub import load_hub_model
from pipelines.names import name_key

SAME_CLAIM = 0.8  # masked cosine at which two sentences make the same claim about the same thing
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
]
_NEGATIONS = {"not", "no", "never", "n't", "cannot", "without"}
_NUMBER = re.compile(r"\$?\d[\d,]*(?:\.\d+)?")
_EXPLICIT_DATE = re.compile(r"\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec", re.IGNORECASE)
_LEADING = re.compile(r"^(?:by|on|before|until|till|due|at|for|the)\s+", re.IGNORECASE)


def _date_value(text: str, when: datetime) -> str:
    """An explicit date compares by the day it names; a relative one ("Friday", "next week") by its words,
    since the two sentences were written at different times and would resolve it differently."""
    if _EXPLICIT_DATE.search(text):
        day = resolve(text, when)
        if day is not None:
            return day.isoformat()
    phrase = " ".join(text.lower().split())
    while (stripped := _LEADING.sub("", phrase)) != phrase:
        phrase = stripped
    return phrase


@dataclass
class Verdict:
    contradicts: bool
    reason: str
    confidence: float


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

    def compare(self, pairs: list[tuple[str, datetime, str, datetime]]) -> list[Verdict]:
        """(statement, its time, stored sentence, its time) -> a verdict per pair."""
        ...


class SlotComparator:
    backend = "slot comparison (spaCy + MiniLM)"

    def __init__(self, nlp: Language, encode):
        self.nlp = nlp
        self.encode = encode

    def read(self, doc: Doc, when: datetime) -> Claim:
        spans: list[tuple[int, int, str, str]] = []  # start, end, slot, value
        for ent in doc.ents:
            value = ent.text
            if ent.label_ in ("DATE", "TIME"):
                day = resolve(value, when)
                spans.append(
                    (ent.start_char, ent.end_char, "DATE", day.isoformat() if day else value.lower())
                )
            elif ent.label_ in ("CARDINAL", "MONEY", "QUANTITY", "PERCENT"):
                spans.append((ent.start_char, ent.end_char, "NUMBER", _number(value)))
            elif ent.label_ in ("GPE", "LOC") or (ent.label_ == "FAC" and is_place(value)):
                spans.append((ent.start_char, ent.end_char, "PLACE", name_key(value)))
            elif ent.label_ == "PERSON" or (
                ent.label_ in ("ORG", "NORP") and is_first_name(value.split()[0])
            ):
                spans.append((ent.start_char, ent.end_char, "PERSON", name_key(value)))
        for match in list(DATE_PHRASES.finditer(doc.text)) + list(_NUMBER.finditer(doc.text)):
            if not any(s <= match.start() < e for s, e, _, _ in spans):
                if match.re is DATE_PHRASES:
                    day = resolve(match.group(0), when)
                    spans.append(
                        (match.start(), match.end(), "DATE", day.isoformat() if day else match.group(0))
                    )
                else:
                    spans.append((match.start(), match.end(), "NUMBER", _number(match.group(0))))
        for token in doc:  # number words the model left untagged ("hiring two engineers")
            if token.lower_ in NUMBER_WORDS and not any(s <= token.idx < e for s, e, _, _ in spans):
                spans.append((token.idx, token.idx + len(token), "NUMBER", str(NUMBER_WORDS[token.lower_])))
        masked, last = [], 0
        slots: dict[str, set[str]] = {}
        for start, end, slot, value in sorted(spans):
            if start < last:
                continue
            masked.append(doc.text[last:start])
            masked.append(slot)
            slots.setdefault(slot, set()).add(value)
            last = end
        masked.append(doc.text[last:])
        words = {t.lower_ for t in doc}
        negated = any(t.lower_ in _NEGATIONS or t.dep_ == "neg" for t in doc)
        plain = " ".join(w for w in "".join(masked).split() if w.lower() not in _NEGATIONS)
        return Claim(doc.text, plain, slots, negated, words)

    def compare(self, pairs: list[tuple[str, datetime, str, datetime]]) -> list[Verdict]:
        if not pairs:
            return []
        texts = [p[0] for p in pairs] + [p[2] for p in pairs]
        docs = list(self.nlp.pipe(texts))
        n = len(pairs)
        claims = [self.read(docs[i], pairs[i][1]) for i in range(n)]
        stored = [self.read(docs[n + i], pairs[i][3]) for i in range(n)]
        vectors = self.encode([c.masked for c in claims] + [c.masked for c in stored])
        similarity = (vectors[:n] * vectors[n:]).sum(axis=1)
        return [self._verdict(a, b, float(s)) for a, b, s in zip(claims, stored, similarity, strict=True)]

    def _verdict(self, claim: Claim, stored: Claim, similarity: float) -> Verdict:
        confidence = round(max(0.0, min(1.0, similarity)), 4)
        if similarity < SAME_CLAIM:
            return Verdict(False, "about something else", confidence)
        for slot, label in (("DATE", "date"), ("NUMBER", "number"), ("PLACE", "place"), ("PERSON", "person")):
            ours, theirs = claim.slots.get(slot), stored.slots.get(slot)
            if ours and theirs and not ours & theirs:
                return Verdict(
                    True,
                    f"different {label}: {', '.join(sorted(ours))} here, "
                    f"{', '.join(sorted(theirs))} in the memory",
                    confidence,
                )
        if claim.negated != stored.negated:
            return Verdict(True, "one says the opposite of the other (negation)", confidence)
        for a, b in ANTONYMS:
            if (a in claim.words and b in stored.words) or (b in claim.words and a in stored.words):
                return Verdict(True, f"one says '{a}', the other '{b}'", confidence)
        return Verdict(False, "consistent", confidence)


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

    def compare(self, pairs: list[tuple[str, datetime, str, datetime]]) -> list[Verdict]:
        if not pairs:
            return []
        logits = np.asarray(self.model.predict([(p[2], p[0]) for p in pairs], apply_softmax=True))
        verdicts = []
        for row in logits:
            probability = float(row[self.contradiction])
            verdicts.append(
                Verdict(
                    probability >= 0.5,
                    f"NLI contradiction probability {probability:.2f}",
                    round(probability, 4),
                )
            )
        return verdicts


def _number(text: str) -> str:
    lowered = text.lower().replace(",", "").replace("$", "").strip()
    for word, value in NUMBER_WORDS.items():
        lowered = re.sub(rf"\b{word}\b", str(value), lowered)
    return " ".join(lowered.split())
