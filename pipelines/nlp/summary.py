"""Sentences: where a text's sentences are, the list lines a parser reads as a list's (below), and the
extractive summary, the most central sentences (by embedding similarity), at most 300 characters."""

from __future__ import annotations

import re

import numpy as np

from pipelines.nlp.identifiers import LABELLED_NOUNS
from pipelines.nlp.names import ANGLED_SPEAKER, CHAT_STAMP, SPELLED_TITLES, STAMPED_DASH, TITLES, chat_headers

MAX_SUMMARY_CHARS = 300
MAX_SENTENCES = 64  # centrality over the first 64 sentences bounds the cost of very long content

_SENTENCE = re.compile(r"[^\n]+?(?:[.!?…]+(?=\s|$)|$)", re.MULTILINE)


# A period after these ends no sentence: a title before a name ("Dr. Lee"), an abbreviation ("e.g.",
# "z.B.", "approx."); German and Spanish ones too.
_ALWAYS_WITHIN = {
    "dr", "mr", "mrs", "ms", "prof", "st", "jr", "sr", "sra", "srta", "mme", "mlle", "hr", "fr", "frau",
    "herr", "vs", "eg", "ie", "approx", "ca", "no", "nr", "nos", "zb", "bzw", "usw", "vgl", "dh", "ua", "ggf",
    "inkl", "ref", "fig", "dept", "tel", "ext", "av", "avda", "pág", "núm", "incl", "excl", "cf", "univ",
    "re",
    "med", "dipl", "resp", "esp", "mio", "mrd", "tsd",
} | {title.replace(".", "") for title in TITLES - SPELLED_TITLES}  # fmt: skip
# Before a number or a word in lower case only: "Vol. 2", "p. 14", "Fri. 13 June", "Jan. 14", "30 Nov. at".
_WITHIN_BEFORE_NUMBER = {
    "vol", "p", "pp", "art", "para", "sec", "ch", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri",
    "sat", "sun", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
}  # fmt: skip
# After these, only when the next word starts in lower case ("Acme Inc. signed", "apples, pears etc. and").
_WITHIN_BEFORE_LOWER = {"inc", "ltd", "co", "corp", "llc", "gmbh", "ag", "sa", "etc", "al"}
_MONTHS = {
    "januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september", "oktober",
    "november", "dezember", "janvier", "février", "mars", "avril", "juin", "juillet", "août", "septembre",
    "octobre", "novembre", "décembre",
}  # fmt: skip


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence: a line break or a . ! ? … before white space ends one, except a
    period that ends no sentence (see `_within`)."""
    spans: list[tuple[int, int]] = []
    # A chat's header line of the speaker and the clock is one sentence with the message's first below
    # it ("Kofi  8:02 AM\nglory hole 2 won't hold temperature"): who said it, as "Kofi: …" would say.
    # (and a stamped speaker's label alone on its line: "08:15:40 From Yusuf Demir to Everyone:\n\tI'll …")
    # (and a block of a task's fields, one to a line: "Action: renew the DBS checks\nOwner: Samir\nDue: …")
    heads = [(m.start(), m.end()) for m in chat_headers(text)] + _label_lines(text) + _field_blocks(text)
    message_at: int | None = None  # where the message of the header just read starts
    for match in _SENTENCE.finditer(text):
        start, end = match.start(), match.end()
        while start < end and text[start].isspace():
            start += 1
        if start >= end:
            continue
        if message_at is not None and spans:
            spans[-1] = (spans[-1][0], end)
            if start >= message_at:
                message_at = None
            continue
        if spans and _within(text, spans[-1], start):
            spans[-1] = (spans[-1][0], end)
        elif len(spans) < MAX_SENTENCES:
            spans.append((start, end))
        else:
            break
        message_at = next((b for a, b in heads if a <= start < b), None)
    return spans


def _within(text: str, previous: tuple[int, int], start: int) -> bool:
    """Whether the period ending `previous` ends no sentence: after a title or an abbreviation ("Dr.
    Lee", "e.g. the"), an initial ("J. R. Smith"), a day before its month ("am 20. März"), a company
    suffix or "etc." before a word in lower case, a reference or a weekday before a number ("Vol. 2",
    "Fri. 13 June"), an abbreviation with a period inside or a lone lower-case letter before a word in
    lower case or a number ("9 a.m. with", "p. 14"). Only within a line."""
    before = text[previous[0] : previous[1]]
    if not before.endswith(".") or before.endswith("..") or "\n" in text[previous[1] : start]:
        return False
    last = before.rsplit(None, 1)[-1].strip("([{\"'").rstrip(".")
    word = last.lower().replace(".", "")
    following = text[start : start + 40].split(None, 1)
    nxt = following[0].strip(",.;:") if following else ""
    if word in _ALWAYS_WITHIN:
        return True
    if len(last) == 1 and last.isupper():  # an initial ("J. R. Smith"), but not a part ("block B. We")
        words = before.split()
        return not (len(words) > 1 and words[-2].lower() in LABELLED_NOUNS and nxt[:1].isupper())
    if word in _WITHIN_BEFORE_LOWER:
        return nxt[:1].islower()
    if word in _WITHIN_BEFORE_NUMBER and (nxt[:1].isdigit() or nxt[:1].islower()):
        return True  # "Vol. 2", "30 Nov. at 10 a.m.": a word in lower case goes on the sentence
    # An abbreviation with a period inside ("a.m. with the team") or a lone lower-case letter ("EUR 1.5
    # m. vs"), before a word in lower case or a number: no sentence ends there.
    if ("." in last or (len(last) == 1 and last.islower())) and (nxt[:1].islower() or nxt[:1].isdigit()):
        return True
    return last.isdigit() and len(last) <= 2 and (nxt.lower() in _MONTHS or nxt[:1].islower())


def split_sentences(text: str) -> list[str]:
    return [text[start:end] for start, end in sentence_spans(text)]


# An e-mail's header lines: "From: Megan Doyle <…>", "Date: Wed, 2 Dec 2026 16:00", "Subject: …".
_MAIL_HEADER = re.compile(r"[ \t]*(?P<name>from|to|cc|bcc|subject|date|sent)[ \t]*:[^\n]*(?:\n|$)", re.I)


def mail_body(text: str) -> str:
    """An e-mail's text after its header lines (a "From:" or a "To:" line among two or more opening
    it); any other text unchanged. Headers state no fact of what the mail says: two parents' mails sent
    two days apart have "Date:" lines of two times, which no later mail changes, and an event card's
    "Date: 12 May" opens no mail."""
    at, names = 0, set()
    while (match := _MAIL_HEADER.match(text, at)) is not None and match.end() > at:
        names.add(match.group("name").lower())
        at = match.end()
    if len(names) < 2 or not names & {"from", "to"}:
        return text
    return text[at:].lstrip("\n")


def trim(text: str, limit: int = MAX_SUMMARY_CHARS) -> str:
    """Collapse whitespace and cut at a word boundary, marking the cut with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:-") + "…"


