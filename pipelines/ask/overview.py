"""Overview questions, answered from the graph (`cypher/answer/about.cypher`): who was involved with a
subject, a subject's timeline, and how many memories of a kind there were; each item cites its memory.
Ask tries these after the action-item and decision intents (`structured.py`) and before text retrieval,
which answers whenever these find nothing.

Intents, read from the question's words:
- involved: "Who was involved with Northwind Traders?", "Who worked on the scanner rollout?", "Who
  attended the kickoff?", "Which people took part in the audit?". The people the subject's memories
  mention, those in the most memories first.
- timeline: "Timeline of the scanner rollout", "What happened with Northwind?", "How did the migration
  go?", "History of the pricing page". The subject's memories, oldest first, each with its date.
- count: "How many incidents were there in April?", "How many meetings did we have with Globex?". The
  memories of a kind (incidents, outages, bugs and problems are `issue` notes, incidents and outages
  only those saying something broke: "failed", "was down", "outage", "INC-"…; meetings, calls and syncs
  `meeting` notes; ideas; questions; notes and memories of any kind; records a note is one of — "How many
  orders did we place in May?", one per identifier of the kind), counted and listed.
- owner: "Who owns vendor contracts?", "Who is responsible for the pricing page?", "Who leads the Atlas
  migration?", "Who is the Kestrel Bank account owner?". The people the subject's memories say hold it
  (`pipelines/nlp/changes.py::holders`: "Dmitri owns…", "handed … over to Dmitri", "Amara replaced Tomás
  as…", "owned by…"), the latest first: the current holder, then those before; when no memory says so,
  the owners of the subject's action items.

The subject is what the question names: the organizations and people in it (their memories, from the
entity indexes), and its other content words, all of which a memory's text must hold ("scanner
rollout": scanner and rollout). A period the question names ("in April", "in 2025") narrows by the
memory's time, as for decisions. A question naming an identifier ("invoice 1042") keeps to the memories naming
it. A question with no subject, or one whose subject nothing holds, gets no overview answer.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from graph import answers as repo
from graph import search as search_repo
from graph.filters import NO_FILTER, MemoryFilter, resolved
from graph.search import root
from pipelines.ask.compose import Composition
from pipelines.ask.retrieve import Question, search
from pipelines.ask.structured import citing, counted, joined_names, period_bounds
from pipelines.nlp.changes import AGENT_ROLE, former_values, holders
from pipelines.nlp.extract import SpacyExtractor
from pipelines.nlp.identifiers import LABELLED_NOUNS, PART_NOUNS, identifiers, kind_of
from pipelines.nlp.names import name_key, variant_key
from pipelines.nlp.summary import split_sentences
from pipelines.runtime.clock import from_ms, to_ms
from pipelines.runtime.service import Services

_INVOLVED = re.compile(
    r"\b(?:who|which people|which of us)\b.*\b(?:involved|work(?:ed|s|ing)? (?:on|with)|took part|take part"
    r"|participated|attended|(?:was|were) (?:at|on) the|helped (?:with|on)|contributed)\b",
    re.IGNORECASE,
)
_TIMELINE = re.compile(
    # "What happened to John's job?" asks for one event, which text retrieval answers; "what happened with
    # the migration" for the story.
    r"\btimeline\b|\bhistory of\b|\bchronolog\w*|\bwhat (?:has )?happened (?:with|about)\b"
    r"|\bhow did .+ (?:go|develop|evolve|progress|unfold)\b",
    re.IGNORECASE,
)
_OWNER = re.compile(
    r"^\W*who(?:'s|\s+is|\s+are|\s+was|\s+will|\s+now)?\b.*?\b(?:owns?|owner|lead(?:s|ing)?|leader|runs"
    r"|manages|handles|heads|head of|in charge of|responsible for|accountable for|point of contact"
    r"|coordinates|supervises|oversees|chairs|looks after|maintains|approves|signs off|authori[sz]es"
    r"|took over|taking over|takes over|(?:took|takes|taken|taking) charge of"
    r"|coaches|teaches|organi[sz]es|directs|is directing|decides"
    r"|deals with)\b",
    re.IGNORECASE,
)
# Who does something now, whatever the verb: "Who packs the Tuesday boxes now?", "Who currently does the
# stove installations?" ask the current holder beside those before, as "Who runs …" does.
_OWNER_NOW = re.compile(
    r"^\W*who\s+(?:now\s+|currently\s+)?(?!is\b|was\b|are\b|were\b|has\b|had\b|did\b)"
    r"[a-z]+(?:s|es)\b(?=.*\b(?:now|currently|these days|at the moment)\b)",
    re.IGNORECASE,
)
# The role itself: "Who is the hiring manager for the Halden roles?", "Who's our buyer at Fenwick Bikes?"
_OWNER_ROLE = re.compile(
    rf"^\W*who(?:'s|\s+is|\s+was|\s+will\s+be)\s+(?:now\s+)?(?:the|our|their|its|my)\s+(?:new\s+|current\s+)?"
    rf"(?:[\w-]+\s+){{0,2}}?{AGENT_ROLE}s?\b",
    re.IGNORECASE,
)
# Kinds of identifier that number a place's or a timetable's parts, not records a note is one of.
_PLACES_AND_PARTS = (
    PART_NOUNS | LABELLED_NOUNS | {"apartment", "suite", "table", "line", "bus", "route", "week", "quarter"}
)
# "How many tickets is order TO-1188?", "How many people were on flight BA-117?" (not "How many tickets
# were raised for INC-42?", a count)
_QUANTITY_OF_RECORD = re.compile(
    r"^\W*how many\s+\w+(?:\s+\w+)?\s+(?:is|are|was|were|does|did|has|had)\b(?!\s+\w+ed\b)", re.I
)
_COUNT = re.compile(r"^\W*how many\s+(\w+)(?:\s+(\w+))?", re.IGNORECASE)
_AUXILIARIES = {"does", "was", "has", "is", "were", "are", "have"}
# The kinds of memory a count can be of: the noun's stem → its triage type (None: any memory).
_KINDS: dict[str, str | None] = {
    "incident": "issue", "outag": "issue", "issu": "issue", "bug": "issue", "problem": "issue",
    "meet": "meeting", "call": "meeting", "sync": "meeting", "standup": "meeting",
    "idea": "idea", "question": "question", "note": None, "memori": None, "memory": None,
}  # fmt: skip
# What makes an `issue` note an incident or an outage: something broke. A ticket about a wrong number, or
# someone blocked on credentials, is an issue and no incident (counted for "bugs", "issues", "problems").
_BROKE = [
    "incident", "outage", "was down", "is down", "were down", "went down", "failed", "failure", "failing",
    "crash", "broke", "broken", "unavailable", "degraded", "inc-", "error", "timed out", "timeout",
    "offline", "data loss", "breach", "störung", "ausfall", "unterbrochen", "incidencia", "caída", "panne",
]  # fmt: skip
# How an incident report opens, in the languages of the notes ("INC-352: …", "Störung INC-354: …"): such
# a memory is an incident whatever the triage made of it (a report of what was fixed reads as an update).
_INCIDENT_OPENINGS = ("inc-", "incident", "outage", "störung", "ausfall", "incidencia", "incidente", "panne")
# What makes a memory a meeting's: its words ("call", "sync", "Besprechung"; the triage alone calls "Oskar
# paid the invoice" a meeting), and how a meeting's notes open, in the languages of the notes: such a
# memory is a meeting whatever the triage made of it ("Call with Amara Okafor about the renewal. She
# wants the proposal…" reads as an action to it).
_MEETING_OPENINGS = (
    "meeting with", "meeting notes", "call with", "call notes", "sync with", "weekly sync", "standup",
    "stand-up", "kickoff", "kick-off", "retro", "minutes of", "1:1", "one-on-one", "reunión", "besprechung",
    "réunion", "compte rendu", "riunione", "reunião", "point hebdo", "protokoll", "sitzung", "acta de",
    "steering committee", "minutes,",
)  # fmt: skip
_MEETING_WORDS = (
    *_MEETING_OPENINGS, "meeting", "met with", "call", "sync", "workshop", "review", "demo", "minutes",
    "attendees", "present:",
)  # fmt: skip
# Records one note each makes of a thing that happened or was sent ("How many orders did we place in
# May?", "How many complaints did Acme send?"): counted from the memories whose words name the kind, one
# per identifier ("Order #88213 arrived, but the kettle was cracked" is the order #88213 counted already).
# Only nouns of records: "How many rooms does the flat have?" counts nothing a memory is one of.
_RECORDS: dict[str, tuple[str, ...]] = {
    "order": ("order",), "invoic": ("invoice",), "bill": ("bill",), "payment": ("payment", "paid"),
    "ticket": ("ticket",), "deliver": ("deliver",), "shipment": ("shipment", "shipped"),
    "booking": ("booking", "booked"), "reservation": ("reserv",), "appointment": ("appointment",),
    "visit": ("visit",), "complaint": ("complain",), "claim": ("claim",), "refund": ("refund",),
    "inspection": ("inspect",), "application": ("applica", "applied"), "quot": ("quote",),
    "receipt": ("receipt",), "interview": ("interview",), "purchas": ("purchas", "bought"),
    "report": ("report",),
}  # fmt: skip
_OPENINGS = {kind: _MEETING_OPENINGS for kind, triage in _KINDS.items() if triage == "meeting"}
_OPENINGS |= {"incident": _INCIDENT_OPENINGS, "outag": _INCIDENT_OPENINGS}
_BROKE_EVIDENCE = tuple(_BROKE)
_EVIDENCE = {"incident": _BROKE_EVIDENCE, "outag": _BROKE_EVIDENCE}
_EVIDENCE |= {kind: tuple(_MEETING_WORDS) for kind, triage in _KINDS.items() if triage == "meeting"}
# "failed the load tests", "failed review": a check not passed, where "the import failed" broke.
_NOT_PASSED = re.compile(
    r"\bfail(?:ed|s|ing)?\s+(?:the\s+|its\s+|our\s+)?(?:\w+\s+)?(?:tests?|checks?|review|audit|qa|validation)\b",
    re.IGNORECASE,
)


def _broke(content: str) -> bool:
    """Whether a memory says something broke: one of the incident words, once a failed test is not read."""
    text = _NOT_PASSED.sub(" ", content.lower())
    return any(word in text for word in _BROKE)


# Words that frame an overview question rather than name its subject.
_FRAME = {
    "who", "which", "people", "person", "involve", "involved", "work", "worked", "working", "part",
    "participate", "participated", "attend", "attended", "join", "joined", "help", "helped", "contribute",
    "contributed", "timeline", "history", "chronology", "chronological", "happen", "happened", "go", "went",
    "develop", "evolve", "progress", "unfold", "many", "much", "time", "times", "total", "far", "so",
    "there", "thing", "things", "everything", "anything", "lot", "last", "this", "next", "year", "month",
    "week", "day",
}  # fmt: skip
_OWNER_FRAME = {
    "own", "owns", "owner", "lead", "leads", "leading", "leader", "run", "runs", "manage", "manages",
    "handle", "handles", "head", "heads", "charge", "responsible", "accountable", "contact", "point", "took",
    "take", "takes", "taking", "new", "current", "now",
}  # fmt: skip
_MONTHS = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
}  # fmt: skip
# Stems a subject's word is also written as: a launch is as often said to ship, be released or go live
# ("Project Orion ships the new API in May" is on the timeline of the Orion API launch). A memory holds
# each topic word or one of these.
_ALIKE = {
    "launch": ["launch", "ship", "releas", "go live", "goes live", "went live", "rollout", "roll out"],
    "releas": ["releas", "launch", "ship"],
    "rollout": ["rollout", "roll out", "launch", "releas"],
    # "What happened with our compost supplier?": the notes say who supplies it, not "supplier" ("is
    # delivered by GreenCycle Organics", "now comes from Hillside Soil Co.", "we buy it from …")
    **{
        key: [
            "supplier",
            "suppl",
            "provid",
            "vendor",
            "deliver",
            "comes from",
            "come from",
            "buy ",
            "bought ",
            # ("We get our flue liners from Pennine Flue Supplies", "sourced from a farm in Kent")
            "get ",
            "gets ",
            "got ",
            "sourc",
        ]
        for key in ("supplier", "provider", "vendor")
    },
}
_ROLES = {"supplier", "provider", "vendor"}
# A run of capitalised words: a name ("Summit Supply", "Northgate Cycle Supplies") or a sentence's first.
_CAPITALISED_RUN = re.compile(r"\b[A-Z][\w&'’-]*(?:\s+(?:&\s+)?[A-Z][\w&'’-]*)*")


def _says_the_role(content: str, roles: set[str]) -> bool:
    """Whether a memory says who provides the thing, outside the names it holds: "Our chalk comes from
    Summit Supply" does; "Invoice SS-2207 from Summit Supply for 40 kg of chalk" holds "suppl" only in the
    company's name, a transaction with the supplier, not who the supplier is."""
    plain = _CAPITALISED_RUN.sub(" ", content).lower()
    return any(alike in plain for role in roles for alike in _ALIKE[role])


