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


#: The members a content block may hold, one at a time (botocore: "Invalid number of
#: parameters set for tagged union structure ... Can only set one of the following keys").
_ONE_OF: Final = "a content block holds exactly one member"


def _split(block: Any) -> list[Any]:
    """``block`` as one block per member (itself where it has one, or is no object)."""
    if not isinstance(block, dict) or len(block) < 2:
        return [block]
    return [{key: value} for key, value in block.items()]


class BedrockReading(TranscriptReading):
    def untangled(self, request: Any) -> tuple[Any, list[tuple[str, str]]]:
        """A content block of several members (``{"text": ..., "image": ...}``, which
        Converse refuses and lint calls a ``shape`` error) read as one block a member, in
        its order: nothing of it is lost, a note says so."""
        listed = request.get("messages") if isinstance(request, dict) else request
        if not isinstance(listed, list):
            return request, []
        notes: list[tuple[str, str]] = []
        messages: list[Any] = []
        for index, message in enumerate(listed):
            content = message.get("content") if isinstance(message, dict) else None
            if not isinstance(content, list) or not any(
                isinstance(block, dict) and len(block) > 1 for block in content
            ):
                messages.append(message)
                continue
            blocks: list[Any] = []
            for position, block in enumerate(content):
                parts = _split(block)
                if len(parts) > 1:
                    keys = ", ".join(str(key) for key in block)
                    notes.append(
                        (
                            f"messages[{index}].content[{position}]",
                            f"{_ONE_OF}: its {len(parts)} ({keys}) read as a block each",
                        )
                    )
                blocks.extend(parts)
            messages.append({**message, "content": blocks})
        if not notes:
            return request, []
        return ({**request, "messages": messages} if isinstance(request, dict) else messages), notes

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
