"""`check`: find the stored memories about the same subjects as the context (entities and vectors), and
compare the context's sentences with theirs."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable
from datetime import datetime

from graph import search as search_repo
from graph.filters import MemoryFilter
from models.check import CheckRequest, CheckResult, Contradiction, Related
from pipelines.ask.retrieve import read_question, search
from pipelines.nlp.changes import (
    another_holder,
    changed_sentences,
    former_values,
    holders,
    holders_about,
    moved_on,
    moves_to,
    name_words,
    names_former_value,
    placed,
    provides_instead,
    replaced_by_name,
    same_event,
    same_subject,
    says_dropped,
    says_ended,
    states_change,
    still_former,
)
from pipelines.nlp.contradict import SAME, said_durations, share_held
from pipelines.nlp.identifiers import CHANGE_CROSSES, conflict, identifier_spans, identifiers
from pipelines.nlp.names import speaker
from pipelines.nlp.summary import split_sentences
from pipelines.runtime.clock import from_ms
from pipelines.runtime.service import Services

SHOW_AT = 0.8  # confidence from which a contradiction is worth a warning (the slot comparator's
# contradictions all reach it: it finds none below; an NLI model's probability may not)
RELATED = 5  # memories compared per context sentence
MAX_CLAIMS = 10  # context sentences compared


async def check(services: Services, account_id: str, request: CheckRequest) -> CheckResult:
    with services.timings.measure("check"):
        return await _check(services, account_id, request)


async def _check(services: Services, account_id: str, request: CheckRequest) -> CheckResult:
    now = services.clock()
    claims = split_sentences(request.context)[:MAX_CLAIMS] or [request.context.strip()]
    whole = identifiers(request.context)
    where = MemoryFilter(scope=request.filters.pairs())
    related: dict[str, tuple[float, dict]] = {}
    pairs: list[tuple[str, datetime, str, datetime]] = []
    owners: list[str] = []
    quoted: dict[str, str] = {}  # a sentence read with its subject named, and the sentence as written
    for claim in claims:
        # A sentence naming no identifier is about those the context names ("Invoice 1043 is paid. It
        # was paid on March 5.").
        named = identifiers(claim) or whole
        question = await asyncio.to_thread(read_question, services, claim, now)
        found = await search(services, account_id, question, limit=RELATED, where=where)
        rows = [candidate.row for candidate in found[:RELATED]]
        for candidate in found[:RELATED]:
            score = related.get(candidate.id, (0.0, {}))[0]
            related[candidate.id] = (max(score, candidate.fused), candidate.row)
        # The facts the memories found replaced by a stated change, which search ranks low: a statement
        # agreeing with one is outdated (`_outdated_by`: "Mia's swimming lessons are on Thursdays", since
        # "the Thursday class is full, so she stays on Tuesdays" replaced the note moving them there).
        # Only memories stating a change are asked: `_outdated_by` reads nothing else.
        changing = [row["id"] for row in rows if states_change(row["content"])]
        for row in await _linked(search_repo.replaced, services, account_id, changing, where):
            related.setdefault(row["id"], (0.0, row))
            rows.append(row)
        # … and the memories that replaced one found, which search may rank below its limit beside notes
        # naming the same people ("Route 42 is now Carys Morgan's", for "Gareth Lloyd drives Route 42"
        # among Gareth's chat lines): what `_outdated_by` reads as the change.
        shown = {row["id"] for row in rows}
        corrected = [row["id"] for row in rows if set(row.get("corrected_by") or []) - shown]
        for row in await _linked(search_repo.replacing, services, account_id, corrected, where):
            if row["id"] not in shown:
                shown.add(row["id"])
                related.setdefault(row["id"], (0.0, row))
                rows.append(row)
        for row in rows:
            # A version is what a change changed ("staging now runs version 2.4"), not another thing.
            ignoring = (
                CHANGE_CROSSES if states_change(claim) or states_change(row["content"]) else frozenset()
            )
            if conflict(named, identifiers(row["content"]), ignoring=ignoring):
                continue  # related, but about another invoice, ticket or sprint: nothing to contradict
            written = from_ms(row["ts"])
            people = _people_of(row)
            sentences = split_sentences(row["content"])[:24]
            named_subjects = _named_subjects(sentences, people)
            quoted.update(named_subjects)
            for sentence in _clauses(sentences) + list(named_subjects):
                pairs.append((claim, now, sentence, written))
                owners.append(row["id"])
    verdicts = await asyncio.to_thread(services.models.comparator.compare, pairs)
    found: dict[tuple[str, str], Contradiction] = {}
    disagreeing = {i for i, verdict in zip(owners, verdicts, strict=True) if verdict.contradicts}
    agreeing = {
        i: related[i][1]
        for i, verdict in zip(owners, verdicts, strict=True)
        if verdict.agrees and i not in disagreeing
    }
    for (claim, _, sentence, written), memory_id, verdict in zip(pairs, owners, verdicts, strict=True):
        if not verdict.contradicts or _replaced_for(claim, related[memory_id][1], related, agreeing):
            continue
        key = (memory_id, claim)
        if key not in found or verdict.confidence > found[key].confidence:
            found[key] = Contradiction(
                memory_id=memory_id,
                summary=related[memory_id][1]["summary"],
                statement=quoted.get(sentence, sentence),
                claim=claim,
                reason=said_durations(verdict.reason),
                confidence=verdict.confidence,
                timestamp=written,
            )
    # (not a sentence saying that one the claim names let go of it: "Dylan Hughes has to step back from
    # the cover" differs in no value from "Dylan Hughes is designing the cover", and agrees with nothing;
    # unless the claim says just that, word for word: "Dylan Hughes has to step back from the cover")
    agreed = {
        (claim, i)
        for (claim, _, sentence, _), i, v in zip(pairs, owners, verdicts, strict=True)
        if v.agrees and (v.reason == SAME or not names_former_value(sentence, claim))
    }
    for (claim, _, _, written), memory_id, verdict in zip(pairs, owners, verdicts, strict=True):
        later = {i for i in related[memory_id][1].get("corrected_by") or [] if (claim, i) not in agreed}
        outdated = (
            _outdated_by(claim, later, written, related)
            if verdict.agrees and memory_id not in disagreeing
            else None
        )
        if outdated is not None:
            found.setdefault((outdated.memory_id, claim), outdated)
    for claim in claims:
        changed = _changed_since(claim, related)
        if changed is not None and not any(key[1] == claim for key in found):
            found[(changed.memory_id, claim)] = changed
    contradictions = sorted(found.values(), key=lambda c: (-c.confidence, c.memory_id))
    top = max(related.values(), key=lambda v: v[0])[0] if related else 1.0
    return CheckResult(
        show=any(c.confidence >= SHOW_AT for c in contradictions),
        context=_warning(contradictions),
        contradictions=contradictions,
        related=[
            Related(id=i, summary=row["summary"], score=round(score / top, 4))
            for i, (score, row) in sorted(related.items(), key=lambda kv: -kv[1][0])
        ],
    )


def _replaced_for(
    claim: str, row: dict, related: dict[str, tuple[float, dict]], agreeing: dict[str, dict]
) -> bool:
    """Whether a later memory among those compared superseded this one about what the claim says: the
    claim disagreeing with an outdated note ("planned for 14 April", since moved to 28 April) is no
    warning; the later note decides. A later memory that states a change about the claim's subject and
    agrees with the claim (`agreeing`: a sentence read as the same claim, none disagreeing) decides
    too, linked or not ("the offsite moves to Bruges" after a longer note about the offsite in Ghent,
    whose other details keep the two from reading as one subject at remember)."""
    later = [related[i][1] for i in row.get("corrected_by") or [] if i in related]
    changed = [
        sentence
        for memory in agreeing.values()
        if memory["ts"] > row["ts"]
        for sentence in changed_sentences(split_sentences(memory["content"])[:24])
    ]
    # (a change that only agrees, by saying nothing against it, decides only where it says most of what the
    # claim says: "A service wash went up to £13.50" keeps "We decided to stop taking cash for service
    # washes" standing against "We decided to keep taking cash for service washes")
    return any(
        same_subject(sentence, claim)
        for memory in later
        for sentence in split_sentences(memory["content"])[:24]
    ) or any(
        same_subject(sentence, claim) and share_held(claim, sentence) >= HELD_BY_A_CHANGE
        for sentence in changed
    )


HELD_BY_A_CHANGE = 0.5  # the share of a claim's content words a later agreeing change must say to decide


OUTDATED_CONFIDENCE = 0.9  # as the comparator's: a later note says what the claim restates changed


def _outdated_by(
    claim: str, later_ids: set[str], written: datetime, related: dict[str, tuple[float, dict]]
) -> Contradiction | None:
    """A claim that restates a memory the `later_ids` superseded, about what the claim says ("Luis is
    responsible for staging", since "Rebeca replaces Luis as the person responsible for staging"): the
    claim is outdated when the later memory names what it says was before (the former holder, the old
    value) and the claim names it too, unless the claim agrees with that memory as well (the ids given
    are those it does not agree with). The later memory is the one shown."""
    for later_id in sorted(later_ids):
        if later_id not in related:
            continue
        later = related[later_id][1]
        people = _people_of(later)
        said = split_sentences(later["content"])[:24]
        # (and an elliptic "instead" read with the sentence before it: "Dylan Hughes has to step back
        # from the cover. Aiko Tanaka will design it instead.")
        for sentence in dict.fromkeys(said + changed_sentences(said, elliptic=True)):
            # "Ticket DS-412 is assigned to Luis" restates what "reassigned … to Luis" made current.
            current = holders_about(sentence, claim, people)
            # … and "The topping-out ceremony is on 20 March", since "Topping-out has slipped to 3 April".
            moved = same_event(sentence, claim) and not moves_to(sentence, claim)
            # … and "Mia's swimming lessons are on Thursdays", since "the Thursday class is full, so she
            # stays on Tuesdays" replaced the note moving them there: a change about what the claim says.
            # (People's names are no shared subject: "Hyun-woo moved his inspection" changes nothing of
            # "Hyun-woo Park moves out on 30 November"; nor is a company's both write alone: "Kickoff with
            # Halvard Shipping in Bergen" is not what "Halvard Shipping signed new terms: the deal now comes
            # to …" changed.)
            about = same_subject(sentence, claim, name_words(*people), named_apart=True)
            changed = states_change(sentence) and about and not current
            if (
                moved
                or changed
                or provides_instead(sentence, claim)
                or (
                    # (the former holder named, and what they held: "Kasia Wróbel fixed it" is not what
                    # "Kasia Wróbel no longer runs the Larkspur extracts" ended)
                    # (or an identifier both name: "Jim Bell rents plot 14", since "Plot 14 is now Sue
                    # Carr's; Jim Bell has moved to plot 9", whose one other topic word is "rents")
                    (
                        same_subject(sentence, claim, name_words(*people))
                        or bool(identifiers(sentence) & identifiers(claim))
                    )
                    and names_former_value(sentence, claim)
                    and not any(name in claim for name in current)
                )
            ):
                return _since(
                    later, sentence, claim, f"what you noted on {written.date().isoformat()} changed since"
                )
    return None


def _changed_since(claim: str, related: dict[str, tuple[float, dict]]) -> Contradiction | None:
    """A claim stating what a related memory says has changed, when the memory it restates is not among
    those found (search ranks a superseded memory low): the event's date before it moved ("The
    topping-out ceremony is on 20 March", since "Topping-out has slipped to 3 April"), or the former
    holder as holding ("Min-jun Park is the safety officer at Holbeck", since "Abena Osei takes over site
    safety at Holbeck from Min-jun Park"; not the new holder, not a claim that states the change)."""
    if states_change(claim):
        return None
    known = sorted({p for _, row in related.values() for p in _people_of(row)})
    for _, row in sorted(related.values(), key=lambda v: -v[1]["ts"]):
        people = _people_of(row)
        organizations = _names_of(row, "organizations")
        for sentence in changed_sentences(split_sentences(row["content"])[:24], elliptic=True):
            moved = same_event(sentence, claim) and moved_on(sentence) and not moves_to(sentence, claim)
            former = former_values(sentence)
            current = holders_about(sentence, claim, people)
            held = (
                bool(former)
                and same_subject(sentence, claim)
                and bool(holders(claim, former))
                # the new holder, by full name or first name ("Julien runs the Lyon site now")
                and not any(name in claim or name.split()[0] in claim.split() for name in current)
            )
            # … or the value a change replaced ("Chess club meets in Room 12", since "Chess club moves
            # from Room 12 to the library"), unless a holder it names holds it now
            formerly = still_former(sentence, claim, name_words(*people)) and not any(
                name in claim for name in current
            )
            # … or a holder another has replaced ("Owain Price is our rep at Castle Motor Factors", since
            # "our rep at Castle Motor Factors is now Leah Thomas"), or what has ended ("We open on
            # Saturday mornings", since "we no longer open on Saturdays")
            replaced = bool(current) and another_holder(placed(sentence, organizations), claim, people, known)
            ended = says_ended(sentence, claim, name_words(*people))
            # … or a company another now does it for ("GreenCycle Organics delivers our compost", since
            # "Compost now comes from Hillside Soil Co.")
            provided = provides_instead(sentence, claim)
            if moved or held or formerly or replaced or ended or provided:
                return _since(row, sentence, claim, f"this changed on {_day(row)}")
        # … or what a decision took out of the plan ("We are putting up a marquee", since "Decided to drop
        # the marquee")
        for sentence in split_sentences(row["content"])[:24]:
            if says_dropped(sentence, claim):
                return _since(row, sentence, claim, f"this was dropped on {_day(row)}")
            # … or a company another does it for, named beside it with no word of change ("Stitch & Sequin
            # makes our costumes", since "Since Stitch & Sequin raised their prices, Glitterbox Costumes
            # makes our costumes")
            if replaced_by_name(sentence, claim):
                return _since(row, sentence, claim, f"this changed on {_day(row)}")
    return None


def _since(row: dict, sentence: str, claim: str, reason: str) -> Contradiction:
    """The claim outdated by the memory `row` and its sentence saying so."""
    return Contradiction(
        memory_id=row["id"],
        summary=row["summary"],
        statement=sentence,
        claim=claim,
        reason=reason,
        confidence=OUTDATED_CONFIDENCE,
        timestamp=from_ms(row["ts"]),
    )


def _day(row: dict) -> str:
    return from_ms(row["ts"]).date().isoformat()


REPLACED = 3  # the memories the found ones replaced, read per statement


async def _linked(
    replacements: Callable[..., Awaitable[list[dict]]],
    services: Services,
    account_id: str,
    ids: list[str],
    where: MemoryFilter,
) -> list[dict]:
    """The memories that `ids` replaced (`search_repo.replaced`) or that replaced them (`replacing`)."""
    found = await replacements(services.driver, account_id=account_id, ids=ids, limit=REPLACED, where=where)
    rows = await search_repo.memories(services.driver, account_id=account_id, ids=[r["id"] for r in found])
    return [rows[r["id"]] for r in found if r["id"] in rows]


def _people_of(row: dict) -> list[str]:
    return _names_of(row, "people")


def _names_of(row: dict, kind: str) -> list[str]:
    return json.loads(row["extraction"]).get(kind, []) if row.get("extraction") else []


# A sentence whose subject is "he" or "she": in a memory naming one person, that person.
_PRONOUN_SUBJECT = re.compile(r"(?:she|he)\s+(?=\w)", re.IGNORECASE)


def _named_subjects(sentences: list[str], people: list[str]) -> dict[str, str]:
    """The sentences whose subject is "he" or "she", read with the name of the one person their memory
    names ("Owner meeting with Fatima Al-Sayed. … She is not selling." says "Fatima Al-Sayed is not
    selling"), each to the sentence as written."""
    if len(people) != 1:
        return {}
    return {
        f"{people[0]} {sentence[pronoun.end() :]}": sentence
        for sentence in sentences
        if (pronoun := _PRONOUN_SUBJECT.match(sentence))
    }


def _clauses(sentences: list[str]) -> list[str]:
    """The sentences, each cut at its semicolons into the claims it joins ("Ji-hoon will finish the docs
    by Thursday; Seo-yeon is out sick"): a claim restating one of them is compared with it alone. A
    sentence is kept whole beside its parts, and one without a subject also with the identifier the
    sentence before it names."""
    found = []
    for i, sentence in enumerate(sentences):
        found.append(sentence)
        if i and _FRAGMENT.match(sentence) and (spans := identifier_spans(sentences[i - 1])):
            # "Ticket DS-415: the modal traps focus. Assigned to Nadia." — assigned is the ticket.
            start, end = spans[0]
            found.append(f"{sentences[i - 1][start:end]} {sentence[:1].lower()}{sentence[1:]}")
        parts = [p.strip() for p in sentence.split(";")]
        found += [p for p in parts if len(parts) > 1 and len(p.split()) >= MIN_CLAUSE_WORDS]
        # "the Fig candle is now €24 on Etsy and still €22 in our own shop": two values, each its own claim
        for part in parts:
            pieces = [p.strip() for p in _AND_ANOTHER_VALUE.split(part)]
            if len(pieces) > 1 and all(re.search(r"\d", p) for p in pieces):
                found += [p for p in pieces if len(p.split()) >= MIN_CLAUSE_WORDS]
        if (label := _LABEL.match(parts[0])) and speaker(parts[0]) is None:
            found.append(parts[0][label.end() :])  # "Standup notes: Ji-hoon will …" without its heading
    return found


MIN_CLAUSE_WORDS = 3
# "and" before another value a few words on: where a sentence joins two claims of values.
_AND_ANOTHER_VALUE = re.compile(r",?\s+and\s+(?=(?:[\w'’-]+\s+){0,3}?[£$€¥]?\d)")
# A sentence without its subject, the thing the sentence before identifies: "Assigned to Nadia Haddad."
_FRAGMENT = re.compile(
    r"(?:re)?(?:assigned|owned|approved|rejected|fixed|resolved|closed|paid|sent|due|reported|handled|"
    r"scheduled|planned|moved|postponed)\b",
    re.IGNORECASE,
)
_LABEL = re.compile(r"[A-Z][\w-]*(?: [\w-]+){0,2}\s*:\s+(?=\S+ \S+ \S+)")


def _warning(contradictions: list[Contradiction]) -> str:
    shown = [c for c in contradictions if c.confidence >= SHOW_AT]
    if not shown:
        return ""
    first = shown[0]
    more = f" (and {len(shown) - 1} more)" if len(shown) > 1 else ""
    return (
        f"This may contradict what you noted on {first.timestamp.date().isoformat()}: "
        f'"{first.statement}" — {first.reason}{more}.'
    )
