"""The checks every free-text field of a request shares."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from pydantic import AfterValidator, AwareDatetime, BeforeValidator


def bounded_text(value: str, name: str, max_chars: int) -> str:
    """Not blank, at most `max_chars` characters; U+0000 kept as U+FFFD (the embedded store's strings
    are C strings)."""
    if not value.strip():
        raise ValueError(f"{name} must not be blank")
    if len(value) > max_chars:
        raise ValueError(f"{name} is longer than {max_chars} characters")
    return value.replace("\x00", "\ufffd")


# Times a request may carry: an instant outside these years is a client's mistake (a timestamp in
# seconds read as milliseconds, year 0001), and the stores' millisecond integers and date arithmetic
# are only exercised within them.
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC)


def _within_years(value: datetime) -> datetime:
    if not EARLIEST <= value <= LATEST:
        raise ValueError("must be between 1970-01-01 and 2100-12-31 (UTC)")
    return value


Timestamp = Annotated[AwareDatetime, AfterValidator(_within_years)]


def _bool_only(value: object) -> object:
    if not isinstance(value, bool):
        raise ValueError("must be true or false (a JSON boolean)")
    return value


# A JSON boolean and nothing else: pydantic's lax mode reads "yes", "on", 1 as true, and Litestar
# validates request bodies with strict=False, which overrides pydantic's own StrictBool.
Flag = Annotated[bool, BeforeValidator(_bool_only)]
