"""Date mentions to ISO dates, resolved against the memory's timestamp.

Rules (the README lists them): a weekday means the next one after the timestamp ("by Friday" on a
Tuesday is that week's Friday; on a Friday, the next week's); "next <weekday>" is a week after that when
the plain one falls in the same week; "last <weekday>" the one before. "next week" is its Monday, "end of
the week" its Friday, "end of the month" the month's last day ("end of January" January's), "next
month" its first day, "this
weekend" the Saturday. A month and day without a year take the year that puts them nearest the
timestamp. Durations ("two weeks"), recurring times ("every Monday") and quarters are not dates.

Tense: a date read in the past tense ("Team lunch on Thursday was great") looks back — a weekday is the
latest one on or before the timestamp, a month and day the latest before it (unless it falls within the
next 31 days: "moved the offsite, still on 20 June" written on 13 June is this June's) — where the
future and the present look forward.
A month named alone ("move the pilot to May", "in June 2025") is a month, written
`YYYY-MM` (the nearest such month, the latest for the past tense), never a made-up day; a season is not
a date. `stated_date` finds the date a note states at its start ("Weekly sync, Tuesday 4 March 2025", an
e-mail's `Date:`), which anchors a note sent without a timestamp. A numeric date with a year is read
day first ("28/05/2025", "28.05.2025"), month first only when the first number cannot be a month; one
without its year ("by 18/9") the same way, in the year nearest the timestamp. A weekday written before a
date ("Mon 7/9/2026", "Fri 9 Oct") is that date's weekday, not a day of its own.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from email.utils import parsedate_to_datetime
from typing import Any

import dateparser

# A span of weekdays: "Monday to Friday", "Tuesday–Sunday" (the two days' stems as groups 1 and 2).
WEEKDAY_SPAN = re.compile(
    r"\b(mon|tues|wednes|thurs|fri|satur|sun)day\s*(?:to|until|till|through|-|–)\s*"
    r"(mon|tues|wednes|thurs|fri|satur|sun)day\b",
    re.IGNORECASE,
)
# A price by the hour or day that the model tags as a time or a date ("£18 an hour", "€5 per day"): a
# number of money, not a date.
RATE = re.compile(
    r"\d[\d,.]*\s+(?:an?|per)\s+(?:hour|day|night|week|month|year|head|person)\b", re.IGNORECASE
)
_CURRENCY_BEFORE = re.compile(r"(?:[£$€¥₹]|\b(?:EUR|USD|GBP|CHF|SEK|NOK|DKK|PLN))\s*$")


def priced(text: str, start: int, end: int) -> bool:
    """Whether text[start:end], a time or a date the model tagged, is a price's rate: a number and "an
    hour" or "a day" after a currency sign."""
    return (
        RATE.match(text, start, end) is not None
        and _CURRENCY_BEFORE.search(text[max(0, start - 5) : start]) is not None
    )


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
# Spanish, French, German, Italian and Portuguese date words, read as their English ones ("el 3 de
# marzo", "au 1er mai", "bis Freitag", "9. April 2025", "il 2 ottobre", "em 5 de outubro").
FOREIGN_MONTHS = {
    "enero": "january", "febrero": "february", "marzo": "march", "abril": "april", "mayo": "may",
    "junio": "june", "julio": "july", "agosto": "august", "septiembre": "september", "setiembre": "september",
    "octubre": "october", "noviembre": "november", "diciembre": "december",
    "janvier": "january", "février": "february", "fevrier": "february", "mars": "march", "avril": "april",
    "mai": "may", "juin": "june", "juillet": "july", "août": "august", "aout": "august",
    "septembre": "september", "octobre": "october", "novembre": "november", "décembre": "december",
    "januar": "january", "februar": "february", "märz": "march", "maerz": "march", "juni": "june",
    "juli": "july", "oktober": "october", "dezember": "december",
    "gennaio": "january", "febbraio": "february", "aprile": "april", "maggio": "may", "giugno": "june",
    "luglio": "july", "settembre": "september", "ottobre": "october", "dicembre": "december",
    "janeiro": "january", "fevereiro": "february", "março": "march", "maio": "may",
    "junho": "june", "julho": "july", "setembro": "september", "outubro": "october", "novembro": "november",
    "dezembro": "december",
    # Dutch, Swedish, Norwegian and Danish ("op 14 mei", "den 3 maj", "innen 1. desember")
    "januari": "january", "februari": "february", "maart": "march", "mei": "may", "augustus": "august",
    "maj": "may", "augusti": "august", "marts": "march", "desember": "december",
    # Polish, the genitive a date takes ("14 marca", "do 3 czerwca"; not "maja": a given name too)
    "stycznia": "january", "lutego": "february", "marca": "march", "kwietnia": "april", "czerwca": "june",
    "lipca": "july", "sierpnia": "august", "września": "september", "października": "october",
    "listopada": "november", "grudnia": "december",
    # Czech, the genitive too ("26. března", "do 3. června")
    "ledna": "january", "února": "february", "března": "march", "dubna": "april", "května": "may",
    "června": "june", "července": "july", "srpna": "august", "září": "september", "října": "october",
    "listopadu": "november", "prosince": "december",
}  # fmt: skip
FOREIGN_WEEKDAYS = {
    "lunes": "monday", "martes": "tuesday", "miércoles": "wednesday", "miercoles": "wednesday",
    "jueves": "thursday", "viernes": "friday", "sábado": "saturday", "sabado": "saturday",
    "domingo": "sunday", "lundi": "monday", "mardi": "tuesday", "mercredi": "wednesday", "jeudi": "thursday",
    "vendredi": "friday", "samedi": "saturday", "dimanche": "sunday", "montag": "monday",
    "dienstag": "tuesday", "mittwoch": "wednesday", "donnerstag": "thursday", "freitag": "friday",
    "samstag": "saturday", "sonntag": "sunday", "lunedì": "monday", "lunedi": "monday", "martedì": "tuesday",
    "martedi": "tuesday", "mercoledì": "wednesday", "mercoledi": "wednesday", "giovedì": "thursday",
    "giovedi": "thursday", "venerdì": "friday", "venerdi": "friday", "sabato": "saturday",
    # ("domenica" is left out: a given name too)
    "maandag": "monday", "dinsdag": "tuesday", "woensdag": "wednesday", "donderdag": "thursday",
    "vrijdag": "friday", "zaterdag": "saturday", "zondag": "sunday", "måndag": "monday", "mandag": "monday",
    "tisdag": "tuesday", "tirsdag": "tuesday", "onsdag": "wednesday", "torsdag": "thursday",
    "fredag": "friday", "lördag": "saturday", "lørdag": "saturday", "söndag": "sunday", "søndag": "sunday",
    "poniedziałek": "monday", "wtorek": "tuesday", "środa": "wednesday", "czwartek": "thursday",
    "piątek": "friday", "sobota": "saturday", "niedziela": "sunday",
    # Portuguese, with "-feira" ("segunda" alone is "second" too)
    "segunda-feira": "monday", "terça-feira": "tuesday", "terca-feira": "tuesday",
    "quarta-feira": "wednesday", "quinta-feira": "thursday", "sexta-feira": "friday",
}  # fmt: skip
# (a Portuguese weekday's two words, one key: "sexta-feira")
_FOREIGN_WORD = re.compile(r"(?:segunda|ter[çc]a|quarta|quinta|sexta)-feira|[^\W\d_]+", re.IGNORECASE)
# "3 de marzo de 2025", "1er mai", "9. April": the day's suffix and the "de" between day, month and year.
_ENGLISH_MONTH = "(?:" + "|".join(sorted(set(FOREIGN_MONTHS.values()))) + r")\b"
_FOREIGN_JOINS = re.compile(
    rf"(?<=\d)(?:er|\.|º|ª)(?=\s+{_ENGLISH_MONTH})|\s+de(?=\s+(?:\d|{_ENGLISH_MONTH}))", re.IGNORECASE
)


