"""Date mentions to ISO dates, resolved against the memory's timestamp.

Rules (the README lists them): a weekday means the next one after the timestamp ("by Friday" on a
Tuesday is that week's Friday; on a Friday, the next week's); "next <weekday>" is a week after that when
the plain one falls in the same week; "last <weekday>" the one before. "next week" is its Monday, "end of
the week" its Friday, "end of the month" the month's last day, "next month" its first day, "this
weekend" the Saturday. A month and day without a year take the year that puts them nearest the
timestamp. Durations ("two weeks"), recurring times ("every Monday") and quarters are not dates.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, datetime, timedelta

import dateparser

_WEEKDAYS = {
    "mon": 0,
    "monday": 0,
    "tue": 1,
    "tues": 1,
    "tuesday": 1,
    "wed": 2,
    "weds": 2,
    "wednesday": 2,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "thursday": 3,
    "fri": 4,
    "friday": 4,
    "sat": 5,
    "saturday": 5,
    "sun": 6,
    "sunday": 6,
}
_LEADING = re.compile(r"^(?:by|on|before|until|till|due|at|from|for|around|after|the|of)\s+")
_PART_OF_DAY = re.compile(r"\s+(?:morning|afternoon|evening|night|eod|noon)$")
_TIME = re.compile(r"\s*(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm|h)?$")
_NOT_A_DATE = re.compile(
    r"^(?:(?:19|20)\d{2}$|every|each|daily|weekly|monthly|yearly|annual|annually|quarterly|q[1-4]\b|h[12]\b|fy|"
    r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|few|several)\s+"
    r"(?:days?|weeks?|months?|years?|hours?|minutes?)$|(?:days?|weeks?|months?|years?)$)"
)
_HAS_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")


def _weekday(text: str, base: date) -> date | None:
    match = re.fullmatch(r"(this|next|last|coming)?\s*([a-z]+)", text)
    if not match or match.group(2) not in _WEEKDAYS:
        return None
    target = _WEEKDAYS[match.group(2)]
    ahead = (target - base.weekday() - 1) % 7 + 1  # 1..7 days after base
    upcoming = base + timedelta(days=ahead)
    match match.group(1):
        case "last":
            return upcoming - timedelta(days=7)
        case "next" if upcoming.isocalendar()[1] == base.isocalendar()[1]:
            return upcoming + timedelta(days=7)
    return upcoming


def _named(text: str, base: date) -> date | None:
    monday = base - timedelta(days=base.weekday())
    last_day = calendar.monthrange(base.year, base.month)[1]
    next_month = date(base.year + base.month // 12, base.month % 12 + 1, 1)
    table = {
        "today": base,
        "tonight": base,
        "now": base,
        "this morning": base,
        "this afternoon": base,
        "this evening": base,
        "eod": base,
        "end of day": base,
        "end of the day": base,
        "tomorrow": base + timedelta(days=1),
        "tmrw": base + timedelta(days=1),
        "yesterday": base - timedelta(days=1),
        "day after tomorrow": base + timedelta(days=2),
        "next week": monday + timedelta(days=7),
        "end of the week": monday + timedelta(days=4),
        "end of week": monday + timedelta(days=4),
        "eow": monday + timedelta(days=4),
        "last week": monday - timedelta(days=7),
        "this weekend": monday + timedelta(days=5),
        "weekend": monday + timedelta(days=5),
        "end of the month": date(base.year, base.month, last_day),
        "end of month": date(base.year, base.month, last_day),
        "eom": date(base.year, base.month, last_day),
        "next month": next_month,
        "end of the year": date(base.year, 12, 31),
        "end of year": date(base.year, 12, 31),
        "next year": date(base.year + 1, 1, 1),
    }
    return table.get(text)


def _nearest_year(day: date, base: date) -> date:
    candidates = []
    for year in (base.year - 1, base.year, base.year + 1):
        try:
            candidates.append(day.replace(year=year))
        except ValueError:  # 29 February
            continue
    return min(candidates, key=lambda d: abs((d - base).days))


def resolve(text: str, base: datetime) -> date | None:
    """The date `text` names, or None when it names none (a duration, a quarter, nonsense)."""
    phrase = " ".join(text.lower().replace(",", " ").split())
    while (stripped := _LEADING.sub("", phrase)) != phrase:
        phrase = stripped
    phrase = _PART_OF_DAY.sub("", phrase)
    if not phrase or _NOT_A_DATE.match(phrase) or _TIME.fullmatch(phrase):
        return None  # not a date, or a bare time of day
    day = base.date()
    for rule in (_named, _weekday):
        if (found := rule(phrase, day)) is not None:
            return found
    without_time = _TIME.sub("", phrase) or phrase
    if without_time != phrase and (found := _named(without_time, day) or _weekday(without_time, day)):
        return found
    return _parse(phrase, base)


def _parse(phrase: str, base: datetime) -> date | None:
    if not re.search(r"\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|ago|in ", phrase):
        return None  # nothing a date parser could anchor on
    # English only: language detection over every unparseable span costs seconds.
    parsed = dateparser.parse(
        phrase,
        languages=["en"],
        settings={"RELATIVE_BASE": base.replace(tzinfo=None), "RETURN_TIME_AS_PERIOD": False},
    )
    if parsed is None:
        return None
    found = parsed.date()
    if (
        not _HAS_YEAR.search(phrase)
        and re.search(r"[a-z]", phrase)
        and "ago" not in phrase
        and "in " not in phrase
    ):
        found = _nearest_year(found, base.date())
    return found