CHAIN_TRIED, CHAIN_SHARE = 3, 0.9  # a timeline in other words: the first of these, this close, with a chain
MAX_LISTED = 12  # items a timeline or a count lists; the count itself is exact up to MAX_COUNTED
MAX_COUNTED = 500


@dataclass(frozen=True)
class Overview:
    kind: str  # "involved", "timeline", "count" or "owner"
    triage_type: str | None = None  # count: the kind of memory counted
    noun: str = "memory"  # count: the question's word for it ("incidents")
    evidence: tuple[str, ...] = ()  # count: one of these words must be in the memory ("failed")
    openings: tuple[str, ...] = ()  # count: a memory opening so is of the kind whatever its triage type
    numbered: str | None = None  # count: only memories naming an identifier of this kind are records
    # count: only memories writing this noun before a code are records ("Loan L-4471: …"), for a noun no
    # list of identity knows
    numbered_by: str | None = None
    # count: only memories opening with the noun and its number are records ("Lot 214: a Victorian
    # walnut writing box …", "Lot 198 sold …"), for a noun that also names a part or a place ("lot")
    headed: bool = False
    # owner: asked by the role alone ("Who is the hiring manager …?"): answered here only where the
    # holder changed (two holders or more); one holder is retrieval's to answer, as any other fact
    role: bool = False

    def __str__(self) -> str:
        return {"involved": "who was involved", "timeline": "timeline", "owner": "who holds it"}.get(
            self.kind, f"count of {self.noun}"
        )