def english(phrase: str) -> str:
    """A date phrase with its Spanish, French and German month and weekday names in English, and the
    words that join a day to its month there dropped: "3 de marzo de 2025" -> "3 march 2025"."""

    def word(match: re.Match) -> str:
        lowered = match.group(0).lower()
        return FOREIGN_MONTHS.get(lowered) or FOREIGN_WEEKDAYS.get(lowered) or match.group(0)

    return _FOREIGN_JOINS.sub("", _FOREIGN_WORD.sub(word, phrase))


_LEADING = re.compile(
    r"^(?:by|on|before|until|till|due|at|from|for|around|after|the|of"
    r"|ab|im|bis|seit|en|desde|hasta|depuis|dès)\s+"  # "ab Juni", "en marzo", "depuis mai"
)
_PART_OF_DAY = re.compile(r"\s+(?:morning|afternoon|evening|night|eod|noon)$")
_TIME = re.compile(r"\s*(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm|h)?$")
_NOT_A_DATE = re.compile(
    r"^(?:(?:19|20)\d{2}$|every|each|daily|weekly|monthly|yearly|annual|annually|quarterly|q[1-4]\b|h[12]\b|fy|"
    r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|few|several)\s+"
    r"(?:days?|weeks?|months?|years?|hours?|minutes?)$|(?:days?|weeks?|months?|years?)$)"
)
# A school's year group or grade ("our Year 10 trip", "Year 6 will visit"), which the model tags as a date:
# a class of pupils, no day.
YEAR_GROUP = re.compile(r"(?:(?:our|the|their|my|his|her)\s+)?(?:year|grade)\s+\d{1,2}", re.IGNORECASE)
_HAS_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
MIN_YEAR, MAX_YEAR = 1900, 2099  # the years a note means: those `_HAS_YEAR` reads as years


