"""At remember: does the new memory contradict one it is linked to? The check's comparator reads the
sentences of the new memory against those of its closest linked memories (a bounded number of pairs);
a contradiction becomes a link: `supersedes` when the new memory is the later one (it holds the
current fact), `contradicts` when it is not later (the stored memory stays current). A memory about a
different identifier (invoice 1043 against invoice 1042) is not compared at all. A later memory that
states a change ("handed the review over to Dmitri", "switched from PostgreSQL to Snowflake") of what an
earlier one says supersedes it, whether or not their values differ; so does a change of a thing both
memories identify (ticket DS-412) from the value the earlier one holds ("reassigned from Siddharth Rao"),
and a later memory naming another holder of what an earlier one says someone holds ("the Rotterdam depot
is run by Joris" after "Fiona looks after the Rotterdam depot")."""

from __future__ import annotations

import asyncio
import json
import re
from datetime import datetime
from typing import Any

from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Doc

from graph import memories as memory_repo
from graph.driver import Row
from graph.search import root
from models.memory import Link, LinkKind
from pipelines.nlp.changes import (
    another_holder,
    as_its_speakers,
    changed_sentences,
    changes_a_clause,
    chose_former,
    holder_not_named,
    holders,
    moves_place,
    name_words,
    names_former_value,
    names_in_common,
    opens_with_former,
    other_named,
    placed,
    provides_instead,
    replaced_by_name,
    replaces_provider,
    same_event,
)
from pipelines.nlp.contradict import Verdict, hours_of_one_thing, without_cause
from pipelines.nlp.identifiers import (
    CHANGE_CROSSES,
    another_record,
    conflict,
    identifiers,
    kinds_apart,
    own_identifiers,
)
from pipelines.nlp.summary import mail_body, sentence_spans, split_sentences
from pipelines.runtime.clock import from_ms
from pipelines.runtime.service import Services

COMPARED_MEMORIES = 3  # the strongest linked memories compared
# A memory that states a change or names a holder is also read, for that alone, against more of the
# memories near it: "Topping-out has slipped to 3 April" is only 0.32 alike to "The topping-out ceremony
# at Holbeck is set for 20 March. Owen Pritchard … will attend", below `same_topic`, and a closer note
# about the crane outage it blames takes a compared place. The words still decide (`changes_a_clause`:
# two topic words shared, at least half the stored sentence's); the reading costs no comparator pass.
CHANGE_READ_EXTRA = 5
CHANGE_NEIGHBOUR = 0.25  # the least similarity of a nearby memory read so
READ_SENTENCES = 24  # a stored memory's sentences read against the new one's
COMPARED_PAIRS = 4  # sentence pairs read slot by slot, at most (the most overlapping)
# Only sentence pairs sharing half their words, values aside, are read (check reads from a quarter): a
# contradiction restates the same fact with a value changed, and at remember every pair read costs a parse.
MIN_OVERLAP = 0.5
_VALUES = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "today", "tomorrow", "yesterday", "next", "last", "week", "month", "year",
    # … and the words that set a price, which a price's change adds ("We've raised the price of rebinding a
    # paperback to £50" restates "Rebinding a paperback costs £45"), and a contraction's tail ("ve")
    "price", "prices", "cost", "costs", "raised", "increased", "reduced", "lowered", "ve", "ll",
    # … and the words that move a time ("First pick-ups move to 7:30am" restates "The first pick-up of
    # the day is at 8am")
    "move", "moves", "moved", "moving",
}  # fmt: skip
# Words, a hyphened compound as one ("pick-up" and "pick-ups": "pickup" by its root, not "pick" and "up")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def _gist(sentence: str) -> set[str]:
    """The words of a sentence without its values (numbers, dates), stop words and the cause it gives."""
    words = _WORD.findall(without_cause(sentence).lower())
    # (by their roots: "A one-hour group walk costs £16" and "Group walks will cost £18" share three)
    return {
        root(w.replace("-", "")) for w in words if w not in STOP_WORDS and w not in _VALUES and len(w) > 1
    }


def _restates(a: set[str], b: set[str]) -> bool:
    return bool(a and b) and len(a & b) / len(a | b) >= MIN_OVERLAP


SUPERSEDE_AT = 0.8  # the comparator's confidence from which a contradiction is linked (as check's `show`)
# A later memory that states a change of what an earlier one says (pipelines/nlp/changes.py) supersedes
# it at this score: the words say so, where a contradiction is inferred from values.
CHANGE_CONFIDENCE = 0.9
_RELATED = {LinkKind.same_topic, LinkKind.shares_entity, LinkKind.follows_up}


