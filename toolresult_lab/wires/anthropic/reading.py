"""How an Anthropic request reads as a transcript: ``system`` messages, which Anthropic
accepts mid conversation (holding ``tool_addition`` blocks and the like), read as user
turns; a result's entries are read from its own blocks; ``thinking`` and
``redacted_thinking`` blocks are the model's reasoning (Bedrock's ``reasoningContent``
for Claude: https://github.com/RooCodeInc/Roo-Code/pull/11238 and
https://github.com/agentgateway/agentgateway/pull/2117, read 2026-12-07)."""

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

    def cache_mark(self) -> Any:
        return {"type": "ephemeral"}  # five minutes; a ttl is its own

    def thinking(self, value: Any) -> tuple[str, str | None, str | None] | None:
        """A ``thinking`` block (its text and signature) or a ``redacted_thinking`` one."""
        kind = value.get("type") if isinstance(value, dict) else None
        if kind == "thinking" and isinstance(value.get("thinking"), str):
            signature = value.get("signature")
            return value["thinking"], signature if isinstance(signature, str) else None, None
        if kind == _REDACTED and isinstance(value.get("data"), str):
            return "", None, value["data"]
        return None

    def thinking_block(self, text: str, signature: str | None, redacted: str | None) -> Any:
        """Anthropic checks a thinking block's signature: none, no block (a loss)."""
        if redacted is not None:
            return {"type": _REDACTED, "data": redacted}
        if signature is None:
            return None
        return {"type": "thinking", "thinking": text, "signature": signature}


_REDACTED: Final = "redacted_thinking"
READING: Final = AnthropicReading()