def _weekday(text: str, base: date, past: bool = False) -> date | None:
    match = re.fullmatch(r"(this|next|last|coming)?\s*([a-z]+)", text)
    if not match or match.group(2) not in _WEEKDAYS:
        return None
    target = _WEEKDAYS[match.group(2)]
    if past and match.group(1) in (None, "this"):  # "on Thursday was great": this week's, or today
        return base - timedelta(days=(base.weekday() - target) % 7)
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
        "next weekend": monday + timedelta(days=12),
        "end of next week": monday + timedelta(days=11),
        "end of next month": date(
            next_month.year, next_month.month, calendar.monthrange(next_month.year, next_month.month)[1]
        ),
        "end of the year": date(base.year, 12, 31),
        "end of year": date(base.year, 12, 31),
        "next year": date(base.year + 1, 1, 1),
    }
    return table.get(text)


_ORDINAL_DAY = re.compile(r"(\d{1,2})(?:st|nd|rd|th)")
# "a week from Friday", "a week on Tuesday", "Tuesday week" (British): the day a week after that one.
_WEEK_AFTER = re.compile(r"(?:a\s+week\s+(?:from|on)\s+(.+)|(\w+)\s+week)")


def _ordinal_day(text: str, base: date, past: bool = False) -> date | None:
    """A day of the month alone ("the 3rd", "on the 15th"): that day of the month, the next one to come
    (the last one gone, in the past tense) — not a month of its own, as a date parser reads "3rd"."""
    match = _ORDINAL_DAY.fullmatch(text)
    if not match or not 1 <= (number := int(match.group(1))) <= 31:
        return None
    step = -1 if past else 1
    year, month = base.year, base.month
    for _ in range(13):
        if number <= calendar.monthrange(year, month)[1]:
            day = date(year, month, number)
            if (day <= base) if past else (day >= base):
                return day
        month += step
        year, month = (year + 1, 1) if month == 13 else (year - 1, 12) if month == 0 else (year, month)
    return None


# A weekday before a day of the month alone ("by Wed 22nd", "Thurs 11th", "Friday the 12th"): the day of
# the month that falls on that weekday, the nearest ahead (behind, in the past tense).
_WEEKDAY_ORDINAL = re.compile(r"([a-z]{3,9})\.?,?\s+(?:the\s+)?(\d{1,2}(?:st|nd|rd|th))")


def _weekday_ordinal(text: str, base: date, past: bool = False) -> date | None:
    match = _WEEKDAY_ORDINAL.fullmatch(text)
    if match is None or match.group(1) not in _WEEKDAYS:
        return None
    weekday, first = _WEEKDAYS[match.group(1)], _ordinal_day(match.group(2), base, past)
    found = first
    while found is not None and found.weekday() != weekday and abs((found - base).days) < 400:
        step = found - timedelta(days=1) if past else found + timedelta(days=1)
        found = _ordinal_day(match.group(2), step, past)  # that day of the next month (the one before)
    # (a weekday the day never falls on near here is a slip: the day of the month is what is written)
    return found if found is not None and found.weekday() == weekday else first


def _week_after(text: str, base: date, past: bool = False) -> date | None:
    match = _WEEK_AFTER.fullmatch(text)
    if not match:
        return None
    named = match.group(1) or match.group(2)
    day = _named(named, base) or _weekday(named, base, past)
    return day + timedelta(days=7) if day is not None else None


