"""Short answers: for a factoid question, the short answer (a date, a duration, a person, a place, a
number or a short phrase) taken from the best cited sentence by the question's answer type.

The type is read from the question's wording (`answer_type`). A date is resolved against the time of the
memory that holds it ("yesterday" in a memory of 8 May 2023 is 7 May 2023; "last week" is "the week
before 8 May 2023", since the day is not known); a sentence with no date phrase answers with the day its
memory was written, which is when a conversation's "I just got back" happened. People, places and numbers
are the sentence's names of that kind that the question does not already hold. Everything else, and a
"who" or "where" question whose sentence names no new person or place, is answered by the phrase of the
sentence that the question does not already say: the run of words not in the question holding the most
of them (the last of equals: new information comes at a sentence's end), at most MAX_PHRASE_WORDS
words. Yes/no questions ("Would Melanie…", "Is the launch…") get no short answer: the service does not
judge, it quotes. None when the sentence holds nothing of the type.
"""

from __future__ import annotations

import calendar
import re
from collections import OrderedDict
from datetime import date, datetime, timedelta
from enum import StrEnum
from itertools import pairwise
from threading import Lock

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from pipelines.nlp.changes import by_how_much, former_values, holders, named_on_topic, provision, withdrew
from pipelines.nlp.dates import month_of, resolve
from pipelines.nlp.extract import DATED_PHRASES, Mentions, SpacyExtractor, is_place, where_a_place_goes
from pipelines.nlp.identifiers import identifiers
from pipelines.nlp.names import name_key, speaker, spoken_text

MAX_PHRASE_WORDS = 12


class AnswerType(StrEnum):
    date = "date"
    duration = "duration"
    person = "person"
    place = "place"
    number = "number"
    frequency = "frequency"
    phrase = "phrase"


_YES_NO = re.compile(
    r"^(?:is|are|was|were|do|does|did|would|could|can|will|should|shall|has|have|had|may|might|must)\b",
    re.I,
)
_DURATION_Q = re.compile(r"\bhow long\b|\bfor how many (?:days|weeks|months|years)\b", re.I)
_DATE_Q = re.compile(r"\bwhen\b|\b(?:what|which)\s+(?:date|day|year|month|week|time)\b|\bwhat time\b", re.I)
# (and a size or a weight: "How big is the demo build?" asks for "1.8 GB")
_NUMBER_Q = re.compile(
    r"\bhow (?:many|much|old|often|far|big|large|heavy|tall|wide|deep|high)\b"
    r"|\bwhat (?:number|percentage|amount)\b",
    re.I,
)
_PERSON_Q = re.compile(r"\b(?:who|whom|whose)\b", re.I)
# A question asking what something cost ("How much was invoice INV-2026-032?", "What did the repair
# cost?", "What is my day rate?"): its answer is an amount of money.
AMOUNT_Q = re.compile(
    # (the words in lower case, or opening the question: "Who is Olwen Price?" asks for no price)
    r"(?i:\bhow much\b)(?!\s+(?i:time|longer|later|earlier|older|bigger|more|less))|\bcost\b|\bprice\b"
    r"|\bfee\b|\b(?i:day|hourly|daily) rate\b|(?i:\bwhat (?:amount|sum)\b)"
    r"|^\W*(?:Cost|Price|Fee)\b(?!\s+[A-Z])",
)
# "What are the visiting hours?", "What hours is the office staffed?": a span of the clock, no day
_HOURS_Q = re.compile(
    r"\b(?:what|which)\s+(?:(?:are|were|is)\s+(?:the\s+|our\s+|their\s+)?)?(?:[\w-]+\s+)?hours\b", re.I
)
_FREQUENCY_Q = re.compile(r"\bhow often\b|\bhow many times (?:a|an|per|each|every)\b", re.I)
_PLACE_Q = re.compile(
    r"\bwhere\b|\b(?:what|which)\s+(?:[\w.]+\s+)?"  # "Which European countries", "What US states"
    r"(?:cit(?:y|ies)|countr(?:y|ies)|towns?|places?|states?|venues?|locations?)\b",
    re.I,
)


# "How did Priya feel when the results came in?": after another question word, "when" opens a clause.
_WHEN_CLAUSE = re.compile(
    r"^(\W*(?:how|what|why|where|who|whom|whose|which)\b(?!\s+\w+\s+when)[^?]*?)\bwhen\b", re.I
)


def _clause_free(question: str) -> str:
    """The question without a "when" clause that follows another question word."""
    return _WHEN_CLAUSE.sub(r"\1", question)


def answer_type(question: str) -> AnswerType | None:
    """What kind of short answer the question asks for; None for a yes/no question."""
    text = question.strip()
    if _YES_NO.match(text):
        return None
    if _DATE_Q.search(_clause_free(text)) and not _DURATION_Q.search(text):
        return AnswerType.date
    if _DURATION_Q.search(text):
        return AnswerType.duration
    if _FREQUENCY_Q.search(text):
        return AnswerType.frequency
    if _NUMBER_Q.search(text):
        return AnswerType.number
    if _PERSON_Q.search(text):
        return AnswerType.person
    if _PLACE_Q.search(text):
        return AnswerType.place
    return AnswerType.phrase


_MONTH = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
_COUNT = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|several|\d+)"
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_NUMBERS |= {"eight": 8, "nine": 9, "ten": 10}
# Time phrases beyond the day-level ones extraction reads (DATE_PHRASES): relative weeks, months and
# years, "N units ago", a month with its year, a year alone.
_DAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days"
_RECURRING = re.compile(
    # ("on Thursday evenings", "every Friday morning": the days and the part of them it recurs in)
    rf"\b(?:every\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s+(?:morning|afternoon|evening|night)\b)?"
    rf"|(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:mornings|afternoons|evenings|nights)\b"
    rf"|{_DAYS}(?:\s*(?:,|and|&)\s*{_DAYS})*)"
    r"(?:\s+at\s+\d{1,2}(?:[:.]\d{2})?(?:\s*[ap]\.?m\.?)?)?",
    re.IGNORECASE,
)
_RELATIVE = re.compile(r"\b(last|this|next|past)\s+(week|weekend|month|year)\b", re.I)
# A clock time, or a span of them, with the days it holds on ("at 5.30am on weekdays", "from 9am to 5pm
# on Saturdays", "at 19:00 on Tuesday evenings"): when something recurring opens, starts or closes.
_HOUR = r"\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.m\.|[ap]m)(?!\w)|\d{1,2}:\d{2}(?!\d)"
_WEEKDAY_STEM = r"(?:mon|tues|wednes|thurs|fri|satur|sun)"
_PARTS = r"(?:mornings|afternoons|evenings|nights)"
_DAYS_NAMED = (
    rf"(?:weekdays|weekends|weeknights|every\s+(?:other\s+)?{_WEEKDAY_STEM}day"
    rf"|{_WEEKDAY_STEM}days(?:\s*(?:,|and|&)\s*{_WEEKDAY_STEM}days)*|{_WEEKDAY_STEM}day\s+{_PARTS})"
)
_DAYS_HELD = rf"(?:on\s+)?{_DAYS_NAMED}"
_CLOCK = re.compile(
    rf"(?:{_DAYS_NAMED}\s+(?:at\s+|from\s+)?)?(?:{_HOUR})(?:\s*(?:-|–|to|until|till)\s*(?:{_HOUR}))?"
    rf"(?:\s+{_DAYS_HELD})?",
    re.I,
)
_HELD_ON = re.compile(_DAYS_HELD, re.I)
_STARTING = re.compile(r"\b(?:from|starting|as\s+of|effective)\s+[^,;.!?]+", re.I)
_AGO = re.compile(rf"\b({_COUNT})\s+(day|week|month|year)s?\s+ago\b", re.I)
_MONTH_YEAR = re.compile(rf"\b({_MONTH})\s+((?:19|20)\d\d)\b", re.I)
# A year after a preposition only: a bare four-digit number is as often an identifier ("ticket 2031").
_YEAR = re.compile(r"\b(?:in|since|of|during|back in)\s+((?:19|20)\d\d)\b(?![-/.]\d)", re.I)
_DURATION = re.compile(
    rf"\b(?:for\s+)?(?:about\s+|almost\s+|over\s+|nearly\s+)?{_COUNT}\s+(?:days?|weeks?|months?|years?|hours?|minutes?)\b"
    r"|\bsince\s+(?:(?:19|20)\d\d|" + _MONTH + r"(?:\s+(?:19|20)\d\d)?)\b",
    re.I,
)


# How often: "once or twice a year", "a few times a week", "three times a month", "every other day",
# "daily", "most weekends".
_PERIOD = r"(?:day|night|week|weekend|month|year|morning|evening|summer|winter|season)"
_TIMES = (
    r"(?:once|twice|(?:a few|a couple of|several|many|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
    r"\s+times)"
)
_FREQUENCY = re.compile(
    rf"\b(?:(?:at least|at most|about|around|roughly|maybe|usually|only)\s+)?{_TIMES}"
    rf"(?:\s+or\s+{_TIMES})?\s+(?:a|an|per|each|every)\s+{_PERIOD}\b"
    rf"|\bevery\s+(?:other\s+|single\s+|couple of\s+|few\s+)?{_PERIOD}s?\b"
    r"|\b(?:daily|weekly|monthly|yearly|annually|nightly|fortnightly)\b"
    rf"|\b(?:most|all|some)\s+{_PERIOD}s\b|\bon\s+{_PERIOD}s\b",
    re.I,
)


