"""Requests in flight, and when the last one began or ended: background work (the second embedding's
worker) waits for a quiet moment, so it does not take the cores that requests are using."""

from __future__ import annotations

import time


class Activity:
    """Updated by the HTTP layer around every request (on the event loop: no lock needed)."""

    def __init__(self) -> None:
        self.in_flight = 0
        self._changed_s = 0.0

    def begin(self) -> None:
        self.in_flight += 1
        self._changed_s = time.monotonic()

    def end(self) -> None:
        self.in_flight -= 1
        self._changed_s = time.monotonic()

    def quiet(self, for_s: float) -> bool:
        """Whether no request is in flight, and none began or ended in the last `for_s` seconds."""
        return self.in_flight == 0 and time.monotonic() - self._changed_s >= for_s