def summarize(sentences: list[str], vectors: np.ndarray, limit: int = MAX_SUMMARY_CHARS) -> str:
    """Pick sentences by centrality (sum of cosine similarity to the others), keep them in text order."""
    if not sentences:
        return ""
    if len(sentences) == 1:
        return trim(sentences[0], limit)
    centrality = (vectors @ vectors.T).sum(axis=1)
    chosen: list[int] = []
    length = 0
    for index in np.argsort(-centrality, kind="stable"):
        extra = len(sentences[index]) + (1 if chosen else 0)
        if chosen and length + extra > limit:
            continue
        chosen.append(int(index))
        length += extra
    return trim(" ".join(sentences[i] for i in sorted(chosen)), limit)


# --- List lines as the parser reads them ---------------------------------------------------------------
#
# The marks a to-do list, an arrow or a table puts between an owner
# and a task, rewritten to the spaced dash a list's line labels with ("- Marta — order …"), character for
# character so every offset into the text stays the same.
#
# - a round bullet opening a line ("• service the forklift (Bashir, …)") is the dash;
# - a to-do box opening a line ("[ ] Theo to restring …", "☐ …", "- [ ] …") is the line's bullet; a ticked
#   one ("[x]", "- [x]") is the tick "✓" (the extractor reads its task as done where written); an owner in
#   brackets after a to-do mark ("TODO(Declan): strip …") is the line's label; a mark of an action point
#   before the owner ("AP Shreya: …", "ACTION Bisi — …") is the line's bullet;
# - an arrow after a name ("Bea → order more foils", "Sami -> update …") is the dash that labels the line;
# - a table's rows ("Josh | bleed the radiators | Fri 9 Oct", with or without the outer bars): the first
#   bar labels the row like a dash, the others part its cells like commas. A row of dashes, the header's
#   rule, is no row; a last cell saying "Done" is a tick opening the row ("✓ Update the notice — Hannah");
# - a row of named fields, the owner's first ("Owner: Morwenna | Task: order new fenders | Due: 15 July"):
#   the owner labels the line like a dash, the due date follows "by" ("- Morwenna — order new fenders, by
#   15 July"); a block of the same fields one to a line ("Action: renew the DBS checks\nOwner: Samir\nDue:
#   16 Nov", "Status: done") is one such line ("- Samir: renew the DBS checks, by 16 Nov", "✓ Aisha: …");
# - a chat line's time stamp before or after its speaker ("[17:02] Dominik: …", "Jago (16:52): …",
#   "[07/09/2026, 08:12] Mirela: …", "Aleks 07:40: …"): blanked, so the line reads as "Name: …" and the
#   time is no one's name nor the task's; after a time stamp, a spaced dash ending the speaker ("09:14
#   Callum — lane 5 is jammed") is the colon; a stamped label alone on its line, as a saved Zoom chat
#   writes it ("08:15:40 From Yusuf Demir to Everyone:\n\tI'll ring …"), runs on into the message below.