def _nearest_year(day: date, base: date, past: bool = False, grace: int = 0) -> date:
    """`day` in the year that puts it nearest `base`; in the past tense the latest on or before `base`,
    unless the nearest is at most `grace` days ahead."""
    candidates = []
    for year in (base.year - 1, base.year, base.year + 1):
        try:
            candidates.append(day.replace(year=year))
        except ValueError:  # 29 February
            continue
    nearest = min(candidates, key=lambda d: abs((d - base).days))
    # Past tense looks back, but not a year back for a day weeks ahead: "the offsite moved to York, still
    # on 20 June", written on 13 June, is this June's, the verb's tense being the move's.
    if past and 0 < (nearest - base).days <= grace:
        return nearest
    if past and (before := [d for d in candidates if d <= base]):
        return max(before)
    # Half a year away either way ("from 18 March", written on 16 September): a note not in the past tense
    # looks ahead, to the one at most a month further than the one behind.
    ahead = [d for d in candidates if d > base]
    if not past and nearest < base and ahead and (min(ahead) - base).days - (base - nearest).days <= TIE_DAYS:
        return min(ahead)
    return nearest


TIE_DAYS = 31


AHEAD_IN_PAST_DAYS = 31


_MONTH_NAMES = {
    name: number
    for number in range(1, 13)
    for name in {calendar.month_name[number].lower(), calendar.month_abbr[number].lower()}
} | {"sept": 9}
_END_OF_MONTH = re.compile(r"(?:the\s+)?end\s+of\s+([a-z]+)\.?(?:\s+((?:19|20)\d{2}))?")
_BARE_MONTH = re.compile(
    r"(?:(?:early|mid|late|the start of|start of|in|to)\s+)*"
    r"([a-z]+)\.?(?:\s+((?:19|20)\d{2}))?"
)


# A date said with its year by the year's distance from now: "22 May next year", "in June last year".
_YEAR_AWAY = re.compile(r"(.+?)\s+(next|last|this)\s+year")
_YEARS_AWAY = {"next": 1, "last": -1, "this": 0}


def _in_year_away(phrase: str, base: datetime, read: Callable[[str, datetime], Any]) -> Any:
    """`read` of the phrase's date in the year it names by distance ("22 May next year": 22 May of the
    year after `base`'s), or None where the phrase names no such year, or the rest no month."""
    match = _YEAR_AWAY.fullmatch(phrase)
    if match is None or not any(w.rstrip(".") in _MONTH_NAMES for w in match.group(1).split()):
        return None
    year = base.year + _YEARS_AWAY[match.group(2)]
    return read(f"{match.group(1)} {year}", base)


def month_of(text: str, base: datetime, past: bool = False) -> str | None:
    """`YYYY-MM` when `text` names a month and no day ("May", "in June 2025", "late March"), else None.
    Without a year: the nearest such month to `base` (the latest on or before it for the past tense)."""
    phrase = " ".join(english(text.lower()).replace(",", " ").split())
    if (away := _in_year_away(phrase, base, month_of)) is not None:
        return away  # "in May next year"
    phrase = re.sub(r"\b(early|mid|late)-", r"\1 ", phrase)  # "mid-June"
    while (stripped := _LEADING.sub("", phrase)) != phrase:
        phrase = stripped
    match = _BARE_MONTH.fullmatch(phrase)
    if not match or match.group(1) not in _MONTH_NAMES:
        return None
    month = _MONTH_NAMES[match.group(1)]
    if match.group(2):
        return f"{match.group(2)}-{month:02d}"
    day = _nearest_year(date(base.year, month, 1), date(base.year, base.month, 1), past=past)
    return f"{day.year}-{month:02d}"


# A day counted from the date the text named before it, not from the note's time: "by Thursday? We have
# guests the day after", "serviced on 3 March. The next day it broke again", "two days later".
_FROM_THE_LAST = re.compile(
    r"(?:the\s+)?(?:(?P<after>day\s+after|next\s+day|following\s+day)|(?P<before>day\s+before|previous\s+day)"
    r"|(?P<same>same\s+day)"
    r"|(?P<count>\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?P<unit>days?|weeks?)\s+"
    r"(?P<way>later|after|afterwards|on|earlier|before))(?:\s+that)?"
)
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_COUNTS |= {"eight": 8, "nine": 9, "ten": 10}


def counts_from_the_last(text: str) -> bool:
    """Whether a date phrase names a day counted from the date mentioned before it ("the day after")."""
    return _FROM_THE_LAST.fullmatch(" ".join(text.lower().split())) is not None


