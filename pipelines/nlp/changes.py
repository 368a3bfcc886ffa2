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
from functools import lru_cache

from spacy.lang.en.stop_words import STOP_WORDS

from graph.search import root
from pipelines.nlp.identifiers import identifiers
from pipelines.nlp.names import speaker, spoken_text

# When a new state starts, opening the sentence: "From 5 October the nursery opens at 7am", "From October
# the chandlery opens Wednesday to Sunday only", "Starting next week, …" (not a range: "From Monday to
# Friday we open at 8").
_START = (
    r"(?:from|starting|as\s+of|effective)\s+(?:the\s+)?"
    r"(?:today|tomorrow|next\s+\w+|this\s+(?:week|month|year|term|spring|summer|autumn|winter)|half-term|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*(?:\s+\d{1,2}(?:st|nd|rd|th)?)?|"
    r"\d{1,2}(?:st|nd|rd|th)|spring|summer|autumn|winter)(?:\s+\d{4})?"
    r"(?!\s*(?:to|until|till|through|-|–)\b)"
)
_FROM_THEN = rf"^\s*{_START}(?=[\s,])"
# … or after the value that will hold then, an amount or a time: "Taster classes will be £110 per person
# from August", "Group walks will cost £18 per dog from 1 October", "We'll open at 7:30am starting 5
# October" (not a range, "will be open from Monday to Friday"; nor a thing added, "the shop will open on
# Saturday mornings from June", which changes nothing of the weekday hours).
_WILL_FROM = (
    rf"\b(?:will|'ll)\s+(?:now\s+)?[a-z]+\b[^.;!?\d]{{0,40}}?\d[^.;!?]{{0,40}}?\b{_START}(?=[\s,.;!?]|$)"
)
# "Rush jobs now cost 40%", "Lunches now come from …": a present state said to be new, of a noun's
# subject (not "I'm now friends with …", "right now my …", "by now", "now that …"; the word after "now"
# a verb, not "plans now with …": chat lines met those, and LoCoMo's token F1 fell 0.291 → 0.288).
_NOUN_NOW = (
    r"(?!(?:by|for|right|just|until|till|from|even|only|enough|and|but|so|or|then|is|are|was|were|am|be|"
    r"been|i|you|we|they|he|she|it|me|us|them|that|this|there|here|what|who|which)\b)[a-z]{2,}\s+now\s+"
    r"(?!(?:that|on|and|or|because|but|so|if|as|the|a|an|it|we|you|i|he|she|they|is|are|than|my|your|our|"
    r"their|his|her|its|for|with|to|in|at|of|about|from|by|up|out|off|here|there|too|more|less)\b)[a-z]+"
)
WILL_HOLD_FROM = re.compile(_WILL_FROM, re.IGNORECASE)
# "Saturday hire of the main barn: £3,800 → £4,200 from January": the amount before, an arrow, the new one.
_ARROWED = r"[£$€]\s?\d[\d,.]*\s*(?:→|->|=>)\s*[£$€]\s?\d"
# A duty taken from whoever held it: "has taken the Friday prep off Marco's hands".
_OFF_HANDS = (
    r"(?:takes?|took|taken|taking)\s+(?:[\w'’-]+\s+){1,6}?off\s+"
    r"(?:[A-Z][\w'-]+['’]s?|his|her|their|my|our)\s+hands\b"
)
_CHANGE = re.compile(
    rf"{_FROM_THEN}|{_WILL_FROM}|{_ARROWED}|\b{_NOUN_NOW}|"
    r"\b(?:hand(?:s|ed|ing)?\s+(?:[\w'-]+\s+){0,6}?over|took\s+over|take[sn]?\s+over|taking\s+over|no\s+longer|"
    # "Tomasz Nowak has taken charge of the resoling bench": a duty taken on, as taking it over
    r"(?:takes?|took|taken|taking)\s+charge\s+of|"
    # "Hamid Karimi takes ownership of the save-system code from Kenji": a duty taken on by name
    r"(?:takes?|took|taken|taking|assumes?|assumed|assuming)\s+(?:over\s+|on\s+)?(?:ownership|responsibility)\s+"
    r"(?:of|for)|"
    r"not\s+any\s*more|now\s+(?:owns?|leads?|runs?|uses?|is|are|handles?|manages?|responsible)|"
    # "it now expires on 20 November 2027", "the gym now opens at 6am", "we now open at 5.30am": a present
    # state said to be new
    r"(?:it|he|she|this|that|who)\s+now\s+[a-z]+s\b|(?:we|they)\s+now\s+[a-z]+\b|"
    # "has handed the Brennan probate matter to Mr. James Vale": handing it to someone named
    r"hand(?:s|ed|ing)\s+(?:[\w'-]+\s+){1,6}?to\s+(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?(?-i:[A-Z])|"
    # ("We've dropped Baseline Sports Wholesale for Rallypoint Supplies": one named given up for another)
    r"(?:dropp|ditch|scrapp)(?:ed|ing)\s+(?-i:[A-Z])[^.;]{0,60}?\s+for\s+(?-i:[A-Z])[\w&'’-]*|"
    r"(?:is|are)\s+now|instead(?:\s+of)?|(?:dropp|ditch|scrapp|abandon)\w*\s+[^.;]{1,80}?\s+in\s+favou?r\s+of|swapp(?:ed|ing)\s+(?:[\w'-]+\s+){1,4}?for|switch(?:ed|es|ing)?\s+(?:[\w'-]+\s+){0,5}?(?:from|to|over)|"
    # "replaced by Amara", "replaces Luis", "replaced the router with a mesh": a change; not a repair
    # ("Forth Heating replaced the flue seal": the same thing, new)
    r"replac(?:e|ed|es|ing)(?=\s+(?:by\b|(?-i:[A-Z]))|[^.;]*?\b(?:with|as)\b)|migrat(?:ed|es|ing)\s+(?:[\w'-]+\s+){0,5}?(?:from|to)|mov(?:ed|es|ing)\s+(?:[\w'-]+\s+){0,4}?from\s+.+?\s+to|"
    r"chang(?:ed|es|ing)\s+(?:[\w'-]+\s+){0,4}?(?:from|to)|"
    # "Visiting hours change to 10 am to 7 pm from Monday": the verb's plain form, to a value or from a day
    # (not "a change to the rota", the noun)
    r"change\s+to\s+(?=[£$€]?\d|[^.;]{0,40}?\bfrom\s+(?:now|today|tomorrow|next\s|the\s+\d|\d|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day))|"
    r"(?:mov|postpon|reschedul|relocat)(?:e|es|ed|ing)\s+(?:[\w'-]+\s+){0,6}?(?:to|until)|"
    r"(?:brought|bring|brings|bringing)\s+forward|pass(?:es|ed)?\s+(?:[\w'-]+\s+){0,5}?(?:on\s+)?to|"
    # "tug maintenance has gone over to Fenwick Aviation": a duty gone to someone named
    r"(?:has|have|had)\s+(?:now\s+)?(?:gone|moved|passed)\s+over\s+to\s+(?-i:[A-Z])[\w'’-]*|"
    # "the head chef role has gone to Ana Sousa": a duty gone to someone named
    r"(?:has|have|had)\s+(?:now\s+)?gone\s+to\s+(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?(?-i:[A-Z])[\w'’-]*|"
    r"hand(?:s|ed)?\s+off|(?:has|have)\s+left\b|is\s+leaving\b|(?-i:[A-Z][\w'-]+)\s+(?:leaves|will\s+leave|retires|will\s+retire)\b|(?:is|are)\s+retiring\b|(?:has\s+)?retired\b|"
    r"push(?:es|ed)\s+(?:[\w'-]+\s+){0,4}?(?:back\s+)?to|(?:put|puts)\s+back\s+(?:to|until)|transferr?(?:ed|ing)?\s+(?:[\w'-]+\s+){0,4}?to|"
    r"reassign(?:ed|s)?\s+(?:[\w'-]+\s+){0,4}?to|upgrad(?:ed|es|ing)?\s+(?:\S+\s+){0,8}?(?:from|to)|from\s+now\s+on|"
    r"(?:has|have)\s+(?:been\s+)?(?:moved|changed|switched|replaced)|"
    # Stepping back, standing in, a date slipping, a quantity cut or raised, a choice reverted.
    r"step(?:s|ped|ping)?\s+(?:back|down|aside)|(?:stand|stands|standing|stood|fill(?:s|ing)?)\s+in\s+for|"
    r"step(?:s|ped|ping)?\s+(?:up|in)\s+as|promoted\s+to|"
    rf"{_OFF_HANDS}|"
    r"cover(?:s|ed|ing)?\s+for|in\s+the\s+meantime|meanwhile|until\s+further\s+notice|"
    # A stand-in while someone is away: "Handover: …", "… until she is back in May", "in his absence"
    r"hand-?over|until\s+(?:she|he|they)\s+(?:(?:is|are|comes?|gets?)\s+back|returns?)|"
    # "…, so Callum Reid leads crew B until he is fit again": away until recovered, as until back
    r"until\s+(?:she|he|they)\s+(?:(?:is|are|'s|'re|gets?|feels?)\s+(?:fit|well|better)(?:\s+again)?|"
    r"(?:has|have)\s+recovered|recovers?)|"
    r"in\s+(?:her|his|their)\s+absence|"
    r"while\s+(?:she|he|they)\s+(?:is|are|'s|'re)\s+"
    r"(?:away|out|off|on\s+leave)|"
    r"slip(?:s|ped|ping)?\s+(?:[\w'-]+\s+){0,3}?(?:to|until|into|by|past)|(?:delay|bump)(?:s|ed|ing)?\s+(?:[\w'-]+\s+){0,4}?(?:to|until)|moved\s+up|"
    r"(?:cut|cuts|rais(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|reduc(?:e|es|ed|ing)|lower(?:s|ed|ing)?|"
    r"dropped|extend(?:s|ed|ing)?|shorten(?:s|ed|ing)?|(?:went|goes|go|going)\s+(?:up|down)|"
    # "The demo build has shrunk by 600 MB to 1.8 GB" (growing, only by or to a number: "I've grown to
    # love it" is no change of a value)
    r"shr[iau]nk(?:s|ing)?|(?:grow|grows|growing|grew|grown)(?=\s+(?:by|to)\s+[£$€]?\d)|"
    # "Hot desk membership rises to £195 a month", "the fee fell to £20"
    r"ris(?:e|es|ing)|rose|fall(?:s|ing)?|fell|climb(?:s|ed|ing)?|jump(?:s|ed|ing)?)"
    # (by how much, first: "Rent is increasing by £25 to £540 a month", "fees rise by 10% to £33")
    r"\s+(?:by\s+(?:[£$€]\s?)?\d[\d,.]*%?\s+)?(?:(?:[\w'-]+\s+){0,3}?|(?:[\w'-]+\s+){0,6}?from\s+\S+\s+)to|"
    # "We've put a box of twelve truffles up to £20", "marked the candles down to £6": a price set anew
    r"(?:put|puts|putting|mark(?:s|ed|ing)?|knock(?:s|ed|ing)?)\s+(?:[\w'-]+\s+){0,6}?(?:up|down)\s+"
    r"(?:[\w'-]+\s+){0,4}?to\s+(?:[£$€]\s?)?\d+|"
    # "The price of a ten-lesson block has gone from £280 to £300": one amount to another
    r"(?:gone|went|goes|go|going|jumped|moved)\s+from\s+(?:[£$€]\s?)?\d[\d,.]*(?:\s+(?:a|an|per)\s+\w+)?\s+to\s+"
    r"(?:[£$€]\s?)?\d+|"
    # "A tent pitch will cost £25 a night next season, up from £22": the amount before, said after
    r"(?:up|down)\s+from\s+(?:[£$€]\s?)?\d+|"
    # "Suggested donation: was £3, now £4 per repair": the amount before, then the amount now
    r"\bwas\s+(?:[£$€]\s?)?\d[\d,.]*(?:\s+(?:a|an|per)\s+\w+)?\s*[,;]\s*(?:but\s+)?(?:it's\s+|is\s+)?now\s+(?:[£$€]\s?)?\d|"
    # Back as before: "Lab meeting is back on Tuesdays from 17 November".
    r"(?:is|are)\s+back\s+(?:on|to)\b|"
    # A way of doing it given up for another: "We've stopped hiring parts from ScoreLibrary and now buy
    # them from Allegro Music" ("stopped" alone may be a machine's: "the pump stopped")
    # (the new way after it, "now" after or not: "… and get it from Castleway Hobbies now", "… and buy
    # them from Allegro Music")
    r"(?:stopped|ceased|quit)\s+[a-z]+ing\b[^.;]*?\b(?:and|but|;)\s+(?:we\s+|they\s+)?(?:now\s+[a-z]+|"
    r"[a-z]+\s+(?:it|them|these|those)\s+(?:from|with|at|through|via)\b|[a-z]+\s+[^.;]*?\bnow\b)|"
    # A provider dropped, the thing now got from another: "We've dropped Sharpline Trade and now buy our
    # clipper blades from Barbersmith Wholesale"
    r"(?:dropp|ditch|scrapp)(?:ed|ing)\s+(?-i:[A-Z])[^.;]{0,60}?\band\s+(?:we\s+)?now\s+(?:buy|order|get|source|use|hire|rent|lease)\b|"
    # A provider that lost our custom to another, or one that won it from another: "Ashby & Vine lost our
    # tea account to Kettlewell Teas", "Brightbean won the coffee contract from Ember & Oak"
    r"lost\s+(?:our|the|its|their)\s+(?:[\w'-]+\s+){0,3}?(?:account|contract|business|custom|tender|work|orders?)\s+to|"
    r"won\s+(?:our|the)\s+(?:[\w'-]+\s+){0,3}?(?:account|contract|business|custom|tender|work|orders?)\s+(?:from|off)|"
    r"(?:revert(?:s|ed|ing)?|(?:went|go|goes|going)\s+back|roll(?:s|ed|ing)?\s+back)\s+(?:[\w'-]+\s+){0,4}?to|"
    # A plan called off: "Priya can't look after the cat after all".
    r"after\s+all|"
    # A schedule kept after all: "the Thursday class is full, so she stays on Tuesdays at 17:00".
    r"(?:stays|remains|is\s+staying)\s+(?:on|at)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|\d{1,2}[:.]\d{2})|"
    # "Aisha is leading it now", "Dmitri owns vendor contracts now": a state said to hold now.
    r"(?:is|are)\s+\w+ing\s+(?:[\w'-]+\s+){0,4}?now|"
    r"(?:owns?|leads?|runs?|manages?|handles?|uses?|approves?|maintains?)\s+(?:[\w'-]+\s+){0,5}?now|"
    # "aerial classes are taught by Rosa Díaz now", "the bar is run by Owen now": a holder by the passive,
    # said to hold now
    r"(?:is|are)\s+[a-z]+\s+by\s+(?:[\w'’.-]+\s+){1,4}?now(?=\s*(?:[.!;,)]|$))|"
    # "The juggling club meets on Tuesday evenings now", "Choir is on Thursdays now": a schedule said to
    # hold now, "now" closing the clause
    r"(?:meets?|opens?|closes?|starts?|begins?|finishes?|ends?|happens?|rehearses?|trains?|practi[sc]es?|"
    r"plays?|gathers?|sits?|trades?|serves?|collects?|visits?|sails?|departs?|arrives?|"
    r"takes\s+place|(?:is|are)\s+(?:held|on|at))"
    r"\s+(?:[\w'-]+\s+){1,5}?now(?=\s*(?:[.!;,)]|$))|"  # (what it holds between: not "we can start now")
    # German, Spanish, French: "übernimmt", "nicht mehr", "jetzt", "ya no", "ahora", "ne … plus", "désormais"
    r"übernimmt|übernahm|nicht\s+mehr|ya\s+no|en\s+lugar\s+de|ahora\s+(?:es|lleva|usa)|"
    r"n[e']\s*\w+\s+plus|désormais|remplac(?:é|e|ée)s?|au\s+lieu\s+de|à\s+la\s+place\s+de|"
    r"verschoben|statt|anstelle|ersetzt|pospuest[oa]|aplazad[oa]|reemplaz\w*|sustitu\w+|"
    # … and a date put back or brought forward: "repoussée au 19 mars", "reportée à", "vorgezogen"
    r"repouss(?:é|e|ée|és|ées)|report(?:é|ée|és|ées)\s+(?:au|à)|décal(?:é|ée|és|ées)|avancé(?:e|s|es)?\s+(?:au|à)|"
    r"vorgezogen|verlegt|retrasad[oa]s?|adelantad[oa]s?)\b",
    re.IGNORECASE,
)
# Words of the change itself: they say that something changed, not what.
_CHANGE_WORDS = {
    "hand", "handed", "hands", "over", "took", "take", "takes", "taken", "taking", "longer", "now", "instead",
    "switch", "switched", "switches", "replace", "replaced", "replaces", "migrate", "migrated", "move",
    "moved", "moves", "change", "changed", "changes", "transfer", "transferred", "reassign", "reassigned",
    "upgrade", "upgraded", "anymore", "from", "to", "new", "old", "current", "currently", "step", "stepped",
    "steps", "back", "aside", "meantime", "meanwhile", "covering", "slipped", "slips", "slip", "delayed",
    "bumped", "reverted", "rolled", "brought", "forward", "passed", "off", "handover", "absence",
    "repoussée", "repoussé", "reportée", "reporté", "décalée", "décalé", "verschoben", "vorgezogen",
    "aplazado", "aplazada",
    "pospuesto", "pospuesta", "retrasado", "retrasada", "goes", "went", "go", "going", "rise", "rises",
    "rose", "rising", "falls", "fell", "climbs", "climbed", "jumps", "jumped", "stopped", "ceased",
    "promoted", "stepping",
}  # fmt: skip
_WORD = re.compile(r"[^\W\d_]+")
_COMPOUND = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+")