def day_text(day: date) -> str:
    return f"{day.day} {calendar.month_name[day.month]} {day.year}"


def _month_back(written: date, months: int) -> tuple[int, int]:
    index = written.year * 12 + written.month - 1 - months
    return index // 12, index % 12 + 1


# A month named alone after a preposition ("in September", "by March"), not before a day or year.
_IN_MONTH = re.compile(
    rf"\b(?P<before>in|by|until|till|before|for|since|from|during|early|late|mid)\s+({_MONTH})\b(?!\s+\d)",
    re.I,
)
_AHEAD = {"by", "until", "till", "before"}  # "until January", said in October: the coming one


_MOVED = re.compile(r"\b(?:mov|postpon|reschedul|push|shift|delay|chang|brought|bring|pull)\w*\b", re.I)


_EVERY_BEFORE = re.compile(r"\b(?:every|each)\s+\Z")


def date_phrase(sentence: str, known: dict[str, str]) -> str | None:
    """The date phrase a sentence answers with: the first one, or, when it moves a date ("moved from 28
    March to 4 April"), the one it moves to. Phrases ingest resolved count too ("booked for the 28th")."""
    lowered = sentence.lower()
    # (not a weekday that recurs: "is swept every Wednesday evening" names no one Wednesday)
    found = [
        (m.start(), m.group(0))
        for m in DATED_PHRASES.finditer(sentence)
        if not _EVERY_BEFORE.search(lowered, 0, m.start())
    ]
    for phrase in known:
        # Only a day the patterns here miss ("the 28th"): "last year" or "two years ago" answer better as
        # a year (below) than as the day ingest made of them.
        if not re.search(r"\d", phrase) or _AGO.search(phrase) or _RELATIVE.search(phrase):
            continue
        at = lowered.find(phrase)
        if at >= 0 and not any(start <= at < start + len(text) for start, text in found):
            found.append((at, sentence[at : at + len(phrase)]))
    if not found:
        return None
    # A phrase ingest read as no date ("Saturday opening is brought forward to 8:30am from 7 November": a
    # weekly opening) is not the one to answer with when ingest resolved another of the sentence's.
    resolved = [(start, text) for start, text in found if text.lower() in known]
    found = sorted(resolved or found)
    if _MOVED.search(sentence):
        targets = [
            text for start, text in found if re.search(r"\b(?:to|until|till)\s+(?:the\s+)?$", lowered[:start])
        ]
        if targets:
            return targets[0]
    return found[0][1]


def _stored_text(iso: str) -> str:
    """A stored date ("2024-05-08") or month ("2024-09") as an answer says it."""
    if len(iso) == 7:
        return f"{calendar.month_name[int(iso[5:])]} {iso[:4]}"
    return day_text(date.fromisoformat(iso))


_FUTURE = re.compile(r"\b(?:will|going to|plan(?:s|ning)? to)\b|\b(?:'m|am|is|are|'re)\s+\w+ing\b", re.I)


_SEASONS = {"spring": (3, 5), "summer": (6, 8), "autumn": (9, 11), "fall": (9, 11), "winter": (12, 2)}
_SEASON = re.compile(r"\b(last|this|next|past)\s+(spring|summer|autumn|fall|winter)\b", re.I)


def _season(which: str, season: str, day: date) -> str:
    """ "last summer" said on 11 August 2023: "the summer of 2022" (the summer it is in is "this
    summer"); said on 3 October 2023, "the summer of 2023". A winter is named by the year it starts in."""
    first, last = _SEASONS[season]
    if first == 12:
        recent = day.year if day.month == 12 else day.year - 1
        ongoing = day.month == 12 or day.month <= last
    else:
        recent = day.year if day.month >= first else day.year - 1
        ongoing = first <= day.month <= last
    if which in ("last", "past"):
        year = recent - 1 if ongoing else recent
    elif which == "next":
        year = recent + 1
    else:  # "this": the one in progress, else this calendar year's
        year = recent if ongoing or recent == day.year else recent + 1
    return f"the {season} of {year}"


_FROM_BEFORE = re.compile(r"\bfrom\s+(?:the\s+)?$", re.I)
_TO_BETWEEN = re.compile(r"\s+(?:to|until|till)\s+(?:the\s+)?", re.I)


def _value_now(sentence: str, pattern: re.Pattern) -> re.Match | None:
    """The first time `pattern` finds, or what a change goes to where it names the time before: "Dr
    Shah's visit has moved from Tuesdays to Thursdays" keeps Thursdays, "the gate now opens from 9am to
    10am" (a span) stays one; "moved from 9am to 10am" keeps 10am."""
    found = list(pattern.finditer(sentence))
    for before, after in pairwise(found):
        between = sentence[before.end() : after.start()]
        if _TO_BETWEEN.fullmatch(between) and _FROM_BEFORE.search(sentence[: before.start()]):
            return after
    if (
        found
        and _MOVED.search(sentence[: found[0].start()])
        and _FROM_BEFORE.search(sentence[: found[0].start()])
    ):
        span = found[0]
        if (to := _TO_BETWEEN.search(span.group(0))) is not None:
            return pattern.match(sentence, span.start() + to.end()) or span
    return found[0] if found else None


def when(
    sentence: str,
    written: datetime,
    past_tense: bool | None = None,
    known: dict[str, str] | None = None,
    stated: bool = False,
) -> str | None:
    """The time a sentence speaks of, as a short answer, resolved against when its memory was written.
    `past_tense`: whether the sentence speaks in the past (read by the caller's parser; by a few verbs
    when not given). `stated`: only a time the sentence states (None rather than when it was written)."""
    day = written.date()
    if past_tense is None:
        past_tense = bool(re.search(r"\b(?:was|were|went|did|had)\b", sentence))
    if (match := _value_now(sentence, _CLOCK)) and _HELD_ON.search(match.group(0)):
        return match.group(0)  # "The gym opens at 6am on weekdays": the time it keeps, and the days
    if match := _value_now(sentence, _RECURRING):
        return match.group(0)  # "CTT collects on Mondays and Thursdays at 15:00": the days it recurs on
    if (clock := _value_now(sentence, _CLOCK)) and (start := _STARTING.search(sentence, clock.end())):
        # "First pick-ups move to 7:30am from next Monday": the new time, and the day it holds from
        begins = date_phrase(start.group(0), known or {})
        found = resolve(begins, written) if begins else None
        return f"{clock.group(0)} from {day_text(found)}" if found is not None else clock.group(0)
    if phrase := date_phrase(sentence, known or {}):
        if (stored := (known or {}).get(phrase.lower())) is not None:
            return _stored_text(stored)  # as ingest read it, with the whole note's parse
        # A target ("pushed to Friday", "by Friday") looks forward whatever the tense, as at ingest.
        target = re.search(
            r"\b(?:to|until|till|by|before)\s+(?:the\s+)?$", sentence[: sentence.find(phrase)], re.I
        )
        past = phrase.lower().startswith("last") or (past_tense and target is None)
        found = resolve(phrase, written, past=past)
        if found is not None:
            return day_text(found)
    if match := _value_now(sentence, _CLOCK):
        return match.group(0)  # "The last train leaves at 23:10": a time, no day
    if match := _RELATIVE.search(sentence):
        which, unit = match.group(1).lower(), match.group(2).lower()
        if unit in ("week", "weekend"):
            relation = {"last": "before", "past": "before", "next": "after"}.get(which, "of")
            return f"the {unit} {relation} {day_text(day)}"
        step = {"last": 1, "past": 1, "next": -1}.get(which, 0)
        if unit == "month":
            year, month = _month_back(day, step)
            return f"{calendar.month_name[month]} {year}"
        return str(day.year - step)
    if match := _SEASON.search(sentence):
        return _season(match.group(1).lower(), match.group(2).lower(), day)
    if match := _AGO.search(sentence):
        count = _NUMBERS.get(match.group(1).lower()) or (
            int(match.group(1)) if match.group(1).isdigit() else 0
        )
        unit = match.group(2).lower()
        if not count:
            return match.group(0)  # "a few years ago": no date can be made of it; said as it was
        if unit == "year":
            return str(day.year - count)
        if unit == "month":
            year, month = _month_back(day, count)
            return f"{calendar.month_name[month]} {year}"
        return day_text(day - timedelta(days=count * (7 if unit == "week" else 1)))
    if match := _MONTH_YEAR.search(sentence):
        return f"{match.group(1).capitalize()} {match.group(2)}"
    if match := _YEAR.search(sentence):
        return match.group(1)
    if match := _IN_MONTH.search(sentence):
        # As ingest read it, with the whole note's parse ("until January" in October: next January).
        stored = [
            iso for phrase, iso in (known or {}).items() if phrase.split()[-1:] == [match.group(2).lower()]
        ]
        if len(stored) == 1 and len(stored[0]) == 7:
            return _stored_text(stored[0])
    ahead = match is not None and match.group("before").lower() in _AHEAD
    if match and (month := month_of(match.group(2), written, past_tense and not ahead)):
        year, number = int(month[:4]), int(month[5:])
        if _FUTURE.search(sentence) and (year, number) < (day.year, day.month):
            year += 1  # "I'm moving to Porto in September", said in March: the coming September
        return f"{calendar.month_name[number]} {year}"
    return None if stated else day_text(day)  # nothing stated: when it was written