def _plural(noun: str) -> bool:
    """Whether a counted word is written as a plural: "bookings", not "class" of "How many class bookings
    do we have?" (a word of kind before the noun counted), "status" or "analysis"."""
    return noun.endswith("s") and not noun.endswith(("ss", "us", "is"))


def _singular(noun: str) -> str:
    """A counted plural's singular, as a record's code names it: "classes" → "class", "entries" →
    "entry" (not "entrie": "Entry E-311: …" is one), "loans" → "loan"."""
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    return noun[:-2] if noun.endswith(("sses", "ches", "shes", "xes")) else noun[:-1]


def overview_of(text: str) -> Overview | None:
    if _QUANTITY_OF_RECORD.search(text) and identifiers(text):
        return None  # "How many tickets is order TO-1188?": the number a record states, no count
    if match := _COUNT.search(text):
        # The thing counted is the first or second word: "how many incidents", "how many P1 incidents".
        for noun in (w.lower() for w in match.groups() if w):
            kind = next((k for k in _KINDS if root(noun).startswith(k)), None)
            if kind is not None:
                evidence, openings = _EVIDENCE.get(kind, ()), _OPENINGS.get(kind, ())
                return Overview("count", _KINDS[kind], noun, evidence, openings)
            if record := next((k for k in _RECORDS if root(noun).startswith(k)), None):
                return Overview("count", None, noun, _RECORDS[record])
            numbered = kind_of(noun)
            # (a part's noun after a word of kind names records: "How many lesson blocks are there?" counts
            # "Lesson block LB-4501: …"; "How many rooms does the flat have?" no record)
            kinded = noun == (match.group(2) or "").lower() and not _plural(match.group(1).lower())
            if numbered is not None and (numbered not in _PLACES_AND_PARTS or kinded) and _plural(noun):
                # "How many requisitions …", "How many jobs are booked?": the records a noun of identity
                # numbers ("Job SW-4102: …"), counted where they are numbered — "How many rooms does the
                # flat have?" names no record a note numbers, and has no count.
                # ("batches" of "Batch B-12", "entries" of "Entry E-311")
                one = noun[:-2] if noun.endswith("es") and kind_of(noun[:-2]) else _singular(noun)
                return Overview("count", None, noun, (one,), numbered=numbered)
            if numbered is not None and _plural(noun) and _ENTERED_IN.match(text):
                # "How many lots are in the 12 December sale?": a part's noun, counted where the notes
                # are its records, each opening with it ("Lot 214: …")
                one = _singular(noun)
                return Overview("count", None, noun, (one,), numbered=numbered, headed=True)
            if (
                numbered is None
                and _plural(noun)
                and len(noun) > 3
                and noun[:-1] not in _PLACES_AND_PARTS
                and noun not in _AUXILIARIES
                # (the first word, or the second after a word of kind: "How many new loans", not "How
                # many rooms does …")
                and (noun == match.group(1).lower() or not _plural(match.group(1).lower()))
            ):
                # "How many loans are coming in?": records the notes number under a noun no list knows
                # ("Loan L-4471: two Roman coins …"); none is a count of nothing, and retrieval answers
                one = _singular(noun)
                return Overview("count", None, noun, (one,), numbered_by=one)
        return None
    if _OWNER.search(text) or _OWNER_NOW.search(text):
        return Overview("owner")
    if _OWNER_ROLE.search(text):
        return Overview("owner", role=True)
    if _INVOLVED.search(text):
        return Overview("involved")
    if _TIMELINE.search(text):
        return Overview("timeline")
    return None


