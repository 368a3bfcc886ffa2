"""The fields requests share: free text, times, flags; and the scope and metadata inside an account
(the end user, agent and session a memory belongs to, and the caller's own flat key-value metadata), the
fields on remember and the filter on list, ask, search, check and chat completions."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import Annotated

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
)


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


# --- scope and metadata ------------------------------------------------------------------------------

MAX_METADATA_KEYS = 50
MAX_METADATA_KEY_CHARS = 64
MAX_METADATA_STRING_CHARS = 1_000
SCOPE_FIELDS = ("user_id", "agent_id", "session_id")

_KEY = re.compile(r"^[^\x00-\x1f]{1,64}$")

ScopeId = Annotated[
    str,
    Field(min_length=1, max_length=200, pattern=r"^[^\x00-\x1f]+$", description="1–200 characters."),
]
MetadataString = Annotated[StrictStr, Field(max_length=MAX_METADATA_STRING_CHARS)]
MetadataValue = MetadataString | StrictInt | StrictFloat | StrictBool | None


def _flat(value: object) -> object:
    """A clear message for the common mistake (a nested object or a list), before the type checks."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, dict | list):
                kind = "an object" if isinstance(item, dict) else "an array"
                raise ValueError(
                    f"metadata must be flat: the value of {str(key)[:80]!r} is {kind}; values are strings, "
                    "numbers, booleans or null"
                )
    return value


def _metadata(value: dict[str, object]) -> dict[str, object]:
    if len(value) > MAX_METADATA_KEYS:
        raise ValueError(f"metadata holds {len(value)} keys; at most {MAX_METADATA_KEYS}")
    for key in value:
        if not _KEY.match(key):
            raise ValueError(f"metadata key {key[:80]!r} must be 1–64 characters, no control characters")
    return value


Metadata = Annotated[
    dict[str, MetadataValue],
    BeforeValidator(_flat),
    AfterValidator(_metadata),
    Field(
        description="A flat JSON object: at most 50 keys of 1–64 characters; values are strings (at most "
        "1,000 characters), numbers, booleans or null. Nested objects and arrays are refused (422).",
        examples=[{"team": "sales", "priority": 2, "public": False}],
    ),
]


class Scoped(BaseModel):
    """What remember accepts (and the memory returns) besides the content."""

    user_id: ScopeId | None = Field(None, description="The end user the memory belongs to.")
    agent_id: ScopeId | None = Field(None, description="The agent (assistant, bot) that stored it.")
    session_id: ScopeId | None = Field(None, description="The session or conversation it came from.")
    metadata: Metadata | None = None


class ScopeFilter(BaseModel):
    """Every field given narrows to the memories that carry that value; `metadata` to those holding
    every key with the given value (a number matches the same number: 2 and 2.0 are equal). Unknown keys
    are refused (422)."""

    model_config = ConfigDict(extra="forbid")

    user_id: ScopeId | None = None
    agent_id: ScopeId | None = None
    session_id: ScopeId | None = None
    metadata: Metadata | None = None

    def pairs(self) -> tuple[str, ...]:
        """The `field=value` pairs a memory's `scope` list must all hold."""
        fields = {name: getattr(self, name) for name in SCOPE_FIELDS}
        return tuple(scope_pairs(**fields, metadata=self.metadata))


def scope_pairs(
    *,
    user_id: str | None = None,
    agent_id: str | None = None,
    session_id: str | None = None,
    metadata: dict[str, object] | None = None,
) -> list[str]:
    """The `field=value` strings a memory's `scope` property holds and a filter asks for: one per scope
    field given, and `metadata.<key>=<value as JSON>` per metadata key, metadata last. One indexed list
    serves every field and key (FalkorDB indexes arrays of strings; `'x' IN m.scope` uses it)."""
    # Most selective first: a filter's first pair is where a query starts (`MemoryFilter.anchor`).
    given = (("session_id", session_id), ("user_id", user_id), ("agent_id", agent_id))
    pairs = [f"{name}={value}" for name, value in given if value is not None]
    for key, value in sorted((metadata or {}).items()):
        pairs.append(f"metadata.{key}={_canonical(value)}")
    return pairs


def _canonical(value: object) -> str:
    """One spelling per value: an integral float is written as the integer (2.0 and 2 match)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def metadata_query_value(raw: str) -> object:
    """A metadata filter's value as a query string carries it (`GET /v1/memories?metadata=key:value`):
    JSON when it reads as a JSON number, boolean, null or quoted string, else the text itself."""
    try:
        value = json.loads(raw)
    except ValueError:
        return raw
    return value if value is None or isinstance(value, str | int | float | bool) else raw