def _given(question: Doc) -> set[str]:
    """The question's own words (forms and lemmas), which an answer does not repeat."""
    words = set()
    for token in question:
        if token.is_alpha or token.like_num:
            words |= {token.lower_, token.lemma_.lower()}
    return words


def _name_words(name: str) -> list[str]:
    """A name's words as a question's tokens are: lower case, split at hyphens too ("Hyun-woo Lee")."""
    return re.findall(r"[^\W_]+", name.lower()) or [name.lower()]


def _novel(token: Token, given: set[str]) -> bool:
    """A word the question does not hold: not a small word, a pronoun or punctuation ("hunter2" is one),
    nor a chat's interjection or the name it addresses ("Yup", "Wow", "John," of "John, let's…")."""
    return (
        any(c.isalnum() for c in token.text)
        and not token.is_stop
        and token.pos_ not in {"PRON", "INTJ"}
        and token.dep_ != "intj"
        and not _addressed(token)
        and not {token.lower_, token.lemma_.lower()} & given
    )


def _addressed(token: Token) -> bool:
    """A name a chat line opens by addressing someone with ("John, let's…", "Wow, Mel, …")."""
    doc = token.doc
    return (
        token.pos_ == "PROPN"
        and token.i + 1 < len(doc)
        and doc[token.i + 1].text in {",", "!"}
        and all(t.pos_ in {"INTJ", "PUNCT", "PROPN"} or t.dep_ == "intj" for t in doc[: token.i])
    )


# A phrase answers with a thing, a name, a number or a quality: a run of chat reactions ("Sounds like",
# "definitely", "Sorry to hear", "ago") names none. Measured on LoCoMo's first three conversations:
# most of the short answers scoring no word of the gold answer were such runs.
_NAMING_POS = {"NOUN", "PROPN", "NUM", "ADJ"}
_REACTIONS = {
    "awesome", "great", "cool", "nice", "amazing", "wonderful", "sorry", "glad", "lovely", "fantastic",
    "incredible", "sure", "true", "right", "good", "fun", "crazy", "wow", "lot", "thanks", "thank", "way",
}  # fmt: skip


def _reaction(token: Token) -> bool:
    """A word a chat reacts with rather than tells by ("Awesome!", "Sorry to hear", "a lot")."""
    return token.lower_ in _REACTIONS


# What may join two new words into one phrase: articles, conjunctions, prepositions, particles, commas
# and hyphens ("bowls, cups and a vase", "a trip to the coast"). A verb or auxiliary ends a phrase: "the
# password for the office is hunter2" holds two, "office" and "hunter2".
_JOINING = {"DET", "CCONJ", "ADP", "PART"}
_JOINERS = {",", "-", "&"}


def phrase(sentence: Doc, given: set[str]) -> str | None:
    """The run of the sentence's new words (those the question does not hold) with the most of them;
    between runs as rich, the last, since a sentence puts its new information at its end ("The wifi
    password for the office is hunter2": "hunter2"). Trimmed of small words at either end."""
    runs: list[list[Token]] = []
    current: list[Token] = []
    for token in sentence:
        joins = bool(current) and (token.pos_ in _JOINING or token.text in _JOINERS)
        if joins or _novel(token, given):
            current.append(token)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    best: list[Token] = []
    for run in runs:
        while run and not _novel(run[-1], given):
            run = run[:-1]
        if not any(_novel(t, given) and t.pos_ in _NAMING_POS and not _reaction(t) for t in run):
            continue
        if run and sum(_novel(t, given) for t in run) >= sum(_novel(t, given) for t in best):
            best = run
    if not best or len(best) > MAX_PHRASE_WORDS:
        return None
    return sentence[best[0].i : best[-1].i + 1].text.strip(" ,")


def _names(doc: Doc, labels: set[str], given: set[str]) -> list[str]:
    found = [e.text for e in doc.ents if e.label_ in labels]
    return [n for n in dict.fromkeys(found) if not {w.lower() for w in n.split()} <= given]


def _amounts(doc: Doc, given: set[str]) -> list[str]:
    """The sentence's amounts of money, with the currency sign the model leaves out ("€110")."""
    found = []
    for ent in doc.ents:
        if ent.label_ != "MONEY" or {w.lower() for w in ent.text.split()} <= given:
            continue
        if by_how_much(doc.text, ent.start_char, ent.end_char):
            continue  # "increasing by £25 to £540 a month": the amount is £540
        sign = doc[ent.start - 1].text if ent.start and doc[ent.start - 1].text in "£$€¥₹" else ""
        text = ent.text
        if len(ent) > 2 and ent[0].lower_ in ("up", "down") and ent[1].lower_ == "to" and _set_anew(ent):
            text = ent[2:].text  # "We've put a box of twelve truffles up to £20": the price is £20
        found.append(sign + text)
    # (a sum the model left untagged after one it tagged: "increasing by £40 to £360 a year")
    tagged = [(e.start_char - 1, e.end_char) for e in doc.ents if e.label_ == "MONEY"]
    for match in _SIGNED_SUM.finditer(doc.text):
        if (
            not any(a <= match.start() < b for a, b in tagged)
            and not by_how_much(doc.text, match.start(), match.end())
            and not {match.group(0).lstrip("£$€¥₹ ").lower()} <= given
        ):
            found.append(match.group(0))
    return list(dict.fromkeys(found))


_SIGNED_SUM = re.compile(r"[£$€¥₹]\s?\d[\d,]*(?:\.\d+)?")


# Verbs that set an amount anew with "up to" or "down to" after their object: the amount is the new
# value, not a ceiling ("Tickets cost up to £20" keeps its "up to").
_SETTING_VERBS = {"put", "mark", "knock", "raise", "bump", "push", "bring", "take", "move", "go"}


def _set_anew(ent: Span) -> bool:
    return any(t.lemma_.lower() in _SETTING_VERBS for t in ent.sent if t.i < ent.start and t.pos_ == "VERB")


# A unit the model may leave outside the number it tags ("1.8 GB" read as "1.8").
_UNIT = re.compile(
    r"(?:[KMGT]B|kg|km|cm|mm|kW|kWh|MW|ml|mph|kph|metres?|meters?|litres?|liters?|tonnes?|kilos?|miles?|"
    r"feet|inches|acres?|hectares?)",
)


def _with_unit(span: Span) -> Span:
    """The number with the unit right after it, where the model left it out."""
    doc = span.doc
    if span.end < len(doc) and _UNIT.fullmatch(doc[span.end].text):
        return doc[span.start : span.end + 1]
    return span


def _new_value(span: Span) -> Span:
    """Of a run "12 to 85" the model tags as one number after "by", the value a change went to: "Our
    membership has grown by 12 to 85 members" has 85 members."""
    doc = span.doc
    for token in span[1:-1]:
        if token.lower_ == "to" and by_how_much(
            doc.text, span.start_char, doc[token.i - 1].idx + len(doc[token.i - 1])
        ):
            return doc[token.i + 1 : span.end]
    return span


def _of_what_is_counted(doc: Doc, given: set[str]) -> list[str]:
    """The sentence's numbers, the one counting what the question asks about first ("How many Cedar
    candles …?" in "84 Fig candles, 12 Sea Salt, 40 Cedar": 40): each scored by the words after it, up
    to the next comma or number, that the question holds, less those it does not. A bare number the
    model tagged as no number ("95 Cedar" as a name) counts too."""
    spans = [e for e in doc.ents if e.label_ in {"CARDINAL", "QUANTITY", "MONEY", "PERCENT"}]
    taken = {
        i for e in doc.ents for i in range(e.start, e.end) if e.label_ not in {"PERSON", "ORG", "PRODUCT"}
    }
    spans += [
        doc[t.i : t.i + 1]
        for t in doc
        if t.like_num and t.i not in taken and t.i not in {i for e in spans for i in range(e.start, e.end)}
    ]
    spans = sorted(
        (
            _with_unit(_new_value(e))
            for e in spans
            # (not by how much a change went: "has shrunk by 600 MB to 1.8 GB" is 1.8 GB)
            if not {w.lower() for w in e.text.split()} <= given
            and not by_how_much(doc.text, e.start_char, e.end_char)
        ),
        key=lambda e: e.start,
    )

    def fit(span: Span) -> int:
        words = []
        for token in doc[span.end : span.end + 4]:
            if token.is_punct or token.like_num or token.pos_ in ("CCONJ", "VERB", "AUX", "ADP"):
                break
            if token.is_alpha and not token.is_stop:
                words.append({token.lower_, token.lemma_.lower()})
        return sum(1 if forms & given else -1 for forms in words)

    ranked = sorted(spans, key=lambda e: -fit(e)) if any(fit(e) > 0 for e in spans) else spans
    return list(dict.fromkeys(e.text for e in ranked))


