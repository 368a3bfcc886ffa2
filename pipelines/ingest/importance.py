"""importance: an integer 1–10 from the other signals (the README shows the formula).

1
+ 2 if the note records a decision, + 1 more for two or more
+ 1 if it has an action item, + 1 more if one has an owner or a due date
+ 1 if it names a person or organization, + 1 more for three or more
+ 1 if the sentiment is strong (strength ≥ 0.5)
+ round(2 × novelty), novelty = 1 − the highest cosine similarity to the account's earlier memories
clamped to 1..10
"""

from __future__ import annotations

from models.memory import Extraction


def importance(extraction: Extraction, sentiment_strength: float, novelty: float) -> int:
    score = 1
    score += (2 if extraction.decisions else 0) + (1 if len(extraction.decisions) >= 2 else 0)
    if extraction.action_items:
        score += 1 + (1 if any(a.owner or a.due for a in extraction.action_items) else 0)
    entities = len(extraction.people) + len(extraction.organizations)
    score += (1 if entities else 0) + (1 if entities >= 3 else 0)
    score += 1 if sentiment_strength >= 0.5 else 0
    score += round(2 * min(max(novelty, 0.0), 1.0))
    return max(1, min(10, score))
