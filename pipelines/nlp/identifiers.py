"""Identifiers: the ids a text is about — invoice 1042, order #5531, sprint 14, room 4B, version 2.3,
INC-42, PO-7781, #118. They are part of a fact's subject, not values of it: "Invoice 1042 was paid on
March 3" and "Invoice 1043 was paid on March 5" read the same once their numbers are masked, and their
embeddings are nearly equal, yet they are two facts. So two texts naming different identifiers of one
kind (and none in common of that kind) are about different things: never duplicates, never one
superseding or contradicting the other, and a question naming one is answered from the memories that
name it.

An identifier is a number or code that a noun of identity introduces ("invoice", "ticket", "sprint",
"room", "version", "block", "level", and their German, Spanish and French words) or, for the parts of a
place or a team, a capital letter ("block A", "wing C"), a code of capitals and digits joined by a
hyphen (INC-42, JIRA-1234; one capital and one or two digits as a thing's code, "bar T-12"), a British
vehicle registration ("YX21 KDL"), capitals followed by three or more digits (PO7781), `#` and digits, `v`
and a dotted version, or a dotted number before "release", "version" or "build" ("the 3.1 release").
Its kind is the noun (or the code's prefix), so "sprint 14" and "room 14" do not meet; a code a noun
introduces is both ("Incident INC-88" is incident INC-88 and the code INC-88 a later note names alone).
A version something runs or is on ("staging runs version 2.3", "still on v4.1") is that thing's state, a
value a later note changes, and no identifier. A record of one month ("Electricity bill for April", "the
May rent") has its month (`period:MM`), and a periodic record due on a day ("Phone bill: £18.40, due 12
June") that day (`due:MM-DD`): the next month's bill is another bill, not a change of this one.
"""

from __future__ import annotations

import re
from itertools import pairwise

from pipelines.nlp.names import english_nouns

