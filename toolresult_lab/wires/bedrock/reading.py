"""How a Bedrock Converse request reads as a transcript: as plain messages; a
``reasoningContent`` block (``reasoningText`` with its text and signature, or
``redactedContent``: botocore's ``ReasoningContentBlock``) is the model's reasoning, which
Anthropic holds as ``thinking`` / ``redacted_thinking`` (Claude on Bedrock replays the
same signed reasoning: https://github.com/agentgateway/agentgateway/pull/2117, read
2026-12-07)."""

from __future__ import annotations

from typing import Any, Final

from .._transcript import TranscriptReading

__all__ = ["READING"]

_BLOCK: Final = "reasoningContent"


class BedrockReading(TranscriptReading):
    def cache_point(self) -> Any:
        return {"cachePoint": {"type": "default"}}  # five minutes; a ttl is its own

    def thinking(self, value: Any) -> tuple[str, str | None, str | None] | None:
        inner = value.get(_BLOCK) if isinstance(value, dict) and len(value) == 1 else None
        if not isinstance(inner, dict) or len(inner) != 1:
            return None
        text = inner.get("reasoningText")
        if isinstance(text, dict) and isinstance(text.get("text"), str):
            signature = text.get("signature")
            return text["text"], signature if isinstance(signature, str) else None, None
        redacted = inner.get("redactedContent")
        return ("", None, redacted) if isinstance(redacted, str) else None

    def thinking_block(self, text: str, signature: str | None, redacted: str | None) -> Any:
        if redacted is not None:
            return {_BLOCK: {"redactedContent": redacted}}
        reasoning: dict[str, Any] = {"text": text}
        if signature is not None:
            reasoning["signature"] = signature
        return {_BLOCK: {"reasoningText": reasoning}}


READING: Final = BedrockReading()