async def answer(
    services: Services, account_id: str, question: Question, where: MemoryFilter = NO_FILTER
) -> Composition | None:
    """The overview answer to `question`, or None when it asks for none or nothing is about its subject."""
    intent = overview_of(question.text)
    if intent is None:
        return None
    named = SpacyExtractor(services.models.nlp).from_doc(question.doc)
    topic = _topic(question, intent, [*named.people, *named.organizations])
    subject = MemoryFilter(
        people=tuple(name_key(n) for n in named.people),
        organizations=tuple(variant_key(n) for n in named.organizations),
    )
    if not subject.by_names and not topic and intent.kind != "count":
        return None  # nothing to be about
    start, end = period_bounds(question)

    async def about(ids: frozenset[str] | None, words: set[str]) -> list[dict]:
        return await repo.about(
            services.driver,
            account_id=account_id,
            ids=sorted(ids) if ids is not None else None,
            topic=[_ALIKE.get(word, [word]) for word in sorted(words)],
            from_ms=start,
            until_ms=end,
            triage_type=intent.triage_type,
            limit=MAX_COUNTED + 1,
            evidence=list(intent.evidence),
            openings=list(intent.openings),
            where=where,
        )

    rows = []
    if subject.by_names:
        rows = await about((await resolved(services.driver, account_id=account_id, where=subject)).ids, topic)
    if subject.by_names and (named.organizations or not rows):
        # A name is also found in the text: extraction may have read "Northwind Traders" as "Northwind"
        # in one note, or a name in the question as a person's that the graph holds as something else.
        written = {
            root(w.lower()) for n in [*named.people, *named.organizations] for w in n.split() if len(w) > 2
        }
        rows = _merged(rows, await about(None, topic | written))
    elif not subject.by_names:
        rows = await about(None, topic)
    if question.period is not None and question.period.month is not None:  # "in May", "on 3 March"
        rows = [r for r in rows if question.period.on_its_day_or_month(r["ts"])]
    if topic & _ROLES:  # (the store matches a role's words anywhere, a company's name too)
        rows = [r for r in rows if _says_the_role(r["content"], topic & _ROLES)]
    if question.identifiers:  # "What happened with invoice 1042?": not the memories about invoice 1043
        rows = [r for r in rows if question.identifiers & identifiers(r["content"])]
    rows = _numbered(rows, intent)
    if not rows and not subject.by_names and (kind_words := _kind_words(question, intent) & topic):
        # "How many print jobs are there?" where the jobs' notes say "Job PJ-5120: 500 wedding
        # invitations", "How many repair tickets are there?" where they say "Ticket RC-2301: a
        # toaster …": the word before the noun names the sort of job, which no record need repeat
        rows = _numbered(await about(None, topic - kind_words), intent)
    if not rows and not subject.by_names and (recorded := _recorded_as(question, intent)) is not None:
        # "How many walks are booked?" where the notes say "Booking WLK-3302: a team-building walk …":
        # the records of the verb's kind that name the noun counted
        intent, topic = recorded, topic | {root(intent.noun)}
        rows = _numbered(await about(None, topic), intent)
    if intent.evidence == _BROKE_EVIDENCE:  # an incident: something broke, not a test that did not pass
        rows = [r for r in rows if _broke(r["content"])]
    if intent.kind == "timeline" and len(topic) > 1:
        rows = _said_together(rows, topic)
    if not rows and intent.kind == "timeline" and not subject.by_names:
        rows = await _changed_subject(services, account_id, question, where)
    if not rows:
        return None
    if intent.kind == "involved":
        return await _involved(services, account_id, rows, named.people)
    if intent.kind == "timeline":
        return await _timeline(services, account_id, rows, question, topic, where)
    if intent.kind == "owner":
        return await _owner(
            services, account_id, rows, topic, question, where, [*named.people, *named.organizations], intent
        )
    return await _count(services, account_id, rows, intent, question)


def _said_together(rows: list[dict], topic: set[str]) -> list[dict]:
    """The rows with a sentence holding every word of a subject of more than one word, where any has one:
    "What happened with the cheese counter?" is not answered by a huddle's list whose heading says
    "Counter staff" and whose line asks to label "the new goat cheeses" (the store matches each word
    anywhere in a memory)."""
    together = [
        r
        for r in rows
        if any(
            all(any(alike in sentence for alike in _ALIKE.get(word, [word])) for word in topic)
            for sentence in (s.lower() for s in split_sentences(r["content"]))
        )
    ]
    return together or rows


# A count of a part's noun as records, asked of what is there or entered in something: "How many lots
# are in the 12 December sale?", "How many bays are there?"; not "How many rooms does the flat have?" (the
# parts one thing has) nor "How many desks are free?" (a number a note states).
_ENTERED_IN = re.compile(
    r"^\W*how many\s+\w+\s+(?:are|were)\s+(?:there|in|on|entered|listed|left)\b", re.IGNORECASE
)


def _numbered(rows: list[dict], intent: Overview) -> list[dict]:
    """The rows that are records of the kind a count is of, when it counts numbered records."""
    if intent.numbered is not None:
        rows = [
            r for r in rows if any(i.partition(":")[0] == intent.numbered for i in identifiers(r["content"]))
        ]
    if intent.headed:
        # (its number then a colon, a dash or what happened to it: "Lot 198 sold for £460 …")
        heading = re.compile(
            rf"\W*{re.escape(intent.evidence[0])}\s+#?\d\w*(?:\s*[:–—-]|\s+[a-z])", re.IGNORECASE
        )
        rows = [r for r in rows if heading.match(r["content"])]
    if intent.numbered_by is not None:
        rows = [r for r in rows if _codes(r["content"], intent.numbered_by)]
    return rows