# "instead" with nothing after it: what it replaces is in the sentence before ("Greenway Coaches
# cancelled our booking. Swift Travel is taking us instead.").
_BARE_INSTEAD = re.compile(
    r"\binstead\b(?!\s+of\b)|\bswitch(?:ed|es|ing)?\s+(?:(?!from\b)[\w'-]+\s+){0,4}?to\b(?![^.;]*\bfrom\b)",
    re.IGNORECASE,
)


# What ends an arrangement, said before an "instead" that replaces it: "cancelled our booking", "has
# stopped making the tips", "can't come", "is closing".
_CALLED_OFF = re.compile(
    r"\b(?:cancell?(?:ed|s|ing)|called\s+off|pulled\s+out|withdr[ae]w|declined|stopped|(?:is|are)\s+closing|"
    r"closed\s+down|(?:can't|cannot|can\s+not|couldn't|could\s+not|won't|will\s+not)\s+\w+|"
    r"(?:is|are)\s+(?:no\s+longer|not)\s+available|fell\s+through|let\s+us\s+down|broke\s+down|"
    r"went\s+bust|(?:is|are)\s+full|pull(?:s|ing)?\s+out|drop(?:s|ped|ping)?\s+out|"
    r"(?:has|have|had)\s+to\s+(?:cancel|withdraw))\b",
    re.IGNORECASE,
)


_STEPPING_BACK = re.compile(
    r"\b(?:step(?:s|ped|ping)?\s+(?:back|down|aside)|(?:pull|drop)(?:s|ed|ing)?\s+out)\b", re.IGNORECASE
)


def changed_sentences(sentences: list[str], elliptic: bool = False) -> list[str]:
    """The sentences that state a change of state. With `elliptic`, one whose "instead" or "switched to"
    says nothing of what it replaces is read with the sentence before it, which does ("Greenway Coaches
    cancelled our booking. Swift Travel is taking us instead."): for the value it replaces
    (`former_values`), not for its topic, which the sentence before would widen."""
    found = []
    for i, sentence in enumerate(sentences):
        if not states_change(sentence):
            continue
        before = sentences[i - 1] if i else ""
        joined = (
            elliptic
            and _BARE_INSTEAD.search(sentence)
            and (
                (_CALLED_OFF.search(before) and not _CHANGE.search(before))
                # "Dylan Hughes has to step back from the cover …. Aiko Tanaka will design it instead":
                # who lets go is who the "instead" replaces
                or _STEPPING_BACK.search(before)
            )
        )
        found.append(f"{before.strip()} {sentence}" if joined else sentence)
    return found


def states_change(text: str) -> bool:
    """Whether a text states a change: a word of change not asked or wished for ("Mrs. Quist would like the
    recital moved to the Saturday", "Can we move the review to Friday?" change nothing yet)."""
    return any(not _wished(text, match.start()) for match in _CHANGE.finditer(text))


# Asking or wishing for a change, right before its word: "would like … moved", "wants it changed to",
# "asked whether it could be moved", "can we move …".
_WISH = re.compile(
    r"\b(?:would\s+like|'d\s+like|would\s+love|wants?|wanted|wishes|wished|hopes?|hoping|"
    r"asked\s+(?:whether|if|for|to)|asks\s+(?:whether|if|for|to)|requested|requests|"
    r"(?:can|could|would|will|shall)\s+(?:we|you|they)|is\s+it\s+possible)\b",
    re.IGNORECASE,
)
# ... not where what follows reports a change, or another clause states it ("Ana asked me to tell you that
# the review moved to Friday", "We wanted a quiet week, but the audit moved to Monday").
_REPORTED = re.compile(
    r"\b(?:that|know|tell|told|say|said|but|though|although|however|because|since|so)\b|[:;.!?]",
    re.IGNORECASE,
)


def _wished(text: str, at: int) -> bool:
    """Whether the word of change at `at` is what a wish or a request close before it asks for."""
    before = text[max(0, at - 80) : at]
    wishes = list(_WISH.finditer(before))
    return bool(wishes) and _REPORTED.search(before, wishes[-1].end()) is None


# Days and months are values a change sets, never all it is about ("Dariusz is off until 9 November" is
# not about "the inspection moved to 28 November"); beside another word they count ("The electrician is
# coming on Thursday" restates "moved the electrician visit to Thursday").
_CALENDAR = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
}  # fmt: skip


_CALENDAR_ROOTS = {root(w) for w in _CALENDAR}


_TIME_OF_DAY_WORDS = re.compile(r"(?<=\d)\s*[ap]\.?m\b\.?", re.IGNORECASE)


