"""triage_type: the nearest of eight prototypes in embedding space, nudged by the other signals.

Each type has a few prototype sentences; a note's score for a type is the cosine similarity of its
embedding to the mean of that type's prototypes, plus a bonus when the extraction agrees (decisions
for `decision`, action items for `action`, a question mark for `question`). Highest score wins.
"""

from __future__ import annotations

import numpy as np

from models.memory import TriageType

PROTOTYPES: dict[TriageType, list[str]] = {
    TriageType.decision: [
        "We decided to go with the second option.",
        "The team agreed on the new plan.",
        "The proposal was approved.",
    ],
    TriageType.action: [
        "Please send the report by Friday.",
        "Todo: fix the bug and update the docs.",
        "She will call the client tomorrow.",
    ],
    TriageType.meeting: [
        "Meeting notes from the weekly sync.",
        "Call with the client to review the project.",
        "Standup: updates from the team.",
    ],
    TriageType.idea: [
        "Idea: we could try a new approach.",
        "Maybe we should build a mobile app.",
        "What if we offered a free plan?",
    ],
    TriageType.question: [
        "Can you review my change?",
        "How do we deploy this?",
        "Does anyone know why it fails?",
    ],
    TriageType.issue: [
        "The server is down and customers cannot log in.",
        "Incident: the database crashed.",
        "Bug: the page shows an error.",
    ],
    TriageType.reference: [
        "The API key is stored in the vault.",
        "Documentation: how the build works.",
        "The office address is 12 Main Street.",
    ],
    TriageType.personal: [
        "Dinner with my family was lovely.",
        "Feeling tired after the weekend.",
        "My birthday party is on Saturday.",
    ],
}
SIGNAL_BONUS = 0.2


class TriageClassifier:
    def __init__(self, encode):
        self.types = list(PROTOTYPES)
        centroids = [encode(PROTOTYPES[t]).mean(axis=0) for t in self.types]
        self.centroids = np.stack([c / np.linalg.norm(c) for c in centroids])

    def classify(self, embedding: np.ndarray, *, text: str, decisions: int, actions: int) -> TriageType:
        scores = self.centroids @ embedding
        bonus = {
            TriageType.decision: decisions > 0,
            TriageType.action: actions > 0,
            TriageType.question: text.rstrip().endswith("?"),
        }
        for kind, applies in bonus.items():
            if applies:
                scores[self.types.index(kind)] += SIGNAL_BONUS
        return self.types[int(np.argmax(scores))]
