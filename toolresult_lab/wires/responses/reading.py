"""How a Responses request reads as a transcript: each item is a message of its own, so
a call item is read from a list of one, an output message item's own fields are no
turn's, and items of one assistant turn join unless a text follows calls."""

from __future__ import annotations

from typing import Any, Final

from .._read import Message
from .._transcript import Lost, TranscriptReading

__all__ = ["READING"]

_KEPT: Final = frozenset({"role", "content", "type"})


class ResponsesReading(TranscriptReading):
    def calls_source(self, raw: Any) -> Any:
        return [raw]

    def assistant_losses(self, message: Message, said: list[Any], calls: bool) -> list[Lost]:
        """An output message item's own ``id``, ``status``, ``phase``: no turn holds them."""
        if calls or not isinstance(message.raw, dict):
            return []
        gone = sorted(k for k in message.raw if k not in _KEPT)
        return [(message.path, f"message fields dropped ({', '.join(gone)})")] if gone else []

    def merge(self, last: tuple[bool, bool] | None, has_parts: bool) -> tuple[bool, bool]:
        """Items of one turn are separate messages: each joins the turn before, except a
        text after calls (the next turn); never a note."""
        return last is not None and not (last[0] and has_parts), False


READING: Final = ResponsesReading()
