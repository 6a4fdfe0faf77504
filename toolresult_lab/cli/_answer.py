"""An answer with an exit status of its own (``lint``: 1 when an error finding is present)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Answer"]


@dataclass(frozen=True)
class Answer:
    """What a subcommand prints, and the exit status it ends with (a plain ``str``: 0)."""

    text: str
    status: int = 0