def topic(sentence: str, names: frozenset[str] = frozenset()) -> set[str]:
    """A sentence's topic words, stemmed: what it is about, less how it says it changed and less the
    words of people's `names` (lowercased): who a fact is about is not what it says."""
    # (not the "am" and "pm" of "8am to 12pm": a time's, which is a value)
    sentence = _TIME_OF_DAY_WORDS.sub(" ", sentence)
    # (a hyphened compound closed by a particle is a word too, besides its pieces: "pick-up" and
    # "pick-ups" share "pickup", where "up" is a stop word and "ups" no other word's; "on-site" is "site")
    compounds = [
        w.replace("-", "")
        for w in _COMPOUND.findall(sentence.lower())
        if w.rsplit("-", 1)[1].rstrip("s") in STOP_WORDS
    ]
    words = (w for w in [*_WORD.findall(sentence.lower()), *compounds] if len(w) > 1 and w not in names)
    # ("mornings" as "morning": the stem takes one suffix off, and "Sunday mornings" is "Sunday morning")
    stems = (
        root(w[:-1] if w.endswith("ings") else w)
        for w in words
        if w not in STOP_WORDS and w not in _CHANGE_WORDS
    )
    return {_HOURS.get(stem, stem) for stem in stems}


# Opening and closing are one fact, the hours kept: "We now close at 4pm on Saturdays" changes "The
# pharmacy is open from 9am to 6pm on Saturdays", though no other word is shared.
_HOURS = {root(w): root("open") for w in ("close", "closes", "shut", "shuts")}


def _proper(sentence: str) -> set[str]:
    """The stems of the words of names: those a sentence capitalises past its first, and its first when
    the next is capitalised too ("Pennant Roofing switched …")."""
    words = _WORD.findall(sentence)
    opening = words[:1] if len(words) > 1 and words[1][:1].isupper() else []
    return {root(w.lower()) for w in opening + words[1:] if w[:1].isupper()}


# An amount of money or a share, stated: what a price change is about beside the thing priced ("A full
# day goes up to £62" of "A full day costs £58", "Rush jobs now cost 40% on top" of "… are charged at 25%
# on top"), which the words of costing may not share.
# Money and shares are two kinds: "Members get 10% off parts" states no price that "A full service is now
# £85" changes.
_MONEY = re.compile(r"[£$€]\s?\d|\d\s?(?:p\b|pence\b|euros?\b|dollars?\b|pounds?\b)", re.I)
_SHARE = re.compile(r"\d\s?(?:%|per\s?cent\b)", re.I)
_AMOUNT_WORDS = {"<money>", "<share>"}
# Words that say only that a price is stated ("A check-up costs £48 for private patients"): with the
# amount beside them they are its verb, which "goes up to £52" says in other words.
_PRICING = {root(w) for w in ("cost", "costs", "costing", "charged", "charge", "charges", "priced", "price")}


# The unit an amount is counted by is part of the amount: "$20 a month" and "€1,450 a month" share no
# topic by their "month" ("a full day costs £58" keeps its "day": no unit of an amount).
_PER_UNIT = re.compile(
    r"(\d[\d,.]*\s*(?:%|p|pence|euros?|dollars?|pounds?)?)\s+(?:a|an|per|each)\s+[a-z]+\b", re.IGNORECASE
)


def _amount(sentence: str) -> set[str]:
    kinds = (("<money>", _MONEY), ("<share>", _SHARE))
    return {kind for kind, pattern in kinds if pattern.search(sentence)}


def _priced(sentence: str, names: frozenset[str]) -> set[str]:
    """The sentence's topic words and the kinds of amount it states, without its pricing verb when it
    states one."""
    amounts = _amount(sentence)
    return (topic(sentence, names) - (_PRICING if amounts else set())) | amounts


def same_subject(
    changed: str, stored: str, names: frozenset[str] = frozenset(), shared: int = 2, named_apart: bool = False
) -> bool:
    """Whether a sentence stating a change is about what a stored sentence says: they share at least
    `shared` of its topic words (all of them when it has fewer), and at least half of them, and one of
    those is no day or month. People's `names` do not count at all: "Fatou moved the offsite" says
    nothing new about "the ticket is Fatou's". With `named_apart` (the people's names given), nor does a
    name both write alone: the same company or building says nothing of the same fact ("Forth Heating
    replaced the seal" changes nothing of "Forth Heating's engineer is off sick"). Two sentences that
    both state an amount of one kind share that as a topic word (`_amount`), never as the only one, and
    a pricing verb beside it is no topic word."""
    changed, stored = _PER_UNIT.sub(r"\1", changed), _PER_UNIT.sub(r"\1", stored)
    theirs = _priced(stored, names)
    common = _priced(changed, names) & theirs
    apart = _proper(changed) & _proper(stored) if named_apart else set()
    if not common - apart - _CALENDAR_ROOTS - _AMOUNT_WORDS:
        return False
    return bool(theirs) and len(common) >= min(shared, len(theirs)) and 2 * len(common) >= len(theirs)


# A date moving: "Topping-out has slipped to 3 April", "The review moved to Friday", "repoussée au 19 mars".
_DATE_MOVES = re.compile(
    r"\b(?:slip(?:s|ped|ping)?|(?:delay|bump|push|postpon|reschedul|mov)(?:e|es|ed|ing|s)?|brought\s+forward|"
    r"repouss\w+|report(?:é|ée)|verschoben|vorgezogen|aplazad[oa]|pospuest[oa]|retrasad[oa])\b",
    re.IGNORECASE,
)
_WHEN = re.compile(
    r"\b(?:\d{1,2}|jan\w*|feb\w*|mar(?:ch|s|zo)?|apr\w*|avril|abril|may|mai|mayo|jun\w*|juin|jul\w*|juil\w*|"
    r"aug\w*|ao[uû]t|agosto|sep\w*|oct\w*|okt\w*|nov\w*|dec\w*|d[eé]z\w*|d[ié]c\w*|mon|tue|wed|thu|fri|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|week)\b",
    re.IGNORECASE,
)
_OBJECT_AFTER = re.compile(r"\s+(?:his|her|their|our|my|its|the|a|an)\b", re.IGNORECASE)
_SPAN_OF_TIME = re.compile(
    r"\b\d+\s*(?:days?|weeks?|months?|years?|hours?|hrs?|minutes?|mins?|%|per\s*cent|percent)\b",
    re.IGNORECASE,
)
# Subjects that name no one event: "the meeting slipped to Friday" could be any meeting.
_GENERIC_EVENTS = {
    "meeting", "call", "session", "event", "date", "deadline", "appointment", "thing", "plan", "one",
    "review", "sync", "catch", "chat", "slot", "due", "delivery", "launch", "release", "start", "end",
    "visit", "booking", "reservation",
}  # fmt: skip
# What a move moves when the sentence names it after the verb: "they moved the electrician visit to
# Thursday" (the words before the verb, "Sparkwell rang: they", say who moved it).
# ("moved from 14 April to 28 April" names no thing there: its dates are what moved.)
_MOVED_THING = re.compile(
    r"\s+(?!from\b|back\b|forward\b)(?:[\w'’-]+\s+){1,5}?(?=(?:to|until|till|into)\b)", re.IGNORECASE
)


def same_event(changed: str, stored: str, names: frozenset[str] = frozenset()) -> bool:
    """Whether a sentence moving a date ("Topping-out has slipped to 3 April because of the crane outage")
    moves the event a stored sentence dates ("The topping-out ceremony at Holbeck is set for 20 March"):
    its subject — the words before the move — is named by the stored sentence, both give a date, and
    the subject names one event rather than any ("the meeting"). The cause after the move says nothing
    of what moved, so the topic words `same_subject` counts fall short here."""
    moved = _DATE_MOVES.search(changed)
    dated = _WHEN.search(_SPAN_OF_TIME.sub(" ", stored))  # "within 10 days" dates nothing
    if moved is None or not _WHEN.search(changed[moved.end() :]) or not dated:
        return False
    generic = {root(w) for w in _GENERIC_EVENTS}
    theirs = topic(stored, names)
    thing = _MOVED_THING.match(changed, moved.end())
    what = topic(_WHEN.sub(" ", thing.group(0)), names) - generic if thing else set()
    # "Hyun-woo moved his check-out inspection to …": the words before a move with an object say who
    # moved it, and the object is what moved; unless the object is any event ("FlowRight moved the
    # visit to Friday": FlowRight's visit).
    if what and _OBJECT_AFTER.match(changed, moved.end()) is not None:
        return what <= theirs
    subject = topic(changed[: moved.start()], names) - generic
    if subject and subject <= theirs:
        return True
    return bool(what) and what <= theirs


# A move to a named place: "The choir has been relocated to Greenway Arts Centre", "is now held at …".
_PLACE_MOVE = re.compile(
    r"\b(?:(?:relocat|mov)(?:e|es|ed|ing)\s+(?:[\w'-]+\s+){0,4}?(?:to|into)|"
    r"(?:is|are)\s+now\s+(?:held|hosted|based)\s+(?:at|in)|now\s+(?:meets?|runs?)\s+(?:at|in))"
    r"\s+(?:the\s+)?(?P<place>(?-i:[A-Z][\w'&-]*(?:\s+[A-Z][\w'&-]*)*))",
    re.IGNORECASE,
)
# Where a stored sentence says something is: "runs at Eastfield Community Centre", "is held in …".
_PLACED_AT = re.compile(
    r"\b(?:(?:is|are|was|were)\s+(?:(?:held|hosted|based|located)\s+)?|runs?\s+|meets?\s+|"
    r"takes?\s+place\s+)(?:at|in)\s+(?:the\s+)?(?-i:[A-Z])",
    re.IGNORECASE,
)


def moves_place(changed: str, stored: str, names: frozenset[str] = frozenset()) -> bool:
    """Whether a change moves what a stored sentence places to another named place: "The choir has been
    relocated to Greenway Arts Centre while the roof is fixed" moves "The choir runs at Holloway Parish
    Hall" (the words before the move, its subject, are the stored sentence's; the place is not)."""
    move = _PLACE_MOVE.search(changed)
    if move is None or _PLACED_AT.search(stored) is None or move["place"] in stored:
        return False
    generic = {root(w) for w in _GENERIC_EVENTS}
    subject = topic(changed[: move.start()], names) - generic
    return bool(subject) and subject <= topic(stored, names)


def _moved_to(changed: str) -> str:
    moved = _DATE_MOVES.search(changed)
    after = changed[moved.end() :].split(" because ")[0].split(",")[0] if moved else ""
    # "moved from 14 April to 28 April": the date after the last "to" is where it went
    return re.split(r"\b(?:to|until|till|into|au|à|auf|al|hasta)\b", after)[-1]


def moved_on(changed: str) -> bool:
    """Whether a change moves its event to a day it names outright ("to 3 April", not "to next Friday",
    which only the day it was written resolves)."""
    return bool(re.search(r"\d", _moved_to(changed)))


_TIME_OF_DAY = re.compile(r"\b\d{1,2}(?:[:.]\d{2}(?:\s*[ap]\.?m\.?)?|\s*[ap]\.?m\.?)(?!\w)", re.IGNORECASE)


def moves_to(changed: str, claim: str) -> bool:
    """Whether a claim states the date a change moves its event to ("Topping-out is planned for 3 April"
    after "Topping-out has slipped to 3 April"): it names each of the date's words."""
    said = {w.lower() for w in _WHEN.findall(claim)}
    to = _moved_to(changed)
    words = {w.lower() for w in _WHEN.findall(to)}
    # "The electrician is coming on Thursday" states the day of "moved … to Thursday at 11:00" too.
    day = {w.lower() for w in _WHEN.findall(_TIME_OF_DAY.sub(" ", to))}
    return bool(words) and (words <= said or (bool(day) and day <= said))