# The noun of identity → its kind. Plurals are matched too ("invoices 1042 and 1043" names 1042).
_KINDS = {
    "invoice": "invoice", "inv": "invoice", "rechnung": "invoice", "factura": "invoice", "facture": "invoice",
    "order": "order", "bestellung": "order", "auftrag": "order", "pedido": "order", "commande": "order",
    "purchase order": "po", "po": "po",
    "ticket": "ticket", "case": "case", "incident": "incident", "issue": "issue", "bug": "bug",
    "pr": "pr", "pull request": "pr", "merge request": "pr", "mr": "pr",
    "sprint": "sprint", "iteration": "sprint", "milestone": "milestone", "phase": "phase",
    "release": "release", "version": "version", "build": "build", "patch": "patch", "hotfix": "patch",
    "room": "room", "raum": "room", "zimmer": "room", "sala": "room", "salle": "room",
    "floor": "floor", "building": "building", "gate": "gate", "flight": "flight", "platform": "platform",
    "contract": "contract", "vertrag": "contract", "contrato": "contract", "contrat": "contract",
    "quote": "quote", "angebot": "quote", "receipt": "receipt", "shipment": "shipment",
    "tracking number": "shipment", "account": "account", "konto": "account", "cuenta": "account",
    "compte": "account", "job": "job", "batch": "batch", "lot": "lot", "sku": "sku", "item": "item",
    "unit": "unit", "apartment": "apartment", "apt": "apartment", "flat": "apartment", "suite": "suite",
    "table": "table",
    "chapter": "chapter", "section": "section", "lab": "lab", "ward": "ward", "bed": "bed",
    "route": "route", "bus": "bus", "line": "line", "week": "week", "quarter": "quarter",
    "project": "project", "policy": "policy", "claim": "claim", "patient": "patient", "case number": "case",
    "employee": "employee", "customer": "customer", "client": "customer", "vendor": "vendor",
    "store": "store", "branch": "branch", "site": "site", "server": "server", "host": "host",
    "cluster": "cluster", "node": "node", "rfc": "rfc", "adr": "adr", "story": "story", "epic": "epic",
    "task": "task", "request": "request", "change": "change", "cr": "change", "ref": "reference",
    "reference": "reference", "id": "id", "complaint": "complaint", "report": "report", "job card": "job",
    "work order": "order", "job sheet": "job", "asset": "asset", "asset tag": "asset",
    "booking": "booking", "reservation": "reservation", "requisition": "requisition", "req": "requisition",
    "vacancy": "vacancy", "permit": "permit", "licence": "licence", "license": "licence",
    "show": "show", "gig": "show", "matter": "matter", "appointment": "appointment",
    # Parts of a site or an organisation: "the level 3 slab", "block B", "tower 2", "shift 2".
    "block": "block", "wing": "wing", "tower": "tower", "level": "level", "zone": "zone", "bay": "bay",
    "hall": "hall", "terminal": "terminal", "stage": "stage", "plot": "plot", "pier": "pier", "dock": "dock",
    "shift": "shift", "team": "team", "core": "core", "haus": "building", "bloque": "block",
    "bâtiment": "building",
}  # fmt: skip
# Nouns of identity that are verbs as well: numbered only by a code ("Show S-118", "matter M-22104") or
# a number word ("show no. 4").
_ALSO_VERBS = {"show", "matter"}
_NOUN = "|".join(sorted((re.escape(k) for k in _KINDS), key=len, reverse=True))
_NUMBER_WORD = r"(?:\#|no\.?|nr\.?|num\.?|number|nummer|número|numéro|n[°º])"
# A value holds a digit: 1042, 4B, 2.3.1, A-17, 2025-031. Trailing punctuation is not part of it.
_VALUE = r"(?:[A-Za-z]{1,4}[-_/]?)?\d[\w\-/.]*"
_INTRODUCED = re.compile(
    rf"\b(?P<noun>{_NOUN})(?:e?s)?\b\.?\s*(?P<numbered>{_NUMBER_WORD}\s*)?[:#]?\s*(?P<value>{_VALUE})",
    re.IGNORECASE,
)
# A part named by one capital letter: "block A", "Building B", "wing C", "Terminal D". Only nouns that
# name parts of a place or a team; "option A" and "plan B" are choices between values, not things.
PART_NOUNS = frozenset({
    "block", "building", "wing", "tower", "hall", "zone", "bay", "site", "phase", "gate", "terminal",
    "unit", "section", "lot", "area", "stage", "plot", "core", "pier", "dock", "shift", "team", "ward",
    "lab", "room", "floor", "haus", "bloque", "bâtiment",
})  # fmt: skip
# Nouns a letter or a number labels, as parts are, that identify no fact (a sample moves from rack C to
# rack A and stays itself): "rack C. Wei owns it" ends a sentence at the letter's point all the same.
LABELLED_NOUNS = PART_NOUNS | {
    "rack", "shelf", "row", "bench", "level", "drawer", "cabinet", "locker", "bed", "platform", "door",
    "plan", "option", "group", "grade", "type", "vitamin", "box", "column", "tray",
}  # fmt: skip
_LETTERED = re.compile(rf"(?i:\b(?P<noun>{'|'.join(sorted(PART_NOUNS))}))\s+(?P<value>[A-Z])(?![\w'’.-]\w)")
# (one letter only before three digits or more: "sample S-104", not a grade's "A-1")
_HYPHEN_CODE = re.compile(r"\b(?P<prefix>[A-Z][A-Z0-9]{1,9}|[A-Z](?=-\d{3}))-(?P<value>\d[\w-]*)")
# One capital and one or two digits after a thing's noun: "Trapeze bar T-12", "pump P-3", "bars T-12 and
# T-15" — a thing's code as "S-118" is. Not a grade's, a type's or a rating's value ("Grade A-1", "type
# B-2"), which says how something is, not which it is.
_SHORT_CODE = re.compile(r"(?<![\w-])(?P<prefix>[A-Z])-(?P<value>\d{1,2})\b(?![-.,/:]\d)")
_WORD_BEFORE = re.compile(r"(?P<word>[A-Za-z]+)[ \t]+\Z")
_VALUE_WORDS = {
    "grade", "grades", "type", "types", "vitamin", "size", "tier", "class", "band", "rated", "rating",
    "scored", "score", "level", "category", "paper", "format", "model", "series", "version",
}  # fmt: skip
# A vehicle's registration of the British kind, two letters, two digits and three letters ("YX21 KDL",
# "Van YX21 KDM is due its MOT"): vans of one fleet are due on one day and read alike, yet are two vans.
_PLATE = re.compile(r"\b(?P<value>[A-Z]{2}\d{2})[ \t]?(?P<letters>[A-Z]{3})\b")
# A registration of letters only, as aircraft carry them ("G-DHKA", "EI-FKS", "D-KXYZ"): the one code that
# holds no digit; "X-RAY" and its like are words.
_REGISTRATION = re.compile(r"\b(?P<value>[A-Z]{1,2}-[A-Z]{3,4})\b(?!-)")
_NOT_REGISTRATIONS = {"x-ray", "t-rex", "b-roll", "t-bone", "u-turn", "e-mail", "k-pop"}
# A record numbered by its year and its place in that year: "Service 2026/41", "case 2025/118", "Job
# 2024/07". A lifeboat's services of one day read alike ("Service 2026/41: yacht with engine failure off
# Black Rock, 24 November", "Service 2026/42: …"), yet are two; the year before the slash keeps a day's
# "24/11" out.
_YEAR_NUMBERED = re.compile(
    r"\b(?P<noun>[A-Za-z][a-z]{2,})[ \t]+(?P<value>(?:19|20)\d\d/\d{1,4})\b(?![/.]\d)"
)
_CAPS_DIGITS = re.compile(r"\b(?P<prefix>[A-Z]{2,5})(?P<value>\d{3,})\b")
_HASH = re.compile(r"(?<![\w&])#(?P<value>\d{2,})\b")
# "v4.1", and an undotted "v2" of a draft, a proposal or a spec ("Sent proposal v2", "(v1)").
_VERSION = re.compile(r"(?<![\w.])v(?P<value>\d+(?:\.\d+)*)\b")
# A dotted number before the noun it numbers: "the mobile app 3.1 release", "the 2.4 build".
_NUMBERED_BEFORE = re.compile(
    r"(?<![\w.])(?P<value>\d+(?:\.\d+)+)\s+(?P<noun>release|version|build)s?\b", re.I
)
# A family or a household named by its surname: "The Pryce family's memorial cards were approved on 30
# November" and "The Greaves family's … on 2 December" are two families' cards, however alike the rest
# reads, and a question naming the Pryce family asks about theirs. (No person: "the Hughes family" is
# the family, as the extractor reads it.)
_FAMILY = re.compile(r"\b(?P<value>[A-Z][a-z]+(?:-[A-Z][a-z]+)?)[ \t]+(?:family|household)\b(?!-)")
# A group named by its age or its school year: "the under-14s", "Under-16s training", "our U12 team",
# "Year 6", "Grade 3". The under-14s' training and the under-16s' are two things, however alike the rest
# reads (not "under 20 minutes": a limit, no group).
_AGE_GROUP = re.compile(
    r"\b(?:(?i:under)-(?P<a>\d{1,2})s?|(?i:under)[ \t](?P<b>\d{1,2})s|U-?(?P<c>[5-9]|1\d|2[0-3])s?)\b"
)
_SCHOOL_YEAR = re.compile(r"\b(?P<noun>Year|Grade)[ \t]+(?P<value>\d{1,2})\b(?![.,:]\d)")
_QUARTER = re.compile(r"\bQ(?P<value>[1-4])(?:\s*(?P<year>(?:19|20)\d\d))?\b")
_YEARS = re.compile(r"^(?:19|20)\d\d$")
# A record that covers one month: "Electricity bill for April", "Rent for June", "the May electricity
# bill", "April's payroll", "the March 2026 invoice". Two such records of different months are two
# records (June's rent paid is not July's rent paid), however alike the rest reads, so the month is their
# identifier. A month with a day after it ("the invoice for May 3") is a date, not the month covered; the
# month names are capitalized, so "the rent may rise" names none.
_PERIODIC = (
    r"(?:bills?|invoices?|statements?|rent|payslips?|pay\s+slips?|salary|salaries|payroll|paychecks?|"
    r"reports?|newsletters?|budgets?|timesheets?|payments?|instal+ments?|fees|premiums?|mortgage|rota|"
    r"roster|timetable|schedule|forecast|accounts|figures|sales|returns?|minutes|retro|review|close|tax)"
)
_MONTHS_CAPITAL = (
    r"(?P<month>Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
# A record due on a day: "Phone bill from Skyline: £18.40, due 12 June" and "…: £21.10, due 12 July" are
# two bills, however alike the rest reads — a note that states a change of the day still replaces one
# ("The phone bill is now due 14 June": CHANGE_CROSSES).
_DUE_DAY = re.compile(
    rf"(?i:\b{_PERIODIC})\b(?:[^.;\n]|\.(?=\d)){{0,80}}?\b(?i:due|payable)\s+(?:on\s+|by\s+)?(?:the\s+)?"
    rf"(?:(?P<day>\d{{1,2}})(?:st|nd|rd|th)?(?:\s+of)?\s+{_MONTHS_CAPITAL}"
    rf"|{_MONTHS_CAPITAL.replace('month', 'month2')}\s+(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?)\b"
)
_PERIOD = re.compile(
    rf"(?i:\b{_PERIODIC})(?:\s+\w+)?\s+for\s+(?:the\s+month\s+of\s+)?{_MONTHS_CAPITAL}\b(?![ \t]*\d{{1,2}}\b)"
    rf"|\b{_MONTHS_CAPITAL.replace('month', 'month2')}(?:[ \t]+(?:19|20)\d\d)?(?:['’]s)?[ \t]+"
    rf"(?:[a-z]+[ \t]+)?(?i:{_PERIODIC})\b"
)
# "staging runs version 2.3", "the kiosks are still on v4.1": a version something runs or is on is the
# state of that thing, a value a later note may change ("now runs version 2.4"), not another thing.
_HELD = re.compile(
    r"\b(?:runs?|running|ran|uses?|using|used|(?:is|are|was|were|still|now)\s+on)\s+(?:the\s+)?$", re.I
)
# "invoices 1042 and 1043", "tickets #12, #13 & #14": the values after the first.
_MORE = re.compile(
    rf"\s*(?:,|/|&|\band\b|\bor\b|\bund\b|\by\b|\bet\b)\s*#?(?P<value>{_VALUE})", re.IGNORECASE
)
# "call the client 3 times", "line 2 people up": the number counts the next word, it names nothing.
_COUNTED = re.compile(
    r"\s+(?:times|days|hours|minutes|weeks|months|years|people|persons|percent|more|fewer|less|extra|"
    r"other|additional|new|of them)\b",
    re.IGNORECASE,
)


# A thing of a numbered fleet or set that no noun of identity above names: "Coach 14 passed its MOT",
# "hive 7's queen", "When did van 3 fail?", "keep freezer 3 switched off". Coach 14's MOT and coach 16's
# are two facts as invoice 1042's and 1043's are, so a common noun a number follows names a thing —
# except after a preposition of place, where it is where something is, a value a later note changes
# ("Yoga is in studio 1", "Sample S-104 moved from freezer 2 to freezer 4", "the lift on coach 9"). A
# question and a memory read alike, so a question naming "coach 16" finds each memory that names it so.
# Not a verb's count ("we need 38 seats", "bought 12"), an attribute's value ("size 10"), a time ("Owen
# 7:50 AM"), a date ("Starting 1 December"), a rating ("rated the canteen 2 out of 5"), a name's number
# inside a sentence ("runs Windows 11") or a count of the next word.
_PLACED = r"in|on|at|to|by|into|onto|from|near|behind|beside|inside|outside|past|through|across|under|over"
_PLACED_BEFORE = re.compile(rf"(?i:\b(?:{_PLACED})[ \t]+(?:(?:the|a|an|our|my|your|their)[ \t]+)?)\Z")
_SENTENCE_OPENS = re.compile(r"(?:\A|\n|[.!?:;][ \t]{1,2}|[•*–-][ \t]+)[ \t]*\Z")
_STREET = (
    r"(?:Street|St|Road|Rd|Lane|Avenue|Ave|Close|Way|Drive|Place|Square|Terrace|Crescent|Gardens|Grove|Row)\b"
)
_MONTH_WORD = r"(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
_NUMBERED_THING = re.compile(
    rf"\b(?P<noun>[A-Za-z][a-z]{{2,}})[ \t]+(?P<value>\d{{1,4}}[A-Za-z]?)(?P<own>['’]s\b)?"
    rf"(?![\w'’]|[.,:/–-]\w|\s*(?:%|°|[ap]\.?m\b|h\b|o['’]clock|out\s+of\b|of\s+\d|de\b|{_MONTH_WORD}\b)"
    rf"|\.[ \t]+[a-z]|[ \t]+[A-Z][a-z]+[ \t]+{_STREET})"
)
_VERB_AFTER = re.compile(r"[ \t]+[a-z]+s[ \t]+(?:the|a|an|its|his|her|their|our|my|\d)\b")
_NOT_THINGS = {
    # words before a number that are no noun: an order, an amount, a nearness ("the first 30")
    "first", "last", "next", "top", "other", "only", "final", "remaining", "extra", "further",
    "additional", "another", "whole", "full", "entire", "same", "previous", "following", "latest",
    "best", "worst", "about", "around", "over", "under", "nearly", "almost", "roughly", "approximately",
    "approx", "circa", "just", "some", "all", "least", "most", "more", "less", "than", "until", "till",
    "and", "the", "this", "that", "these", "those", "our", "your", "their", "its", "per", "plus",
    "minus", "also", "even", "still", "already", "now", "then", "times", "aged", "half", "quarter",
    "between", "from", "with", "into", "onto", "for", "every", "each", "any", "few", "many",
    "several", "within", "after", "before", "since", "during", "past", "were", "was", "are", "had",
    "has", "have", "did", "does", "will", "can", "could", "would", "should", "not", "been", "being",
    "got", "get", "gets", "took", "take", "takes", "made", "make", "makes", "sold", "paid", "won",
    "lost", "ran", "run", "runs", "seats", "sleeps", "holds", "fits", "needs", "wants", "cost", "costs",
    # an attribute's value, not a thing's number
    "size", "sizes", "age", "ages", "price", "score", "rating", "total", "count", "amount", "sum",
    "budget", "balance", "rate", "limit", "capacity", "temperature", "temp", "speed", "weight",
    "height", "width", "length", "depth", "volume", "distance", "mileage", "reading", "pressure",
    "dose", "grade", "type", "tier", "option", "plan", "choice", "vitamin", "year", "years", "day",
    "days", "hour", "hours", "minute", "minutes", "number", "numbers", "scale", "odds", "ratio",
    "mon", "monday", "tue", "tues", "tuesday", "wed", "wednesday", "thu", "thur", "thurs", "thursday",
    "fri", "friday", "sat", "saturday", "sun", "sunday", "jan", "january", "feb", "february", "mar",
    "march", "apr", "april", "may", "jun", "june", "jul", "july", "aug", "august", "sep", "sept",
    "september", "oct", "october", "nov", "november", "dec", "december", "noon", "midnight",
    # other languages' articles and hours ("a las 7", "um 9 Uhr", "alle ore 10")
    "las", "los", "les", "des", "der", "die", "das", "den", "dem", "une", "una", "uno", "het", "een",
    "ore", "uhr", "heures", "horas",
    # verbs whose past takes no "-ed" ("bought 12", "sent 3 back")
    "bought", "sent", "gave", "give", "ate", "wrote", "saw", "left", "kept", "keeps", "put", "puts",
    "set", "cut", "hit", "brought", "caught", "found", "told", "spent", "built", "held", "met", "drove",
    "rode", "flew", "grew", "threw", "drew", "fed", "led", "fell", "lent", "stood", "hung", "shot",
    "let", "owes", "owe", "scored", "seat", "sleep", "hold", "fit", "need", "want", "buy", "sell", "pay",
    "add", "adds", "used", "use", "uses", "says", "said", "ask", "asks", "call", "calls", "book",
    "books", "order", "orders", "fix", "fixes", "move", "moves", "bring", "send", "sends", "see",
    "like", "reach", "war", "above", "below",
}  # fmt: skip


def _thing_kind(noun: str) -> str:
    """A numbered thing's kind, the noun singular ("coaches 14 and 16" are coaches)."""
    noun = noun.lower()
    if noun.endswith(("ches", "shes", "xes", "sses")):
        return noun[:-2]
    return noun[:-1] if noun.endswith("s") and not noun.endswith(("ss", "us", "is")) else noun


_NEXT_WORDS = re.compile(r"\s+([a-z][a-z-]*)(?:\s+([a-z][a-z-]*))?")
_NOT_PLURALS = {"does", "goes", "was", "has", "this", "thus", "plus", "less", "yes", "always", "perhaps"}


def _counts_things(text: str, end: int) -> bool:
    """Whether a number is a count of the things a plural after it names ("order 200 gift boxes", "order
    12 pallets"), not a record's number ("order 200 from Acme", "sprint 14 retro")."""
    after = _NEXT_WORDS.match(text, end)
    if after is None:
        return False
    return any(
        word
        and len(word) >= 4
        and word.endswith("s")
        and not word.endswith(("ss", "us", "is"))
        and word not in _NOT_PLURALS
        for word in after.groups()
    )


_MONTH_NAMES = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
)  # fmt: skip
_MONTH = (
    r"(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
# A note that opens with its occasion and that occasion's day — a log or the minutes of one meeting:
# "Saturday shift, 7 March: 212 households served", "Volunteer committee, 3 March 2026.", "Standup
# Tuesday 4 March —". Two such notes of different days record different occasions, however alike the
# rest reads ("14 March: 198 households served"): the day identifies the occasion, as a number does an
# invoice. (A note stating a change still replaces one of another day: `conflict`'s `ignoring`.)
_WEEKDAY = r"(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?,?[ \t]+)?"
_MONTH_FIRST = f"{_MONTH.replace('month', 'month2')}[ \t]+{_DAY.replace('day', 'day2')}"
_DATE = rf"{_WEEKDAY}(?:{_DAY}[ \t]+{_MONTH}|{_MONTH_FIRST})(?:,?[ \t]+(?:19|20)\d\d)?[ \t]*"
_LABEL = r"[A-Z][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,5}?"
_OCCASION = re.compile(
    # "Saturday shift, 7 March: …", "Volunteer committee, 3 March 2026." (a comma before the day), or
    # "Standup Tuesday 4 March — …", "Minutes of 3 March: …", "7 March: …" (a colon or a dash after it)
    rf"\A\s*(?:{_LABEL},[ \t]+{_DATE}(?::|[.—–]|\s-\s|\n|$)"
    rf"|(?:{_LABEL}[ \t]+(?:(?:on|of|for)[ \t]+)?)?{_DATE.replace('(?P<', '(?P<x')}(?::|[—–]|\s-\s|\n))",
    re.IGNORECASE,
)


def occasion(text: str) -> str | None:
    """The month and day ("03-07") of the occasion a note opens with, if it opens so (`_OCCASION`)."""
    match = _OCCASION.match(text)
    if match is None:
        return None
    month = next(m for m in ("month", "month2", "xmonth", "xmonth2") if match.group(m))
    day = next(d for d in ("day", "day2", "xday", "xday2") if match.group(d))
    month, day = match.group(month).lower()[:3], int(match.group(day))
    number = next(i for i, name in enumerate(_MONTH_NAMES, start=1) if name.startswith(month))
    return f"{number:02d}-{day:02d}" if 1 <= day <= 31 else None


def kind_of(noun: str) -> str | None:
    """The kind of identifier a noun of identity introduces ("invoices" → "invoice"), if it is one."""
    noun = noun.lower()
    if noun in _KINDS:
        return _KINDS[noun]
    if not noun.endswith("s"):
        return None
    # ("batches", "boxes": the plural's "es")
    return _KINDS.get(noun[:-1]) or (_KINDS.get(noun[:-2]) if noun.endswith("es") else None)


def identifiers(text: str) -> set[str]:
    """Each identifier of `text` as "kind:value", both casefolded ("invoice:1042", "inc:42"), and the
    day of the occasion it opens with as "occasion:MM-DD"."""
    found = _read(text)[0]
    if (day := occasion(text)) is not None:
        found.add(f"occasion:{day}")
    return found


def own_identifiers(text: str) -> set[str]:
    """The identifiers of the record a text is about: the first it names ("Job J-2042: …"), not one it
    refers to after it ("Invoice TR-3391 … for job J-2042")."""
    spans = identifier_spans(text)
    if not spans:
        return set()
    start, end = min(spans)
    return identifiers(text[start:end])


def another_record(mine: set[str], other: set[str]) -> bool:
    """Whether two texts, by their own identifiers (`own_identifiers`), are about records of two kinds,
    whatever one says of the other: "Invoice RF-4411 … for booking AB-7732: £240, due 30 October" is the
    invoice's note, no changed date of "Ad booking AB-7732: 12 spots … in September"."""
    if not mine or not other or mine & other:
        return False
    # (kinds a noun names on both sides: "Changed my flight to EZY6027" is the flight of "Booked flight
    # EZY6023", its code read without a noun)
    nouns = set(_KINDS.values())
    here = {i.partition(":")[0] for i in mine} & nouns
    there = {i.partition(":")[0] for i in other} & nouns
    return bool(here and there) and not here & there


def identifier_spans(text: str) -> list[tuple[int, int]]:
    """Where `text` names its identifiers, as (start, end): "sprint 31", "INC-611"."""
    return _read(text)[1]


def _read(text: str) -> tuple[set[str], list[tuple[int, int]]]:
    found: set[str] = set()
    taken: list[tuple[int, int]] = []
    held: list[tuple[int, int]] = []

    def add(kind: str, value: str, span: tuple[int, int]) -> None:
        value = value.rstrip(".-/_").casefold()
        if kind in STATE_KINDS and _HELD.search(text, 0, span[0]):
            taken.append(span)  # a state's value: neither an identifier nor read again as one
            held.append(span)
            return
        if value and any(c.isdigit() for c in value):
            found.add(f"{kind}:{value}")
            taken.append(span)

    for match in _INTRODUCED.finditer(text):
        noun = " ".join(match.group("noun").lower().split())
        value, kind = match.group("value"), _KINDS[noun]
        # "the project 2025 budget": a year after a noun is not its number unless a number word says so
        # ("Rechnung Nr. 2041") or the noun is numbered by years ("release 2024").
        if _YEARS.match(value) and not match.group("numbered") and kind not in {"release", "version"}:
            continue
        if _COUNTED.match(text, match.end()) or (value.isdigit() and _counts_things(text, match.end())):
            continue
        if kind in _ALSO_VERBS and not match.group("numbered") and not value[:1].isalpha():
            continue  # "the figures show 12% growth", "it matters 2 ways": a verb; "Show S-118" is a record
        add(kind, value, match.span())
        # "Incident INC-88" is also the code INC-88, as a later note or a question may name it alone.
        if code := _HYPHEN_CODE.fullmatch(value.rstrip(".-/_")):
            add(_KINDS.get(code["prefix"].casefold(), code["prefix"].casefold()), code["value"], match.span())
        end = match.end()
        while more := _MORE.match(text, end):
            add(kind, more.group("value"), more.span())
            end = more.end()
    for kind, value, span in _numbered_things(text, taken):
        add(kind, value, span)
    for match in _YEAR_NUMBERED.finditer(text):
        noun = match.group("noun").lower()
        if not any(a <= match.start() < b for a, b in taken) and noun not in _NOT_THINGS | LABELLED_NOUNS:
            add(kind_of(noun) or _thing_kind(noun), match.group("value"), match.span())
    for match in _LETTERED.finditer(text):
        kind = _KINDS.get(match.group("noun").lower(), match.group("noun").lower())
        found.add(f"{kind}:{match.group('value').casefold()}")
        taken.append(match.span())
    for pattern in (_HYPHEN_CODE, _CAPS_DIGITS):
        for match in pattern.finditer(text):
            if not any(a <= match.start() < b for a, b in taken):
                prefix = match.group("prefix").casefold()
                add(_KINDS.get(prefix, prefix), match.group("value"), match.span())
    for match in _SHORT_CODE.finditer(text):
        before = _WORD_BEFORE.search(text, 0, match.start())
        if not any(a <= match.start() < b for a, b in taken) and not (
            before and before.group("word").lower() in _VALUE_WORDS
        ):
            add(match.group("prefix").casefold(), match.group("value"), match.span())
    for match in _PLATE.finditer(text):
        if not any(a <= match.start() < b for a, b in taken):
            found.add(f"registration:{(match.group('value') + match.group('letters')).casefold()}")
            taken.append(match.span())
    for match in _REGISTRATION.finditer(text):
        value = match.group("value").casefold()
        if value not in _NOT_REGISTRATIONS and not any(a <= match.start() < b for a, b in taken):
            found.add(f"registration:{value}")
            taken.append(match.span())
    for match in _HASH.finditer(text):
        if not any(a <= match.start() < b for a, b in taken):
            add("#", match.group("value"), match.span())
    for match in _VERSION.finditer(text):
        if not any(a <= match.start() < b for a, b in taken):
            add("version", match.group("value"), match.span())
    for match in _NUMBERED_BEFORE.finditer(text):
        if not any(a <= match.start() < b for a, b in taken):
            add(_KINDS[match.group("noun").lower()], match.group("value"), match.span())
    for match in _PERIOD.finditer(text):
        month = (match.group("month") or match.group("month2")).lower()[:3]
        add("period", f"{1 + [m[:3] for m in _MONTH_NAMES].index(month):02d}", match.span())
    for match in _DUE_DAY.finditer(text):
        month = (match.group("month") or match.group("month2")).lower()[:3]
        day = int(match.group("day") or match.group("day2"))
        add("due", f"{1 + [m[:3] for m in _MONTH_NAMES].index(month):02d}-{day:02d}", match.span())
    for match in _FAMILY.finditer(text):
        if match.start() == 0 or text[match.start() - 1] in " \t(":
            found.add(f"family:{match.group('value').casefold()}")
            taken.append(match.span())
    for match in _AGE_GROUP.finditer(text):
        add("age", match.group("a") or match.group("b") or match.group("c"), match.span())
    for match in _SCHOOL_YEAR.finditer(text):
        if not any(a <= match.start() < b for a, b in taken):
            add(match.group("noun").lower(), match.group("value"), match.span())
    for match in _QUARTER.finditer(text):
        year = f"-{match.group('year')}" if match.group("year") else ""
        add("quarter", match.group("value") + year, match.span())
    return found, [span for span in taken if span not in held]


def _numbered_things(text: str, taken: list[tuple[int, int]]) -> list[tuple[str, str, tuple[int, int]]]:
    """The things of a numbered fleet or set a text names (`_NUMBERED_THING`), as (kind, value, span),
    less those the text also places something in: "Sample S-104 moved from freezer 2 to freezer 4,
    because freezer 2 is being defrosted" names freezer 2 as a place, as the sample's value."""
    found: list[tuple[str, str, tuple[int, int]]] = []
    placed: set[tuple[str, str]] = set()
    for match in _NUMBERED_THING.finditer(text):
        noun, value = match.group("noun"), match.group("value")
        if any(a <= match.start() < b for a, b in taken) or noun.lower() in _NOT_THINGS | LABELLED_NOUNS:
            continue
        if (len(noun) >= 6 and noun.endswith("ed")) or (len(noun) >= 5 and noun.endswith("ing")):
            continue  # a verb's: "answered 503", "booked 12", "adding 3"
        kind = _thing_kind(noun)
        before = text[max(0, match.start() - 16) : match.start()]
        if _PLACED_BEFORE.search(before):
            placed.add((kind, value.casefold()))
            continue
        opens = _SENTENCE_OPENS.search(before) is not None and (
            match.start() <= 16 or "\n" in before or before.rstrip()[-1:] in ".!?:;•*–-"
        )
        # (a capital inside a sentence is a name's: "Windows 11", "Python 3" — a product's version; and
        # so is one a capital follows: "Channel 4 News", "Radio 6 Music")
        if noun[0].isupper() and (not opens or re.match(r"[ \t]+[A-Z][a-z]", text[match.end() :])):
            continue
        if kind_of(noun) or _YEARS.match(value) or _COUNTED.match(text, match.end()):
            continue
        if kind not in english_nouns() or kind in LABELLED_NOUNS:
            continue  # (another language's word: "el autocar 7", "kommer 12. november", "vom 9. April")
        # (the subject's verb is no plural it counts: "Van 3 needs 2 new tyres", "Coach 14 passes its MOT")
        verb = _VERB_AFTER.match(text, match.end()) is not None
        if not match.group("own") and not verb and value.isdigit() and _counts_things(text, match.end()):
            continue
        found.append((kind, value, match.span()))
    return [(kind, value, span) for kind, value, span in found if (kind, value.casefold()) not in placed]


# Kinds that number a thing's state rather than the thing: "staging now runs version 2.4" restates what
# "staging runs version 2.3" said, where "invoice 1043" is another invoice than "invoice 1042".
STATE_KINDS = frozenset({"version", "release", "build"})
# What a stated change may cross: a version it changes, and the day of the note's occasion ("Weekly sync,
# 11 March: the topping-out slipped to 3 April" replaces what the 4 March sync said of it).
CHANGE_CROSSES = STATE_KINDS | {"occasion", "due"}
# Kinds that tell two records apart only when they share no other identifier.
WEAK_KINDS = frozenset({"due"})


def conflict(
    ours: set[str] | list[str] | None,
    theirs: set[str] | list[str] | None,
    ignoring: frozenset[str] = frozenset(),
) -> str | None:
    """How two texts' identifiers show them to be about different things — a kind both name, with no value
    in common ("invoice 1042 here, 1043 there") — or None when they do not. Kinds in `ignoring` do not
    count (CHANGE_CROSSES, for a text that states a change)."""
    if not ours or not theirs:
        return None
    mine, other = _by_kind(ours), _by_kind(theirs)
    # A due day tells records apart only when nothing else does: "Invoice 1042 is due on March 24" is
    # invoice 1042, due on another day than it was.
    if any(mine[k] & other[k] for k in mine.keys() & other.keys() - WEAK_KINDS):
        ignoring = ignoring | WEAK_KINDS
    for kind in sorted(mine.keys() & other.keys() - ignoring):
        if not mine[kind] & other[kind]:
            here, there = ", ".join(sorted(mine[kind])), ", ".join(sorted(other[kind]))
            return f"different {kind}: {here} here, {there} there"
    return None


def _by_kind(ids: set[str] | list[str]) -> dict[str, set[str]]:
    kinds: dict[str, set[str]] = {}
    for item in ids:
        kind, _, value = item.partition(":")
        kinds.setdefault(kind, set()).add(value)
    return kinds


# --- kinds of one thing ------------------------------------------------------------------------------
# A word before a noun can name which of its kinds a sentence is about, as an identifier names which
# record: "An adult swim costs £5" and "A junior swim is now £3" price two things, "The bakery opens at 7am
# on Mondays" and "… at 9am on Sundays" give two days' hours. Such pairs are different facts: never one
# superseding or contradicting the other.

_WORDS = re.compile(r"[A-Za-z][a-z]*(?:-[a-z]+)*")
# Words before a noun that say how it is now, not which of its kinds: a change keeps its thing ("the new
# van", "the old supplier"), and a count or a size says nothing of kind.
_NOT_KINDS = {
    "new", "old", "current", "previous", "former", "latest", "usual", "present", "existing", "original",
    "updated", "revised", "same", "other", "main", "next", "last", "first", "extra", "more", "less", "each",
    "every", "per", "all", "both", "full", "whole", "one", "two", "three", "four", "five", "six", "many",
    "few", "several", "own", "now", "still", "also", "only", "just", "then", "here", "there", "our", "their",
    "your", "its", "his", "her", "my",
}  # fmt: skip
_LY_KINDS = {
    "family", "assembly", "supply", "jelly", "rally", "belly", "lily", "holly", "ally", "daily", "weekly",
    "monthly", "yearly", "quarterly", "early", "nightly", "fortnightly",
}  # fmt: skip
# The words that set kinds of one thing apart: who it is for, its size or grade, its time or its term
# ("an adult swim", "a large seed tray", "an evening class", "a private lesson"). Two things named by
# any other words before one noun are one thing said two ways ("Piano tuning costs £70", then "A
# standard tuning is now £75": a change, not two kinds).
_CONTRAST_KINDS = {
    "adult", "child", "children", "kid", "junior", "senior", "student", "concession", "family", "infant",
    "baby", "toddler", "teen", "teenager", "youth", "member", "non-member", "guest", "visitor", "resident",
    "standard", "large", "small", "medium", "mini", "regular", "single", "double", "twin", "triple", "half",
    "day", "night", "weekday", "weekend", "peak", "off-peak", "morning", "afternoon", "evening", "early",
    "late", "express", "premium", "deluxe", "basic", "economy", "luxury", "group", "private", "shared",
    "individual", "return", "one-way", "annual", "monthly", "weekly", "daily", "indoor", "outdoor",
    "summer", "winter", "spring", "autumn", "beginner", "intermediate", "advanced", "short", "long",
}  # fmt: skip
_WEEKDAY_WORDS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# The days a sentence holds as a thing's kind: every such day ("on Tuesdays", "every Tuesday"), or the
# day before a noun ("Wednesday opening", "the Sunday service") — not a date ("on Friday", "by Friday").
_RECURRING_DAY = re.compile(
    r"\b(?:(?P<plural>(?i:mon|tues|wednes|thurs|fri|satur|sun)days)\b|(?i:every)\s+(?P<every>(?i:mon|tues|"
    r"wednes|thurs|fri|satur|sun)day)\b|(?P<before>(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day)\s+(?=[a-z]{3,}))"
)
_NOT_NOUNS = {"morning", "afternoon", "evening", "night", "and", "or", "to", "at", "from", "until", "till"}


# The days a week's part holds ("opens at 7am on weekdays", "every weekend"): each day of it, so "on
# Saturdays" is apart from "on weekdays" as from "on Mondays".
_WEEK_PARTS = re.compile(r"\b(?i:(?:on|at|every|over|most)\s+(?:the\s+)?)?(?P<part>(?i:weekday|weekend))s?\b")
_PART_DAYS = {
    "weekday": {"monday", "tuesday", "wednesday", "thursday", "friday"},
    "weekend": {"saturday", "sunday"},
}


def _days(text: str) -> set[str]:
    found = {day for m in _WEEK_PARTS.finditer(text) for day in _PART_DAYS[m["part"].lower()]}
    for match in _RECURRING_DAY.finditer(text):
        if match["before"]:
            after = text[match.end() :].split(maxsplit=1)
            if not after or after[0].lower().strip(".,;:") in _NOT_NOUNS or after[0].isdigit():
                continue  # "Friday morning", "Monday and Tuesday": a day, not a kind
        day = (match["plural"] or match["every"] or match["before"]).lower().rstrip("s")
        found.add(day if day.endswith("day") else day + "day")
    return found


# An hour or an amount the days qualify ("opens at 7am on Mondays", "£4 on Sundays"); a sentence of a
# day alone gives the day as its value ("Yoga now runs on Thursdays" changes "Yoga runs every Tuesday"),
# and one that moves a thing says so ("moved from Mondays to Thursdays").
_TIMED = re.compile(r"\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b|[£$€]\s?\d", re.I)
_MOVED = re.compile(
    r"\b(?:move[sd]?|moving|instead|no\s+longer|switch(?:ed|es)?|replac(?:e|ed|es|ing)|rather)\b", re.I
)


_ONLY = re.compile(r"\bonly\b", re.I)


def _values(text: str) -> set[str]:
    """The hours and amounts a sentence gives ("7am", "£5"), spaces aside."""
    return {re.sub(r"\s", "", m.group(0).lower()) for m in _TIMED.finditer(text)}


def _days_apart(a: str, b: str, asked: bool = False) -> bool:
    """Whether two sentences give other days' hours or amounts: the days each holds as its thing's, none
    in common, and other values for them ("opens at 7am on Mondays", "will open at 9am on Sundays").
    The same value on another day is the day changed ("Yoga starts at 9am on Sundays" against "… on
    Mondays"). `asked`: `a` is a question, which needs no value of its own ("When does the shop open on
    Tuesdays?")."""
    days_a, days_b = _days(a), _days(b)
    if not days_a or not days_b or days_a & days_b or _MOVED.search(a) or _MOVED.search(b):
        return False
    values_a, values_b = _values(a), _values(b)
    return bool(values_b) and (bool(values_a) or asked) and not values_a & values_b


def _other_kind(a: str, kinds_a: dict[str, set[str]], b: str) -> str | None:
    """The noun `b` gives a value for another kind of than `kinds_a` (`a`'s) names, neither's kind word
    anywhere in the other."""
    if _ONLY.search(b) or not _values(b):
        return None  # "visitors use red torches only": the one kind allowed, which another contradicts
    kinds_b = _kinds(b)
    words_a, words_b = _words_of(a), _words_of(b)
    for noun in kinds_a.keys() & kinds_b.keys():
        ours, theirs = kinds_a[noun], kinds_b[noun]
        if not (_contrasting(ours) and _contrasting(theirs)):
            continue  # ("piano tuning", "standard tuning": one tuning)
        if not ours & theirs and not ours & words_b and not theirs & words_a:
            return f"other kinds: {'/'.join(sorted(ours))} and {'/'.join(sorted(theirs))} {noun}"
    return None


# A length written before a noun is a kind of it too: "a one-hour lesson" and "a group lesson", "a
# 30-minute slot" and "a two-hour slot" are priced apart.
_LENGTH_KIND = re.compile(
    r"(?:\d+|one|two|three|four|five|six|eight|ten|twelve|half|full)-(?:hour|minute|min|day|week|night|month)"
)


def _contrasting(kinds: set[str]) -> bool:
    return bool(kinds & _CONTRAST_KINDS) or any(_LENGTH_KIND.fullmatch(kind) for kind in kinds)


def _words_of(text: str) -> set[str]:
    return {_stem(m.group(0)) for m in _WORDS.finditer(text)}


def _stem(word: str) -> str:
    word = word.lower()
    if word.endswith(("ches", "shes", "xes", "sses")):
        return word[:-2]  # "torches", "boxes"
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _kinds(text: str) -> dict[str, set[str]]:
    """Each noun's kinds as the text writes them: the lower-case word right before it (the first word of
    the sentence too, its capital aside), not a stop word nor one of `_NOT_KINDS`."""
    from spacy.lang.en.stop_words import STOP_WORDS

    words = [(m.group(0), m.start()) for m in _WORDS.finditer(text)]
    found: dict[str, set[str]] = {}
    for (before, at), (word, _) in pairwise(words):
        lowered = before.lower()
        if (before[0].isupper() and at > 0) or word[0].isupper():
            continue  # a name's word ("Kilmore Ice Co"), not a kind
        adverb = lowered.endswith("ly") and lowered not in _LY_KINDS  # "usually opens", not "family swim"
        if lowered in STOP_WORDS or lowered in _NOT_KINDS or len(lowered) < 3 or adverb:
            continue
        if lowered in _WEEKDAY_WORDS or word.lower() in STOP_WORDS:
            continue
        found.setdefault(_stem(word), set()).add(_stem(lowered))
    return found


def kinds_apart(a: str, b: str) -> str | None:
    """Why two sentences are about different kinds of one thing, if they are: each giving a value (an
    amount, an hour) for the same noun after different words, neither's word anywhere in the other ("An
    adult swim costs £5", "A junior swim is now £3"), or other values for other days ("opens at 7am on
    Mondays", "will open at 9am on Sundays"). Without a value the kind is what is said: "We decided to
    serve vegetable soup" contradicts "We decided to serve tomato soup"."""
    if _days_apart(a, b):
        return f"other days: {', '.join(sorted(_days(a)))} and {', '.join(sorted(_days(b)))}"
    if _ONLY.search(a) or not _values(a):
        return None
    return _other_kind(a, _kinds(a), b)


def another_kind_asked(question: str, nouns: list[str], text: str) -> bool:
    """Whether a memory gives a value for another kind of what a question asks for than the kind it
    names, and says nothing of that one: "A family ticket costs £30" for "How much is an adult ticket?",
    "… at 10am on Saturdays" for "When does the shop open on Tuesdays?". `nouns`: the question's nouns,
    as its parse tags them (only a noun's kind counts: "does the shop open" asks for no kind of opening).
    A memory giving no value is kept: "We decided to serve tomato soup" is what "We decided to serve
    vegetable soup", read as a question by check, contradicts."""
    if _days_apart(question, text, asked=True):
        return True
    stems = {_stem(noun) for noun in nouns}
    asked = {noun: kinds for noun, kinds in _kinds(question).items() if noun in stems}
    return bool(asked) and _other_kind(question, asked, text) is not None
