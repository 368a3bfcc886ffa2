"""Random, URL-safe identifiers with a type prefix (`mem_`, `acc_`, `key_`)."""

from __future__ import annotations

import secrets


def new_id(prefix: str, nbytes: int = 12) -> str:
    return f"{prefix}_{secrets.token_urlsafe(nbytes)}"
