"""How an OpenAI Chat Completions request reads as a transcript: as plain messages, an
assistant's ``tool_calls`` and a tool message's ``tool_call_id`` read with them; any other
field of a message (``name``, ``prefix``, ...) is the message's own."""

from __future__ import annotations

from typing import Final

from .._transcript import TranscriptReading

__all__ = ["READING"]


class OpenAIReading(TranscriptReading):
    message_keys = frozenset({"role", "content", "tool_calls", "tool_call_id"})


READING: Final = OpenAIReading()