async def contradiction_links(
    services: Services,
    account_id: str,
    content: str,
    timestamp: datetime,
    links: list[Link],
    doc: Doc | None = None,
    people: list[str] | None = None,
    organizations: list[str] | None = None,
    nearby: list[dict] | None = None,
) -> tuple[list[Link], str | None]:
    """The links, and the comparator's readings of the new memory's sentences as text for the store to
    keep with it (None when it keeps none): comparing a later memory with this one reads them instead of
    parsing its sentences again. `doc`: spaCy's parse of `content`, made by ingest: its sentences are not
    parsed again now either. `people`: the people the new memory names (their names are not what a
    change is about); `organizations`: those it names (a change about another one replaces nothing);
    `nearby`: the nearest memories with their similarity, for a change's reading (`CHANGE_READ_EXTRA`)."""
    targets = _closest(links)
    own_sentences = split_sentences(mail_body(content))[:8]  # (a mail's sentences, not its header's)
    ours = [(claim, _gist(claim)) for claim in own_sentences]
    changes = changed_sentences(own_sentences)
    replacing = changed_sentences(own_sentences, elliptic=True)  # with what a bare "instead" replaces
    # The new memory's sentences that name someone holding something (most name none: nothing to read).
    holding = [
        placed(sentence, organizations) for sentence in own_sentences if people and holders(sentence, people)
    ]
    compared = targets[:COMPARED_MEMORIES]
    read_only: list[str] = []
    if changes or holding:
        near = [row["id"] for row in nearby or () if row["similarity"] >= CHANGE_NEIGHBOUR]
        more = dict.fromkeys(t for t in [*targets[COMPARED_MEMORIES:], *near] if t not in compared)
        read_only = list(more)[:CHANGE_READ_EXTRA]
    found_rows = await memory_repo.compared_memories(
        services.driver, account_id=account_id, ids=[*compared, *read_only]
    )
    rows = {t: found_rows[t] for t in [*compared, *read_only] if t in found_rows}  # the most alike first
    pairs, owners = [], []
    named = identifiers(content)
    own = own_identifiers(content) if named else set()  # (read once: identifiers cost, most notes have none)
    replaced: dict[str, float] = {}
    moved_event: str | None = None  # the nearest memory dating the event a change moves (`same_event`)
    for target_id, row in rows.items():
        theirs_named = identifiers(row["content"])
        if conflict(named, theirs_named, ignoring=CHANGE_CROSSES if changes else frozenset()):
            continue  # another invoice, sprint or ticket: a different fact, whatever its values say
        if own and theirs_named and another_record(own, own_identifiers(row["content"])):
            continue  # an invoice for a booking: the booking's note is not what the invoice changes
        # A bill is what was charged then: a change of who provides a thing ("The chipper now comes from
        # Tarn Valley Hire instead of Brennan Plant Hire") changes no invoice of the one before, which
        # only a note naming that invoice may; and a booking, an order or a quote is what was agreed then:
        # "From 1 February a full-day adult group lesson will cost £105 instead of £95" changes no
        # "Booking B-4472: a group lesson for six children on 17 January, £240".
        bill = not named and bool(theirs_named) and _a_bill(own_identifiers(row["content"]))
        if bill:
            # … nor do its sentences contradict it: "Arrows now come from Targetline Archery rather than
            # Fletcher & Bow" says no invoice of Fletcher & Bow's is wrong, as the comparator reads it
            # ("not Fletcher & Bow")
            continue
        same_thing = bool(named & theirs_named)
        written = from_ms(row["ts"])
        replaceable = written < timestamp  # what a change this memory states may replace
        names = name_words(*(people or []), *_names_of(row, "people"))
        theirs = _names_of(row, "organizations")
        their_people = _names_of(row, "people")
        if written > timestamp and _changed_by(row["content"], own_sentences, names, organizations, theirs):
            # Notes sent out of time order (an import, a batch): the stored memory is the later one and
            # states a change of what this one says ("Dentist for Anya moved to Friday 12 June", stored
            # before "Anya has a dentist appointment on Monday 8 June", written earlier), so it stays the
            # current fact: this one `contradicts` it.
            replaced[target_id] = CHANGE_CONFIDENCE
        # (a chat's message as what its speaker says: "Kenji Sato  9:14 AM\nthe kettle repair bench is
        # wobbling" is no holding of Kenji's that "Kenji Sato has stepped down from the kettle repairs" ends)
        stored = [as_its_speakers(s) for s in split_sentences(mail_body(row["content"]))[:READ_SENTENCES]]
        for sentence in _with_clauses(stored):
            if all(kinds_apart(own, sentence) for own in own_sentences):
                continue  # "A junior swim is now £3" changes no "An adult swim costs £5": another kind
            if replaceable and any(
                another_holder(own, placed(sentence, theirs), people or [], their_people) for own in holding
            ):
                replaced[target_id] = CHANGE_CONFIDENCE  # "… is run by Joris" after "Fiona looks after …"
            if replaceable and any(
                (
                    changes_a_clause(change, sentence, names)
                    or chose_former(value, sentence)  # "Decided to book Luca Romano as …", who pulled out
                    # "Severn Print prints all our hardbacks" before "Decided to switch printers from
                    # Severn Print to Latimer Press": what the value it replaces did, said of it
                    or opens_with_former(value, sentence)
                    or replaces_provider(value, sentence)  # "replace Cornwall Linen Services with …"
                    or moves_place(change, sentence, names)  # "relocated to …" what "runs at …" placed
                    # a bare "instead" replaces who did it: a stored sentence whose own subject it is
                    # ("Greenleaf Produce delivers our veg …" after "Greenleaf Produce cancelled our
                    # order. Field & Fork delivers our veg instead"), read with the sentence before
                    or (
                        (value == change or opens_with_former(value, sentence))
                        and (
                            (value != change and changes_a_clause(value, sentence, names))
                            # "From now on CTT collects on Mondays … instead of Tuesdays and Fridays":
                            # the value it replaces, said of the same thing (an identifier or a name
                            # both write)
                            or (
                                (same_thing or names_in_common(value, sentence, names))
                                and names_former_value(value, sentence)
                            )
                        )
                    )
                )
                and not other_named(value, sentence, organizations, theirs)
                and not holder_not_named(value, sentence)
                and not kinds_apart(change, sentence)
                for change, value in zip(changes, replacing, strict=True)
            ):
                replaced[target_id] = CHANGE_CONFIDENCE  # "handed the review over to Dmitri": a new state
            if replaceable and any(replaced_by_name(own, sentence) for own in own_sentences):
                # "Since Stitch & Sequin raised their prices, Glitterbox Costumes makes our costumes"
                # after "Costumes are made for us by Stitch & Sequin": no word of change, the one before
                # named beside the one providing it now
                replaced[target_id] = CHANGE_CONFIDENCE
            if replaceable and any(provides_instead(value, sentence) for value in replacing):
                # "Compost now comes from Hillside Soil Co." after "Our compost is delivered by GreenCycle
                # Organics": another company does it now, whether or not the change names the one before
                replaced[target_id] = CHANGE_CONFIDENCE
            if (
                moved_event is None
                and replaceable
                and any(same_event(change, sentence, names) for change in changes)
            ):
                moved_event = target_id
            # A memory read for a change alone is compared only where the change gives one thing's hours
            # in other words, which the comparator reads ("Reception now closes at midnight" after
            # "Reception is staffed until 11pm": one word in common, rarely alike enough to be linked).
            claims = [(c, None) for c in changes] if target_id in read_only else ours
            gist = _gist(sentence)
            for claim, claim_gist in claims:
                if kinds_apart(claim, sentence):
                    continue
                if (claim_gist is not None and _restates(claim_gist, gist)) or hours_of_one_thing(
                    claim, sentence
                ):
                    pairs.append((claim, timestamp, sentence, written))
                    owners.append(target_id)
    kept, verdicts = await asyncio.to_thread(
        _keep_and_compare,
        services,
        content,
        timestamp,
        doc,
        pairs,
        [row for target_id, row in rows.items() if target_id not in read_only or target_id in owners],
    )
    if moved_event is not None:  # one event moved: the nearest memory dating it, not every such memory
        replaced.setdefault(moved_event, CHANGE_CONFIDENCE)
    found: dict[str, float] = dict(replaced)
    for verdict, target_id in zip(verdicts, owners, strict=True):
        if verdict.contradicts and verdict.confidence >= SUPERSEDE_AT:
            found[target_id] = max(found.get(target_id, 0.0), verdict.confidence)
    ts = int(timestamp.timestamp() * 1000)
    return [
        Link(
            target_id=target_id,
            kind=LinkKind.supersedes if ts > rows[target_id]["ts"] else LinkKind.contradicts,
            score=confidence,
        )
        for target_id, confidence in found.items()
    ], kept


