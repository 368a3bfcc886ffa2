"""How long each stage of the work takes in this process, for /v1/stats: the last few hundred timings
of each stage, and their median."""

from __future__ import annotations

import statistics
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

WINDOW = 500


class StageTimes:
    def __init__(self) -> None:
        self._times: dict[str, deque[float]] = {}

    def add(self, stage: str, ms: float, count: int = 1) -> None:
        """Record `ms` spent on `count` items at once (a batch): each item is counted at its share."""
        window = self._times.setdefault(stage, deque(maxlen=WINDOW))
        window.extend([ms / count] * min(count, WINDOW))

    @contextmanager
    def measure(self, stage: str, count: int = 1) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            if count:
                self.add(stage, (time.perf_counter() - start) * 1000, count)

    def medians(self) -> dict[str, float]:
        return {stage: round(statistics.median(t), 2) for stage, t in sorted(self._times.items()) if t}