def _kind_words(question: Question, intent: Overview) -> set[str]:
    """The stems of the words before a count's numbered noun that say its kind ("print" of "How many
    print jobs …?"); none for a count of anything else."""
    if intent.kind != "count":
        return set()
    return {
        root(t.lower_)
        for t in question.doc
        if t.head.lower_ == intent.noun and t.i < t.head.i and t.dep_ in ("compound", "amod", "nmod")
    }


# A count's noun said to be a record's by the verb of its kind: "How many walks are booked?", "… were
# ordered", "… have been reserved".
_RECORDED = re.compile(
    r"^\W*how many\s+\w+(?:\s+\w+)?\s+(?:are|were|have\s+been|had\s+been|got)\s+"
    r"(?P<verb>booked|reserved|ordered|invoiced)\b",
    re.IGNORECASE,
)
_RECORD_OF_VERB = {"booked": "booking", "reserved": "reservation", "ordered": "order", "invoiced": "invoice"}


def _recorded_as(question: Question, intent: Overview) -> Overview | None:
    """A count of the records a count's verb makes ("booked": bookings), for a noun no record is named
    by ("walks"); None where the question says no such verb or the noun is a record's already."""
    match = _RECORDED.match(question.text)
    record = _RECORD_OF_VERB.get(match["verb"].lower()) if match else None
    if intent.kind != "count" or record is None or root(intent.noun).startswith(root(record)):
        return None
    one = next(k for k in _RECORDS if root(record).startswith(k) or record.startswith(k))
    return Overview("count", None, intent.noun, _RECORDS[one], numbered=kind_of(record))


def _merged(first: list[dict], second: list[dict]) -> list[dict]:
    """Both lists' rows once each, oldest first."""
    rows = {r["memory_id"]: r for r in [*first, *second]}
    return sorted(rows.values(), key=lambda r: (r["ts"], r["memory_id"]))


def _topic(question: Question, intent: Overview, names: list[str]) -> set[str]:
    """The stems of the subject's words that are not names: nouns, proper nouns and adjectives the
    question holds beyond its frame, its period and (for a count) the noun counted."""
    skip = {w.lower() for n in names for w in n.split()} | _FRAME | _MONTHS
    if intent.kind == "count":
        skip.add(intent.noun)
        # ("How many jobs are on the books?": where records are kept, said of them all, no subject)
        skip |= {m.group(1).lower() for m in _KEPT_IN.finditer(question.text)}
    if intent.kind == "owner":
        skip |= _OWNER_FRAME
    words = {
        t.lower_
        for t in question.doc
        if t.pos_ in {"NOUN", "PROPN", "ADJ"}
        and (t.is_alpha or _AGE_GROUP.fullmatch(t.lower_))  # "the under-12s", "U-14s"
        and not t.is_stop
        and len(t) > 2
    }
    found = {root(w) for w in words - skip if not w.isdigit()} - {root(w) for w in skip}
    if intent.kind == "owner" and len(found) < 2:
        # "Who coaches the under-12s?": the holding verb says what is held, where the rest says little
        found |= {root(t.lower_) for t in question.doc if t.pos_ == "VERB" and t.lower_ in _HELD_BY_VERB}
    return found


# Where a count's records are kept, a phrase of holding them and no subject the records must name: "on
# the books", "in the diary", "on file", "in the system"
_KEPT_IN = re.compile(
    r"\b(?:on|in)\s+(?:the\s+|our\s+|my\s+|their\s+)?(books|file|record|records|diary|calendar|system|"
    r"pipeline|schedule)\b",
    re.IGNORECASE,
)
_AGE_GROUP = re.compile(r"(?:under|over|u)-?\d{1,2}s?")  # (not an identifier: "SUP-2202")
# Verbs of holding that name what is held ("coaches" the team: its coach), not the frame's "owns", "runs".
_HELD_BY_VERB = {"coaches", "teaches", "organises", "organizes", "coordinates", "supervises", "chairs"}


async def _involved(
    services: Services, account_id: str, rows: list[dict], asked_about: list[str]
) -> Composition | None:
    """The people the subject's memories mention, most memories first (then first seen); the people the
    question itself names are not an answer to it."""
    asked = {name_key(n) for n in asked_about}
    seen: dict[str, list[str]] = {}
    for row in rows:
        for person in row["people"]:
            key = name_key(person)
            if key not in asked and key.split()[0] not in asked:
                seen.setdefault(person, []).append(row["memory_id"])
    if not seen:
        return None
    people = sorted(seen, key=lambda p: -len(seen[p]))  # stable: first seen breaks ties
    cited = await citing(services, account_id, [i for p in people for i in seen[p][:3]], {})
    parts = []
    for person in people:
        marks = "".join(f"[{cited.number[i]}]" for i in seen[person][:3] if i in cited.number)
        parts.append(f"{person} {marks}".strip())
    head = f"{counted(len(people), 'person').capitalize()} {'was' if len(people) == 1 else 'were'} involved"
    head = head.replace("persons", "people")
    return Composition(
        sentences=[f"{head}: {', '.join(parts)}."],
        sources=cited.sources,
        cited=cited.candidates,
        short=joined_names(people),
    )


async def _timeline(
    services: Services,
    account_id: str,
    rows: list[dict],
    question: Question,
    topic: set[str],
    where: MemoryFilter,
) -> Composition:
    rows = await _with_replacements(services, account_id, rows, topic, where)
    listed = rows[:MAX_LISTED]
    cited = await citing(services, account_id, [r["memory_id"] for r in listed], {})
    entries = [f"{day}, {said} {mark}" for day, said, mark in _entries(listed, cited.number)]
    more = f" (the first {len(listed)} of {_total(rows)})" if len(rows) > len(listed) else ""
    return Composition(
        sentences=[f"In order{more}: {'; '.join(entries)}."], sources=cited.sources, cited=cited.candidates
    )


