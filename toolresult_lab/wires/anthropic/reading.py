"""How an Anthropic request reads as a transcript: ``system`` messages, which Anthropic
accepts mid conversation (holding ``tool_addition`` blocks and the like), read as user
turns; a result's entries are read from its own blocks."""

from __future__ import annotations

from typing import Any, Final

from .._transcript import TranscriptReading

__all__ = ["READING"]


class AnthropicReading(TranscriptReading):
    typed_entries = False
    text_keys = frozenset({"type", "text", "cache_control"})

    def relabelled(self, request: Any) -> tuple[Any, frozenset[str]]:
        """The request with its ``system`` messages as ``user`` ones (a shallow copy), so
        the reader sees them as the system messages of the other wires, and their paths."""
        messages = request.get("messages") if isinstance(request, dict) else request
        if not isinstance(messages, list):
            return request, frozenset()
        found = [
            i for i, m in enumerate(messages) if isinstance(m, dict) and m.get("role") == "system"
        ]
        if not found:
            return request, frozenset()
        relabelled = list(messages)
        for index in found:
            relabelled[index] = {**messages[index], "role": "user"}
        copy = {**request, "messages": relabelled} if isinstance(request, dict) else relabelled
        return copy, frozenset(f"messages[{index}]" for index in found)


READING: Final = AnthropicReading()