# Where a sentence joins two predicates of one subject ("Kasia runs the monthly extracts and checks them
# against the ledger"): before "and" or "but" and a verb in the third person or the past.
# (A plural noun before a preposition is no verb: "order tyres and tubes from Chainline" is one clause.)
_COORDINATED = re.compile(
    r",?\s+(?:and|but)\s+(?=[a-z]+ed\b|[a-z]+s\b(?!\s+(?:from|to|at|in|for|of|with|on|and|or)\b))|;\s*"
)


def changes_a_clause(changed: str, stored: str, names: frozenset[str] = frozenset()) -> bool:
    """`same_subject` of the stored sentence or of one of its clauses: "Kasia no longer runs the Larkspur
    extracts" changes "Kasia runs the monthly Larkspur extracts and checks them against the claims
    ledger", whose second predicate dilutes the topic words they share. A clause of fewer than two topic
    words is too little to be a subject."""
    parts = [stored] + [p for p in _COORDINATED.split(stored) if len(topic(p, names)) >= 2]
    return any(
        same_subject(change, part, names, named_apart=True)
        for change in _changing(changed, names)
        for part in dict.fromkeys(parts)
    )


def _changing(changed: str, names: frozenset[str]) -> list[str]:
    """What of a sentence states its change: its clauses holding a change word, when they say what
    changed (two topic words). "Incident: the freezer alarm went off overnight; Pete moved the stock to
    the church" moves the stock, and changes nothing said of the freezer; "Kenta stepped back from the
    review; Aisha is leading it now" is all change. The whole sentence when its changing clauses say too
    little ("Kasia handed it over; Dmitri owns the vendor contracts")."""
    clauses = _COORDINATED.split(changed)
    changing = " ; ".join(c for c in clauses if _CHANGE.search(c))
    # (a clause opening with "it" or "they" is about what the clause before names: "Renewed the wildcard
    # certificate; it now expires on 20 November 2027")
    pronoun = re.match(r"\s*(?:it|they|this|that)\b", changing, re.IGNORECASE) is not None
    return [changing] if len(clauses) > 1 and len(topic(changing, names)) >= 2 and not pronoun else [changed]


# By how much a change goes, before the new value: "up by £25 to £540", "cut by 10% to 45 minutes".
_BY_HOW_MUCH = re.compile(
    r"\b(?:increas|rais|ris|rose|fall|fell|cut|reduc|lower|drop|climb|jump|shr[iau]nk|gr[eo]w|"
    r"(?:go|goes|going|gone|went)\s+"
    r"(?:up|down))\w*\s+by\s*[£$€¥₹]?\s*$",
    re.IGNORECASE,
)
# (the difference's unit between: "shrunk by 600 MB to 1.8 GB")
_TO_AMOUNT = re.compile(r"\s*(?:%|[A-Za-z]{1,12})?\s+to\s+[£$€¥₹]?\s?\d")


def by_how_much(text: str, start: int, end: int) -> bool:
    """Whether the number at `text[start:end]` is the difference a change goes by, the new value after
    it: no value of the thing itself ("Rent is increasing by £25 to £540 a month": £540)."""
    return bool(_BY_HOW_MUCH.search(text[max(0, start - 40) : start])) and bool(_TO_AMOUNT.match(text, end))


# The value a change says was before: "reassigned from Siddharth Rao to Luis", "instead of Maze",
# "replaces Luis Navarro as …".
_OLD_VALUE = re.compile(
    # (a number's separators inside the value: "from £76,000 to £79,000", "from 2.5 to 3")
    r"\bfrom\s+(?P<a>(?:[^,;:.()]|(?<=\d)[,.](?=\d))+?)\s+(?:to|into)\b|\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+"
    r"(?P<b>[^,;:.()]+?)(?=\s+(?:for|from|on|at|by|in|because|since|until|starting|this|next)\b|[,;:.()]|$)|\b(?:replac(?:e|es|ed|ing)|succeed(?:s|ed|ing)?)\s+(?P<c>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})"
    # "takes over site safety at Holbeck from Min-jun Park": who held it
    r"|\b(?:takes?|took|taking)\s+over\s+(?:[^,;:.()]+?\s+)?from\s+(?P<d>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})"
    # "… £25 a night next season, up from £22": the amount before
    r"|\b(?:up|down)\s+from\s+(?P<e>[£$€]\s?\d[\d,]*(?:\.\d+)?)"
    # "… is going up to £245 from £220": the amount before, after the new one (and after what the new one
    # is per or from when: "rises to £175 next year, from £150", "to £30 a season from £35")
    r"|\bto\s+[£$€]\s?\d[\d,]*(?:\.\d+)?(?:\s+[^\d,;:.()£$€]{1,30}?)?,?\s+from\s+(?P<o>[£$€]\s?\d[\d,]*(?:\.\d+)?)"
    # "Floodlit courts are now £16 an hour (was £14)", "…, previously £14", "(it was £30)": the amount
    # before, after it (or first, after a label's colon: "Suggested donation: was £3, now £4")
    r"|(?:\(|[,:]\s*)(?:(?:it|they|this|that)\s+)?(?:was|were|used\s+to\s+be|previously|formerly)\s+(?P<l>[£$€]\s?\d[\d,]*(?:\.\d+)?)(?=\s*[),;.]|\s*$)"
    # "… £3,800 → £4,200 from January": the amount before the arrow
    r"|(?P<m>[£$€]\s?\d[\d,]*(?:\.\d+)?)\s*(?:→|->|=>)\s*[£$€]\s?\d"
    # "Thistle & Sage Kitchen has been replaced as our caterer by Copperpot Catering": the one replaced
    r"|(?P<n>(?-i:[A-Z])[\w&'’-]*(?:\s+(?:(?-i:[A-Z])[\w&'’-]*|&)){0,3})\s+(?:has\s+been|have\s+been|was|were)\s+"
    r"replaced\s+(?:as\s+|by\s+(?-i:[A-Z]))"
    # "We've stopped hiring parts from ScoreLibrary and now …": where it was done
    r"|\b(?:stopped|ceased|quit)\s+[a-z]+ing\s+(?:[\w'-]+\s+){0,4}?(?:from|with|at|through|via)\s+"
    r"(?P<f>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})"
    # "We no longer order buoyancy aids from Tidemark Chandlery; …": where it was done
    r"|\bno\s+longer\s+[a-z]+\s+(?:[\w'-]+\s+){0,4}?(?:from|through|via)\s+"
    r"(?P<k>(?-i:[A-Z])[\w&'’-]*(?:\s+(?:(?-i:[A-Z])[\w&'’-]*|&)){0,3})"
    # "Ashby & Vine lost our tea account to Kettlewell Teas", "… won the coffee contract from Ember & Oak":
    # the provider that lost it
    r"|(?P<i>(?-i:[A-Z])[\w&'’-]*(?:\s+(?:(?-i:[A-Z])[\w&'’-]*|&)){0,3})\s+(?:has\s+|have\s+)?lost\s+(?:our|the|its|their)\s+"
    r"(?:[\w'-]+\s+){0,3}?(?:account|contract|business|custom|tender|work|orders?)\s+to\b"
    r"|\bwon\s+(?:our|the)\s+(?:[\w'-]+\s+){0,3}?(?:account|contract|business|custom|tender|work|orders?)\s+(?:from|off)\s+"
    r"(?P<j>(?-i:[A-Z])[\w&'’-]*(?:\s+(?:(?-i:[A-Z])[\w&'’-]*|&)){0,3})"
    # "We cancelled Lexora and switched our translation memory to Wordhaven": the one given up for another
    r"|\b(?:cancell?ed|dropped|ditched)\s+(?P<g>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})"
    # (… "and now buy our clipper blades from Barbersmith Wholesale": the new way of getting the thing)
    r"(?=\s*(?:,\s*)?(?:and|;)\s+(?:(?:then|have|we|we've)\s+)*(?:switched|moved|went\s+over|changed|"
    r"now\s+(?:buy|order|get|source|use|hire|rent|lease)\b))"
    # "We've dropped Harlow Motor Leasing in favour of Greenlane", "swapped Brightwater for Clearflow"
    r"|\b(?:dropped|ditched|scrapped|swapped|traded)\s+(?P<h>(?-i:[A-Z])[\w&'-]*(?:\s+(?:(?-i:[A-Z])[\w&'-]*|&))"
    r"{0,3})\s+(?:in\s+favou?r\s+of|for)\s+(?-i:[A-Z])"
    # "Gambit Supplies are out; our chess sets now come from Endgame Direct": the one let go, before what
    # holds it now (not "Sam is out today": no "now" after)
    r"|(?P<p>(?-i:[A-Z])[\w&'’-]*(?:\s+(?:(?-i:[A-Z])[\w&'’-]*|&)){0,3})\s+(?:is|are)\s+out\s*[;,—–]\s*"
    r"(?=[^.\n]*\bnow\b)",
)


# A name, then words by which its holder lets go: "Kenta Mori stepped back", "Camille moved to …".
# ("has passed the ridge work on to Amos": a duty passed on, as one handed over; not "passed the exam")
_PASSED_ON = r"(?=\s+(?:[\w'-]+\s+){0,6}?(?:on\s+|over\s+)?to\b)"
_LETS_GO = re.compile(
    r"(?P<name>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2}),?\s+(?:\([^()]*\)\s+)?"
    # (a state said first: "Marcus Bell is unwell and can no longer direct")
    r"(?:(?:(?:is|was)\s+\w+\s+and\s+)?(?:can\s+|could\s+|will\s+)?no\s+longer|"
    # ("Loch Outdoor Supply is no longer our paddle supplier": a role let go, said of its holder)
    r"(?:is|are|was)\s+no\s+longer\s+(?:our|the|my|their)|"
    r"(?:has|have|had)\s+to\s+(?:step\s+(?:back|down|aside)|(?:pull|drop)\s+out)|"
    # ("has stepped back", "has handed the Brennan matter to …": the perfect as the past)
    r"(?:(?:has|had)\s+)?(?:stepped\s+(?:back|down|aside)|handed|passed"
    + _PASSED_ON
    + r"|moved\s+to|left|retired)|"
    r"(?:steps|is\s+stepping)\s+(?:back|down|aside)|hands|is\s+handing|(?:passes|is\s+passing)"
    + _PASSED_ON
    + r"|moves\s+to|"
    r"is\s+leaving|leaves|will\s+leave|is\s+retiring|retires|will\s+retire|"
    # "Hélène Roux is on leave from 16 March, and Julien Marchand runs the Lyon site": away a while
    r"(?:is|will\s+be|goes|is\s+going)\s+on\s+(?:parental\s+|maternity\s+|paternity\s+|sick\s+)?"
    r"(?:leave|holiday|vacation|sabbatical))\b"
)


# The name opening a sentence, and what follows up to the next sentence: an elliptic "instead"'s sentence
# before it names who it replaces.
_FORMER_SUBJECT = re.compile(r"(?P<name>(?:[A-Z][\w'-]+\s+){0,3}[A-Z][\w'-]+)\b(?!')[^.!?]*[.!?]\s+")
_SWITCHED_TO = re.compile(r"\bswitch(?:ed|es|ing)?\s+(?:[\w'-]+\s+){0,4}?to\s+(?:the\s+)?", re.IGNORECASE)
_NAME_OPENING = re.compile(r"(?P<name>(?:[A-Z][\w'-]+\s+){0,3}[A-Z][\w'-]+)\b")