_BILLS = frozenset({"invoice", "receipt", "booking", "reservation", "order", "po", "quote"})


def _a_bill(own: set[str]) -> bool:
    """Whether a memory's own record (`own_identifiers`) is a bill or a deal of its day: an invoice, a
    receipt, a booking, a reservation, an order or a quote."""
    return any(i.partition(":")[0] in _BILLS for i in own)


def _changed_by(
    later: str, own: list[str], names: frozenset[str], ours: list[str] | None, theirs: list[str]
) -> bool:
    """Whether a later memory's text states a change of what one of `own` sentences says: a clause it
    changes, or the event whose date it moves."""
    changes = changed_sentences(split_sentences(later)[:8])
    return any(
        (changes_a_clause(change, sentence, names) or same_event(change, sentence, names))
        and not other_named(change, sentence, theirs, ours)
        and not kinds_apart(change, sentence)
        for change in changes
        for sentence in own
    )


def _with_clauses(sentences: list[str]) -> list[str]:
    """The sentences, and the clauses of those that join several with semicolons ("Mia's swimming
    lessons move to Thursdays at 16:30 from June; the leisure centre is refurbishing the small pool"): a
    later note restating one clause with another value contradicts that clause, which the whole sentence
    dilutes (as check reads it)."""
    found = []
    for sentence in sentences:
        found.append(sentence)
        parts = [p.strip() for p in sentence.split(";")]
        found += [p for p in parts if len(parts) > 1 and len(p.split()) >= 3]
    return found