# A question for who holds a role: "Who is our contact at Harbour Fish Co?", "Who runs the lab now?"
_ROLE_Q = re.compile(
    r"\b(?:contact|owner|owns|lead|leads|manager|manages|head|runs|responsible|in\s+charge|handles|landlord|"
    r"coordinator|instructor|chef|accountant)\b",
    re.IGNORECASE,
)
# ("Who is Melanie a fan of?" asks for someone else: the name ends the question)
WHO_IS = re.compile(r"^\s*(?i:who\s+(?:is|was|are|were))\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3}\s*\??\s*$")
# "What did Selin say?", "What has Dr. Marsh written?": what someone said, and nothing more asked.
SAID_Q = re.compile(
    r"^\s*(?i:what)\s+(?i:did|does|has|had)\s+(?P<name>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’-]*){0,3})\s+"
    r"(?i:say|said|tell\s+(?:us|me)|mention|mentioned|report|reported|write|written|suggest|suggested"
    r"|notice|noticed|spot|spotted)\s*\??\s*$"
)
_SAID_BY = re.compile(
    r"^(?P<who>.+?)\s+(?:said|says|told\s+\w+|mentioned|reported|wrote|writes|suggested)\s+(?:that\s+)?"
    r"(?P<what>.+?)[.!?]*$"
)


def _what_they_said(name: str, body: str, doc: Doc, spoken: str | None) -> str | None:
    """What a sentence says `name` said: the line they wrote ("Selin: I will bring the first-aid kit"),
    or the clause after their saying verb ("Selin said the course moves to Harrogate"); None when the
    sentence is someone else's."""
    asked = set(_name_words(name)) - {"dr", "mr", "mrs", "ms", "prof"}
    if spoken is not None and set(_name_words(spoken)) & asked:
        words = body.rstrip(".!? ").split()
        return " ".join(words) if 0 < len(words) <= MAX_PHRASE_WORDS else None
    reported = _SAID_BY.match(body.strip())
    if reported is not None and set(_name_words(reported.group("who"))) & asked:
        what = reported.group("what").split()
        return " ".join(what[:MAX_PHRASE_WORDS]) if what else None
    return None


# What a sentence says someone is: "… is a parent volunteer", "She is our landlord's agent".
DESCRIBES = re.compile(r"\b(?:is|was)\s+(?:a|an|the|our|my|their|his|her)\s+[a-z]", re.IGNORECASE)
_TITLE = r"(?:(?:dr|mr|mrs|ms|prof)\.?\s+)?"
_NO_ROLE = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|others?|rest|both|all|first|last)"


def in_apposition(text: str, keys: list[str]) -> bool:
    """Whether a sentence says what a person of `keys` (name keys, lower case) is beside the name: "Dr.
    Amara Nwosu, the environmental health officer, inspected …", "a second round with the CTO, Ingrid
    Halvorsen"."""
    if not keys:
        return False
    names = "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True))
    # (a role, not a number of them: "Of the three, Mira Patel scored highest")
    role = rf"(?:the|our|their|his|her|my|a|an)\s+(?:[\w'’-]+\s+){{0,4}}?(?!{_NO_ROLE}\b)[\w'’-]+"
    return (
        re.search(rf"\b(?:{names})\s*,\s+{role}\s*(?:,|;|\.|$)", text, re.IGNORECASE) is not None
        or re.search(rf"\b{role},\s+{_TITLE}(?:{names})\b", text, re.IGNORECASE) is not None
    )


_ROLE = re.compile(
    r"\b(?:is|was|joined(?:\s+[\w-]+){0,4}?\s+as|works as|worked as|serves as|is now|became)\s+"
    r"(?:the\s+|our\s+|a\s+|an\s+)?"
    r"([a-z][\w\s-]{2,60}?)(?=[,.;:!?]|\s+(?:at|for|in|on|since|from|and)\b|$)"
)


def _role(sentence: str, given: set[str]) -> str | None:
    """What the sentence says a person is ("Hyun-woo Lee joined as data engineer": "data engineer");
    None when it does not say."""
    match = next(
        (
            m
            for m in _ROLE.finditer(sentence)
            if {w.lower() for w in sentence[: m.start()].split()[-3:]} & given
            or sentence[: m.start()].strip().lower() in ("he", "she")  # the sentence after their name
        ),
        None,
    )  # said of the person asked about: their name just before "is", "joined as", …
    if match is None:
        return None
    role = match.group(1).strip()
    if role.split()[0].endswith("ing") or role.split()[0] in ("not", "no", "now", "still", "also"):
        return None  # "is stepping down", "is not coming": what they do, not what they are
    return role if any(w.lower() not in given for w in role.split()) else None


def _places(doc: Doc, given: set[str]) -> list[str]:
    """The places the sentence names: its place entities, and gazetteer places the model took for
    something else where a place goes ("moved from Leeds to York", York read as a person)."""
    found = [n for n in _names(doc, {"GPE", "LOC", "FAC"}, given) if not identifiers(n)]  # not "S-105"
    # Also a capitalised word outside any entity: the small model leaves "York" of "to York" unlabelled.
    spans = [*doc.ents, *(doc[t.i : t.i + 1] for t in doc if t.text[:1].isupper() and t.ent_type_ == "")]
    more = [s.text for s in spans if is_place(s.text) and where_a_place_goes(s) and s.text not in found]
    return [*found, *(p for p in more if p.lower() not in given)]


_MOVED_TO = re.compile(
    r"\bfrom\s+[^,;.]+?\s+to\s+(?:the\s+)?(?P<to>[^,;.]+?)(?=\s+(?:because|since|until|from|for|by|on)\b|[,.;:]|$)",
    re.IGNORECASE,
)
_LOCATED_IN = re.compile(
    r"\b(?:is|are|was|were|stays?|stored|kept|located|lives?|lived|based|sits?)\s+(?:\w+ly\s+)?"
    r"(?:in|at|inside|on)\s+(?:the\s+)?(?P<to>[^,;.:]+?(?:,\s+(?:rack|shelf|row|room|bay|drawer|box)\s+\w+)?)"
    r"(?=\s+(?:because|since|until|from|for|by|with|and)\b|[,.;:]|$)",
    re.IGNORECASE,
)


def _location(sentence: str, given: set[str]) -> str | None:
    """Where a sentence puts something that no gazetteer names: where it moved to ("from freezer 2 to
    freezer 4"), or where it is ("is in freezer 2, rack D"); None when that is only the question's words."""
    match = _MOVED_TO.search(sentence) or _LOCATED_IN.search(sentence)
    if match is None:
        return None
    spot = match.group("to").strip()
    return spot if any(w.lower() not in given for w in spot.split()) else None


def _current_places(doc: Doc, places: list[str]) -> list[str]:
    """Of the places a sentence names, those it moves to when it moves something ("moved the offsite from
    Leeds to York", "relocated to Porto instead of Lisbon"): not those it leaves."""
    left, reached = set(), set()
    for ent in doc.ents:
        if ent.text not in places or ent.start == 0:
            continue
        before = doc[ent.start - 1].lower_
        if before == "from" or (before == "of" and ent.start > 1 and doc[ent.start - 2].lower_ == "instead"):
            left.add(ent.text)
        elif before == "to" and (left or any(t.lemma_.lower() in _MOVING for t in doc[: ent.start])):
            reached.add(ent.text)
    # "from A to B": A is read before B is seen as reached; a later "instead of A" is left as well.
    return [p for p in places if p in reached] or [p for p in places if p not in left] or places


_MOVING = {
    "move", "relocate", "switch", "change", "shift", "transfer", "reschedule", "upgrade", "downgrade",
    "migrate", "update", "bump", "postpone", "delay", "push", "raise", "increase", "lower", "reduce",
}  # fmt: skip


# Nouns that name a person by their relation to someone: an answer to "who" when no name is given.
_RELATIONS = {
    "mom", "mum", "mother", "dad", "father", "parent", "aunt", "uncle", "sister", "brother", "cousin",
    "grandma", "grandmother", "grandpa", "grandfather", "son", "daughter", "kid", "child", "husband",
    "wife", "partner", "boyfriend", "girlfriend", "fiancé", "fiancee", "friend", "colleague", "coworker",
    "boss", "manager", "mentor", "teacher", "coach", "neighbor", "neighbour", "roommate", "family",
    "team", "landlord", "doctor", "therapist",
}  # fmt: skip


def _relative(question: Doc, sentence: Doc, given: set[str], spoken: str | None) -> str | None:
    """For "Who inspired Ines to volunteer?" over "My aunt believed in it, so I'm inspired by her": the
    person the sentence names by a relation ("my aunt"), the doer of the question's verb first; a first
    person's relation is the speaker's ("Ines's aunt")."""
    verbs = {t.lemma_.lower() for t in question if t.pos_ == "VERB"} - _LIGHT_VERBS
    found = [
        t
        for t in sentence
        if t.pos_ == "NOUN" and t.lemma_.lower() in _RELATIONS and t.lemma_.lower() not in given
    ]
    if not found:
        return None
    doing = [t for t in found if t.dep_ == "nsubj" and t.head.lemma_.lower() in verbs]
    noun = (doing or found)[0]
    owners = [c for c in noun.children if c.dep_ == "poss"]
    names = [
        c for c in noun.children if c.dep_ in {"appos", "compound"} and c.pos_ == "PROPN" and c.i > noun.i
    ]
    words = [noun.text, *(n.text for n in names)]
    if owners:
        owner = owners[0].lower_
        mine = owner in {"my", "our"} and spoken
        words.insert(0, f"{spoken}'s" if mine else owners[0].text)
    return " ".join(words)


def _distinct(people: list[str]) -> list[str]:
    """People once each: a first name that a full name in the list starts with is that person ("Oskar"
    beside "Oskar Lind")."""
    return [p for p in people if not any(o != p and o.startswith(p + " ") for o in people)]