# A reason after a change, whose subject is a name that failed ("We now order tyres from Chainline Supply,
# because Velo Parts Direct kept sending the wrong sizes"; "… to Greenbin; Brightline missed two pickups").
_BLAMED = re.compile(
    r"(?:,?\s+(?:because|since|as|after)\s+|;\s+)(?P<name>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})\s+"
    r"(?:(?:has|have|had)\s+)?(?:kept|keeps|missed|misses|failed|fails|stopped|doubled|raised|closed|shut|"
    r"folded|went\s+(?:bust|under)|couldn't|can't|cannot|didn't|no\s+longer)\b",
    re.IGNORECASE,
)


# … or said first, the change after it: "Skyward Aero Engineering has closed, so tug maintenance has gone
# over to Fenwick Aviation", "Since Brightline went bust, Greenbin collects our bins".
_BLAMED_FIRST = re.compile(
    r"^\s*(?:(?:as|since|because|now\s+that)\s+)?"
    r"(?P<name>(?-i:[A-Z])[\w&'-]*(?:\s+(?-i:[A-Z&])[\w&'-]*){0,3})\s+(?:(?:has|have|had)\s+)?"
    r"(?:closed(?:\s+down)?|shut(?:\s+down)?|folded|(?:gone|went)\s+(?:bust|under)|(?:stopped|ceased)\s+trading)"
    r"[^.;,]*(?:,\s*(?:so|and)?|;)\s*",
    re.IGNORECASE,
)


def _blamed(changed: str) -> list[str]:
    """The names a change gives as its reason, when its own clause names another: the value replaced."""
    found = []
    first = _BLAMED_FIRST.match(changed)
    if (
        first is not None
        and _CHANGE.search(changed, first.end())
        and first["name"].lower() not in changed[first.end() :].lower()
        and first["name"].split()[0].lower() not in STOP_WORDS
    ):
        found.append(first["name"])
    for match in _BLAMED.finditer(changed):
        before = changed[: match.start()]
        name = match["name"]
        if (
            _CHANGE.search(before)
            and name.lower() not in before.lower()
            and name.split()[0].lower() not in STOP_WORDS
        ):
            found.append(name)
    return found


def former_values(changed: str) -> list[str]:
    """What a change says was before: the value it changed from ("from Siddharth Rao to …", "instead
    of Maze", "replaces Luis Navarro as …") and the person who lets go ("Kenta Mori stepped back")."""
    found = []
    for match in _OLD_VALUE.finditer(changed):
        old = next(match[group] for group in "abcdefghijklmnop" if match[group]).strip()
        found.append(re.sub(r"^(?:the|a|an)\s+", "", old, flags=re.IGNORECASE))
    found += [match["name"] for match in _LETS_GO.finditer(changed)]
    found += _blamed(changed)
    elliptic = _FORMER_SUBJECT.match(changed)
    bare = _BARE_INSTEAD.search(changed)
    if elliptic and bare and elliptic["name"].split()[0].lower() not in STOP_WORDS:
        # Another name doing it instead ("Greenway Coaches cancelled …. Swift Travel is taking us
        # instead"), or switched to ("… stopped making the tips. We switched to Kestrel Lab Supply"); not
        # "They will come on Thursday instead": the same company, another day.
        switched = _SWITCHED_TO.search(changed, elliptic.end())
        later = _NAME_OPENING.match(changed, switched.end() if switched else elliptic.end())
        if (
            later is not None
            and later["name"] != elliptic["name"]
            and later["name"].split()[0].lower() not in STOP_WORDS
        ):
            found.append(elliptic["name"])
    # (an amount however short: "(was £4)")
    return [value for value in found if len(value) > 2 or re.fullmatch(r"[£$€]\d", value)]


def holder_not_named(changed: str, stored: str) -> bool:
    """Whether a change is only someone letting go ("Fiona Harcourt has handed the Brennan probate matter
    to Mr. James Vale") and the stored sentence names no word of theirs: what it says ("Matter M-22104:
    Brennan probate, the estate of Mr. Alan Brennan") was not theirs to hand over."""
    former = former_values(changed)
    letting_go = {match["name"] for match in _LETS_GO.finditer(changed)}
    if not former or not set(former) <= letting_go:
        return False
    words = {w for name in letting_go for w in name.split() if w[:1].isupper()}
    return not any(re.search(rf"\b{re.escape(w)}\b", stored) for w in words)


def names_in_common(changed: str, stored: str, names: frozenset[str] = frozenset()) -> bool:
    """Whether a change and a stored sentence write a name in common (a company, a product; no day or
    month, nor one of people's `names`) other than the value the change says was before ("switched from
    Ceraria Douro to …" and "Ceraria Douro's owner is retiring" share only the old value; "Wei is the new
    owner of S-105 now that Priyanka is leaving" and "the microscope: Wei on Mondays, Priyanka on
    Thursdays" share only people)."""
    former = {root(w.lower()) for value in former_values(changed) for w in _WORD.findall(value)}
    people = {root(w) for w in names}
    return bool((_proper(changed) & _proper(stored)) - _CALENDAR_ROOTS - former - people)


# The cause a change gives, to the end of its sentence: "because Room 12 is getting new carpets".
_CAUSE = re.compile(r"(?:,?\s+(?:because|as|since|due\s+to)\b|:\s+)[^.;]*", re.IGNORECASE)
# A statement saying a value is no longer so: it agrees with a change, whatever value it names.
_DENIED = re.compile(
    r"\b(?:not|no|never|n't|stopped|gone|ended|dropped|former(?:ly)?|used\s+to)\b", re.IGNORECASE
)


# The value a change sets: after "from … to", or after the move or handover itself ("Camille Roux moved
# to the Nordlicht Druck account", "switched to Kestrel Lab Supply", "handed the migration over to Yusuf").
_NEW_VALUE = re.compile(
    r"\b(?:from\s+[^,;:.()]+?|mov(?:ed|es|ing)|switch(?:ed|es|ing)|chang(?:ed|es|ing)|over|pass(?:ed|es)|"
    r"transferr?(?:ed|s)|went|goes)\s+to\s+(?:the\s+)?(?P<value>[\w'£$€-]+(?:\s+[\w'£$€-]+)?)",
    re.IGNORECASE,
)


def still_former(changed: str, claim: str, names: frozenset[str] = frozenset()) -> bool:
    """Whether a claim states as current what a change says was before: it names a former value ("Chess
    club meets in Room 12", since "Chess club moves from Room 12 to the library"; "We use the paper
    booklets for homework", since "… the online game instead of the paper booklets"), is about what the
    change is about, people's `names` and the change's cause aside ("Ingrid Solberg will present the
    roadmap" says nothing of the migration she handed over; "Room 12 is getting new carpets" is no claim
    of where the club meets), names no new value ("to the library") and denies nothing."""
    if _DENIED.search(claim) or not names_former_value(changed, claim):
        return False
    if not same_subject(_CAUSE.sub("", changed), claim, names):
        return False
    new = [m["value"] for m in _NEW_VALUE.finditer(changed)]
    return not any(re.search(rf"(?<!\w){re.escape(value)}(?!\w)", claim, re.IGNORECASE) for value in new)


_ENDED = re.compile(r"\bno\s+longer\b|\bnot\s+any\s*more\b|\bnever\s+again\b", re.IGNORECASE)


def says_ended(changed: str, claim: str, names: frozenset[str] = frozenset()) -> bool:
    """Whether a claim states as current what a change says has ended: "We open on Saturday mornings",
    since "From November we no longer open on Saturdays; nobody wants to work them" — the sentence is
    about what the claim says (its cause aside), the claim holds at least as many words of the clause
    saying so as of the others ("… can no longer get peonies, so we are using white garden roses
    instead" ended the peonies, not the roses), and it denies nothing."""
    if _DENIED.search(claim):
        return False
    text = _CAUSE.sub("", changed)
    said = topic(claim, names)
    days = _weekdays(claim)  # "The café opens on Saturdays" is not what ended on Sundays
    # … and a name the claim gives is the ended clause's: "Aisha runs the extracts" is what is now so
    # after "Kasia no longer runs the extracts; Aisha does"
    named = _proper(claim)
    for clause in (c for c in _clauses(text) if _ENDED.search(c)):
        mine = topic(clause, names)
        others = topic(text, names) - mine
        if (
            same_subject(text, claim, names)
            and len(said & mine) >= max(1, len(said & others))
            and (not days or days & _weekdays(clause))
            and named <= {root(w.lower()) for w in _WORD.findall(clause)}
        ):
            return True
    return False


