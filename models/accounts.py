"""Sign-up and API key schemas."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, Field


class KeyKind(StrEnum):
    test = "test"
    live = "live"


class SignupRequest(BaseModel):
    email: str = Field(min_length=3, max_length=254, pattern=r"^[^@\s]+@[^@\s]+$")


class SignupResponse(BaseModel):
    account_id: str
    api_key: str = Field(description="Shown once; the service keeps only its SHA-256 hash.")
    kind: KeyKind


class ApiKeyInfo(BaseModel):
    id: str
    account_id: str
    account_name: str | None
    kind: KeyKind
    prefix: str = Field(description="The first characters of the key, to tell keys apart.")
    created_at: datetime
    revoked_at: datetime | None = None


class NewApiKey(ApiKeyInfo):
    api_key: str


class Caller(BaseModel):
    """The authenticated caller of a request: every read and write is scoped to `account_id`."""

    account_id: str
    key_id: str
    kind: KeyKind


class Usage(BaseModel):
    """A key's calls in the current UTC day and month, after counting this call."""

    allowed: bool
    today: int
    this_month: int
    daily_limit: int
    monthly_limit: int
    day_resets_at: int = Field(description="Unix time the daily window ends.")
    month_resets_at: int = Field(description="Unix time the monthly window ends.")

    @property
    def remaining(self) -> int:
        return max(0, min(self.daily_limit - self.today, self.monthly_limit - self.this_month))

    @property
    def binding(self) -> tuple[int, int]:
        """The (limit, reset) of the window with the fewest calls left: what the headers report."""
        if self.monthly_limit - self.this_month < self.daily_limit - self.today:
            return self.monthly_limit, self.month_resets_at
        return self.daily_limit, self.day_resets_at
