"""List lines as the parser reads them: the marks a to-do list, an arrow or a table puts between an owner
and a task, rewritten to the spaced dash a list's line labels with ("- Marta — order …"), character for
character so every offset into the text stays the same.

- a to-do box opening a line ("[ ] Theo to restring …", "☐ …") is the line's bullet; a ticked one ("[x]")
  is left as written, a task done being no request;
- an arrow after a name ("Bea → order more foils", "Sami -> update …") is the dash that labels the line;
- a table's rows ("Josh | bleed the radiators | Fri 9 Oct", with or without the outer bars): the first
  bar labels the row like a dash, the others part its cells like commas. A row of dashes, the header's
  rule, is no row.
"""

from __future__ import annotations

import re

_TODO_BOX = re.compile(r"^(\s*)(?:\[ \]|☐)", re.MULTILINE)
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


def _tables(text: str) -> str:
    """Every run of two or more lines that each hold a bar, read as a table's rows."""
    lines = text.split("\n")
    barred = [("|" in line) for line in lines]
    out = []
    for i, line in enumerate(lines):
        in_table = barred[i] and ((i > 0 and barred[i - 1]) or (i + 1 < len(lines) and barred[i + 1]))
        out.append(_row(line) if in_table else line)
    return "\n".join(out)


def list_form(text: str) -> str:
    """The text with its list marks as the parser reads them, every character at its place."""
    if "[ ]" in text or "☐" in text:
        text = _TODO_BOX.sub(lambda m: m.group(1) + " " * (len(m.group(0)) - len(m.group(1)) - 1) + "-", text)
    if "→" in text or "->" in text or "=>" in text:
        text = _ARROW.sub(
            lambda m: m.group(1) + ("—" if len(m.group(0)) - len(m.group(1)) == 1 else " —"), text
        )
    if text.count("|") >= 2:
        text = _tables(text)
    return text
