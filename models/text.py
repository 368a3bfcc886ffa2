"""The checks every free-text field of a request shares."""

from __future__ import annotations


def bounded_text(value: str, name: str, max_chars: int) -> str:
    """Not blank, at most `max_chars` characters; U+0000 kept as U+FFFD (the embedded store's strings
    are C strings)."""
    if not value.strip():
        raise ValueError(f"{name} must not be blank")
    if len(value) > max_chars:
        raise ValueError(f"{name} is longer than {max_chars} characters")
    return value.replace("\x00", "\ufffd")
