"""Follow-up questions: two or three, grounded in the cited memories — their people, decisions and
action items that the question did not ask about. Never a copy of the question."""

from __future__ import annotations

import re

from models.memory import Extraction
from pipelines.ask.retrieve import Candidate

MAX_FOLLOWUPS = 3
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def _clause(text: str, limit: int = 90) -> str:
    clause = " ".join(text.split()).rstrip(".!?;: ")
    return clause if len(clause) <= limit else clause[:limit].rsplit(" ", 1)[0] + "…"


def followups(question: str, cited: list[Candidate]) -> list[str]:
    asked = _words(question)
    candidates: list[str] = []
    for candidate in cited:
        raw = candidate.row.get("extraction")
        extraction = Extraction.model_validate_json(raw) if raw else Extraction()
        for decision in extraction.decisions:
            if len(_words(decision) - asked) >= 3:
                candidates.append(f"What led to this decision: {_clause(decision)}?")
        for action in extraction.action_items:
            if len(_words(action.text) - asked) >= 2:
                who = f"{action.owner}'s" if action.owner else "the"
                candidates.append(f"What is the status of {who} task: {_clause(action.text)}?")
        for name in extraction.people + extraction.organizations + list(candidate.row.get("tags") or []):
            if not _words(name) & asked:
                candidates.append(f"What else do my memories say about {name}?")
    normalized_question = " ".join(sorted(asked))
    chosen: list[str] = []
    for text in candidates:
        if text not in chosen and " ".join(sorted(_words(text))) != normalized_question:
            chosen.append(text)
    # Prefer variety: one of each kind first, in the order found.
    kinds = {"decision": [], "status": [], "about": []}
    for text in chosen:
        kinds["decision" if "decision" in text else "status" if "status of" in text else "about"].append(text)
    mixed = [group[0] for group in kinds.values() if group]
    mixed += [t for t in chosen if t not in mixed]
    return mixed[:MAX_FOLLOWUPS]