def _closest(links: list[Link]) -> list[str]:
    """The linked memories to compare, the most alike first: by their `same_topic` similarity, then
    as linked. A `shares_entity` score is shared entities over the note's, 1.0 for every memory naming
    the one person a note names; ranked by it, a random id would pick which of them is compared."""
    related = list(dict.fromkeys(link.target_id for link in links if link.kind in _RELATED))
    alike = {link.target_id: link.score for link in links if link.kind is LinkKind.same_topic}
    return sorted(related, key=lambda target: -alike.get(target, 0.0))


def _names_of(row: Row, field: str) -> list[str]:
    """The people or organizations a stored memory's extraction names."""
    return json.loads(row["extraction"]).get(field, []) if row.get("extraction") else []


def _keep_and_compare(
    services: Services,
    content: str,
    timestamp: datetime,
    doc: Doc | None,
    pairs: list[tuple[str, datetime, str, datetime]],
    compared: list[Row],
) -> tuple[str | None, list[Verdict]]:
    comparator = services.models.comparator
    sentences = split_sentences(content)[:READ_SENTENCES]
    own = _sentence_docs(doc, content, set(sentences))
    readings = comparator.keep(own, timestamp)
    for row in compared:
        if row.get("claims"):
            comparator.restore(_unpack_readings(row["content"], row["claims"]), from_ms(row["ts"]))
    verdicts = comparator.compare(pairs, min_overlap=0.0, total=COMPARED_PAIRS, parsed=own) if pairs else []
    return _pack_readings(sentences, readings), verdicts


def _pack_readings(sentences: list[str], readings: dict[str, Any]) -> str | None:
    """Each reading beside its sentence's place in the memory (the sentence itself is in the content)."""
    if not readings:
        return None
    places = {sentence: i for i, sentence in reversed(list(enumerate(sentences)))}
    return json.dumps([[places[text], reading] for text, reading in readings.items() if text in places])


def _unpack_readings(content: str, packed: str) -> dict[str, Any]:
    """Each kept reading beside its sentence; a reading whose words its sentence does not hold is dropped
    (kept when the memory's sentences were cut elsewhere: that sentence is parsed again)."""
    sentences = split_sentences(content)[:READ_SENTENCES]
    return {
        sentences[i]: reading
        for i, reading in json.loads(packed)
        if i < len(sentences) and _reads(reading, sentences[i])
    }


_SLOTS = {"DATE", "NUMBER", "PLACE", "PERSON", "CHOICE", "STANCE"}


def _reads(reading: list, sentence: str) -> bool:
    """Whether a kept reading (its masked text first) is of this sentence: its words, slots aside, are
    the sentence's."""
    words = [w for w in str(reading[0]).split() if w.strip(".,;:!?") not in _SLOTS]
    return all(w in sentence for w in words)


def _sentence_docs(doc: Doc | None, content: str, sentences: set[str]) -> dict[str, Doc]:
    """Each of these sentences of `content` as a Doc of its own, cut from the parse of the whole."""
    found: dict[str, Doc] = {}
    if doc is None:
        return found
    for start, end in sentence_spans(content):
        text = content[start:end]
        if text in sentences and text not in found:
            span = doc.char_span(start, end, alignment_mode="expand")
            if span is not None and span.text == text:
                found[text] = span.as_doc()
    return found
