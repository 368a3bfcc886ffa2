"""`MEMSVC_DEVICE=auto|cpu|cuda` to a torch device name."""

from __future__ import annotations

import torch


def resolve_device(setting: str) -> str:
    if setting == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("MEMSVC_DEVICE=cuda but no CUDA device is available")
    if setting == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    return setting