def _weekdays(text: str) -> set[str]:
    return {m.lower()[:3] for m in re.findall(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day", text, re.I)}


# A thing taken out of a plan: "Decided to drop the marquee", "We scrapped the Friday stand-up".
_DROPPED = re.compile(
    r"\b(?:drop(?:p(?:ed|ing))?|scrap(?:p(?:ed|ing))?|cancel(?:l?(?:ed|ing))?|call(?:ed|ing)?\s+off|ditch(?:ed|ing)?)\s+"
    r"(?:the|our|a|an)\s+"
    r"(?P<what>(?:[\w'-]+\s+){0,2}?[\w'-]+)(?=\s*(?:[:;,.!]|$|\s+(?:from|for|because|as|since|after|so)\b))",
    re.IGNORECASE,
)


def says_dropped(stored: str, claim: str) -> bool:
    """Whether a claim states as planned what a stored sentence took out of the plan: "We are putting up
    a marquee for the wedding", since "Decided to drop the marquee: the barn holds all 120 guests" — the
    claim names every word of what was dropped, gives no number but those of its name (a price or a quote
    of it is history, not a plan; "the 6am class" is named by its hour) and denies nothing."""
    if _DENIED.search(claim):
        return False
    words = {root(w) for w in _WORD.findall(claim.lower())}
    numbers = set(re.findall(r"\d+", claim))
    return any(
        {root(w) for w in _WORD.findall(match["what"].lower())} <= words
        and numbers <= set(re.findall(r"\d+", match["what"]))
        for match in _DROPPED.finditer(stored)
    )


def opens_with_former(changed: str, stored: str, letting_go: bool = True) -> bool:
    """Whether a stored sentence opens with a value `changed` says was before, and says what the change's
    own sentence says is now done instead: "Greenway Coaches will take us to the Royal Armouries" is what
    "Greenway Coaches cancelled our booking. Swift Travel is taking us instead" replaces (taking us); a
    sentence that only mentions Greenway Coaches, or says something else it does, is not."""
    opening = as_its_speakers(stored.lstrip())
    # Without `letting_go`, not a person who lets go: they open sentences of all they do ("Hamish Doyle
    # sent the list" still answers what he sent after "Hamish Doyle has handed the clean-up over to Ayşe").
    gone = set() if letting_go else {match["name"] for match in _LETS_GO.finditer(changed)}
    if not any(
        (opening.lower().startswith(value.lower()) and value not in gone) or _chosen(opening, value)
        for value in former_values(changed)
    ):
        return False
    return _does_instead(changed, stored)


def as_its_speakers(sentence: str) -> str:
    """A chat message as what its speaker says of themself ("Dmitri Volkov  9:14 AM\nI run the inductions"
    → "Dmitri Volkov run the inductions"), else what it says: a speaker's label opens the message, and a
    report of theirs ("Dmitri Volkov  9:14 AM\nthe laser cutter's fan is rattling") is no deed of theirs
    that a handover of theirs ("Dmitri Volkov has stepped down from the laser cutter inductions") ends."""
    said_by = speaker(sentence)
    if said_by is None:
        return sentence
    said = spoken_text(sentence).lstrip()
    return f"{said_by} {said[1:].lstrip()}" if re.match(r"I\b(?!['’])", said) else said


# A stored sentence in which a company does a thing for us, now: "Our linen is washed by Cornwall Linen
# Services", "Our panels come from Solaris Wholesale", "We buy the veg from Greenleaf Produce". (Not what
# was once done by it: "The boiler was serviced by Forth Heating" is history a change leaves standing.)
_PROVIDED_BY = (
    # (from whom a thing is bought as by whom it is made: "Our mats and blocks are bought from …")
    r"(?:\b(?:is|are)\s+(?:\w+ly\s+)?(?:\w+(?:ed|en|ne|t)|made|sold|run|held)\s+(?:for\s+(?:us|me)\s+)?(?:by|from)"
    r"|\b(?:comes?|buy|order|get|source|purchase|rent|lease|hire)s?\b[^.;]{0,40}?\bfrom)\s+(?:the\s+)?"
)


def replaces_provider(changed: str, stored: str) -> bool:
    """Whether a change replaces the company a stored sentence says does a thing for us ("Decided to
    replace Cornwall Linen Services with Bluewater Laundry" after "Our linen is washed by Cornwall Linen
    Services"): whoever replaces it does what it did, whatever words the two use for it. A record from the
    company (an invoice, an order: a sentence naming an identifier) is not replaced: it is still owed."""
    # (the identifiers last: ask compares every change with every candidate's sentences, and reading a
    # sentence's identifiers costs ten times the search for a name in it)
    provided = any(
        value[:1].isupper()
        and re.search(_PROVIDED_BY + re.escape(value) + r"\b(?!['’]s\b)", stored) is not None
        for value in former_values(changed)
    )
    return (provided and not identifiers(stored)) or provides_instead(changed, stored)


# Who provides a thing, said three ways: "Our compost is delivered by GreenCycle Organics" and "Compost
# now comes from Hillside Soil Co."; "BoxWorks supplies our packing boxes"; "We buy the veg from
# Greenleaf Produce". In the present: "The parcel was delivered by DPD" is one delivery, history.
_PROVIDER = r"(?P<provider>(?-i:[A-Z][\w&'’.-]*(?:\s+(?:[A-Z][\w&'’.-]*|&|of))*))"
_THING = r"(?P<thing>(?:[a-z]+\s+){0,2}?[a-z]+)"
_PROVISIONS = [
    re.compile(
        # (the thing opening the sentence or a clause of it: "Brassline Trade has doubled its delivery
        # charge; key blanks now come from Keycraft Supplies")
        rf"(?:^|[;:]\s*|\b(?:our|the|all|my)\s+){_THING}\s+(?:now\s+)?(?:comes?|(?:is|are)\s+(?:now\s+)?"
        rf"(?:\w+ed|\w+en|\w+ght|made|sold|sent|done|run|got|grown|built|kept|held)|(?:is|are)\s+(?:now\s+)?from)\s+(?:now\s+)?"
        # ("Costumes are made for us by …")
        rf"(?:for\s+(?:us|me)\s+)?(?:by|from)\s+(?:the\s+)?{_PROVIDER}",
        re.IGNORECASE,
    ),
    re.compile(
        rf"{_PROVIDER}\s+(?:now\s+)?(?:supplies|supply|delivers|deliver|provides|provide|sells|makes|prints|"
        rf"bakes|roasts|washes|cleans|empties|collects|services|maintains|hosts|insures|"
        # … and what growers, makers and trades do for us ("Carse Orchards grows our bittersweet apples",
        # "Pressworks bottles our cider", "Fenwick & Daughters does our accounts")
        rf"grows|grow|brews|presses|mills|bottles|cans|distils|distills|harvests|packs|packages|labels|"
        rf"ships|hauls|transports|stocks|builds|repairs|designs|sews|dyes|weaves|frames|binds|publishes|"
        rf"translates|audits|does|handles|looks\s+after|takes\s+care\s+of)\s+"
        rf"(?:us\s+with\s+|all\s+(?:of\s+)?)?(?:our|the)\s+{_THING}\b(?!\s+[a-z]+\b)",
        re.IGNORECASE,
    ),
    re.compile(
        # (the thing with its "our" or bare: "we order props and locks from LockBox Trading")
        # (or after giving up another: "We've dropped Sharpline Trade and now buy our clipper blades from …")
        rf"(?:\b(?:we|i)\s+|\band\s+(?=now\b))(?:now\s+)?(?:buy|order|get|source|hire|rent|lease)\s+"
        rf"(?:(?:all\s+)?(?:our|the)\s+)?"
        rf"{_THING}\s+(?:now\s+)?from\s+(?:the\s+)?{_PROVIDER}",
        re.IGNORECASE,
    ),
    re.compile(
        # (the thing moved over to its new provider: "We've moved our colour over to Vessa Colour")
        rf"\b(?:we|i)(?:'ve|\s+have)?\s+(?:now\s+)?(?:moved|switched|changed|transferred)\s+(?:all\s+)?"
        rf"(?:(?:of\s+)?our|the)\s+{_THING}\s+(?:over\s+)?to\s+(?:the\s+)?{_PROVIDER}",
        re.IGNORECASE,
    ),
]


@lru_cache(maxsize=4096)
def provision(sentence: str) -> tuple[str, str] | None:
    """The thing a sentence says a company provides (its last word, bare: "box" of "our packing boxes")
    and the company, or None. (Cached: supersession reads a change's sentence against every sentence of
    the memories it compares, about 15 µs a pair unread.)"""
    for pattern in _PROVISIONS:
        match = pattern.search(sentence)
        if match is not None:
            words = [w for w in match["thing"].lower().split() if w not in _FUNCTION_WORDS | _CHANGE_WORDS]
            provider = re.sub(r"[\s.,;:]+$", "", match["provider"])
            if words and provider:
                return _bare(words[-1]), provider
    return None


def provides_instead(changed: str, stored: str) -> bool:
    """Whether a change names another company providing the thing a stored sentence says one provides:
    "Compost now comes from Hillside Soil Co." after "Our compost is delivered by GreenCycle Organics",
    whether or not it names the one it replaces. Not a record's sentence (an invoice is still owed)."""
    new, old = provision(changed), provision(stored)
    if new is None or old is None:
        return False
    ours, theirs = new[1].lower().rstrip("."), old[1].lower().rstrip(".")
    return (
        (new[0] == old[0] or _speaks_of_former(changed, old[1]))
        and ours != theirs
        and not ours.startswith(theirs)
        and not theirs.startswith(ours)
        and not identifiers(stored)
    )


def replaced_by_name(sentence: str, stored: str) -> bool:
    """Whether a sentence with no word of change says another company provides what a stored sentence
    says one does, naming that one too: "Since Stitch & Sequin raised their prices, Glitterbox Costumes
    makes our costumes" after "Costumes are made for us by Stitch & Sequin". Not where both do it ("…
    also makes our costumes", "… as well")."""
    new, old = provision(sentence), provision(stored)
    if new is None or old is None or new[0] != old[0] or _BOTH.search(sentence):
        return False
    return _speaks_of_former(sentence, old[1]) and provides_instead(sentence, stored)


_BOTH = re.compile(r"\b(?:also|too|as\s+well|both|either)\b", re.IGNORECASE)


def _speaks_of_former(changed: str, provider: str) -> bool:
    """Whether a change of provider names the one a stored sentence gives, and not as still doing
    something: "Snacks now come from Orchard Vending; Carnival Snacks Ltd put its prices up twice" after
    "Our popcorn and sweets come from Carnival Snacks Ltd" replaces it, whatever word each uses for what
    it provides ("Carnival Snacks Ltd still supplies our sweets" would not)."""
    first = provider.split()[0]
    named = provider in changed or (
        len(first) > 3 and re.search(rf"\b{re.escape(first)}\b", changed) is not None
    )
    return named and re.search(r"\bstill\b", changed, re.IGNORECASE) is None


def withdrew(sentence: str, name: str) -> bool:
    """Whether a sentence says the named one called off what it was to do ("Luca Romano has to pull out
    of the wedding", "Greenway Coaches cancelled our booking"): the words of calling off right after the
    name, a few helping words between."""
    at = sentence.find(name)
    if at < 0:
        return False
    after = sentence[at + len(name) : at + len(name) + 60]
    called = _CALLED_OFF.search(after)
    return called is not None and len(after[: called.start()].split()) <= 2


def chose_former(changed: str, stored: str) -> bool:
    """Whether a stored sentence opens with the choice of a value `changed` says was before, and says what
    is now done instead: "Decided to book Luca Romano as the wedding photographer" is what "Luca Romano has
    to pull out … Mei Lin will photograph it instead" replaces, whatever else either says."""
    opening = stored.lstrip()
    return any(_chosen(opening, value) for value in former_values(changed)) and _does_instead(changed, stored)


def _does_instead(changed: str, stored: str) -> bool:
    """Whether the stored sentence says what the change's last sentence says is now done."""
    last = split_last_sentence(changed)
    names = {_bare(w.lower()) for w in _WORD.findall(last) if w[:1].isupper()}
    # (spaCy's stop words hold "take", "make", "give": the verbs such a sentence turns on)
    done = {_bare(w) for w in _WORD.findall(last.lower()) if w not in _FUNCTION_WORDS and len(w) > 2}
    said = {_bare(w) for w in _WORD.findall(stored.lower()) if w not in _FUNCTION_WORDS and len(w) > 2}
    said |= _agents(said)  # "photographer"
    if (done & said) - names - {"instead"}:
        return True
    # Words written in lower case are no names, whatever a name shares with them: "switch printers from
    # Severn Print to …" says what "Severn Print prints all our hardbacks" does.
    plain_done, plain_said = _plain_words(last), _plain_words(stored)
    return bool((plain_done | _agents(plain_done)) & (plain_said | _agents(plain_said)) - {"instead"})


def _plain_words(text: str) -> set[str]:
    return {
        _bare(w) for w in _WORD.findall(text) if w[:1].islower() and w not in _FUNCTION_WORDS and len(w) > 2
    }


def _agents(words: set[str]) -> set[str]:
    """The verbs of agent nouns: "photograph" of "photographer", "print" of "printer"."""
    return {_bare(w[:-2]) for w in words if w.endswith(("er", "or")) and len(w) > 5}


# A stored sentence opening with the choice of a value: "Decided to book Luca Romano as the wedding
# photographer", "We hired Sparkwell for the rewiring".
_CHOSEN = (
    r"(?:(?:we|i)\s+)?(?:(?:have\s+)?(?:decided|agreed)\s+(?:to\s+)?)?"
    r"(?:book(?:ed)?|hire[ds]?|chose|choose|picked|pick|use[ds]?|went\s+with|go\s+with|signed)\s+"
)


def _chosen(opening: str, value: str) -> bool:
    return re.match(_CHOSEN + re.escape(value) + r"\b", opening, re.IGNORECASE) is not None


_FUNCTION_WORDS = {
    "the", "and", "for", "our", "their", "his", "her", "with", "will", "from", "this", "that", "are", "was",
    "were", "has", "have", "had", "its", "into", "onto", "also", "now", "instead", "them", "they", "who",
    "which", "what", "than", "then", "but", "not", "all", "any", "can", "could", "would", "should",
}  # fmt: skip


def _bare(word: str) -> str:
    """A word without its inflection, "taking" and "take" alike ("tak"), "delivers" and "deliver"."""
    return re.sub(r"(?:ing|ed|es|s|e)$", "", word) or word


def split_last_sentence(text: str) -> str:
    """The last sentence of a text read with the one before it (an elliptic change)."""
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z])", text.strip())
    return parts[-1]