# Verbs that pass a role or a task from one person to another: the one it goes to holds it now ("handed
# the rollout over to Oskar", "reassigned the review to Mei", "replaced by Dmitri").
_PASSING = {"hand", "pass", "give", "transfer", "reassign", "assign", "delegate", "move", "switch"}
_LIGHT_VERBS = {"be", "do", "have", "get", "go", "happen", "say", "tell", "know"}


# A question asking who was before ("Who did Rebeca replace?", "Who ran it before?"): the former answers.
_ASKS_FORMER = re.compile(
    r"\b(?:replac(?:e|ed)|succeed(?:ed)?|before|previous(?:ly)?|former(?:ly)?|used\s+to|from\s+whom)\b", re.I
)


def _who(question: Doc, sentence: Doc, people: list[str]) -> list[str]:
    """Of the sentence's people, those the question's verb points at: the doer of the same verb, not
    negated ("Oskar now leads it" for "Who leads the rollout?", not "Hannah no longer leads it"; "run by
    Mei"), those doing it "now" first; else the one a role went to ("handed the rollout over to Oskar",
    "replaced by Oskar", "Oskar took over"). Empty when the sentence does not say."""
    verbs = {t.lemma_.lower() for t in question if t.pos_ == "VERB"} - _LIGHT_VERBS
    if re.search(r"\bto\W*$", question.text) and verbs & _PASSING:  # "Who was it reassigned to?"
        return _naming(_receivers(sentence), people)
    doers = [
        (_now(t), span)
        for t in sentence
        if t.lemma_.lower() in verbs and not _negated(t)
        for span in _doers(t)
    ]
    current = [span for now, span in doers if now]
    found = _naming(current, people) or _naming([span for _, span in doers], people)
    return found or _naming(_receivers(sentence), people)


def _doers(verb: Token) -> list[list[Token]]:
    """Who does what the verb says: its subject, the agent of a passive ("run by Mei"), or the subject of
    the verb it is joined to ("Mei drafted and owns the FAQ")."""
    agents = [list(g.subtree) for c in verb.children if c.dep_ == "agent" for g in c.children]
    if agents or any(c.dep_ == "nsubjpass" for c in verb.children):
        return agents
    found = [list(c.subtree) for c in verb.children if c.dep_ == "nsubj"]
    if not found and verb.dep_ == "conj":
        found = [list(c.subtree) for c in verb.head.children if c.dep_ == "nsubj"]
    return found


def _receivers(sentence: Doc) -> list[list[Token]]:
    """Whom a role went to: the words after "to" following a passing verb in the same clause, after
    "by" following "replaced"/"succeeded", and the subject of "took over"."""
    found: list[list[Token]] = []
    for t in sentence:
        lemma = t.lemma_.lower()
        if lemma == "take" and any(c.lower_ == "over" for c in t.children):
            found += _doers(t)
            continue
        # (a duty gone over to someone: "tug maintenance has gone over to Fenwick Aviation"; a plain
        # "went to" is a visit)
        passing = lemma in _PASSING or (lemma == "go" and any(c.lower_ == "over" for c in t.children))
        marker = "to" if passing else "by" if lemma in {"replace", "succeed"} else None
        if marker is None:
            continue
        for later in sentence[t.i + 1 :]:
            if later.text in {";", ".", "!", "?"} or (later.pos_ == "VERB" and later.dep_ != "prt"):
                break
            if later.lower_ == marker:
                # The name right after it: "to Felix Wagner because Hana is away" is Felix Wagner.
                name = []
                for word in sentence[later.i + 1 : min(later.i + 5, len(sentence))]:
                    if not word.text[:1].isupper():
                        break
                    name.append(word)
                found.append(name)
                break
    return found


def _negated(verb: Token) -> bool:
    """ "does not own", "never led", "no longer owns"."""
    return any(
        c.dep_ == "neg"
        or c.lower_ == "never"
        or (c.lower_ == "longer" and any(g.lower_ == "no" for g in c.children))
        for c in verb.children
    )


def _now(verb: Token) -> bool:
    return any(c.lower_ in {"now", "currently"} for c in verb.children)


def _naming(spans: list[list[Token]], people: list[str]) -> list[str]:
    """The people the spans name, by full name or first name."""
    words = [{t.text for t in span} for span in spans]
    return [p for p in people if any(set(p.split()) <= w or p.split()[0] in w for w in words)]


def _joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def asks_for_list(question: Doc) -> bool:
    """ "What activities does Melanie partake in?", "Which cities has Jon visited?", "What has Melanie
    painted?": a plural the wh-word picks, or what someone has done over time, asks for every one the
    memories name, not the best sentence's alone."""
    for token in question[:3]:
        if token.lower_ in ("what", "which") and token.dep_ == "det" and token.head.tag_ in ("NNS", "NNPS"):
            return True
    first = question[0] if len(question) else None
    return (
        first is not None
        and (first.lower_, first.dep_) in {("what", "dobj"), ("where", "advmod")}
        and any(c.lower_ in ("has", "have") and c.dep_ == "aux" for c in first.head.children)
    )


def distinct_answers(answers: list[str]) -> list[str]:
    """Answers from several sentences, once each: one that holds another's words, or whose words
    another holds, is the same answer ("Luna and Oliver", "Oliver"); the first said is kept."""
    kept: list[tuple[str, set[str]]] = []
    for answer in answers:
        words = {w.lower() for w in re.findall(r"\w+", answer)}
        if words and not any(words <= other or other <= words for _, other in kept):
            kept.append((answer, words))
    return [answer for answer, _ in kept]


# Keyed by the pipeline itself (as lru_cache was), which the key keeps alive: an id could be reused.
_PARSES: OrderedDict[tuple[Language, str], Doc] = OrderedDict()
_KEPT_PARSES = 512
_PARSES_LOCK = Lock()


def parsed(nlp: Language, text: str) -> Doc:
    """A sentence's parse, kept (the last _KEPT_PARSES): ask reads the same cited sentences more than
    once (strictly, then plainly), and memories repeat sentences. Docs are only read here."""
    key = (nlp, text)
    with _PARSES_LOCK:
        if (doc := _PARSES.get(key)) is not None:
            _PARSES.move_to_end(key)
            return doc
    return _keep(key, nlp(text))


def _keep(key: tuple[Language, str], doc: Doc) -> Doc:
    with _PARSES_LOCK:
        _PARSES[key] = doc
        while len(_PARSES) > _KEPT_PARSES:
            _PARSES.popitem(last=False)
    return doc


def parse_ahead(nlp: Language, question: str, sentences: list[str]) -> None:
    """Parse in one batch what short_answer will parse of these sentences for this question: spaCy's
    pipe runs a batch of a dozen chat lines in about 5 ms each against 8 ms one by one."""
    kind = answer_type(question)
    if kind in (None, AnswerType.duration, AnswerType.frequency):
        return  # read by patterns, or not read
    if kind is not AnswerType.date:
        # (keyed as short_answer reads them)
        sentences = [spoken_text(s).strip() if speaker(s) else s for s in sentences]
    with _PARSES_LOCK:
        missing = list(dict.fromkeys(t for t in sentences if (nlp, t) not in _PARSES))
    for text, doc in zip(missing, nlp.pipe(missing), strict=True):
        _keep((nlp, text), doc)