def from_the_last(text: str, last: date) -> date | None:
    """The day a phrase `counts_from_the_last` names, counted from `last`; None for any other phrase."""
    match = _FROM_THE_LAST.fullmatch(" ".join(text.lower().split()))
    if match is None:
        return None
    if match["after"] or match["before"] or match["same"]:
        return last + timedelta(days=1 if match["after"] else -1 if match["before"] else 0)
    count = int(match["count"]) if match["count"].isdigit() else _COUNTS[match["count"]]
    days = count * (7 if match["unit"].startswith("week") else 1)
    return last + timedelta(days=-days if match["way"] in ("earlier", "before") else days)


def resolve_mention(text: str, base: datetime, past: bool = False) -> str | None:
    """A date mention as the contract writes it: `YYYY-MM-DD`, or `YYYY-MM` for a month named alone."""
    if (month := month_of(text, base, past)) is not None:
        return month
    day = resolve(text, base, past=past)
    return day.isoformat() if day is not None else None


_STATED = re.compile(
    r"\b(?:\d{1,2}(?:st|nd|rd|th)?\.?\s+[A-Za-z]{3,9}\.?,?\s+(?:19|20)\d{2}"
    r"|[A-Za-z]{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?:19|20)\d{2}"
    r"|(?:19|20)\d{2}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./](?:19|20)\d{2}"
    r"|(?:19|20)\d{2}/\d{1,2}/\d{1,2})\b"
)
# A numeric date with its year: the day first ("28/05/2025", "28.05.2025"), as written in Europe, where
# the notes' teams are; the month first only when the first number cannot be a month ("05/28/2025").
_NUMERIC = re.compile(r"(\d{1,2})([./])(\d{1,2})\2((?:19|20)\d{2})")
# … and the year first, then the month and the day, with slashes ("Yard meeting 2026/07/08"), as a date
# stamp writes it: never the day before the month there. (Not with dots: "Release 2026.1.4" is a version.)
_YEAR_FIRST = re.compile(r"((?:19|20)\d{2})(/)(\d{1,2})/(\d{1,2})")


# A numeric day and month without a year ("by 18/9"), read day first like those with a year, in the year
# that puts it nearest the note's time (with a slash, or with dots closing it as German writes it, "bis
# 12.06.": "2.5" alone is a number, a version). A weekday written before either is the same day's.
_NUMERIC_NO_YEAR = re.compile(r"(\d{1,2})(/)(\d{1,2})|(\d{1,2})(\.)(\d{1,2})\.")
_WEEKDAY_BEFORE_NUMBERS = re.compile(r"^[a-z]{3,9}\.?,?\s+(?=\d{1,2}[./]\d)", re.IGNORECASE)


def _without_weekday(text: str) -> str:
    """ "Mon 7/9/2026" -> "7/9/2026"; a text that opens with no weekday, unchanged."""
    match = _WEEKDAY_BEFORE_NUMBERS.match(text.strip())
    if match is None or match.group(0).rstrip(" ,.").lower() not in _WEEKDAYS:
        return text.strip()
    return text.strip()[match.end() :]


def numeric_date(text: str) -> date | None:
    if (year_first := _YEAR_FIRST.fullmatch(_without_weekday(text))) is not None:
        try:
            return date(int(year_first.group(1)), int(year_first.group(3)), int(year_first.group(4)))
        except ValueError:
            return None
    match = _NUMERIC.fullmatch(_without_weekday(text))
    if match is None:
        return None
    first, second, year = int(match.group(1)), int(match.group(3)), int(match.group(4))
    day, month = (second, first) if second > 12 else (first, second)
    try:
        return date(year, month, day)
    except ValueError:
        return None


_DATE_HEADER = re.compile(r"^date:\s*(.+)$", re.IGNORECASE | re.MULTILINE)


def stated_date(text: str) -> datetime | None:
    """The date a note states for itself: an e-mail's `Date:` header, or a full date (day, month and year)
    in its first line or sentence ("Weekly sync, Tuesday 4 March 2025", "Minutes of 2025-03-04"). Midnight
    UTC of that day (with an e-mail's time when its header gives one); None when the note states none."""
    head = text[:400]
    if header := _DATE_HEADER.search(head):
        try:
            sent = parsedate_to_datetime(header.group(1).strip())
            return sent if sent.tzinfo else sent.replace(tzinfo=UTC)
        except (TypeError, ValueError, IndexError):
            pass
    first = re.split(r"\n|(?<=[.!?])\s", english(head.strip()), maxsplit=1)[0]
    for match in _STATED.finditer(first):
        phrase = match.group(0)
        words = re.findall(r"[a-z]+", phrase.lower())
        if numeric := numeric_date(phrase):
            return datetime(numeric.year, numeric.month, numeric.day, tzinfo=UTC)
        if any(w.rstrip(".") in _MONTH_NAMES for w in words) or re.fullmatch(r"[\d-]+", phrase):
            day = resolve(phrase, datetime(2000, 1, 1, tzinfo=UTC))
            if day is not None:
                return datetime(day.year, day.month, day.day, tzinfo=UTC)
    return None