def names_former_value(changed: str, stored: str) -> bool:
    """Whether `stored` names a value `changed` says was before ("Assigned to Siddharth Rao." against
    "Ticket DS-412 was reassigned from Siddharth Rao to Luis Navarro")."""
    return any(
        re.search(rf"(?<!\w){re.escape(value)}(?!\w)", stored, re.IGNORECASE)
        for value in former_values(changed)
    )


def other_named(a: str, b: str, ours: list[str] | None, theirs: list[str] | None) -> bool:
    """Whether two sentences name organizations (of `ours` and `theirs`) and none in common: "Emeka
    handed the Larkspur account over to Sunita" says nothing of who owns the Kestrel Bank account, though
    both speak of an account owner. A name is in common when it shares a word ("Larkspur", "Larkspur
    Insurance")."""
    here, there = _name_words_in(_without_new_value(a), ours), _name_words_in(b, theirs)
    return bool(here and there) and not here & there


# The name a change goes to: "relocated to Northgate Library", "switched the vans to Bluebird Rental".
_NEW_VALUE_NAME = re.compile(
    r"\b(?:to|into|with|by)\s+(?:the\s+)?(?-i:[A-Z][\w'&-]*(?:\s+(?:[A-Z][\w'&-]*|&|of|and))*)"
)


def _without_new_value(sentence: str) -> str:
    """A change without the name it goes to: "The camp has been relocated to Northgate Library" is about
    the camp, wherever it was (its new place is the value, not the subject)."""
    change = _CHANGE.search(sentence)
    if change is None:
        return sentence
    return sentence[: change.start()] + _NEW_VALUE_NAME.sub(" ", sentence[change.start() :])


def _name_words_in(sentence: str, names: list[str] | None) -> set[str]:
    """The words of the names a sentence holds, in full or by their first word ("Brightwell could not
    meet our dates" names Brightwell Scaffolding, as ingest resolved it)."""
    said = set(_WORD.findall(sentence.lower()))
    words = (
        w
        for name in names or ()
        if name in sentence or (_WORD.findall(name.lower()) or [""])[0] in said
        for w in _WORD.findall(name.lower())
    )
    return {w for w in words if w not in STOP_WORDS}


def name_words(*names: str) -> frozenset[str]:
    """The lowercased words of people's names, for `topic`."""
    return frozenset(word for name in names for word in _WORD.findall(name.lower()))


# Who holds something, by the words around a person's name: the name before an owning verb ("Dmitri
# Petrov owns vendor contracts now", "Kenji will lead the migration", "Amara replaced Tomás as the account
# owner"), or after a handing-over or a passive ("handed the review over to Dmitri", "owned by Mei",
# "replaced by Amara"). A name before "no longer owns" is a former holder, not a holder.
# The roles a person holds, said as a noun: "Tomasz is their hiring manager", "Who is the head chef?".
ROLES = (
    r"(?:owner|lead|leader|head|manager|point\s+of\s+contact|"
    r"officer|coordinator|director|supervisor|administrator|contact|rep|representative|technician|"
    r"engineer|instructor|chef|accountant|landlord|driver|photographer|caterer|florist|planner|"
    r"organi[sz]er|designer|consultant|solicitor|architect|builder|plumber|electrician|cleaner|"
    r"gardener|tutor|trainer|coach|nanny|vet|dentist|doctor|agent|dj|celebrant|registrar|captain|"
    r"secretary|treasurer|chair(?:person|man|woman)?|president|editor|publicist|translator|illustrator|"
    r"champion|liaison|mentor|auditor|inspector|steward|warden|keeper|receptionist|headteacher|"
    r"fore(?:man|woman|person)|spokes(?:man|woman|person)|handy(?:man|woman))"
)
# The words of rank that make the noun after them a role ("head groom", "chief baker", "senior nurse").
_RANK = r"(?:head|chief|senior|lead|principal|deputy|assistant)"
# … and any other said with its determiner, as an agent noun: "Dev Shah is their buyer", "Our dispensing
# optician is …", "the librarian".
AGENT_ROLE = rf"(?:{ROLES}|[a-z]+(?:er|or|ist|ian))"
_HOLDS_AFTER = re.compile(
    # an aside: "Rebeca Torres (Madrid office) replaces Luis", "Yui Tanaka, his sous chef, runs the kitchen"
    r"^\s*(?:\([^()]*\)\s*|,\s+(?:the|our|their|his|her|my|a|an)\s+[^,;.()]{1,40},\s*)?"
    # … or a relative clause: "handed the matter to Mr. James Vale, who now approves payments …"
    r"(?:,\s+who\s+)?"
    r"(?:(?:now|also|still|currently|officially|will|shall|is\s+going\s+to|has|have|then|just)\s+)*"
    r"(?:(?:is|are)\s+(?:now\s+)?(?:leading|running|managing|handling|maintaining|overseeing|directing)\b|"
    r"directs?\b|signs?\s+off\b|"
    r"owns?|lead(?:s|ing)?\b|led|runs?|manages?|handles?|maintains?|oversees?|looks?\s+after|"
    r"deals?\s+with|decides\b|approves\b|"
    # (and their bare forms after "will": "Harriet Vance will head the design team after him")
    r"coach(?:es)?\b|teach(?:es)?\b|organi[sz]es?\b|heads?\b|headed|chairs?\b|coordinates?\b|supervises?\b|"
    r"is\s+in\s+charge|"
    # ("Yusuf Demir is taking over the appointment book": the progressive of a handover under way)
    r"takes?\s+care\s+of|took\s+over|takes?\s+over|take\s+over|(?:(?:is|are)\s+)?taking\s+over|taken\s+over|"
    # ("Ravi Sandhu takes it over": what the clause before let go of)
    r"(?:takes?|took|taken|(?:(?:is|are)\s+)?taking)\s+(?:it|them)\s+over\b|"
    r"(?:takes?|took|taken|(?:(?:is|are)\s+)?taking)\s+charge\s+of|"
    # ("Hamid Karimi takes ownership of the save-system code", "assumes responsibility for the rota")
    r"(?:takes?|took|taken|(?:(?:is|are)\s+)?taking|assumes?|assumed)\s+(?:over\s+|on\s+)?"
    r"(?:ownership|responsibility)\s+(?:of|for)\b|"
    r"'s\s+(?:job|responsibility|task|remit|area)\b|"  # "The customs paperwork is Ewan's job"
    # ("replaces Luis", "replaced him", "has succeeded him": whom one succeeds; not "replaced the climbing
    # ropes", a deed)
    # "Keiko Tanaka steps up as senior stylist", "is promoted to head groom": a role taken on
    r"step(?:s|ped|ping)?\s+(?:up|in)\s+as|(?:is|was|has\s+been|gets?|got|been)\s+promoted\s+to|"
    # ("… has stepped down from the laser inductions and Rosa Lindqvist has stepped in": in its place, the
    # clause ending; "Dev Anand has taken the Friday prep off Marco's hands": a duty taken from its holder)
    r"step(?:s|ped|ping)?\s+in(?=\s*(?:[;,.!]|$|\s+(?:and|but|for|to)\b))|"
    # ("Dmitri keeps looking after the 3D printers", "Pedro carries on teaching the beginners": still theirs)
    r"(?:keeps?|kept|carr(?:y|ies|ied)\s+on|continues?\s+(?:to\s+)?)\s*(?:look(?:ing)?\s+after|"
    r"(?:runn|lead|manag|handl|teach|coach|organi[sz]|coordinat|driv|do|writ|maintain)(?:ing|e|es|s)?)\b|"
    rf"{_OFF_HANDS}|"
    r"took\s+on|(?:replace[sd]|succeed(?:s|ed))(?=\s+(?:(?-i:[A-Z])|him\b|her\b|them\b))|(?:is|are|was|becomes?|became|be)\s+(?:now\s+)?"
    r"(?:(?:the|my|our|their|his|her)\s+)?(?:new\s+)?"
    # ("… will be chief baker from then": a role a rank makes, said with no determiner)
    # (a possessive of any word: "Gareth Owen is the co-op's treasurer", "… the sailing club's secretary")
    rf"(?:[\w'’-]+\s+){{0,2}}(?:{ROLES}|responsible|in\s+charge|accountable|{_RANK}\s+[a-z]+)|"
    rf"(?:is|are|was|becomes?|became)\s+(?:now\s+)?(?:the|my|our|their|his|her|its)\s+(?:new\s+)?"
    rf"(?:[\w'’-]+\s+){{0,2}}{AGENT_ROLE}|"
    # ("Aditi Rao was elected in his place", "Sam was appointed chair": a role a vote or a choice gives)
    r"(?:was|were|is|are|has\s+been|have\s+been|gets?|got)\s+(?:(?:now|also|just)\s+)?(?:elected|appointed|"
    r"voted\s+in|co-?opted|named\s+as))\b",
    re.IGNORECASE,
)
# A holder named in apposition: "Call with Daisy Moran, my contact at Fennel Labs".
_HOLDS_BESIDE = re.compile(
    r"\s*,\s+(?:my|our|their|his|her|the)\s+(?:new\s+|main\s+|usual\s+)?(?:\w+\s+)?"
    r"(?:contact|owner|lead|manager|landlord|accountant|coordinator|point\s+of\s+contact)\b",
    re.IGNORECASE,
)
_HOLDS_BEFORE = re.compile(
    r"(?:\b(?:over|passed|transferr?ed|reassigned|assigned|handed|given|went|gone)\s+(?:\w+\s+){0,6}?to"
    r"(?:\s+(?:Mr|Mrs|Ms|Miss|Dr)\.?)?"
    r"|\b(?:owned|led|run|managed|handled|replaced|taken\s+over|headed)\s+by"
    # any present passive of a duty: "The family trail is written by Sofia Reyes", "the flour orders are
    # placed by Lina Barros", "corporate donors are looked after by Aoife"
    r"|\b(?:is|are|will\s+be)\s+(?:(?:now|also|still|currently|usually|always|normally)\s+)*"
    r"(?:[a-z]+ed|written|done|kept|taught|made|held|sold|built|driven|given|taken|brought|sent|paid|read|set)"
    r"(?:\s+(?:after|up|over|out))?\s+by(?:\s+(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.?)?"
    # the role first: "Our contact there is Dylan Hughes", "The new head chef will be Aisha Khan"
    r"|\b(?:contact|owner|lead|manager|landlord|head|coordinator|instructor|chef|accountant|representative|rep)"
    r"(?:\s+(?:there|here|at\s+[^,;.]+?))?\s+(?:is|was|will\s+be|becomes|is\s+now)(?:\s+now)?"
    # … or any agent's noun that is ours: "Our senior groomer is Callum Pryce", "Our cellar master is …"
    rf"|\b(?:our|my|the)\s+(?:new\s+)?(?:[a-z]+\s+)?{AGENT_ROLE}\s+(?:is|will\s+be|is\s+now)(?:\s+now)?"
    # … or any noun a rank makes a role: "Our head groom is Siobhan Reilly", "Our chief baker is …"
    rf"|\b(?:our|my|the)\s+(?:new\s+)?{_RANK}\s+[a-z]+\s+(?:is|will\s+be|is\s+now)(?:\s+now)?)\s*$",
    re.IGNORECASE,
)


