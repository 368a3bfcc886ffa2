"""Learned fusion: the weights that join retrieval's ranked lists into one score, learned from data the
project owns instead of set by hand.

Each candidate has a feature per list that found it: its reciprocal rank 1 / (k + rank + 1) in the
vector, second-vector, full-text, entity, tag and neighbour lists, and in the ranks that retrieval adds
for some questions (memories written in the period the question names, in the voice of the person it
names, naming its identifier; newest or oldest first). The hand-set fusion is one linear function of
these features (`SearchConfig`); the learned one is another, whose weights `bench/fusion.py` fits to
LoCoMo's development conversations by a pairwise logistic loss (an evidence turn above a candidate that
is not), evaluated leave-one-conversation-out. They ship in `fusion.json` beside this module, one set for
each state of the second vector index, and are read once; a missing or unreadable file, or
`MEMSVC_FUSION_WEIGHTS=""`, leaves the hand-set weights.

A feature the training data never exercised enough (an identifier in a question: LoCoMo has none) keeps
its hand-set weight: training starts from the hand-set weights and a weight moves only where the data
pulls it, so the learned set stays on the hand-set scale too (ask adds candidates from its deeper steps
at scores of that scale).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pipelines.ask import weight_file

BUNDLED = weight_file.BUNDLED
BUNDLED_PATH = Path(__file__).with_name("fusion.json")
# Ranked lists and the ranks retrieval adds; "time" is the newest- or oldest-first rank of "last" and
# "first" questions, whose k is TIME_K.
LISTS = ("vector", "second", "fulltext", "entity", "tag", "neighbour")
ADDED = ("period", "speaker", "identifier", "time")
FEATURES = LISTS + ADDED
TIME_K = 60


@dataclass(frozen=True)
class Fusion:
    """Linear weights over FEATURES; `with_second` applies while the second vector index is on,
    `without_second` while it is off."""

    with_second: dict[str, float]
    without_second: dict[str, float]
    source: str = ""

    def weights(self, second: bool) -> dict[str, float]:
        return self.with_second if second else self.without_second


def reciprocal(rank: int, k: int) -> float:
    return 1.0 / (k + rank + 1)


def parse(data: dict, source: str = "") -> Fusion:
    """A Fusion from fusion.json's content; ValueError when it is not one."""

    def weights(name: str) -> dict[str, float]:
        given = data.get(name)
        if not isinstance(given, dict) or set(given) != set(FEATURES):
            raise ValueError(f"{name}: a weight for each of {', '.join(FEATURES)} is needed")
        if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in given.values()):
            raise ValueError(f"{name}: weights are numbers")
        return {k: float(v) for k, v in given.items()}

    return Fusion(weights("with_second"), weights("without_second"), source)


@lru_cache(maxsize=4)
def load(setting: str) -> Fusion | None:
    """The learned weights that MEMSVC_FUSION_WEIGHTS names ("bundled", a file, or "" for none); None,
    with a warning, when the file is missing or not a weight file: retrieval then uses the hand-set
    weights."""
    return weight_file.read(setting, BUNDLED_PATH, parse, "fusion", "the hand-set weights rank")