async def _changed_subject(
    services: Services, account_id: str, question: Question, where: MemoryFilter
) -> list[dict]:
    """A timeline of what the notes say in other words ("What happened with the camp venue?", the notes
    saying "runs at Eastfield Community Centre", then "relocated to Northgate Library"): the memory
    retrieval ranks first, with those it replaced and those replacing it, when it has any (a memory
    that changed nothing has no timeline). Of the memories ranked about as high as the first (an invoice
    from the engraver beside "These days our trophies are engraved by …", 0.97 of its score), the first
    with a chain: which of two so close comes first turned on the order of ties, answer to answer."""
    found = await search(services, account_id, question, limit=CHAIN_TRIED, where=where)
    chain: list[dict] = []
    for candidate in found[:CHAIN_TRIED]:
        if candidate.fused < CHAIN_SHARE * found[0].fused:
            break
        ids = [candidate.id]
        chain = [
            *await search_repo.replaced(
                services.driver, account_id=account_id, ids=ids, limit=MAX_LISTED, where=where
            ),
            *await search_repo.replacing(
                services.driver, account_id=account_id, ids=ids, limit=MAX_LISTED, where=where
            ),
        ]
        if chain:
            break
    if not chain:
        return []
    memories = await search_repo.memories(
        services.driver, account_id=account_id, ids=list(dict.fromkeys([*ids, *(r["id"] for r in chain)]))
    )
    rows = [
        {"memory_id": m["id"], "ts": m["ts"], "summary": m["summary"], "content": m["content"], "people": []}
        for m in memories.values()
    ]
    return sorted(rows, key=lambda r: (r["ts"], r["memory_id"]))


async def _with_replacements(
    services: Services, account_id: str, rows: list[dict], topic: set[str], where: MemoryFilter
) -> list[dict]:
    """The rows and the memories that superseded them and name a word of the topic, oldest first:
    "Topping-out has slipped to 3 April" is on the timeline of the topping-out ceremony, though it does
    not say "ceremony"; a weekly sync that changed another item of a row's meeting is not."""
    have = {r["memory_id"] for r in rows}
    found = await search_repo.replacing(
        services.driver, account_id=account_id, ids=sorted(have), limit=MAX_LISTED, where=where
    )
    # … and the memories they replaced: "Our linen is washed by Cornwall Linen Services" is on the
    # timeline of the laundry that "Decided to replace Cornwall Linen Services with Bluewater Laundry"
    # begins, though it does not say "laundry" (a replaced memory states what its replacement changed).
    before = await search_repo.replaced(
        services.driver, account_id=account_id, ids=sorted(have), limit=MAX_LISTED, where=where
    )
    new = [r["id"] for r in found if r["id"] not in have]
    said = {r["memory_id"]: r["content"] for r in rows}
    # (one naming the value its replacement says was before: not every memory a row superseded, a
    # release moved "from 14 April to 28 April" replacing who owned its notes)
    old = {
        r["id"]: [v.lower() for v in former_values(said.get(r["replacing"], ""))]
        for r in before
        if r["id"] not in have
    }
    if not new and not old:
        return rows
    memories = await search_repo.memories(
        services.driver, account_id=account_id, ids=list(dict.fromkeys([*new, *old]))
    )
    more = [
        {"memory_id": m["id"], "ts": m["ts"], "summary": m["summary"], "content": m["content"]}
        for m in memories.values()
        if any(value in m["content"].lower() for value in old.get(m["id"], []))
        or (
            m["id"] in new
            and any(alike in m["content"].lower() for word in topic for alike in _ALIKE.get(word, [word]))
        )
    ]
    return sorted([*rows, *more], key=lambda r: (r["ts"], r["memory_id"]))


async def _count(
    services: Services, account_id: str, rows: list[dict], intent: Overview, question: Question
) -> Composition:
    rows = _one_per_identifier(rows, intent)
    listed = rows[:MAX_LISTED]
    cited = await citing(services, account_id, [r["memory_id"] for r in listed], {})
    entries = [f"{said} ({day}) {mark}" for day, said, mark in _entries(listed, cited.number)]
    total = _total(rows)
    when = ""
    if question.period is not None and (
        match := re.search(r"\b(?:in|during|between)\s+[^?!.]+", question.text, re.I)
    ):
        when = " " + match.group(0).strip()
    noun = (
        intent.noun
        if len(rows) != 1
        else intent.noun.rstrip("s")
        if intent.noun.endswith("s")
        else intent.noun
    )
    head = f"{total} {noun}{when}"
    shown = f" (the first {len(listed)})" if len(rows) > len(listed) else ""
    return Composition(
        sentences=[f"{head[0].upper()}{head[1:]}{shown}: {'; '.join(entries)}."],
        sources=cited.sources,
        cited=cited.candidates,
        short=total,
    )


