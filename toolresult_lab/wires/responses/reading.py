"""How a Responses request reads as a transcript: each item is a message of its own, so
a call item is read from a list of one; an output message item with fields of its own
(``id``, ``status``) is kept whole on responses (its text carried elsewhere); items of one
assistant turn join unless a text follows calls."""

from __future__ import annotations

from typing import Any, Final

from .._read import Message
from .._transcript import TranscriptReading

__all__ = ["READING"]

_KEPT: Final = frozenset({"role", "content", "type"})


class ResponsesReading(TranscriptReading):
    message_keys = frozenset({"role", "content", "type"})

    def calls_source(self, raw: Any) -> Any:
        return [raw]

    def own_fields(self, message: Message, calls: bool) -> tuple[str, ...]:
        """An output message item's own ``id``, ``status``, ``phase``: no turn holds them,
        and a reasoning item before it is refused without its id (the item is kept whole on
        responses). Only a ``message`` item: any other item is kept whole already."""
        raw = message.raw
        if calls or not isinstance(raw, dict) or raw.get("type", "message") != "message":
            return ()
        own = [k for k in sorted(raw) if k not in _KEPT]
        content = raw.get("content")
        for index, part in enumerate(content if isinstance(content, list) else []):
            for key, value in part.items() if isinstance(part, dict) else ():
                if key not in ("type", "text") and value not in (None, [], {}, ""):
                    own.append(f"content[{index}].{key}")  # annotations (citations), ...
        return tuple(own)

    def message_fields(self, message: Message) -> dict[str, Any]:
        """A user, system or developer ``message`` item's own fields; an assistant one's
        are its :meth:`own_fields` (kept whole), any other item is kept whole already."""
        raw = message.raw
        if not isinstance(raw, dict) or raw.get("type", "message") != "message":
            return {}
        if message.role == "assistant":
            return {}
        return super().message_fields(message)

    def merge(
        self, last: tuple[bool, bool, bool] | None, has_parts: bool, has_text: bool = False
    ) -> tuple[bool, bool]:
        """Items of one turn are separate messages: each joins the turn before, except a
        text after calls or after a text (the next turn: two texts joined in one message
        elsewhere would change them); never a note."""
        if last is None:
            return False, False
        return not (last[0] and has_parts) and not (last[2] and has_text), False


READING: Final = ResponsesReading()