def short_answer(
    nlp: Language,
    question: Doc,
    sentence: str,
    written: datetime,
    dates: dict[str, str] | None = None,
    strict: bool = False,
    said_by: str | None = None,
) -> str | None:
    """The short answer the best cited `sentence` (of a memory written at `written`) gives `question`;
    `dates`: the memory's date phrases as ingest resolved them (lower case → ISO). `strict`: for a
    person or a place, only a name of that kind; for a number, only a number; for a date, only one the
    sentence states; otherwise only what the sentence's structure gives (no phrase in their place).
    `said_by`: who wrote the memory, when it is a chat line ("Ines: …"), for a sentence after its first."""
    kind = answer_type(question.text)
    if kind is None:
        return None
    if kind is AnswerType.date:
        past = any(t.tag_ == "VBD" for t in parsed(nlp, sentence))
        return when(sentence, written, past, dates, stated=strict)
    spoken = speaker(sentence)
    body = spoken_text(sentence).strip() if spoken else sentence
    spoken = spoken or said_by  # a chat line's later sentences are its speaker's too
    if kind is AnswerType.duration:
        match = _DURATION.search(body)
        if match is None:
            return None
        found = re.sub(r"^for\s+", "", match.group(0), flags=re.I)
        # "How long ago …?" … "ten years ago": the time since, as the sentence says it.
        return found + " ago" if re.match(r"\s+ago\b", body[match.end() :], re.I) else found
    if kind is AnswerType.frequency:
        match = _FREQUENCY.search(body)
        return match.group(0) if match else None
    if _HOURS_Q.search(question.text) and (clock := _value_now(body, _CLOCK)):
        return clock.group(0)  # "What are the visiting hours?": the span of the day, "10 am to 7 pm"
    doc = parsed(nlp, body)
    given = _given(question)
    if (asked := SAID_Q.match(question.text)) is not None:
        # "What did Selin say?": what the sentence says she said, else nothing (not a phrase of someone
        # else's line)
        return _what_they_said(asked.group("name"), body, doc, spoken)
    if kind is AnswerType.person:
        # Not the one a chat line greets ("Hey Caroline! We celebrated my daughter's birthday").
        greeted = {t.text for t in doc if _addressed(t)}
        people = [p for p in _distinct(_mentions(nlp, doc).people) if p.split()[0] not in greeted]
        # (not one the sentence says pulled out: "Luca Romano has to pull out of the wedding"; nor one it
        # says was before, a company the model took for a person: "We've dropped Millbrook Grain for
        # Hartley Mills")
        former = set() if _ASKS_FORMER.search(question.text) else {v.lower() for v in former_values(body)}
        new = sorted(
            (
                p
                for p in people
                if not set(words := _name_words(p)) <= given
                and words[0] not in given
                and not withdrew(body, p)
                and p.lower() not in former
            ),
            key=lambda p: body.find(p),
        )
        # (the clause on the question's topic: "Sanna Lindqvist now does the electrics; Joe Carver is
        # sticking to the kitchen units" answers "Who does the electrics?" with Sanna alone)
        new = named_on_topic(body, question.text, new) if len(new) > 1 else new
        if WHO_IS.match(question.text) and given:
            # "Who is Leila Haddad?" asks what she is: not for a phrase, nor for someone else the
            # sentence names ("Hassan Iqbal is stepping down; Deborah Mills runs it")
            return _role(body, given)
        if new and _ROLE_Q.search(question.text) and 0 < len(held := holders(body, new)) < len(new):
            return _joined(held)  # "Who is our contact at …?" … "X has left; our new contact there is Y"
        if new:
            return _joined(_who(question, doc, new) or new)
        if relative := _relative(question, doc, given, spoken):
            return relative
        if companies := _companies_doing(nlp, body, doc, given):
            return _joined(companies)  # "Who washes our linen?" … "is washed by Cornwall Linen Services"
        if strict:
            return None
    elif kind is AnswerType.place and (places := _current_names(body, _places(doc, given), keep=False)):
        return _joined(_current_places(doc, places))
    elif kind is AnswerType.place and (
        shops := _current_names(body, _names(doc, {"ORG"}, given), keep=False)
        or _companies_doing(nlp, body, doc, given)
        or _current_names(body, _names(doc, {"ORG"}, given))
    ):
        # "Where did Nadia buy new shoes?" … "from Decathlon"; "Where do we get our sheet music?" …
        # "stopped hiring parts from ScoreLibrary and now buy them from Allegro Music": Allegro Music
        # (the companies as ingest reads them where the model's are all replaced: "We no longer hire
        # marquees from Canopy Events; Tentworks supplies them now", where it calls Tentworks a person)
        return _joined(shops)
    elif kind is AnswerType.place and (spot := _location(body, given)):
        return spot  # "Where is sample S-105?" … "is in freezer 2, rack D": a place no gazetteer names
    if strict and kind in (AnswerType.person, AnswerType.place):
        return None
    elif kind is AnswerType.number:
        # "How much was the invoice?" asks for its amount, not the day it is due.
        money = _amounts(doc, given) if AMOUNT_Q.search(question.text) else []
        numbers = money or _of_what_is_counted(doc, given)
        return numbers[0] if numbers else None if strict else phrase(doc, given)
    # `strict`: only what the sentence's structure gives (the cause, a name given with "called", the
    # object of the question's verb), not its richest run of new words.
    if _WHY.match(question.text):
        return _cause(body, given, doc, question) or (None if strict else phrase(doc, given))
    if _WANT_Q.search(question.text) and (wanted := _wanted(body)):
        return wanted
    return (
        _quality(question, doc, given)
        or _titled(question, body, given)
        or _named(doc, question)
        or _of_the_kind(question, doc, given)
        or _object(question, doc, given)
        or _deed(question, doc, given)
        or (None if strict else phrase(doc, given))
    )


# "What does Georgina Pryce want?", "What did Bea ask for?": the question ends on the wanting (not "What
# does Ines want to do?", which the sentence's richest new words answer) …
_WANT_Q = re.compile(
    r"^\W*what\b[^?]*\b(?:wants?|wanted|ask(?:s|ed)?\s+(?:\w+\s+)?for|request(?:s|ed)?)\s*\??\s*$", re.I
)
# … and a request's thing, after the words asking for it: "Could you send us the menu options by 23
# October?", "We would like a quote for converting our Crafter van" (the phrase's richest run of new words
# had been "like a quote for converting", "loved the barn on Saturday").
_WANTED = re.compile(
    r"\b(?:(?:could|can|would|will)\s+you\s+(?:please\s+)?(?:be\s+able\s+to\s+)?|please\s+|(?:would|'d|’d)\s+"
    r"like\s+(?:to\s+)?|(?:wants?|need)\s+(?:us\s+|you\s+|me\s+)?to\s+)(?P<thing>[^.?!;]+)",
    re.I,
)
MAX_WANTED_WORDS = 14


def _wanted(body: str) -> str | None:
    """What a request in the sentence asks for (`_WANTED`), at most MAX_WANTED_WORDS words."""
    match = _WANTED.search(body)
    if match is None:
        return None
    words = match.group("thing").split()
    return " ".join(words[:MAX_WANTED_WORDS]).rstrip(",") or None


# "Why …?", and the same asked another way: "What is Ines's reason for …?", "What made Omar quit?",
# "What motivated Priya to …?".
_WHY = re.compile(
    r"^\W*(?:why\b|what\s+(?:is|was|are|were)\b[^?]*\breasons?\b|what\s+(?:made|makes|motivated|motivates|"
    r"prompted|led)\b)",
    re.IGNORECASE,
)
_BECAUSE = re.compile(
    r"(?:\b(?:because(?: of)?|due to|thanks to|as a result of|so that|since|cuz)|(?<!\w)['’](?:cause|cos))"
    r"\s+([^.;!?]+)",
    re.I,
)
# A purpose said as a wish: "I wanted to feel closer to my faith", "hoping to raise awareness".
_PURPOSE = re.compile(
    r"\b(?:wanted|want|wanna|needed|need|hoping|hoped|hope|trying|tried|in order)\s+(to\s+[^.;!?]+)", re.I
)


def _cause(sentence: str, given: set[str], doc: Doc | None = None, question: Doc | None = None) -> str | None:
    """For "Why did Nadia stop running?": what the sentence gives after "because (of)", "'cause", "due
    to", …; else, with the parses, the purpose of the question's verb ("took a trip to Rome to clear my
    mind": "to clear my mind"; "did it for my business"), what came before a "so" that leads to it
    ("Lost my job, so I'm starting my own business"), or a wish ("I wanted to feel closer to …")."""
    match = _BECAUSE.search(sentence)
    found = match.group(1) if match else None
    if found is None and doc is not None and question is not None:
        found = _purpose_of(question, doc)
    if found is None and (wish := _PURPOSE.search(sentence)):
        found = wish.group(1)
    if found is None:
        return None
    words = found.strip(" ,").split()
    if not words or len(words) > MAX_PHRASE_WORDS or all(w.lower().strip(",") in given for w in words):
        return None
    return " ".join(words)


def _purpose_of(question: Doc, sentence: Doc) -> str | None:
    """The purpose or the reason the sentence gives for the question's verb: its "to …" clause or its
    "for …" phrase, or the clause before a "so" that leads to it."""
    verbs = {t.lemma_.lower() for t in question if t.pos_ == "VERB"} - _LIGHT_VERBS
    for token in sentence:
        # "I needed to do it for my business": "do it" stands for the question's verb.
        standing_in = token.lemma_ == "do" and any(
            c.dep_ == "dobj" and c.lower_ in {"it", "that", "this"} for c in token.children
        )
        if (token.lemma_.lower() not in verbs or token.pos_ not in {"VERB", "AUX"}) and not standing_in:
            continue
        for child in token.children:
            to_clause = child.dep_ in {"advcl", "xcomp"} and any(
                c.lower_ == "to" and c.dep_ == "aux" for c in child.children
            )
            if to_clause and child.i > token.i:
                return sentence[min(t.i for t in child.subtree) : max(t.i for t in child.subtree) + 1].text
            if child.dep_ == "prep" and child.lower_ == "for" and child.i > token.i:
                objects = [g for g in child.children if g.dep_ == "pobj" and g.ent_type_ not in _TIME_ENTS]
                if objects:
                    return sentence[child.i : max(t.i for t in child.subtree) + 1].text
        # "Lost my job, so I'm starting my own business": the clause before "so".
        before = [t for t in sentence[: token.i] if t.lower_ == "so" and t.i > 0]
        if before and sentence[before[-1].i - 1].text == ",":
            start = 0
            return sentence[start : before[-1].i - 1].text
    return None


_TIME_ENTS = {"DATE", "TIME"}


# "How did Priya feel …?", "What does Tomás say he feels …?"; "How does Ines describe the office?",
# "How was the trip?", "How is the bakery doing?": a quality, said with an adjective.
_FEELING_Q = re.compile(
    r"^\W*how\b[^?]*\b(?<!to )(?:feel|feels|felt)\b|^\W*what\s+(?:emotions?|feelings?)\b"
    r"|^\W*what\b[^?]*\b(?:say|said|says)\s+\w+\s+(?:feel|feels|felt)\b",
    re.I,
)
# Who can feel: "I'm excited", "They were scared"; not "It's tough to pick one".
_FEELERS = {"i", "we", "he", "she", "they", "you"}
_DESCRIBING_Q = re.compile(
    r"^\W*how\b.*\bdescrib(?:e|es|ed)\b|^\W*how\s+(?:is|was|are|were)\b(?:[^?]*\bdoing\b|(?![^?]*\b\w+ing\b))",
    re.I,
)
_LINKING = {"feel", "be", "look", "seem", "sound", "get", "become", "remain", "stay"}


