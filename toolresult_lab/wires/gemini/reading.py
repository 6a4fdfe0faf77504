"""How a Gemini request reads as a transcript: as plain contents, each one's ``role`` and
``parts`` read; any other field of a content is its own."""

from __future__ import annotations

from typing import Final

from .._transcript import TranscriptReading

__all__ = ["READING"]


class GeminiReading(TranscriptReading):
    message_keys = frozenset({"role", "parts"})


READING: Final = GeminiReading()
