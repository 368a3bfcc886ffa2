from __future__ import annotations

from pydantic import BaseModel


class Health(BaseModel):
    status: str  # "ok" or "degraded"
    store: dict[str, object]
    models: dict[str, str]
    versions: dict[str, str]
    streams_in_flight: int = 0
