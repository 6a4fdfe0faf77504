"""How an Ollama chat request reads as a transcript: as plain messages, with the
``images``, ``tool_calls``, ``thinking``, ``tool_name`` and ``tool_call_id`` its reader
takes; any other field of a message is its own."""

from __future__ import annotations

from typing import Final

from .._transcript import TranscriptReading

__all__ = ["READING"]


class OllamaReading(TranscriptReading):
    message_keys = frozenset(
        {"role", "content", "images", "tool_calls", "thinking", "tool_name", "tool_call_id"}
    )


READING: Final = OllamaReading()