# Holding what the clause before names: "… stepped back from the accessibility review; Aisha Bello is
# leading it now".
_BACK_REFERENCE = re.compile(
    r"\b(?:leading|running|managing|handling|owns?|runs?|leads?|manages?|handles?|took|takes?|taking|"
    r"coaches|coaching|teaches|organi[sz]es|covers?|covering|looks?\s+after|looking\s+after|deals?\s+with|"
    r"dealing\s+with)\s+(?:it|them)\b"
    # (or does it, whatever the verb, from now on: "Carys Lloyd writes them from now on")
    r"|\b[a-z]{2,}[^\Ws]s\s+(?:it|them)\s+(?:from\s+now\s+on|now|going\s+forward)\b",
    re.IGNORECASE,
)
# Words, and an age group as one ("under-12s").
_WORDS_AND_GROUPS = re.compile(r"(?:under|over)-\d{1,2}s?|[^\W\d_]+", re.IGNORECASE)
# (and "and" before another holder: "Priya Nair runs the account and Tomasz Wójcik is their hiring manager",
# "Gwen Pryor is stepping back from the boatyard and Ravi Sandhu takes it over"; a spaced dash before a
# name: "… from the route briefings — Carys Lloyd writes them from now on")
_HOLDING_CLAUSE = re.compile(
    r"\s*;\s*|,?\s+but\s+|,?\s+while\s+|,\s+so\s+|\s+[—–]\s+(?=(?:[A-Z][\w'-]+\s+){1,3}[a-z])"
    r"|,?\s+and\s+(?=(?:[A-Z][\w'-]+\s+){1,3}(?:is|are|was|will|has|now|also|runs?|owns?|leads?|manages?|handles?"
    r"|takes?|took)\b)"
)
# Holding, with no object, what the clause before names: "Rehearsals for 'The Crucible' are on Mondays;
# Marcus Bell directs."
_BARE_HOLDING = re.compile(
    r"\s*(?:[A-Z][\w'-]+\s+){1,3}(?:directs|leads|runs|coaches|organi[sz]es|manages|chairs|hosts|teaches)\s*[.!]?\s*$"
)
# Taking over what the sentence or clause before speaks of: "Mateus Silva takes over from 1 November."
_BARE_TAKEOVER = re.compile(
    r"\b(?:takes?|took|taking)\s+over\s*(?:$|[.!]|from\s+(?:\d|the\s+\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"january|february|march|april|may|june|july|august|september|october|november|december|next|tomorrow|"
    r"today|now)|(?:on|in)\s+)|\binstead\s*[.!]?\s*$"
    # ("Kenji Sato has stepped down from the kettle repairs and Bea Lund has stepped in": in their place)
    r"|\bstep(?:s|ped|ping)?\s+in\s*(?:$|[.!])",
    re.IGNORECASE,
)


# A name, then a relative clause of what that person does: "Kofi Mensah has taken over the furnaces from
# Min-seo Park, who now runs the teaching programme" says Min-seo holds the programme, not the furnaces.
_RELATIVE = re.compile(
    r"(?P<name>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+){0,2}),\s+who\s+(?P<what>[^,;]+),?"
)


def _relative_apart(clauses: list[str]) -> list[str]:
    """The clauses, each relative clause on a name apart, said of that name ("Min-seo Park now runs the
    teaching programme")."""
    apart = []
    for clause in clauses:
        match = _RELATIVE.search(clause)
        if match is None:
            apart.append(clause)
            continue
        apart += [clause[: match.end("name")] + clause[match.end() :], f"{match['name']} {match['what']}"]
    return apart


async def _owner(
    services: Services,
    account_id: str,
    rows: list[dict],
    topic: set[str],
    question: Question,
    where: MemoryFilter,
    names: list[str],
    intent: Overview,
) -> Composition | None:
    """Who holds the subject: the holders its memories' sentences on the topic name, latest first (the
    current one, then those before, each once); else the owners of its action items, open ones first.
    `names`: the organizations and people the question names; a clause naming one is on the topic."""
    said: list[tuple[str, str]] = []  # (holder, memory id), oldest first
    fit: dict[tuple[str, str], int] = {}  # (holder, memory id): how many of the question's words it says
    # (its role's words whole, "head" of "head coach" too, which the topic leaves out as a word of holding)
    asked = {root(t.lower_) for t in question.doc if t.pos_ in {"NOUN", "PROPN", "ADJ"} and not t.is_stop}
    others = "Before"
    for row in rows:
        # Clause by clause: "Kwame Mensah owns the on-call rota; Arjun Nair leads the payments squad"
        # names no holder of the payments squad's rota.
        before: set[str] = set()  # the words of the clause before
        for sentence in split_sentences(row["content"]):
            for clause in _relative_apart(_HOLDING_CLAUSE.split(sentence)):
                words = {root(w.lower()) for w in _WORDS_AND_GROUPS.findall(clause)}
                inherits = bool(
                    _BARE_TAKEOVER.search(clause)
                    or _BACK_REFERENCE.search(clause)
                    or _BARE_HOLDING.match(clause)
                )
                if inherits:
                    # "… is stepping down as under-12s coach. Mateus Silva takes over.", "Kenta Mori
                    # stepped back from the accessibility review; Aisha Bello is leading it now"
                    words |= before
                # (a clause naming what the question names: "Haverford Insurance is managed by …")
                named = any(n.lower() in clause.lower() for n in names)
                # (what it takes over, the whole topic: "… stepped down from the kettle repairs and Bea Lund
                # has stepped in" is no word on the lamp repairs, "repairs" though it says)
                on_topic = topic <= words if inherits else bool(topic & words)
                if not topic or on_topic or named:
                    for holder in holders(clause, row["people"]) or _doing(clause, row["people"]):
                        said.append((holder, row["memory_id"]))
                        key = (holder, row["memory_id"])
                        fit[key] = max(fit.get(key, 0), len(asked & words))
                before = words
    if said:
        former, current = await _holders_around(services, account_id, rows, said, where)
        said = former + said + current
    if not said:
        items = await repo.action_items(
            services.driver,
            account_id=account_id,
            status="all",
            owner_keys=[],
            now_ms=to_ms(services.clock()),
            topic=sorted(topic),
            where=where,
        )
        items = [i for i in items if i.get("owner")]
        items.sort(key=lambda i: i["status"] != "open")  # stable: soonest due first within each
        said, others = [(i["owner"], i["memory_id"]) for i in reversed(items)], "Also"
    if not said:
        return None
    # Each holder's memory saying most of the topic, the latest of those, and the holders in the order of
    # those memories, latest first: "Aisha Bello will be our head coach from April" is what says she is
    # the head coach, not the later "Aisha also coaches the water polo team" (one of its words).
    best: dict[str, tuple[int, int, str]] = {}  # holder -> (topic words said, position, memory id)
    for position, (holder, memory_id) in enumerate(said):
        mine = (fit.get((holder, memory_id), 0), position, memory_id)
        if holder not in best or mine[:2] > best[holder][:2]:
            best[holder] = mine
    latest = {h: best[h][2] for h in sorted(best, key=lambda h: -best[h][1])}
    cited = await citing(services, account_id, list(latest.values()), {})
    holders_ = [h for h in latest if latest[h] in cited.number]
    if not holders_ or (intent.role and len(holders_) < 2):
        return None
    current, *before = holders_
    sentences = [f"{current} {_predicate(question.text)} [{cited.number[latest[current]]}]."]
    if before:
        sentences.append(f"{others}: " + ", ".join(f"{h} [{cited.number[latest[h]]}]" for h in before) + ".")
    return Composition(sentences=sentences, sources=cited.sources, cited=cited.candidates, short=current)


