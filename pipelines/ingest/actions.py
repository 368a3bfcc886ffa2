"""Action items reported done: a new memory with a sentence that has a completion word (or the past of
the verb the item asks for: "updated" for "will update") and most of an open item's words ("Bob completed
the hiring plan." for "Bob will draft the hiring plan by March 12.") closes that item, in the same write
as the memory."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from graph.search import root
from pipelines.nlp.extract import VERB_PREFIXES
from pipelines.nlp.identifiers import conflict, identifiers
from pipelines.nlp.summary import split_sentences

# (each again, too: "reordered", "resubmitted", "re-sent")
_DONE = re.compile(
    r"\b(?:re-?)?(done|finished|completed|complete|shipped|sent|submitted|delivered|closed|resolved|fixed|signed"
    r"|booked|paid|ordered|scheduled|published|deployed|released|merged|uploaded|returned|renewed"
    # (as British notes say a thing is seen to: "Morwenna sorted the new fenders on Friday")
    r"|sorted|dealt\s+with|(?:took|taken)\s+care\s+of"
    # (a test or an inspection an item asked for, passed: "Van 2 passed its MOT" for "renew the van 2 MOT")
    r"|passed)\b",
    re.I,
)
_WORD = re.compile(r"[a-z0-9]+")
_STOP = {
    "the", "a", "an", "to", "of", "and", "or", "for", "on", "in", "by", "with", "will", "should", "must",
    "is", "are", "be", "we", "i", "you", "he", "she", "they", "it", "this", "that", "please", "need", "done",
    "before", "after", "me", "us", "can", "more", "some", "any",
    # (how an item is held to its date: "Priya to reprint the posters (due 21 Jan)" asks nothing "due")
    "due", "deadline", "asap", "eod", "eow",
}  # fmt: skip
# Why the item is asked, not what: "… so I can plan the surgery" is done with the sending.
_PURPOSE = re.compile(r"\s*,?\s+so\s+(?:that\s+)?(?:i|we|you|they|he|she)\b.*$", re.IGNORECASE | re.DOTALL)


# The past of verbs that action items ask for ("Maja updated the register"), besides the completion
# words: a note holding one costs a read of the named people's open items, so not any past ("agreed",
# "joined": on the load benchmark's notes, any regular past after a name sent three notes in four to
# that read, about 6 ms each).
_PAST = re.compile(
    # (each again, too: "rescanned", "re-filed", "reprinted")
    r"\b(?:re-?)?(?:scanned|updated|reviewed|prepared|drafted|checked|confirmed|renewed|shared|filed|finali[sz]ed|installed|"
    r"migrated|circulated|organi[sz]ed|arranged|contacted|e-?mailed|replaced|cleaned|tested|trained|"
    r"printed|posted|collected|cancell?ed|uploaded|wrapped\s+up|handed\s+in|sorted\s+out|set\s+up|"
    r"serviced|repaired|labell?ed|packed|painted|calibrated|inspected|"
    r"invoiced|refunded|restocked|picked\s+up|dropped\s+off|"
    # … and an office's and a workshop's (an IT desk's "imaged the laptops", a garage's "fitted the tyres")
    # ("called", "rang", "wrote", "bought" are left out: each is in too many notes, each a read of the
    # named people's open items)
    r"imaged|reinstalled|restored|upgraded|patched|configured|backed\s+up|fitted|swapped|chased|quoted|"
    # … and a public building's and a shop's ("refreshed the display", "emptied the returns bin")
    r"refreshed|cleared|emptied|removed|approved|notified|invited|reminded|followed\s+up|translated|"
    r"answered|replied|tidied|mended|watered|topped\s+up|registered|reported|logged|archived|rebooked)\b",
    re.IGNORECASE,
)


# Irregular pasts of verbs items ask for, and their verbs. Common words in any chat ("I wrote a poem"), so
# a note holding one is read against open items only where a name or the sentence's start is right
# before it ("Arjun wrote the failover runbook", "Wrote the runbook"): who did it, said.
_IRREGULAR = {
    "wrote": "write", "written": "write", "bought": "buy", "rang": "ring", "built": "build", "drew": "draw",
    "brought": "bring", "sold": "sell", "ran": "run", "told": "tell", "taught": "teach", "drove": "drive",
    "met": "meet", "chose": "choose", "sent": "send", "paid": "pay",
    # … and a workshop's, a gallery's, a garden's ("Oskar hung the spring show", "Efe swept the yard")
    "hung": "hang", "swept": "sweep", "fed": "feed", "lent": "lend", "dug": "dig", "sewn": "sew",
    "strung": "string", "wove": "weave", "woven": "weave", "froze": "freeze", "frozen": "freeze",
    "mown": "mow", "rebuilt": "rebuild", "rewrote": "rewrite", "rewritten": "rewrite", "found": "find",
    "caught": "catch", "held": "hold", "led": "lead", "shown": "show", "spoke": "speak", "spoken": "speak",
    # (a past written as the verb itself: "Kwame reset the clue book" for "Kwame will reset the clue book";
    # read only right after a name or a sentence's start, as every word here is, never after "will")
    # ("set" and "put" are left out: a chat's imperatives open with them)
    "reset": "reset", "cut": "cut", "shut": "shut", "recut": "recut",
    # … and a plumber's, a workshop's ("Josh bled the radiators", "Ana laid the new floor")
    "bled": "bleed", "laid": "lay", "spun": "spin", "lit": "light", "dealt": "deal",
}  # fmt: skip
# (each again, too: "Theo restrung the Broadwood" for "Theo to restring the Broadwood")
_AGAIN = "re"
# ("did", "got", "made", "took", "put", "gave" are left out: a past of almost anything)
_PASTS_OF = {verb: {past for past, v in _IRREGULAR.items() if v == verb} for verb in _IRREGULAR.values()}
_SAID_PAST = re.compile(
    rf"(?:\b(?-i:[A-Z])[\w'-]+\s+|^\s*|[.!?;]\s+)(?:re-?)?(?:{'|'.join(_IRREGULAR)})\b",
    re.IGNORECASE | re.MULTILINE,
)


# A deed reported of someone named, in a sentence of its own: "Efua photographed the window display",
# "Wojciech took the delivery van for its service" — any verb's past, right after a name that opens the
# sentence, and its object (not "We discussed the …", nor "Acme agreed to …": no object after it).
_REPORTED = re.compile(
    r"(?:^|[.!?]\s+|\n)(?!(?:We|I|They|He|She|It|You|This|That|These|Those|The|There|Our|My|Their)\b)"
    # (or its perfect: "Ewan has sterilised the new tanks")
    r"(?-i:[A-Z][\w'’-]+)(?:\s+(?-i:[A-Z][\w'’-]+))?\s+(?:(?:has|have)\s+(?:now\s+|already\s+|just\s+)?)?"
    r"(?:[a-z]{3,}ed|took|taken|made|gave|given|got|put|did|done)\s+"
    r"(?:the|a|an|our|their|his|her|its|all|both|every)\b",
    re.IGNORECASE,
)


# A deed said in the passive of who did it, named: "All the new vases were photographed by Kofi
# yesterday", "the gutters have been cleared by Tomasz".
_DONE_BY = re.compile(
    r"\b(?:was|were|has\s+been|have\s+been|got)\s+(?:(?:all|now|already|finally)\s+)?(?:[a-z]+-)?[a-z]{3,}ed\s+"
    r"by\s+(?-i:[A-Z])",
    re.IGNORECASE,
)


# A deed put as a log's line, the thing first and who did it after (no "was"): "Soft-serve machine
# descaled by Marisol this morning", "Club bows restrung (Priyanka), yesterday", "All hives weighed,
# Tamsin, this morning", "Kiln unloaded — Bram, Friday" — a participle after a few words opening the
# line, then "by" a name, the name in brackets, or the name after a comma or a spaced dash.
_LOGGED = re.compile(
    # (not a state now: "Our cones are supplied by Crisp & Co")
    r"(?:^|[.!?]\s+|\n)\s*(?:(?!(?:is|are|am|be|being|been|will|to)\b)[\w'’-]+\s+){1,4}?(?:re-?)?(?:[a-z]{3,}ed|"
    + "|".join(_IRREGULAR)
    # (a tick after it, as a log marks a line done: "Heron's hull blacked ✓ (Gwen, Wednesday)")
    + r")\s*(?:[✓✔☑✅]\s*)?(?:by\s+|\(\s*|,\s+|[—–]\s+)(?-i:[A-Z])",
    re.IGNORECASE,
)


# A deed someone had done, the thing between ("Dana got the worktops re-sealed on Thursday", "we had the
# boiler serviced", "got lanes 1 to 4 re-oiled"): a participle after what was got or had done, within a
# clause.
_HAD_DONE = re.compile(
    r"\b(?:got|had)\s+(?!to\b)(?:(?!and\b|but\b|then\b)[\w'’-]+\s+){1,5}?(?:[a-z]+-)?[a-z]{3,}ed\b",
    re.IGNORECASE,
)


# A thing said to be in its new state now, or a deed said of someone by a pronoun for the thing: "The
# offcut rack is sorted now, Zofia did it on Monday" (the item's own verb's past then decides which).
_NOW_DONE = re.compile(
    r"\b(?:is|are)\s+(?:now\s+[a-z]{3,}ed\b|[a-z]{3,}ed\s+now\b)"
    r"|\b(?-i:[A-Z])[\w'’-]+\s+(?:did|has\s+done|finished)\s+(?:it|them|that|this)\b",
    re.IGNORECASE,
)


def reports_completion(content: str) -> bool:
    """Whether `content` may report an item done: a completion word, the past of a verb items ask for, a
    deed reported of someone named (`_REPORTED`), or a state reached now (`_NOW_DONE`)."""
    return bool(
        _DONE.search(content)
        or _PAST.search(content)
        or _SAID_PAST.search(content)
        or _REPORTED.search(content)
        or _HAD_DONE.search(content)
        or _DONE_BY.search(content)
        or _LOGGED.search(content)
        or _NOW_DONE.search(content)
    )


def _words(text: str) -> set[str]:
    """Content words by their stems, so "book" meets "booked" ("Tom to book the caterer", "the caterer is
    booked for the 28th")."""
    return {root(w) for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 2}


_CALENDAR = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "today", "tomorrow", "next", "week", "month", "end",
    # (and their short forms: "order more foils by Fri 14 Aug" asks nothing of Friday or August)
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "mon", "tue",
    "tues", "wed", "weds", "thu", "thur", "thurs", "fri", "sat", "sun",
}  # fmt: skip


