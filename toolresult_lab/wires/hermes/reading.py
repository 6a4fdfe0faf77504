"""How a hermes request reads as a transcript: calls are ``<tool_call>`` blocks in the
message's text, and the text beside them is read trimmed."""

from __future__ import annotations

from typing import Any, Final

from .._read import Message
from .._transcript import Lost, TranscriptReading, texts

__all__ = ["READING"]


class HermesReading(TranscriptReading):
    def calls_source(self, raw: Any) -> Any:
        return raw.get("content") or ""

    def assistant_losses(self, message: Message, said: list[Any], calls: bool) -> list[Lost]:
        """A text beside ``<tool_call>`` blocks is read trimmed: a loss where that removed
        more than the line break a writer puts before the first block."""
        if not calls:
            return []
        raw = message.raw.get("content") if isinstance(message.raw, dict) else None
        text = texts(said)
        if isinstance(raw, str) and text and not raw.startswith(text + "\n") and raw != text:
            return [(message.path, "whitespace around the text beside the calls trimmed")]
        return []


READING: Final = HermesReading()
