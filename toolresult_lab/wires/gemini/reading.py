"""How a Gemini request reads as a transcript: as plain contents, each one's ``role`` and
``parts`` read (any other field of a content is its own); the google-genai SDK's call
shape (``contents=``, ``config=GenerateContentConfig(...)``) read as the REST body it
sends (``sdk_call``)."""

from __future__ import annotations

from typing import Any, Final

from .._transcript import TranscriptReading
from .sdk_call import rest_body

__all__ = ["READING"]


class GeminiReading(TranscriptReading):
    message_keys = frozenset({"role", "parts"})

    def relabelled(self, request: Any) -> tuple[Any, frozenset[str]]:
        return rest_body(request), frozenset()


READING: Final = GeminiReading()