_ORDINAL_STOP = re.compile(r"(?<=\d(?:st|nd|rd|th))\.$")


def resolve(text: str, base: datetime, past: bool = False) -> date | None:
    """The date `text` names, or None when it names none (a duration, a quarter, nonsense). `past`: the
    mention was read in the past tense, and looks back."""
    if (numeric := numeric_date(text)) is not None:
        return numeric
    if (short := _NUMERIC_NO_YEAR.fullmatch(_without_weekday(text))) is not None:
        first, second = (
            (short.group(1), short.group(3)) if short.group(1) else (short.group(4), short.group(6))
        )
        return _day_and_month(int(first), int(second), base.date(), past)
    phrase = " ".join(english(text.lower()).replace(",", " ").split())
    # "by Friday 4th." at a sentence's end: the full stop is the sentence's, not part of the date, and a
    # parser reads "4th." as April
    phrase = _ORDINAL_STOP.sub("", phrase)
    while (stripped := _LEADING.sub("", phrase)) != phrase:
        phrase = stripped
    if (named := _named(phrase, base.date())) is not None:
        return named  # "this morning": before the part of the day is cut, which would leave "this" alone
    phrase = _PART_OF_DAY.sub("", phrase)
    if (
        not phrase
        or _NOT_A_DATE.match(phrase)
        or _TIME.fullmatch(phrase)
        or phrase.isdigit()
        or YEAR_GROUP.fullmatch(phrase)
    ):
        # Not a date, a bare time of day, or a bare number: a year names no day, and "invoice 3310" or
        # "order 1042", which the model may tag as dates, name none at all.
        return None
    if (away := _in_year_away(phrase, base, resolve)) is not None:
        return away  # "on 22 May next year"
    day = base.date()
    if (end := _END_OF_MONTH.fullmatch(phrase)) and end.group(1) in _MONTH_NAMES:
        # "before the end of January": the month's last day, of the year `month_of` would give it.
        month = _MONTH_NAMES[end.group(1)]
        year = (
            int(end.group(2))
            if end.group(2)
            else _nearest_year(date(day.year, month, 1), day.replace(day=1), past=past).year
        )
        return date(year, month, calendar.monthrange(year, month)[1])
    if (found := _named(phrase, day) or _weekday(phrase, day, past)) is not None:
        return found
    if (
        found := _ordinal_day(phrase, day, past)
        or _weekday_ordinal(phrase, day, past)
        or _week_after(phrase, day, past)
    ) is not None:
        return found
    without_time = _TIME.sub("", phrase) or phrase
    if without_time != phrase and (found := _named(without_time, day) or _weekday(without_time, day, past)):
        return found
    return _parse(phrase, base, past)


def _day_and_month(first: int, second: int, base: date, past: bool) -> date | None:
    """A numeric day and month, the day first unless the second cannot be a month, in the nearest year."""
    day, month = (second, first) if second > 12 else (first, second)
    try:
        return _nearest_year(date(base.year, month, day), base, past=past, grace=AHEAD_IN_PAST_DAYS)
    except ValueError:  # "31/2", or 29 February outside a leap year
        return None


def _parse(phrase: str, base: datetime, past: bool = False) -> date | None:
    if not re.search(r"\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|ago|in ", phrase):
        return None  # nothing a date parser could anchor on
    # English only: language detection over every unparseable span costs seconds.
    parsed = dateparser.parse(
        phrase,
        languages=["en"],
        settings={"RELATIVE_BASE": base.replace(tzinfo=None), "RETURN_TIME_AS_PERIOD": False},
    )
    if parsed is None or not MIN_YEAR <= parsed.year <= MAX_YEAR:
        return None  # "PO 2292 for April": a number read as a year no note means
    found = parsed.date()
    if (
        not _HAS_YEAR.search(phrase)
        and re.search(r"[a-z]", phrase)
        and "ago" not in phrase
        and "in " not in phrase
    ):
        found = _nearest_year(found, base.date(), past=past, grace=AHEAD_IN_PAST_DAYS)
    return found
