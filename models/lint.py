"""POST /v1/lint: a health audit of the caller's store."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, Field

from models.fields import Flag


class LintRequest(BaseModel):
    fix: Flag = Field(False, description="Apply the safe repairs, then audit again.")


class FindingKind(StrEnum):
    duplicate_memory = "duplicate_memory"
    contradiction = "contradiction"
    disputed_memory = "disputed_memory"
    duplicate_entity = "duplicate_entity"
    entity_variant = "entity_variant"
    orphan = "orphan"
    overdue_action_item = "overdue_action_item"
    incomplete_memory = "incomplete_memory"
    dangling_link = "dangling_link"
    near_empty_memory = "near_empty_memory"


class Severity(StrEnum):
    high = "high"
    medium = "medium"
    low = "low"


class Finding(BaseModel):
    kind: FindingKind
    severity: Severity
    message: str
    memory_ids: list[str]
    entity_ids: list[str] = Field(description="People, organizations, tags or action items involved.")
    suggestion: str
    fixable: bool = Field(description="Whether `fix: true` repairs it.")


class Repair(BaseModel):
    kind: FindingKind
    message: str
    ids: list[str]


class LintReport(BaseModel):
    score: int = Field(
        ge=0,
        le=100,
        description="100 × S / (S + W): S = max(10, memories), W = the findings' severity "
        "weights summed (high 10, medium 3, low 1).",
    )
    checked_at: datetime
    counts: dict[str, int] = Field(description="memories, entities, tags, and findings of each kind.")
    findings: list[Finding]
    fixed: list[Repair] = Field(default_factory=list, description="What `fix: true` changed.")