def _doing(clause: str, people: list[str]) -> list[str]:
    """Who a clause on the subject says does it ("Joe Carver does the electrics and also fits the kitchen
    units"): for who is in charge of it, a holder, where "does" holds nothing in general (`holders`:
    "Ilaria also does the wine orders" is no answer to who she is)."""
    return [
        name
        for name in people
        if re.search(rf"(?<!\w){re.escape(name)}\s+(?:now\s+|also\s+)?does\s+(?:the|our|all)\s", clause)
    ]


async def _holders_around(
    services: Services, account_id: str, rows: list[dict], said: list[tuple[str, str]], where: MemoryFilter
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The holders named by the memories a holder's memory replaced and by those replacing it, each
    oldest first, where the one memory names a holder of the other: "Anselm Baptiste is our head chef",
    replaced by "Anselm Baptiste leaves at the end of October; Yui Tanaka … runs the kitchen from
    November", held the kitchen before, though it does not say "kitchen"; "Abena Osei takes over site
    safety at Holbeck from Min-jun Park" names who holds what Min-jun Park's note said he did, though it
    does not say "officer"."""
    holding = {memory_id for _, memory_id in said}
    ids = sorted(holding)
    replaced = await search_repo.replaced(
        services.driver, account_id=account_id, ids=ids, limit=MAX_LISTED, where=where
    )
    replacing = await search_repo.replacing(
        services.driver, account_id=account_id, ids=ids, limit=MAX_LISTED, where=where
    )
    earlier = {r["id"]: r["replacing"] for r in replaced if r["id"] not in holding}
    later = {r["id"]: r["replaced"] for r in replacing if r["id"] not in holding}
    memories = await search_repo.memories(services.driver, account_id=account_id, ids=[*earlier, *later])
    content = {r["memory_id"]: r["content"] for r in rows}
    held_by = {memory_id: {h for h, m in said if m == memory_id} for memory_id in holding}
    former: list[tuple[str, str]] = []
    current: list[tuple[str, str]] = []
    for memory in sorted(memories.values(), key=lambda m: (m["ts"], m["id"])):
        people = json.loads(memory["extraction"]).get("people", []) if memory.get("extraction") else []
        named = [h for sentence in split_sentences(memory["content"]) for h in holders(sentence, people)]
        if memory["id"] in earlier:
            beside = content.get(earlier[memory["id"]], "")
            former += [(h, memory["id"]) for h in named if h.split()[0] in beside]
        elif any(h.split()[0] in memory["content"] for h in held_by[later[memory["id"]]]):
            gone = held_by[later[memory["id"]]]
            current += [(h, memory["id"]) for h in named if h not in gone]
    return former, current


def _predicate(text: str) -> str:
    """What the question asks who does: "Who owns vendor contracts?" → "owns vendor contracts"."""
    rest = re.sub(
        r"^\W*who(?:'s|\s+)\s*", lambda m: "is " if "'" in m.group(0) else "", text.strip(), flags=re.I
    )
    rest = re.sub(r"\s+now\b", "", rest.rstrip("?!. "))
    return rest or "holds it"


def _entries(rows: list[dict], number: dict[str, int]) -> list[tuple[str, str, str]]:
    """Each cited row's day, first sentence and citation mark."""
    return [
        (from_ms(r["ts"]).date().isoformat(), _first_sentence(r["summary"]), f"[{number[r['memory_id']]}]")
        for r in rows
        if r["memory_id"] in number
    ]


def _codes(content: str, noun: str) -> set[str]:
    """The codes `content` writes after `noun` ("loan L-4471" → "L-4471")."""
    code = rf"(?i:\b{re.escape(noun)}s?)\s+(?:#\s*)?(?P<code>[A-Z]{{0,5}}-?\d[\w-]*)"
    return {m["code"].upper() for m in re.finditer(code, content)}


def _one_per_identifier(rows: list[dict], intent: Overview) -> list[dict]:
    """The rows, less each that names only identifiers of the counted kind an earlier row named: a
    later note about order #88213 is no second order. Where two rows or more number their records, a
    row naming none is no record of the kind ("Tomás: order 200 gift boxes" among orders #4512 …)."""
    kind = kind_of(intent.noun)
    if intent.numbered_by is not None:
        named = [_codes(row["content"], intent.numbered_by) for row in rows]
    elif kind is None:
        return rows
    else:
        named = [{i for i in identifiers(row["content"]) if i.partition(":")[0] == kind} for row in rows]
    numbered = sum(1 for ids in named if ids) >= 2
    seen: set[str] = set()
    kept = []
    for row, ids in zip(rows, named, strict=True):
        if (not ids and not numbered) or ids - seen:
            kept.append(row)
        seen |= ids
    return kept


def _total(rows: list[dict]) -> str:
    return f"more than {MAX_COUNTED}" if len(rows) > MAX_COUNTED else str(len(rows))


def _first_sentence(text: str) -> str:
    sentences = split_sentences(text)
    return " ".join((sentences[0] if sentences else text).split()).rstrip(".!;: ")
