"""The learned lead: which of the answer's candidate sentences a short answer is read from.

The composer scores every sentence of the retrieved memories (pipelines/ask/compose.py), and a short
answer is read from the first of them whose structure answers (pipelines/ask/short.py). By hand, that
order was: the chosen sentences (at most three), those sharing a word of the question first, then by
score. On LoCoMo's development conversations, the sentence the answer cited first was one of the
question's evidence turns for 0.39 of the questions, although the evidence was among the sources for
0.73: a chat's answer is often not the sentence closest to the question in words ("How has John's
fitness improved?" is answered by "We've had lots more energy", beside the better-scoring "I just
started going to boot camps").

So the order is learned: a linear score over FEATURES of each sentence (its composer score and parts,
its memory's rank and the ranks each retrieval list gave it, who said it, whether it is a question, a
reaction or the first of its memory) and of what reading it gives (a short answer of the question's
type by the sentence's structure, or by its richest phrase). `bench/lead.py` fits the weights to the
development conversations the project tunes on, by a softmax over each question's sentences towards
those whose reading scores token F1 against the gold answer and those of the evidence turns, and
reports the conversations it was not fitted on. They ship in `lead.json` beside this module and are
read once; a missing or unreadable file, or `MEMSVC_LEAD_WEIGHTS=""`, leaves the hand-set order.

Readings are the costly part (a parse each, in one batch), so they are made for the first CANDIDATES
sentences by the rest of the score only; those are then ordered by the whole score.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from pipelines.ask import weight_file

BUNDLED = weight_file.BUNDLED
BUNDLED_PATH = Path(__file__).with_name("lead.json")
# The ranks that retrieval's lists gave the sentence's memory (pipelines/ask/fusion.py's features).
RANKS = ("vector", "second", "fulltext", "entity", "speaker", "neighbour", "period")
SENTENCE = (
    "score", "on_topic", "shares", "overlap", "chosen", "fused", "rank", *RANKS,
    "first", "length", "asks", "filler", "named_speaker", "other_speaker",
)  # fmt: skip
READING = ("strict", "plain")  # whether a short answer is read from it by its structure, by its phrase
FEATURES = SENTENCE + READING
# Sentences read, the first by the sentence features alone; and of those, in the learned order, how
# many may answer by their structure before a phrase does. Leave-one-conversation-out F1 on the training
# conversations (bench/lead.py): 8, 12, 16 and 20 read scored 0.354, 0.357, 0.359 and 0.359 (12: a
# dozen parses); TRIED 3, 5 and 7 scored 0.354, 0.357 and 0.357.
CANDIDATES = 12
TRIED = 5


@dataclass(frozen=True)
class LeadWeights:
    weights: np.ndarray  # one per FEATURES
    source: str = ""

    def score(self, features: list[float]) -> float:
        """The whole score; a sentence not yet read counts its readings as 0."""
        return float(np.dot(self.weights[: len(features)], features))


def parse(data: dict, source: str = "") -> LeadWeights:
    """LeadWeights from lead.json's content; ValueError when it is not one."""
    given = data.get("weights")
    if not isinstance(given, dict) or set(given) != set(FEATURES):
        raise ValueError(f"weights: a weight for each of {', '.join(FEATURES)} is needed")
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in given.values()):
        raise ValueError("weights: weights are numbers")
    return LeadWeights(np.array([float(given[name]) for name in FEATURES]), source)


@lru_cache(maxsize=4)
def load(setting: str) -> LeadWeights | None:
    """The weights MEMSVC_LEAD_WEIGHTS names ("bundled", a file, or "" for none); None, with a warning,
    when the file is missing or not a weight file: the hand-set order then stands."""
    return weight_file.read(setting, BUNDLED_PATH, parse, "lead", "the hand-set order stands")


@dataclass(frozen=True)
class Sentence:
    """What the composer knows of a sentence, as sentence_features reads it."""

    text: str
    score: float
    on_topic: bool
    shares: bool
    overlap: float  # the share of the question's key words it holds
    chosen: bool  # among the answer's sentences by the hand-set rules
    position: int  # in its memory
    filler: bool


def sentence_features(
    sentence: Sentence,
    rank: int,
    fused: float,
    ranks: dict[str, float],
    said_by: str | None,
    names: list[str],
) -> list[float]:
    """SENTENCE's values for one sentence: `rank` is its memory's place among the candidates, `fused`
    its fused score over the best one's, `ranks` its reciprocal ranks by list, `said_by` the speaker of
    its memory when it is a chat line, `names` the question's people and organizations (keys)."""
    speaker = (said_by or "").lower()
    named = bool(speaker) and any(speaker in name for name in names)
    values = {
        "score": sentence.score,
        "on_topic": float(sentence.on_topic),
        "shares": float(sentence.shares),
        "overlap": sentence.overlap,
        "chosen": float(sentence.chosen),
        "fused": fused,
        "rank": 1.0 / (1 + rank),
        # As 1 at the top of a list: the reciprocal rank's k is 60.
        **{name: 60 * ranks.get(name, 0.0) for name in RANKS},
        "first": float(sentence.position == 0),
        "length": math.log1p(len(sentence.text.split())),
        "asks": float(bool(re.search(r"\?\W*$", sentence.text))),
        "filler": float(sentence.filler),
        "named_speaker": float(bool(names) and named),
        "other_speaker": float(bool(names) and bool(speaker) and not named),
    }
    return [values[name] for name in SENTENCE]


FALLBACK = 3  # of the sentences in the learned order, how many may answer by their phrase (1 to 5: equal)


@dataclass(frozen=True)
class Read:
    """A candidate sentence with what it reads as, and its whole score."""

    lead: object  # the caller's sentence (ask's Lead)
    features: list[float]  # SENTENCE's
    strict: str | None  # the short answer its structure gives
    plain: str | None  # the short answer it gives at all (its richest phrase when nothing else)

    def score(self, weights: LeadWeights) -> float:
        return weights.score([*self.features, float(self.strict is not None), float(self.plain is not None)])


def pick(readings: list[Read], weights: LeadWeights) -> tuple[Read, str] | None:
    """The sentence a short answer is read from, with it: in the learned order, leaving out reactions
    ("Wow, Jon!"), the first of the first TRIED whose structure answers; else the first of the first
    FALLBACK that answers at all."""
    said = sorted(
        (r for r in readings if not r.features[SENTENCE.index("filler")]), key=lambda r: -r.score(weights)
    )
    for read in said[:TRIED]:
        if read.strict is not None:
            return read, read.strict
    for read in said[:FALLBACK]:
        if read.plain is not None:
            return read, read.plain
    return None
