"""Structured questions, answered from the graph (`graph/answers.py`, `cypher/answer/`): the action items
of a person or of everyone by status, and the decisions of a period or of a person, each item citing
the memory it came from. Ask uses this answer when the question reads as one of these intents and the
graph holds something for it; otherwise text retrieval answers (`pipelines/ask/retrieve.py`).

Intents, read from the question's words:
- action items: "What are Lucia's open action items?", "What is overdue?", "Which of Ravi's items are
  done?", "What does Mei need to do?", "What tasks are open?", "What has Priya finished?" (a bare "items"
  or "jobs" only beside a status or owning word; "working on", "need to do" and "finished" only ending
  the question). Status: overdue (open and due before now), done, all ("all action items"), else open.
  Owner: the people the question names who are in the account's graph.
- decisions: "What did we decide in March?", "Which decisions did Kwame make?", "What decisions were made
  in 2025?" (not "why / when / how did X decide", "what X decided to pursue", "what X thinks of the
  decision"). Period: the month, year, day or range the question names (`named_period`), by the memory's
  time; person: the people it names, by the memories that mention them.

A question that also names a topic ("decide about the pricing page", "open items for the migration")
keeps the items whose text shares a word with the topic, and one naming an identifier ("the sprint 14
retro") the items of memories naming it; when none does, text retrieval answers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time

from graph import answers as repo
from graph import search as search_repo
from graph.filters import NO_FILTER, MemoryFilter, resolved
from graph.search import root
from models.ask import Source
from pipelines.ask.compose import Composition, part_of
from pipelines.ask.retrieve import Candidate, Question
from pipelines.nlp.extract import SpacyExtractor
from pipelines.nlp.identifiers import identifiers
from pipelines.nlp.names import name_key, variant_key
from pipelines.nlp.summary import split_sentences
from pipelines.runtime.clock import from_ms, to_ms
from pipelines.runtime.service import Services

_NAMED_ITEMS = r"action items?|action points?|tasks?|to-?dos?|assignments?|follow-?ups?"
_ITEMS = rf"(?:{_NAMED_ITEMS}|items?)"
# A bare "item" is an action item only beside a word of their status or owning ("Which of Ravi's items
# are done?"): "What items has Melanie bought?" and "What food item did Maria drop off?" ask for things.
# "Working on" and "need to do" ask for someone's work when they end the question ("What is Mei
# working on?"), not when a deed follows ("What is Jon working on opening?").
# ("jobs" as well: "Which of Nikhil's jobs are done?", not "How many jobs do we have?")
_BARE_ITEM = re.compile(r"\b(?:items?|jobs?)\b", re.IGNORECASE)
_ITEM_STATUS = re.compile(
    r"\b(?:open|overdue|due|done|pending|outstanding|remaining|completed?|finished|closed|assigned|owns?|owned)\b",
    re.IGNORECASE,
)
_NOW = r"(?:\s+(?:now|right now|today|currently|this week|at the moment|next|first))?\s*[?.!]*\s*$"
_ACTION_QUESTION = re.compile(
    rf"\b(?:{_NAMED_ITEMS})\b|\boverdue\b|\bpast due\b|\b(?:need|needs|has|have) to do{_NOW}"
    rf"|\bworking on{_NOW}|\b(?:is|are) (?:late|behind)\b"
    # "What has Priya finished?", "What did Aoife complete?": someone's done items, the question ending
    rf"|^\W*what\s+(?:has|have|did)\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?\s+(?:finished|completed?|ticked off)"
    rf"{_NOW}"
    # "What is still open for Aditi?", "What's outstanding?": someone's (or everyone's) open items, the
    # question ending with the name (not "What is open on Sundays?": a place's hours)
    rf"|^\W*what(?:['’]s|\s+is|\s+are)\s+(?:still\s+)?(?:open|outstanding|pending)"
    rf"(?:\s+for\s+(?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*)?)?{_NOW}",
    re.IGNORECASE,
)
# Decisions are listed for a question asking what was decided ("What did we decide in March?", "Which
# decisions did Kwame make?"), not for one asking why, when or how one was made, for what someone
# decided to do ("What career path has Caroline decided to pursue?"), or for what someone thinks of a
# decision ("What does Melanie think about Caroline's decision?"): text retrieval answers those from the
# memory that tells it. ("Chose" asks for one choice, which text retrieval finds as well.)
# (and what a meeting resolved, "What did we resolve in October?", "What resolutions were passed?"; not an
# item resolved, "Which tickets are resolved?": a done item's status)
_DECISION_QUESTION = re.compile(
    r"\b(?:decid\w*|decisions?|agreed|agree|resolutions?)\b"
    r"|\b(?:did|do|will|have|has)\s+(?:we|they|the\s+\w+(?:\s+\w+)?)\s+resolved?\b|\b(?:we|they)\s+resolved\b",
    re.IGNORECASE,
)
_NOT_A_LISTING = re.compile(
    r"^\W*(?:(?:and|so|but)\s+)?(?:why|how|when|where|who|whose)\b|\b(?:decid\w*|agreed?) to (?!do\b)\w+"
    r"|\b(?:about|on|of|with|regarding|over)\s+(?:\w+'s\s+|his\s+|her\s+|their\s+|the\s+|our\s+|my\s+)?decisions?\b",
    re.IGNORECASE,
)
_STATUS = [
    ("overdue", re.compile(r"\b(?:overdue|past due|late|behind)\b", re.IGNORECASE)),
    ("done", re.compile(r"\b(?:done|completed?|finished|closed|resolved)\b", re.IGNORECASE)),
    ("all", re.compile(r"\ball (?:of )?(?:the )?(?:my |our |his |her |their )?" + _ITEMS, re.IGNORECASE)),
]
# Words that frame such a question rather than say what it is about.
_FRAME = {
    "action", "item", "items", "task", "tasks", "todo", "todos", "assignment", "assignments", "point",
    "points", "open", "overdue", "due", "done", "complete", "completed", "finished", "closed", "pending",
    "outstanding", "late", "decide", "decided", "decision", "decisions", "agree", "agreed", "choose", "chose",
    "make", "made", "need", "needs", "work", "working", "follow", "up", "past", "still", "all", "resolve",
    "resolved", "remain", "remaining", "left", "behind",
}  # fmt: skip
# The asker ("What do I need to do?", "What are my open tasks?"): in an account of one person's notes,
# their own items are those no one else owns — what they noted for themselves ("I need to renew the
# passport by 15 June", "Remind me to call the bank") — not everyone's.
_FIRST_PERSON = re.compile(r"\b(?:I|[Mm]e|[Mm]y|[Mm]ine|[Mm]yself)\b")
YOU = "You"  # the asker, as an answer to "What do I need to do?" names them
_TOPIC = re.compile(r"\b(?:about|on|for|regarding|concerning|around)\s+(.+?)[?.!]*$", re.IGNORECASE)
_NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


@dataclass(frozen=True)
class Intent:
    kind: str  # "action_items" or "decisions"
    status: str = "open"  # action items: open, overdue, done, all

    def __str__(self) -> str:
        return f"{self.status} action items" if self.kind == "action_items" else "decisions"


# An item that states what its owner holds rather than what they will do ("Jonas owns the migration plan").
_HOLDING_ITEM = re.compile(r"\b(?:owns|is\s+(?:now\s+)?responsible\s+for|is\s+in\s+charge\s+of)\b", re.I)


def intent_of(text: str) -> Intent | None:
    """The structured intent a question reads as, if any (decisions before action items: "what did we
    decide about the open items" asks for decisions)."""
    if _DECISION_QUESTION.search(text):
        return None if _NOT_A_LISTING.search(text) else Intent("decisions")
    if _ACTION_QUESTION.search(text) or (_BARE_ITEM.search(text) and _ITEM_STATUS.search(text)):
        status = next((name for name, pattern in _STATUS if pattern.search(text)), "open")
        return Intent("action_items", status)
    return None


async def answer(
    services: Services, account_id: str, question: Question, where: MemoryFilter = NO_FILTER
) -> Composition | None:
    """The structured answer to `question`, or None when it asks for none or the graph holds nothing."""
    intent = intent_of(question.text)
    if intent is None:
        return None
    mine = False
    people = await _people(services, account_id, question)
    if people is None:
        return None  # it names someone the graph does not know: text retrieval may still
    now = services.clock()
    # The topic's stems go into the query (an item must hold one), so its limit counts on-topic items;
    # `_on_topic` then keeps those sharing a whole word's stem.
    # (a hyphened name's pieces too: "for Min-seo" names no topic "min" or "seo")
    named = {part for key in people for part in [*key.split(), *re.split(r"[\s-]+", key)]}
    topic = sorted(_topic(question, named))
    if intent.kind == "action_items":
        rows = await repo.action_items(
            services.driver,
            account_id=account_id,
            status=intent.status,
            owner_keys=sorted(people),
            now_ms=to_ms(now),
            topic=topic,
            where=where,
        )
        mine = not people and _FIRST_PERSON.search(question.text) is not None
        if mine:
            rows = [r for r in rows if not r["owner"]]
        # A holding a later memory replaced is no one's item now: "Kwame Mensah owns the on-call rota"
        # after "Kwame handed the on-call rota over to Oluwaseun".
        # (`superseded_by`, not the decisions' `replaced_by`: an item is not quoted with what replaced it)
        rows = [r for r in rows if not (r["superseded_by"] and _HOLDING_ITEM.search(r["text"]))]
    else:
        start, end = period_bounds(question)
        rows = await repo.decisions(
            services.driver,
            account_id=account_id,
            person_keys=sorted(people),
            from_ms=start,
            until_ms=end,
            topic=topic,
            where=where,
        )
        if question.period is not None and question.period.month is not None:  # "in May", "on 3 March"
            rows = [r for r in rows if question.period.on_its_day_or_month(r["ts"])]
    rows = _on_topic(rows, question, named)
    if intent.kind == "decisions":
        rows = await _of_organizations(services, account_id, question, rows)
    if question.identifiers:  # "What did the sprint 14 retro agree?": not sprint 15's decisions
        memories = await search_repo.memories(
            services.driver, account_id=account_id, ids=sorted({r["memory_id"] for r in rows})
        )
        rows = [
            r
            for r in rows
            if r["memory_id"] in memories
            and question.identifiers & identifiers(memories[r["memory_id"]]["content"])
        ]
    if not rows:
        return None
    shown = [YOU] if intent.kind == "action_items" and mine else _shown(people)
    return await _compose(services, account_id, intent, rows, shown, now, question)


async def _of_organizations(
    services: Services, account_id: str, question: Question, rows: list[dict]
) -> list[dict]:
    """The decisions of the memories naming the organizations the question names ("What did we decide
    with Fennel Labs?"): by the graph, or by the name's first word in the text (a heading's "Fennel:"
    that extraction did not read as the company); all of them when it names none."""
    organizations = SpacyExtractor(services.models.nlp).from_doc(question.doc).organizations
    if not organizations or not rows:
        return rows
    subject = MemoryFilter(organizations=tuple(variant_key(n) for n in organizations))
    ids = (await resolved(services.driver, account_id=account_id, where=subject)).ids or frozenset()
    memories = await search_repo.memories(
        services.driver, account_id=account_id, ids=sorted({r["memory_id"] for r in rows})
    )
    firsts = {name.split()[0].lower() for name in organizations}
    return [
        r
        for r in rows
        if r["memory_id"] in ids
        or (
            r["memory_id"] in memories
            and firsts & set(re.findall(r"[^\W\d_]+", memories[r["memory_id"]]["content"].lower()))
        )
    ]


def _shown(people: dict[str, str]) -> list[str]:
    """The names an answer gives the people it is about: a first name alone that opens another of their
    full names is that person, not another ("Marcus", from a chat line written before "Marcus Obi" was
    noted, and "Marcus Obi" are one)."""
    return [
        name
        for key, name in people.items()
        if " " in key or not any(other.startswith(key + " ") for other in people)
    ]


async def _people(services: Services, account_id: str, question: Question) -> dict[str, str] | None:
    """The account's people the question names, key → name; None when it names a person the account's
    graph does not hold (then no structured answer is right)."""
    found = await repo.people(services.driver, account_id=account_id, keys=question.entity_keys)
    # A name that modifies a noun says what, not who ("decide about the Orion docs"), whatever a note
    # once made of it.
    modifiers = {t.lower_ for t in question.doc if t.dep_ == "compound" and t.head.pos_ == "NOUN"}
    people = {row["key"]: row["name"] for row in found if not set(row["key"].split()) <= modifiers}
    named = SpacyExtractor(services.models.nlp).from_doc(question.doc).people
    if not people and named:
        return None
    # A first name that several people share names them all; a full name named only that person.
    full = {name_key(n) for n in named if " " in name_key(n)}
    if full:
        people = {key: name for key, name in people.items() if key in full} or people
    return people


def period_bounds(question: Question) -> tuple[int | None, int | None]:
    period = question.period
    if period is None or period.start is None or period.end is None:
        return None, None
    start = datetime.combine(period.start, time.min, UTC)
    end = datetime.combine(date.fromordinal(period.end.toordinal() + 1), time.min, UTC)
    return to_ms(start), to_ms(end)


def _topic(question: Question, names: set[str]) -> set[str]:
    """The stems of the topic the question names ("about the pricing page": pric, page; "about the Porto
    clinic": porto, clinic), less the words of the people it is filtered by (`names`); none when it names
    none."""
    match = _TOPIC.search(question.text)
    if match is None:
        return set()
    # (names by their keys too: "for Inês" is the person keyed "ines")
    words = {
        root(w)
        for w in re.findall(r"[^\W\d_]+", match.group(1).lower())
        if name_key(w) not in names and root(name_key(w)) not in names
    }
    # (by their stems too: "for Jonas" is the stem "jona" of the name "jonas")
    names = names | {root(n) for n in names}
    return {w for w in words if w not in _FRAME and w not in names and len(w) > 2} - _STOP


def _on_topic(rows: list[dict], question: Question, names: set[str]) -> list[dict]:
    """The rows whose text holds every word of the topic the question names, else those sharing a word
    with it; all of them when it names none."""
    topic = _topic(question, names)
    if not topic:
        return rows
    words = [(r, {root(w) for w in re.findall(r"[^\W\d_]+", r["text"].lower())}) for r in rows]
    # Those holding every word of it when some do ("about the Porto clinic": not every clinic's).
    return [r for r, held in words if topic <= held] or [r for r, held in words if topic & held]


_STOP = {"the", "and", "our", "his", "her", "their", "this", "that", "with", "from", "week", "month", "year"}


async def _compose(
    services: Services,
    account_id: str,
    intent: Intent,
    rows: list[dict],
    people: list[str],
    now: datetime,
    question: Question,
) -> Composition:
    replacing = [i for r in rows for i in r.get("replaced_by") or []]
    snippets: dict[str, str] = {}
    for r in rows:
        snippets.setdefault(r["memory_id"], r["text"])
    cited = await citing(services, account_id, [*(r["memory_id"] for r in rows), *replacing], snippets)
    fetched, number = cited.rows, cited.number
    rows = [r for r in rows if r["memory_id"] in fetched]
    groups = _same_items(rows)
    if intent.kind == "action_items":
        items = [_action(group, now, number, show_owner=not people) for group in groups]
        head = _action_head(intent.status, len(groups), people)
    else:
        said = {i: split_sentences(row["content"])[0] for i, row in fetched.items() if row.get("content")}
        items = [_decision(group, number, said) for group in groups]
        head = _decision_head(len(groups), people, question)
    return Composition(
        sentences=[f"{head}: {'; '.join(items)}."], sources=cited.sources, cited=cited.candidates
    )


@dataclass
class Cited:
    """The memories an answer from the graph cites, in citation order: their rows, as candidates and
    sources, and each one's citation number."""

    rows: dict[str, dict]
    candidates: list[Candidate]
    sources: list[Source]
    number: dict[str, int]


async def citing(
    services: Services, account_id: str, memory_ids: list[str], snippets: dict[str, str]
) -> Cited:
    """`memory_ids` (repeats dropped, order kept) as cited sources; a memory gone since is left out.
    `snippets`: the text to show for a memory (its summary where none is given)."""
    order = list(dict.fromkeys(memory_ids))
    fetched = await search_repo.memories(services.driver, account_id=account_id, ids=order)
    order = [i for i in order if i in fetched]
    candidates = [Candidate(id=i, fused=1.0, ranks={"graph": n}, row=fetched[i]) for n, i in enumerate(order)]
    sources = [
        Source(
            id=c.id,
            summary=c.row["summary"],
            snippet=snippets.get(c.id, c.row["summary"])[:240],
            score=1.0,
            timestamp=from_ms(c.row["ts"]),
            source=c.row["source"],
            part=part_of(c),
        )
        for c in candidates
    ]
    return Cited(fetched, candidates, sources, {i: n for n, i in enumerate(order, start=1)})


def _same_items(rows: list[dict]) -> list[list[dict]]:
    """Rows that say the same (a note stored twice), together, in their first row's place."""
    groups: dict[tuple, list[dict]] = {}
    for row in rows:
        key = (" ".join(row["text"].lower().split()), row.get("due"), row.get("owner"), row.get("status"))
        groups.setdefault(key, []).append(row)
    return list(groups.values())


def _cites(group: list[dict], number: dict[str, int]) -> str:
    return "".join(f"[{n}]" for n in sorted({number[r["memory_id"]] for r in group}))


def _action(group: list[dict], now: datetime, number: dict[str, int], show_owner: bool) -> str:
    row = group[0]
    # (the due phrase a list's line ends with, which the resolved date after it says again: "get three
    # quotes for a new forklift, due Fri 18 Sept, due 2026-09-18" reads "…, due 2026-09-18")
    text = _DUE_AT_END.sub("", row["text"]) if row.get("due") else row["text"]
    parts = [_clause(text or row["text"])]
    if row.get("owner") and show_owner:
        parts.append(f"owner {row['owner']}")
    if row.get("due"):
        overdue = row["status"] == "open" and row.get("due_ms") is not None and row["due_ms"] < to_ms(now)
        parts.append(f"due {row['due']}" + (", overdue" if overdue else ""))
    if row["status"] == "done":
        parts.append("done")
    return ", ".join(parts) + " " + _cites(group, number)


def _decision(group: list[dict], number: dict[str, int], said: dict[str, str]) -> str:
    row = group[0]
    text = f"{_clause(row['text'])} ({from_ms(row['ts']).date().isoformat()}) {_cites(group, number)}"
    later = sorted({i for r in group for i in r.get("replaced_by") or [] if i in number}, key=number.get)
    if later:  # a later memory changed it: the decision is no longer the current one
        newest = later[-1]
        text += f', since replaced: "{_clause(said.get(newest, ""))}" [{number[newest]}]'
    return text


# A list line's closing due phrase, set off as a label: ", due 9 September", "(due Fri 18 Sept)", " – by 23
# January" (not a sentence's own "will send the press kit by March 10"), a date's words in it (not ", by
# hand").
_DUE_AT_END = re.compile(
    r"(?:\s*[,;–—-]\s*|\s*(?=\())\(?(?:due|by)\s+(?=[\w. ]{0,20}?(?:\d|\b(?:mon|tue|wed|thu|fri|sat|sun|jan|"
    r"feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|today|tonight|tomorrow|next)))[\w.]+(?:\s+[\w.]+){0,2}\)?"
    r"[.!]?\s*$",
    re.IGNORECASE,
)


def _clause(text: str) -> str:
    """An item's text as a clause of a list: no final stop, first letter as written."""
    return " ".join(text.split()).rstrip(".!;: ")


def counted(n: int, noun: str) -> str:
    word = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    return f"{word} {noun}{'' if n == 1 else 's'}"


def _action_head(status: str, n: int, people: list[str]) -> str:
    adjective = {"open": "open ", "overdue": "overdue ", "done": "done ", "all": ""}[status]
    items = counted(n, f"{adjective}action item")
    if people:
        return f"{joined_names(people)} {'has' if len(people) == 1 and people != [YOU] else 'have'} {items}"
    return f"There {'is' if n == 1 else 'are'} {items}"


def _decision_head(n: int, people: list[str], question: Question) -> str:
    when = ""
    match = re.search(r"\b(?:in|during|on|between)\s+[^?!.]+", question.text, re.IGNORECASE)
    if question.period is not None and match:
        when = " " + match.group(0).strip()
    who = f" involving {joined_names(people)}" if people else ""
    head = counted(n, "decision")
    return f"{head[0].upper()}{head[1:]}{who}{when}"


def joined_names(people: list[str]) -> str:
    return people[0] if len(people) == 1 else ", ".join(people[:-1]) + " and " + people[-1]