def _quality(question: Doc, sentence: Doc, given: set[str]) -> str | None:
    """For a question asking how someone felt or how something is described: the adjectives the
    sentence says it with ("I felt nervous but proud": "nervous but proud"; "The office looks bright
    and spacious"; "a really peaceful and awesome trip": "peaceful and awesome"; "felt like I was in a
    fairy tale"; "doing well"). A feeling said with "feel" comes first. Reaction words count here: they
    are what a description says."""
    feeling = bool(_FEELING_Q.search(question.text))
    if not feeling and not _DESCRIBING_Q.search(question.text):
        return None
    found: list[tuple[int, int, str]] = []
    for token in sentence:
        head = token.head.lemma_.lower()
        if token.dep_ in {"acomp", "oprd"} and head in _LINKING:
            subjects = [c for c in token.head.children if c.dep_ == "nsubj"]
            if (
                feeling
                and head != "feel"
                and not any(c.lower_ in _FEELERS or c.pos_ == "PROPN" for c in subjects)
            ):
                continue
            found.append((0 if head == "feel" else 1, token.i, _adjectives(token)))
        elif token.dep_ == "amod" and token.head.dep_ == "attr" and not feeling:
            found.append((2, token.i, _adjectives(token)))
        elif token.lemma_ == "feel" and (like := [c for c in token.children if c.dep_ == "advcl"]):
            marks = [m for m in like[0].children if m.dep_ == "mark" and m.lower_ == "like"]
            if marks:
                end = max(t.i for t in like[0].subtree)
                found.append((0, token.i, sentence[marks[0].i : end + 1].text.rstrip(" .!?")))
        elif (
            head == "do"
            and token.dep_ == "advmod"
            and token.lower_ in {"well", "great", "fine", "badly", "okay"}
        ):
            found.append((1, token.i, token.text))
    for _, _, text in sorted(found):
        words = re.findall(r"[\w'-]+", text.lower())
        if words and len(words) <= MAX_PHRASE_WORDS and not set(words) <= given:
            return text
    return None


def _adjectives(adjective: Token) -> str:
    """An adjective with those joined to it ("nervous but proud", "tiny and in awe of the universe"),
    less the adverbs before it ("so", "really")."""
    end = adjective.i
    for conj in (c for c in adjective.children if c.dep_ == "conj"):
        end = max(end, *(t.i for t in conj.subtree))
    return adjective.doc[adjective.i : end + 1].text


# Verbs that say what someone thinks, wants or is rather than what they did.
_NO_DEEDS = {
    "be", "have", "feel", "think", "know", "love", "like", "want", "hope", "say", "tell", "guess", "mean",
    "seem", "look", "wish", "bet", "sound", "need", "thank", "appreciate", "agree", "understand", "hear",
}  # fmt: skip
# What a deed's phrase takes from its verb's right: its objects, particles, prepositions, complements,
# and a verb joined to it ("roasted marshmallows and went on a hike"); not time words or other clauses.
_DEED_PARTS = {"dobj", "prt", "prep", "dative", "xcomp", "acomp", "attr", "oprd", "ccomp"}


_DEED_NOUNS = {"activity", "thing"}


def _asks_for_a_deed(question: Doc) -> bool:
    """ "What did Ines do to relax?", "What activities has Omar done?": the question's main verb is "do"
    and it asks what was done, not which thing ("What type of class did Ines start doing?")."""
    for token in question:
        # "did" and "does" are the auxiliaries of another verb ("What did Ines research?"), whatever the
        # parser says.
        if token.lower_ not in {"do", "done", "doing"} or token.dep_ not in {"ROOT", "xcomp"}:
            continue
        wh = [t for t in question[:3] if t.lower_ in ("what", "which")]
        if wh and (wh[0].dep_ != "det" or wh[0].head.lemma_.lower() in _DEED_NOUNS):
            return True
    return False


def _deed(question: Doc, sentence: Doc, given: set[str]) -> str | None:
    """For "What did Ines do to relax?": what the sentence says someone did ("Just yesterday I joined a
    choir": "joined a choir"), its verb with what it acts on, for the first verb a person does."""
    if not _asks_for_a_deed(question):
        return None
    for verb in sentence:
        subjects = [c for c in verb.children if c.dep_ == "nsubj"]
        if (
            verb.pos_ != "VERB"
            or verb.lemma_.lower() in _NO_DEEDS
            or _negated(verb)
            or not any(t.lower_ in _FEELERS or t.pos_ == "PROPN" for c in subjects for t in c.subtree)
        ):
            continue
        end = verb.i
        for child in verb.rights:
            joined = (
                child.dep_ == "conj"
                and child.pos_ == "VERB"
                and not any(c.dep_ == "nsubj" for c in child.children)
            )
            timed = child.dep_ == "prep" and any(g.ent_type_ in _TIME_ENTS for g in child.children)
            if timed:
                continue  # "on Sunday" says when, not what
            if child.dep_ in _DEED_PARTS or joined or (child.dep_ == "cc" and end == child.i - 1):
                end = max(end, *(t.i for t in child.subtree))
            elif child.dep_ not in {"npadvmod", "advmod"}:
                break
        while end > verb.i and (sentence[end].dep_ == "cc" or sentence[end].is_punct):
            end -= 1
        words = sentence[verb.i : end + 1]
        if 1 < len(words) <= MAX_PHRASE_WORDS and any(_novel(t, given) for t in words[1:]):
            return words.text.rstrip(" ,")
    return None


# Works with a title, which a sentence often quotes: "I loved reading "Charlotte's Web" as a kid".
_WORKS = {
    "book", "novel", "song", "album", "movie", "film", "show", "series", "play", "poem", "podcast",
    "game", "painting", "track", "title", "piece", "musical", "documentary", "episode",
}  # fmt: skip
_QUOTED = re.compile(r"[\"“”]([^\"“”]{2,80})[\"“”](\s+by\s+(?:[A-Z][\w'’-]+\s?){1,3})?")


def _titled(question: Doc, sentence: str, given: set[str]) -> str | None:
    """For "What book …?", "Which song …?": the title the sentence quotes, with its author when it
    names one ("\"Brave\" by Sara Bareilles")."""
    if _listed_noun(question) not in _WORKS:
        return None
    for match in _QUOTED.finditer(sentence):
        words = re.findall(r"[\w'’-]+", match.group(1).lower())
        if words and not set(words) <= given:
            return (match.group(1) + (match.group(2) or "")).strip()
    return None


_NAMING = re.compile(r"\bnames?\b|\bcalled\b", re.IGNORECASE)


def _mentions(nlp: Language, doc: Doc) -> Mentions:
    """The people and organizations the sentence names, read once per sentence: a "who" question reads
    the people, then the companies where no person is named."""
    found = doc.user_data.get("memsvc_mentions")
    if found is None:
        found = doc.user_data["memsvc_mentions"] = SpacyExtractor(nlp).from_doc(doc)
    return found


def _current_names(body: str, names: list[str], keep: bool = True) -> list[str]:
    """The names less those a change in the sentence says were before; all of them when that leaves none
    and `keep` ("stopped buying flour from Millbrook": no place answers where flour comes from now). The
    one it says provides a thing, when it says so of one ("Compost now comes from Hillside Soil Co.;
    GreenCycle Organics put their prices up": Hillside Soil Co.)."""
    replaced = {v.lower() for v in former_values(body)}
    current = [n for n in names if n.lower() not in replaced] or (names if keep else [])
    provided = provision(body)
    providing = [n for n in current if provided and name_key(n) == name_key(provided[1])]
    return providing or current


def _companies_doing(nlp: Language, body: str, doc: Doc, given: set[str]) -> list[str]:
    """The organizations a sentence names that the question does not, less those a change in it replaces
    ("Decided to replace Cornwall Linen Services with Bluewater Laundry": Bluewater Laundry): who does a
    thing where no person does it."""
    replaced = {v.lower() for v in former_values(body)}
    companies = [
        o
        for o in _distinct(_mentions(nlp, doc).organizations)
        if o.lower() not in replaced and not set(_name_words(o)) <= given
    ]
    # (the one a duty went to, of several: "Skyward Aero Engineering has closed, so tug maintenance has
    # gone over to Fenwick Aviation" answers "Who maintains the tug?" with Fenwick Aviation)
    received = _naming(_receivers(doc), companies) if len(companies) > 1 else []
    return _current_names(body, received or companies)


def _named(doc: Doc, question: Doc) -> str | None:
    """For "What is the name of Nadia's dog?": the name the sentence gives after "called", "named" or
    "name is"."""
    if not _NAMING.search(question.text):
        return None
    for token in doc[:-1]:
        # "a dog called Biscuit", "named Biscuit", "her name is Biscuit", "his name's Kyle".
        naming = token.lower_ in ("called", "named") or (
            token.lower_ in ("is", "'s", "’s", "was") and token.i > 0 and doc[token.i - 1].lower_ == "name"
        )
        if naming and doc[token.i + 1].text[:1].isupper():
            end = token.i + 1
            while end < len(doc) and doc[end].text[:1].isupper() and doc[end].is_alpha:
                end += 1
            return doc[token.i + 1 : end].text
    return None


