"""POST /v1/compile/{entity}: a wiki page for a person, organization or tag."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, Field

from models.fields import ScopeFilter


class PageFormat(StrEnum):
    markdown = "markdown"
    json = "json"


class CompileRequest(BaseModel):
    format: PageFormat = Field(
        PageFormat.markdown, description="`markdown` fills `markdown`; `json` leaves it null."
    )
    filters: ScopeFilter = Field(
        default_factory=ScopeFilter,
        description="A page from the memories of this user, agent, session and metadata only (built "
        "each time; the account's page is the one kept).",
    )


class EntityType(StrEnum):
    person = "person"
    organization = "organization"
    tag = "tag"


class Statement(BaseModel):
    text: str = Field(description="One statement, ending in `[n]` citations.")
    citations: list[int] = Field(description="The `n` of each citation: `sources[n-1]`.")


class Section(BaseModel):
    title: str = Field(
        description="Overview, Timeline, Decisions, Action items, Related people and organizations, Topics."
    )
    statements: list[Statement]


class PageSource(BaseModel):
    id: str
    summary: str
    timestamp: datetime
    source: str


class EntityRef(BaseModel):
    id: str
    name: str
    type: EntityType


class WikiPage(BaseModel):
    entity: EntityRef
    type: EntityType
    title: str
    summary: str
    sections: list[Section] = Field(description="Always the six sections, in this order.")
    sources: list[PageSource] = Field(description="The cited memories, in citation order.")
    markdown: str | None = Field(description="The page as Markdown; null when `format` is `json`.")
    compiled_at: datetime
    recompiled: bool = Field(
        description="False when the stored page was still current and is returned as it was."
    )