_ORDINAL = re.compile(r"\d{1,2}(?:st|nd|rd|th)")
_CLAUSE = re.compile(r";|\s+but\s+|\s+[–—]\s+")
# A clause saying a deed is not done ("has not yet chased", "still to be cleaned", "didn't send").
_NEGATED = re.compile(r"\b(?:not|never|yet to|still to|no one|nobody)\b|n't\b", re.IGNORECASE)


@dataclass(frozen=True)
class _Clause:
    stems: set[str]  # content words by their stems (`_words`)
    words: set[str]  # its words as written, lower case
    done: bool  # holds a completion word
    past: bool  # holds the past of a verb items ask for
    reported: bool  # reports someone's deed in any verb's past (`_REPORTED`, `_HAD_DONE`)
    named: set[str]  # its identifiers
    text: str


def completed_items(content: str, open_items: list[dict], anyones: bool = False) -> list[str]:
    """The ids of the open items a sentence of `content` reports done: a completion word, and at least
    three fifths of the item's content words, the owner's name and dates aside (they are in most
    sentences about the owner anyway: "Mei Chen: I finished the feature pipeline, the churn model trains"
    does not close "Mei Chen will send the churn model results"). `anyones`: the content names nobody,
    and closes another's item only by the past of the very verb it asks for ("Renewed the certificate
    with Sectigo" for "Jonas will renew it with Sectigo"), not by any word of completion."""
    # Clauses, each for itself: "Jonas imaged the laptops; the MFA guide is still not written" reports
    # the laptops done and the guide not.
    split = [c for s in split_sentences(content) for c in _CLAUSE.split(s) if not _NEGATED.search(c)]
    # Each clause read once, not once per item (a note naming nobody is read against up to 50 items).
    clauses = [
        _Clause(
            _words(s),
            set(_WORD.findall(s.lower())),
            bool(_DONE.search(s)),
            bool(_PAST.search(s)),
            bool(_REPORTED.search(s) or _HAD_DONE.search(s) or _DONE_BY.search(s) or _LOGGED.search(s)),
            identifiers(s),
            s,
        )
        for s in split
    ]
    done = []
    for item in open_items:
        asked = _PURPOSE.sub("", item["text"])
        words = _words(asked) - _words(item.get("owner") or "") - {root(w) for w in _CALENDAR}
        words = {w for w in words if not w.isdigit() and not _ORDINAL.fullmatch(w)}  # ("by Thurs 11th")
        needed = max(2, math.ceil(0.6 * len(words)))
        past = _past_of_its_verb(item["text"])
        named = identifiers(item["text"])
        strict = anyones and bool(item.get("owner"))
        # (the item's verb, said in an irregular past, is one of its words said: "Deepak sent the programme
        # to Parkway Print" for "Deepak: send the programme to the printers")
        verb = {root(v) for v in _its_verb(item["text"])}
        # A deed in any past reports the item only where the item's verb is said in it too, as the deed
        # or its noun ("Selorm photographed the shelf labels", "Tomas took the minibus for its service"):
        # "Yusuf presented the migration plan to the guild" does not share its checklist with the guild.
        sentences = [
            c.stems | (verb if _said_done(past, c) else set())
            for c in clauses
            if (_said_done(past, c) or (not strict and (c.done or c.past or (c.reported and verb & c.stems))))
            and not conflict(named, c.named)  # "Ordered the alarms for Flat 2" closes no Flat 4A item
        ]
        # … or the record it is about, by its identifier, said done ("INC-3301 fixed: Jonas reinstalled
        # the VPN client" for the ticket assigned to Jonas)
        record = named and any(named & c.named and c.done for c in clauses)
        # An item whose only word is its verb ("Owen: I'll rescan it on Monday", its object the line
        # before's) is reported done by its verb's past alone ("Owen rescanned the Brennan will").
        by_verb = bool(words) and words <= verb and any(_said_done(past, c) for c in clauses)
        if (words and any(len(words & sentence) >= needed for sentence in sentences)) or record or by_verb:
            done.append(item["id"])
    return done