_KIND_NOUNS = {"type", "kind", "sort", "style", "genre"}


def _listed_noun(question: Doc) -> str | None:
    """The noun the question's wh-word picks ("What music events …": event; "What types of yoga …":
    yoga; "What kind of flooring …": flooring), as a lemma; None for another question."""
    for token in question[:3]:
        if token.lower_ in ("what", "which") and token.dep_ == "det" and token.head.pos_ in ("NOUN", "PROPN"):
            head = token.head
            if head.lemma_.lower() in _KIND_NOUNS:
                kinds = [g for c in head.children if c.lower_ == "of" for g in c.children if g.dep_ == "pobj"]
                return kinds[0].lemma_.lower() if kinds else None
            return head.lemma_.lower()
    # "What is Gina's favorite style of dance?": the subject of "is" names the kind.
    root = next((t for t in question if t.dep_ == "ROOT"), None)
    if root is not None and root.lemma_ == "be" and question[0].lower_ in ("what", "which"):
        for subject in (c for c in root.children if c.dep_ == "nsubj" and c.pos_ == "NOUN"):
            if subject.lemma_.lower() in _KIND_NOUNS:
                kinds = [
                    g for c in subject.children if c.lower_ == "of" for g in c.children if g.dep_ == "pobj"
                ]
                return kinds[0].lemma_.lower() if kinds else None
            return subject.lemma_.lower()
    return None


def _of_the_kind(question: Doc, sentence: Doc, given: set[str]) -> str | None:
    """For "What music events has John attended?" or "What kind of flooring …?": a phrase of the sentence
    naming one of the kind asked for with words of its own ("a live music event": "live music event";
    "aerial yoga" for "What types of yoga…"), whatever verb it comes with."""
    noun = _listed_noun(question)
    if noun is None:
        return None
    for chunk in sentence.noun_chunks:
        if chunk.root.lemma_.lower() != noun:
            continue
        words = [t for t in chunk if t.pos_ not in {"DET", "PRON"} and t.dep_ != "poss"]
        if words and any(_novel(t, given) for t in words):
            return sentence[words[0].i : words[-1].i + 1].text
    # The small parser leaves some out of its noun chunks ("I'm after oak flooring"): the noun's own
    # word with the describing words just before it.
    for token in sentence:
        if noun not in (token.lemma_.lower(), token.lower_):
            continue
        start = token.i
        while (
            start > 0
            and sentence[start - 1].pos_ in {"ADJ", "NOUN", "PROPN"}
            and sentence[start - 1].ent_type_ not in _TIME_ENTS  # "a weekend class" is no kind of class
        ):
            start -= 1
        if start < token.i and any(_novel(t, given) for t in sentence[start : token.i]):
            return sentence[start : token.i + 1].text
    return None


# Verbs that say the same of a thing's meaning: "What does the tattoo symbolize?" … "it stands for freedom".
_MEANING = ("symbolize", "symbolise", "represent", "mean", "stand")
_SAME_SENSE = {verb: _MEANING for verb in _MEANING}
# Verbs whose object comes with a preposition of their own ("stands for", "cares about").
_VERB_PREPOSITION = {"stand": "for", "care": "about", "worry": "about", "dream": "of", "believe": "in"}
# Verbs whose object is what was said or found: "I realised that self-care matters".
_SAYING = {
    "say", "realize", "realise", "learn", "think", "believe", "notice", "find", "discover", "feel",
    "mention", "decide", "hope", "know", "understand", "tell", "explain",
}  # fmt: skip


def _objects_of(verb: Token) -> list[Token]:
    """What a verb acts on: where a change went ("switched to Snowflake", for a moving or passing verb),
    its object, its preposition's object where its sense needs one ("stands for freedom"); of a verb
    that only begins or continues another ("started doing aerial yoga"), that verb's object; what a
    saying or a finding verb says ("realised that self-care matters")."""
    lemma = verb.lemma_.lower()
    children = list(verb.children)
    if lemma in _MOVING or lemma in _PASSING:
        changed = [c for c in children if c.lower_ == "to" and c.dep_ in {"prep", "dative"}]
        if changed:
            return changed
    heads = [c for c in children if c.dep_ in {"dobj", "attr", "oprd"}]
    if lemma in _VERB_PREPOSITION:
        heads += [c for c in children if c.dep_ == "prep" and c.lower_ == _VERB_PREPOSITION[lemma]]
    if not heads:
        heads = [g for c in children if c.dep_ == "xcomp" for g in c.children if g.dep_ == "dobj"]
    if not heads and lemma in _SAYING:
        heads = [c for c in children if c.dep_ == "ccomp"]
    if not heads:
        # A verb with no object takes its thing with a preposition: "participated in a 5K run for the
        # shelter", "volunteers at the food bank"; not "on Sunday".
        heads = [
            c
            for c in verb.rights
            if c.dep_ == "prep"
            and c.lower_ in _THING_PREPOSITIONS
            and not any(g.ent_type_ in _TIME_ENTS for g in c.children)
        ][:1]
    return heads


_THING_PREPOSITIONS = {"in", "on", "at", "to", "for", "about", "into", "with", "from", "of"}


def _object(question: Doc, sentence: Doc, given: set[str]) -> str | None:
    """For "What did Biscuit chew?": what the sentence's same verb acts on ("chewed my running shoes":
    "running shoes"); for "What was the talk about?", what follows the same noun's preposition ("a talk
    about solar panels": "solar panels"); of a change ("switched from running to swimming"), where it
    went. None when the sentence does not have it."""
    verbs = {t.lemma_.lower() for t in question if t.pos_ == "VERB"} - _LIGHT_VERBS
    # The small parser reads "What does the tattoo symbolize?" with a noun "symbolize".
    verbs |= {t.lemma_.lower() for t in question if t.lemma_.lower() in _SAME_SENSE}
    nouns = {t.lemma_.lower() for t in question if t.pos_ == "NOUN"}
    preps = {t.lower_ for t in question if t.dep_ == "prep" or (t.pos_ == "ADP" and t.i == len(question) - 2)}
    # "What did the bake sale raise money for?": the question ends on its preposition, and the answer is
    # what follows the same preposition after the same verb or its object ("raised money for the shelter").
    # Also "What has John been blogging about recently?": a preposition with no object of its own.
    stranded = next(
        (
            t.lower_
            for t in question
            if t.pos_ == "ADP" and not any(c.dep_ in {"pobj", "pcomp"} for c in t.rights)
        ),
        None,
    )
    for token in sentence:
        lemma = token.lemma_.lower()
        if token.pos_ == "VERB" and lemma in verbs and stranded is not None:
            owners = [token, *(c for c in token.children if c.dep_ == "dobj")]
            for prep in (c for o in owners for c in o.children if c.dep_ == "prep" and c.lower_ == stranded):
                if found := _words_of(prep, given):
                    return found
        if token.pos_ == "VERB" and lemma in verbs | {w for v in verbs for w in _SAME_SENSE.get(v, ())}:
            for head in _objects_of(token):
                found = _words_of(head, given)
                if found:
                    return found
        if token.pos_ == "NOUN" and lemma in nouns:
            for prep in (c for c in token.children if c.dep_ == "prep" and c.lower_ in preps):
                found = _words_of(prep, given)
                if found:
                    return found
    return _changed_to(sentence, given)


def _changed_to(sentence: Doc, given: set[str]) -> str | None:
    """What a change went to: the words after "to" that follow a moving or switching verb, up to the next
    preposition or clause ("switched from PostgreSQL to Snowflake for the warehouse": "Snowflake")."""
    for token in sentence:
        # The verb of a clause ("updated infrastructure is key to …" changes nothing).
        if token.pos_ != "VERB" or token.lemma_.lower() not in _MOVING or token.dep_ in {"amod", "compound"}:
            continue
        for later in sentence[token.i + 1 :]:
            if later.is_punct and later.text != "-":
                break
            if later.lower_ != "to" or not token.is_ancestor(later):
                continue
            words = []
            for word in sentence[later.i + 1 :]:
                if word.is_punct or word.pos_ in {"ADP", "SCONJ", "CCONJ"} or word.lower_ == "because":
                    break
                words.append(word)
            while words and words[0].pos_ in {"DET", "PRON"}:
                words = words[1:]
            if words and any(_novel(w, given) for w in words):
                return sentence[words[0].i : words[-1].i + 1].text
            break
    return None


def _words_of(head: Token, given: set[str]) -> str | None:
    """The phrase a head stands for (a preposition's object with it), less determiners and possessives
    at its start; None when it holds nothing the question does not."""
    tokens = (
        [t for t in head.subtree if t.dep_ != "prep" or t == head]
        if head.dep_ != "prep"
        else list(head.subtree)[1:]
    )
    while tokens and (tokens[0].pos_ in {"DET", "PRON", "ADP", "PART", "SCONJ"} or tokens[0].dep_ == "poss"):
        tokens = tokens[1:]
    tokens = [t for t in tokens if not t.is_punct] if tokens else tokens
    if not tokens or len(tokens) > MAX_PHRASE_WORDS or not any(_novel(t, given) for t in tokens):
        return None
    return head.doc[tokens[0].i : tokens[-1].i + 1].text.strip(" ,")