# (after a list's dash as Markdown and GitHub write a checklist: "- [ ] @Rosa renew the insurance")
_TODO_BOX = re.compile(r"^(\s*)(?:[-*+][ \t]+)?(?:\[ \]|☐)", re.MULTILINE)
# A ticked box opening a line ("[x] Gareth: file the annual return", "- [x] …"): the tick the table's
# done row is read with ("✓ Gareth: file …"); the parser split "[x]" into three words, read "x" as the
# line's first and its task as no one's.
_TICKED_BOX = re.compile(r"^[ \t]*(?:[-*+][ \t]+)?\[[xX]\]", re.MULTILINE)
# A bullet other than the dash opening a line ("• service the forklift"): the tagger reads "•" as a verb
# or an adjective and runs the line into the one before; the dash it reads as a list's.
_BULLET = re.compile(r"^([ \t]*)[•·▪◦‣●](?=[ \t])", re.MULTILINE)
# A numbered list's mark ("1) deep-clean the steriliser (Malik) – Fri 7th", "2. renew the lease"): the
# parser cut "1)" from its line and read "1." as the line's first word, so no line's task was found.
# Read as the dash, where two lines or more are so numbered (not a German date: "3. März"); a number in
# brackets too ("(1) Gwen — black the hull by Thu 6th").
_NUMBERED = re.compile(
    # (and lettered: "(a) Imran will get quotes …", "b) Nia will email …")
    r"^([ \t]*)(\d{1,2}[.)]|\(\d{1,2}\)|\([a-z]\)|[a-z]\))"
    r"(?=[ \t]+(?!(?i:jan|feb|mär|mar|apr|mai|may|jun|jul|aug|sep|okt|oct|nov|dez|dec)[a-zä]*\b)\S)",
    re.MULTILINE,
)
# "TODO(Declan): strip the wingback", "Action (Lowri): …": the owner in brackets after the mark.
_TODO_OWNER = re.compile(
    r"^([ \t]*)((?i:todo|to-do|action|ai)[ \t]*\([ \t]*)([A-ZÀ-Ý][^()\n:]{0,40}?)([ \t]*\)[ \t]*:)",
    re.MULTILINE,
)
# "AP Shreya: re-oil lanes 1 to 4", "ACTION Bisi — renew the MOT — 15 May", "Action point Jo: …", "AI: Noor
# — book the hall — done": a mark of minutes' action points before the owner, who labels the line with a
# colon or a spaced dash; the mark is the line's bullet (the tagger made "AP Shreya" one name, and "ACTION"
# a verb).
_MARK_OWNER = re.compile(
    r"^(?P<indent>[ \t]*)(?P<mark>(?:AP|AI|A/P|(?i:action(?:[ \t]+(?:point|item))?|to-?do))[ \t]*:?[ \t]+)"
    r"(?=[A-ZÀ-Ý][\w'’-]+(?:[ \t]+[A-ZÀ-Ý][\w'’-]+)?[ \t]*(?::|[—–-])[ \t])",
    re.MULTILINE,
)
# (the fields' names as task trackers and minutes write them)
_OWNER_FIELD = r"(?:owner|who|assignee|assigned\s+to|responsible|lead|person)"
_TASK_FIELD = r"(?:task|action|what|item|to-?do|job)"
# An owner's field in the brackets closing a line ("- Re-line court 2 (owner: Joel, due Fri 11th)"): the
# field's name blanked, the owner in brackets as `_TRAILING_OWNER` reads one ("(      Joel, due Fri 11th)").
_BRACKET_OWNER = re.compile(rf"(?<=\()[ \t]*(?i:{_OWNER_FIELD})[ \t]*:(?=[ \t]*[A-ZÀ-Ý])")
_DUE_FIELD = r"(?:due(?:\s+date|\s+by)?|by|deadline|when|date)"
_FIELD_ROW = re.compile(
    rf"^(?P<owner_key>[ \t]*\|?[ \t]*(?:[-*][ \t]+)?{_OWNER_FIELD}[ \t]*:[ \t]*)(?P<owner>[^|\n]*?[^|\s])"
    rf"(?P<task_key>[ \t]*\|[ \t]*{_TASK_FIELD}[ \t]*:[ \t]*)(?P<task>[^|\n]*?[^|\s])"
    rf"(?:(?P<due_key>[ \t]*\|[ \t]*{_DUE_FIELD}[ \t]*:[ \t]*)(?P<due>[^|\n]*?[^|\s]))?[ \t]*\|?[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
# A block of a task's fields, one to a line, as minutes and trackers write them ("Action: renew the DBS
# checks\nOwner: Samir\nDue: 16 Nov", "…\nStatus: done"): the parser read each line as a sentence of its
# own, "Action: renew …" as nobody's task and "Owner: Samir" as no one's, so no item had an owner or a due
# date. Read as one line of the list ("- Samir: renew the DBS checks, by 16 Nov", `_block_as_line`).
# (the fields' names of a tracker's only: "What: Quiz night\nWhen: Friday\nWho: Sam" is an event's notice)
_BLOCK_TASK = r"(?:task|action(?:\s+item)?|to-?do)"
_BLOCK_OWNER = r"(?:owner|assignee|assigned\s+to|responsible)"
_BLOCK_DUE = r"(?:due(?:\s+date|\s+by)?|deadline)"
_FIELD_LINE = re.compile(
    rf"[ \t]*(?:[-*][ \t]+)?(?P<key>{_BLOCK_TASK}|{_BLOCK_OWNER}|{_BLOCK_DUE}|status|state)[ \t]*:[ \t]*"
    r"(?P<value>[^\n]*?\S)[ \t]*",
    re.IGNORECASE,
)
_DONE_VALUE = re.compile(r"(?i:done|completed|finished|closed|sorted|complete)[.!]?|[✓✔☑✅]")


def _field_kind(key: str) -> str:
    key = key.lower()
    for kind, pattern in (("task", _BLOCK_TASK), ("owner", _BLOCK_OWNER), ("status", r"(?:status|state)")):
        if re.fullmatch(pattern, key):
            return kind
    return "due"


def _field_runs(text: str) -> list[list[tuple[int, re.Match[str]]]]:
    """Each run of two or more lines that each hold one task's field, with one task and an owner or a due
    date among them: (the line's offset, its match) for each line."""
    runs: list[list[tuple[int, re.Match[str]]]] = []
    current: list[tuple[int, re.Match[str]]] = []
    at = 0
    for line in [*text.split("\n"), ""]:
        match = _FIELD_LINE.fullmatch(line)
        kinds = [_field_kind(m["key"]) for _, m in current]
        if match is not None and _field_kind(match["key"]) not in kinds:
            current.append((at, match))
        else:
            if "task" in kinds and ("owner" in kinds or "due" in kinds):
                runs.append(current)
            current = [(at, match)] if match is not None else []
        at += len(line) + 1
    return runs


def _field_blocks(text: str) -> list[tuple[int, int]]:
    """(start, start of its last line) of each block of a task's fields: one sentence."""
    if ":" not in text or "\n" not in text:
        return []
    return [(run[0][0], run[-1][0]) for run in _field_runs(text)]


def _block_as_line(text: str, run: list[tuple[int, re.Match[str]]]) -> str:
    """The block's lines as one list line, the owner first as a list labels a line ("- Samir: renew the
    DBS checks, by 16 Nov"; a done status the tick: "✓ Aisha: update the safeguarding policy"), padded
    with spaces to the block's own length. The task first would be the parser's to misread: "- restock
    the tinned food shelf — Hana" gave no task ("restock" a noun, the dash a sentence of its own)."""
    values = {_field_kind(match["key"]): match["value"] for _, match in run}
    done = _DONE_VALUE.fullmatch(values.get("status", "")) is not None
    start, end = run[0][0], run[-1][0] + run[-1][1].end()
    indent = run[0][1].group(0)[: len(run[0][1].group(0)) - len(run[0][1].group(0).lstrip(" \t"))]
    line = indent + ("✓ " if done else "- ")
    line += f"{values['owner']}: " if "owner" in values else ""
    line += values["task"] + (f", by {values['due']}" if "due" in values else "")
    if len(line) > end - start:
        return text  # (never, for the fields' names: each is longer than what replaces it)
    return text[:start] + line.ljust(end - start) + text[end:]


def _blocks_as_lines(text: str) -> str:
    for run in _field_runs(text):
        text = _block_as_line(text, run)
    return text


_CHAT_TIME = re.compile(CHAT_STAMP, re.MULTILINE)
_STAMPED_DASH = re.compile(STAMPED_DASH, re.MULTILINE)
_ANGLED = re.compile(ANGLED_SPEAKER, re.MULTILINE)
_ARROW = re.compile(r"(?<=\w)(\s*)(?:→|->|=>)(?=\s)")
_RULE = re.compile(r"\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?")


def _row(line: str) -> str:
    """A table's row with its bars as a dash and commas, the same length."""
    stripped = line.strip()
    if stripped.count("|") < 1 or _RULE.fullmatch(stripped):
        return line
    chars = list(line)
    bars = [i for i, c in enumerate(line) if c == "|"]
    if stripped.startswith("|"):
        chars[bars[0]] = " "
        bars = bars[1:]
    if stripped.endswith("|") and bars:
        chars[bars[-1]] = " "
        bars = bars[:-1]
    for n, i in enumerate(bars):
        spaced = 0 < i < len(line) - 1 and line[i - 1] == " " and line[i + 1] == " "
        if n == 0 and spaced:
            chars[i] = "—"
        else:  # "cell | cell": the comma ends the cell before it
            chars[i] = " "
            j = i - 1
            while j >= 0 and chars[j] == " ":
                j -= 1
            if j >= 0 and j + 1 <= i:
                chars[j + 1] = ","
    return "".join(chars)


def _ruled(line: str) -> bool:
    return _RULE.fullmatch(line.strip()) is not None and "-" in line


def _tables(text: str) -> str:
    """Every run of two or more lines that each hold a bar, read as a table's rows. A header, the row
    above the rule ("| Action | Owner | Due |"), and the rule are blanked: the columns' names are no
    task, no owner ("Owner" was an organization) and no date."""
    lines = text.split("\n")
    barred = [("|" in line) for line in lines]
    out = []
    for i, line in enumerate(lines):
        in_table = barred[i] and ((i > 0 and barred[i - 1]) or (i + 1 < len(lines) and barred[i + 1]))
        header = in_table and i + 1 < len(lines) and _ruled(lines[i + 1]) and not _ruled(line)
        if header or (in_table and _ruled(line)):
            out.append(" " * len(line))
        else:
            out.append(_row(_ticked_row(line)) if in_table else line)
    return "\n".join(out)


# A table's cell that says its row's task is done ("| Update the privacy notice | Hannah | Done |").
_DONE_CELL = re.compile(r"\|[ \t]*(?i:done|completed|finished|closed|sorted|✓|✔|☑|✅)[ \t]*(?=\|?[ \t]*$)")


def _ticked_row(line: str) -> str:
    """A row whose last cell says done as a ticked line: the row's opening bar the tick, the cell and its
    bar blank ("| Update the privacy notice | Hannah | Done |" as "✓ Update the privacy notice | Hannah"
    and blanks). The parser read "Done" as the row's verb, the task as its subject, so no task was found;
    as a ticked line's it is the checklist's done task (pipelines/nlp/extract.py, `_TICKED`)."""
    stripped = line.lstrip()
    cell = _DONE_CELL.search(line)
    if not stripped.startswith("|") or cell is None or cell.start() == len(line) - len(stripped):
        return line
    at = len(line) - len(stripped)
    blank = " " * (cell.end() - cell.start())
    return line[:at] + "✓" + line[at + 1 : cell.start()] + blank + line[cell.end() :]


def _owner_first(match: re.Match[str]) -> str:
    """ "TODO(Declan):" as "   - Declan —": the list's dash, the owner, the dash that labels the line."""
    indent, mark, name, close = match.groups()
    return indent + " " * (len(mark) - 2) + "- " + name + " —" + " " * (len(close) - 2)


def _fields_as_line(match: re.Match[str]) -> str:
    """ "Owner: Morwenna | Task: order new fenders | Due: 15 July" as "- Morwenna — order new fenders,
    by 15 July", each field's value at its place (a due field too short to hold ", by " is left blank)."""
    owner_key, task_key, due_key = match["owner_key"], match["task_key"], match["due_key"]
    line = " " * (len(owner_key) - 2) + "- " + match["owner"] + " —" + " " * (len(task_key) - 2)
    line += match["task"]
    if due_key is not None:
        by = ", " + " " * (len(due_key) - 5) + "by " if len(due_key) >= 5 else " " * len(due_key)
        line += by + match["due"]
    return line + " " * (match.end() - match.start() - len(line))


_LABEL_END = re.compile(r"[ \t]*:[ \t]*\n(?=[ \t]*\S)")


def _label_lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of each stamped speaker's label alone on its line, its line break included."""
    if ":" not in text:
        return []
    return [
        (match.start(), end.end())
        for match in _CHAT_TIME.finditer(text)
        if match["before"] is not None and (end := _LABEL_END.match(text, match.end())) is not None
    ]


def _messages_on_label_lines(text: str) -> str:
    """A stamped speaker's label alone on its line, the message on the next, as a saved Zoom chat writes
    it ("08:15:40 From Yusuf Demir to Everyone:\n\tI'll ring MedEquip …"), with the line break a space:
    the message is the speaker's line, so the speaker is who says "I'll" (the parser read the label as a
    sentence of its own, and the request as nobody's)."""
    breaks = [end - 1 for _, end in _label_lines(text)]
    if not breaks:
        return text
    chars = list(text)
    for at in breaks:
        chars[at] = " "
    return "".join(chars)


def _chat_time_blank(match: re.Match[str]) -> str:
    if match["before"] is not None:
        return " " * len(match["before"]) + match["lead"] + " " * len(match["to"] or "")
    return match["name"] + " " * len(match["after"])


def _stamped_as_said(match: re.Match[str]) -> str:
    """ "09:14 Callum — lane 5 is jammed" as "      Callum:  lane 5 is jammed": a chat line."""
    return " " * len(match["clock"]) + match["name"] + ":" + " " * len(match["gap"])


def _angled_as_said(match: re.Match[str]) -> str:
    """ "[09:02] <Joel Mbeki> the ball machine …" as "         Joel Mbeki: the ball machine …"."""
    return " " * (len(match["before"]) + 1) + match["name"] + ":"


def _header_as_said(text: str) -> str:
    """A chat's header lines ("Kofi  8:02 AM\n", `chat_headers`) as a speaker's label before the
    message ("Kofi:         glory hole …"), the line break a space: every character at its place."""
    chars = list(text)
    for header in chat_headers(text):
        if "clock" in header.re.groupindex:
            # ("[09:12] Marco Bellini\n…" as Teams copies it: the clock blank and the name one place back,
            # the colon after it, "Marco Bellini: …" within the line's own characters)
            name_at, end = header.start("name"), header.end("end")
            chars[header.start("clock") : end] = (
                " " * (name_at - header.start("clock") - 1)
                + header["name"]
                + ":"
                + " " * (end - header.end("name"))
            )
            continue
        start, end = header.start("after"), header.end("end")
        chars[start:end] = ":" + " " * (end - start - 1)
    return "".join(chars)


def list_form(text: str) -> str:
    """The text with its list marks as the parser reads them, every character at its place."""
    if "<" in text:
        text = _ANGLED.sub(_angled_as_said, text)
    if ":" in text:
        text = _header_as_said(text)
        text = _STAMPED_DASH.sub(_stamped_as_said, text)
        text = _CHAT_TIME.sub(_chat_time_blank, _messages_on_label_lines(text))
    if "|" in text and ":" in text:
        text = _FIELD_ROW.sub(_fields_as_line, text)
    if ":" in text and "\n" in text:
        text = _blocks_as_lines(text)
    if "(" in text:
        text = _TODO_OWNER.sub(_owner_first, text)
        text = _BRACKET_OWNER.sub(lambda m: " " * len(m.group(0)), text)
    text = _MARK_OWNER.sub(lambda m: m["indent"] + "-" + " " * (len(m["mark"]) - 1), text)
    text = _BULLET.sub(lambda m: m.group(1) + "-", text)
    if len(_NUMBERED.findall(text)) >= 2:
        text = _NUMBERED.sub(lambda m: m.group(1) + "-" + " " * (len(m.group(2)) - 1), text)
    if "[x]" in text or "[X]" in text:
        text = _TICKED_BOX.sub(lambda m: " " * (len(m.group(0)) - 1) + "✓", text)
    if "[ ]" in text or "☐" in text:
        text = _TODO_BOX.sub(lambda m: m.group(1) + " " * (len(m.group(0)) - len(m.group(1)) - 1) + "-", text)
    if "→" in text or "->" in text or "=>" in text:
        text = _ARROW.sub(
            lambda m: m.group(1) + ("—" if len(m.group(0)) - len(m.group(1)) == 1 else " —"), text
        )
    if text.count("|") >= 2:
        text = _tables(text)
    return text