# The pasts written as the verb itself ("reset", "cut"): said done only after a name or at a clause's
# start ("Kwame reset the clue book"), not after "will" or "to" ("Kwame will reset it by Friday").
_SAME_FORM = frozenset(past for past, verb in _IRREGULAR.items() if past == verb)


def _said_done(past: set[str], clause: _Clause) -> bool:
    """Whether a clause says one of the past forms of an item's verb as a deed done."""
    said = past & clause.words
    if said - _SAME_FORM:
        return True
    return any(
        re.search(rf"(?:\b(?-i:[A-Z])[\w'-]+\s+|^\s*){re.escape(w)}\b", clause.text, re.I) for w in said
    )


# The verb an item asks for: after "will", "to", "must", "needs to", or the item's first word.
_ITEM_VERB = re.compile(
    r"\b(?:will|'ll|to|must|should|shall)\s+(?:also\s+|still\s+)?(?P<verb>[a-z]+(?:-[a-z]+)?)", re.I
)
# (after a "Name:" label that gives the item its owner: "Kofi: print the trip name badges by Tuesday")
_FIRST_WORD = re.compile(
    r"^\s*(?:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?:\s*)?(?:please\s+)?(?P<verb>[a-z]+(?:-[a-z]+)?)\b", re.I
)


def _its_verb(text: str) -> set[str]:
    """The verb an item asks for, lower case (none when it names none); of a compound verb, its last piece
    ("re-oil lanes 1 to 4" asks to oil them, said done as "re-oiled" or "oiled")."""
    match = _ITEM_VERB.search(text) or _FIRST_WORD.match(text)
    if match is None:
        return set()
    verb = match["verb"].lower()
    first, _, last = verb.partition("-")
    return {last if last and first in VERB_PREFIXES else first}


def _past_of_its_verb(text: str) -> set[str]:
    """The past forms of the verb an item asks for: "Maja updated the hazmat register" reports
    "Maja Nowak will update the hazmat register by 12 September" done as "completed" would."""
    found = _its_verb(text)
    if not found:
        return set()
    verb = found.pop()
    if verb in _PASTS_OF:
        return _PASTS_OF[verb]  # "Arjun wrote the failover runbook" for "Arjun: write the runbook"
    if verb.startswith(_AGAIN) and verb[len(_AGAIN) :] in _PASTS_OF:
        return {_AGAIN + past for past in _PASTS_OF[verb[len(_AGAIN) :]]}  # "restring": "restrung"
    if len(verb) < 3:
        return set()
    if verb.endswith("e"):
        return {verb + "d"}
    if verb.endswith("y") and verb[-2] not in "aeiou":
        return {verb[:-1] + "ied"}
    return {verb + "ed", verb + verb[-1] + "ed"}