# A duty said in the present simple, any verb but those of saying, thinking, wanting, coming and going:
# "Sofia Reyes writes the family trail", "Marek … places the flour orders" (and not "Priya needs the
# report", "Jess says the venue …"; nor "does", "Ilaria also does the wine orders", a task beside her role:
# `_DOES_NOW` reads "does", "gives", "makes" and "takes").
_HABITUAL = re.compile(
    r"\s*(?:(?:now|also|still|usually|always|normally|currently)\s+)*"
    r"(?!(?:says|thinks|wants|needs|likes|loves|hates|knows|feels|believes|hopes|asks|agrees|seems|gets|"
    r"has|does|goes|comes|wishes|prefers|remembers|forgets|suggests|recommends|reckons|means|expects|"
    r"starts|joins|leaves|arrives|lives|visits|misses|sees|hears|finds|tells|gives|takes|makes|"
    r"puts|meets|calls|emails|texts|mentions|confirms|reports|notes|shares|sounds|looks|turns|becomes|"
    r"remains|stays|returns|moves|wins|loses|enjoys|was|thanks|wants|owes|sends\s+(?:the|her|his)\s+"
    r"(?:love|regards|best|thanks))\b)"
    r"[a-z]{2,}[^\Ws]s\s+(?:(?:the|our|all|their|every|each|its)\s"
    # (or what the clause before let go of, said to be theirs from now on: "Bethan Morgan is stepping back
    # from the route briefings — Carys Lloyd writes them from now on")
    r"|(?:it|them)\s+(?:from\s+now\s+on|now|going\s+forward|these\s+days)\b)"
)


_IS_NOW = re.compile(r"\b(?:is|are)\s+(?:now\s+)?$")
# A duty taken on now: "Sanna Lindqvist now does the electrics"; or a verb of doing (does, gives, makes,
# takes) before a definite plural, which names a round of work ("so Priya Nair gives the golf lessons
# this week", "Helen makes the home visits until he is back", "Sofia Marsh does the house clearance
# valuations"), not one deed ("gives the kids a lesson": an object after it) nor a task beside a role
# ("Ilaria also does the wine orders": no "also").
_DOES_NOW = re.compile(
    r"\s*(?:now\s+does\s+(?:the|our|all|their)\s|"
    r"(?:(?:now|still|usually|always|normally|currently)\s+)*(?:does|gives|makes|takes)\s+"
    r"(?:the|our|all|their)\s+(?:[a-z][\w-]*\s+){0,3}?[a-z][\w-]*[^\Ws]s\b"
    r"(?!\s+(?:a|an|the|some|our|their|his|her|its|to|of)\b))"
)
_THEIRS = re.compile(r"['’]s?(?=\s*(?:[;,.!?]|$|\s+(?:now|too|from|since|until)\b))")


def holders(sentence: str, names: list[str]) -> list[str]:
    """The people of `names` that `sentence` says hold something (own, lead, run, are responsible for
    it), in the order it names them; a name is found by its full form or its first word, and "he" or
    "she" is the person when `names` holds only one ("Hyun-woo Lee joined; he owns the billing
    pipeline now")."""
    forms = [(form, name) for name in names for form in dict.fromkeys([name, name.split()[0]])]
    if len(names) == 1:
        forms += [("he", names[0]), ("she", names[0]), ("He", names[0]), ("She", names[0])]
    found: list[tuple[int, str]] = []
    for form, name in forms:
        # (the first name known alone, its surname said: "Daisy" of "Daisy Moran is my contact")
        for match in re.finditer(rf"(?<!\w){re.escape(form)}(?:\s+[A-Z][\w'-]+)*(?!\w)", sentence):
            after, before = sentence[match.end() :], sentence[: match.start()]
            held = (
                _HOLDS_AFTER.match(after)
                or _HABITUAL.match(after)
                or _DOES_NOW.match(after)
                or (form[:1].isupper() and _HOLDS_BESIDE.match(after))
            )
            # "Boiler servicing in the north is now Priya Shah's": a duty said to be theirs
            theirs = form[0].isupper() and _IS_NOW.search(before) and _THEIRS.match(after)
            if held or theirs or (form[0].isupper() and _HOLDS_BEFORE.search(before)):
                found.append((match.start(), name))
    return list(dict.fromkeys(name for _, name in sorted(found)))


def holders_about(sentence: str, claim: str, names: list[str]) -> list[str]:
    """`holders` of the clauses of a sentence on what a claim is about: "Kwame handed the on-call rota
    over to Oluwaseun; Kwame keeps the incident reviews" has Oluwaseun hold the rota, and Kwame only the
    reviews. The whole sentence's holders when no clause is on it."""
    words = name_words(*names)
    about = topic(claim, words)
    clauses = _clauses(sentence)
    # (a clause holding what the one before let go of is on its topic too: "Dmitri Volkov has stepped
    # down from the laser cutter inductions and Rosa Lindqvist has stepped in")
    on_it = [
        c
        for i, c in enumerate(clauses)
        if topic(c, words) & about or (i and _IN_ITS_PLACE.search(c) and topic(clauses[i - 1], words) & about)
    ]
    return (
        list(dict.fromkeys(h for c in on_it for h in holders(c, names)))
        if on_it
        else holders(sentence, names)
    )


_IN_ITS_PLACE = re.compile(
    r"\b(?:step(?:s|ped|ping)?\s+in|(?:takes?|took|taken|taking)\s+(?:it|them)\s+(?:over|on))\W*$",
    re.IGNORECASE,
)
_OWN_CLAUSES = re.compile(r"\s*;\s*|,?\s+but\s+|,?\s+while\s+|,?\s+whereas\s+")


def named_on_topic(sentence: str, question: str, names: list[str]) -> list[str]:
    """The names of `names` that the clauses of a sentence on a question's topic name, where some clause
    is on it and another is not: "Sanna Lindqvist now does the electrics; Joe Carver is sticking to the
    kitchen units" names Sanna for "Who does the electrics?", Joe for "Who fits the kitchen units?". All
    of `names` otherwise."""
    words = name_words(*names)
    about = topic(question, words)
    # (clauses of their own verbs: "Kickoff with Yuki Tanaka and Tomás Silva" is one)
    clauses = [c for c in _OWN_CLAUSES.split(sentence) if c.strip()]
    on_it = [c for c in clauses if topic(c, words) & about]
    if not on_it or len(on_it) == len(clauses):
        return names
    found = [n for n in names if any(n in c or n.split()[0] in c.split() for c in on_it)]
    return found or names


# Words of holding and of when: what is held is the rest ("Fiona looks after the Rotterdam depot", "Since
# October the Rotterdam depot is run by Joris": the Rotterdam depot).
_HOLDING = {
    "own", "owns", "owned", "owner", "lead", "leads", "leading", "led", "leader", "run", "runs", "running",
    "manage", "manages", "managed", "managing", "manager", "handle", "handles", "handled", "handling",
    "maintain", "maintains", "maintained", "oversee", "oversees", "overseen", "look", "looks", "looking",
    "care", "head", "heads", "headed", "job", "responsible", "responsibility", "charge", "point", "contact",
    "since", "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "week", "month", "today", "monday", "tuesday", "wednesday",
    "thursday", "friday",
}  # fmt: skip


def placed(sentence: str, organizations: list[str] | None) -> str:
    """A sentence ending in "there", or naming "their" contact, rep …, read with the one organization its
    memory names: "Daisy has left Fennel Labs. Omar Haddad is my new contact there." says who is the
    contact at Fennel Labs."""
    if not organizations or len(organizations) != 1:
        return sentence
    # (also before its verb: "Our contact there is Dylan Hughes")
    sentence = re.sub(
        r"\bthere(?=\s*[.!;]?\s*$|\s+(?:is|was|will\s+be)\b)", f"at {organizations[0]}", sentence
    )
    # "Our parts come from Castle Motor Factors. Their rep is Owain Price": the company's rep
    return _THEIR_ROLE.sub(f"{organizations[0]}'s", sentence)


_THEIR_ROLE = re.compile(
    r"\b[Tt]heir(?=\s+(?:new\s+|main\s+|usual\s+)?(?:rep|representative|contact|account\s+manager|manager|"
    r"driver|owner|lead|coordinator|engineer|technician)\b)"
)


def another_holder(later: str, earlier: str, later_names: list[str], earlier_names: list[str]) -> bool:
    """Whether a later sentence names another holder of what an earlier one says someone holds ("Since
    October the Rotterdam depot is run by Joris de Vries" after "Fiona Grant looks after the Rotterdam
    depot"): each names a holder (`holders`), none the same person, and what is held is the same, at
    most one word apart, and at least two words."""
    now, before = holders(later, later_names), holders(earlier, earlier_names)
    if not now or not before:
        return False
    names = name_words(*later_names, *earlier_names)
    held = {root(w) for w in _HOLDING}
    # What is held, and by whom, clause by clause: "Hélène is on leave from 16 March, and Julien Marchand
    # runs the Lyon site until she is back" holds the Lyon site in its second clause; the rest says why
    # and how long. "Bartek has been promoted to area manager; Hollie Marsh takes over as rink manager"
    # names Bartek as a holder too, of another role: Hollie holds the one Bartek held.
    ours = [(h, topic(c, names) - held, c) for c in _clauses(later) if (h := holders(c, later_names))] or [
        (now, topic(later, names) - held, later)
    ]
    theirs = [
        (h, topic(c, names) - held, c) for c in _clauses(earlier) if (h := holders(c, earlier_names))
    ] or [(before, topic(earlier, names) - held, earlier)]
    # (or the one word of a role both say as a noun: "Siobhan is our projectionist", then "Tunde takes over
    # as projectionist": who holds the role, not what else either says)
    roles = {root(w) for w in _WORD.findall(later.lower()) if _ROLE_NOUN.fullmatch(w)}
    roles |= {root(w) for w in _RANKED.findall(later.lower())}  # ("will be head groom": "groom")
    return any(
        not _one_of(h, g)
        and (
            (len(a & b) >= 2 and len(a ^ b) <= 1)
            # (one word, where the later clause says it is taken over: "so Noor Haddad takes over the
            # marshals" after "Dev Malhotra runs the track marshals")
            or (a & b and len(a ^ b) <= 1 and _CHANGE.search(c) is not None)
            or (a and a == b and a <= roles)
            or bool(_role_phrases(c) & _role_phrases(d))
        )
        for h, a, c in ours
        for g, b, d in theirs
    )


# A role named by its field and its agent noun, "production manager", "rink manager" (`_HOLDING` takes
# "manager" out of what is held, which leaves the field alone, a word too few to say the same thing).
_ROLE_PHRASE = re.compile(
    r"\b(?:our|my|the|their|as|new|is|be)\s+(?:new\s+)?"
    rf"((?!(?:a|an|the|our|my|their|new)\b)[a-z]+\s+{AGENT_ROLE})\b"
)


def _role_phrases(clause: str) -> set[str]:
    return {" ".join(root(w) for w in m.split()) for m in _ROLE_PHRASE.findall(clause.lower())}


_RANKED = re.compile(rf"\b{_RANK}\s+([a-z]+)")
_ROLE_NOUN = re.compile(AGENT_ROLE)  # ("head cutter": the role's noun once "head" is read as holding)
_CLAUSE = re.compile(r"\s*[,;:]\s*(?:and\s+|but\s+|while\s+|so\s+)?|\s+(?:and|but|while|until|because|so)\s+")


def _clauses(sentence: str) -> list[str]:
    return [part for part in _CLAUSE.split(sentence) if part.strip()]


def _one_of(ours: list[str], theirs: list[str]) -> bool:
    """Whether a name of one list is one of the other, in full or by its first word ("Ewan", "Ewan
    Stewart")."""
    return any(
        set(a.lower().split()) <= set(b.lower().split()) or set(b.lower().split()) <= set(a.lower().split())
        for a in ours
        for b in theirs
    )
