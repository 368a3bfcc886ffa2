"""Learned weights read from a file: the one shipped beside the code ("bundled"), another a setting
names, or none (""). Read once per setting by the caller's cache; a file that is missing or not a
weight file is no error: the hand-set behaviour stands, and the log says why."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

log = logging.getLogger(__name__)

BUNDLED = "bundled"
T = TypeVar("T")


def read(setting: str, bundled: Path, parse: Callable[[dict, str], T], what: str, instead: str) -> T | None:
    """The weights `setting` names, parsed; None for "" and, with a warning naming `what` and what
    stands `instead`, for a file that cannot be used."""
    if not setting:
        return None
    path = bundled if setting == BUNDLED else Path(setting)
    try:
        return parse(json.loads(path.read_text()), str(path))
    except (OSError, ValueError) as error:
        log.warning("%s: %s cannot be used (%s); %s", what, path, error, instead)
        return None
