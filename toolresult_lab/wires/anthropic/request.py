"""The anthropic wire's request around its turns (SPEC 9 "Writing"): content as a string
or ``text`` / ``image`` / ``document`` blocks, the assistant's blocks before its
``tool_use`` blocks, ``system`` beside ``messages`` (``RequestShape``; the turn and the
readers are in :mod:`.core`).
"""

from __future__ import annotations

from typing import Any, Final

from .._read import MISSING, ContentPart, DocumentPart, ImagePart, TextPart
from .._write import RequestShape, Written

__all__ = ["REQUEST", "AnthropicRequest"]

#: The media types of an inline image (``Base64ImageSource``) and an inline document
#: (``Base64PDFSource``): https://docs.anthropic.com/en/api/messages, read 2026-12-02. Other
#: inline media (audio, say) have no block here.
_INLINE: Final = {
    ImagePart: frozenset({"image/jpeg", "image/png", "image/gif", "image/webp"}),
    DocumentPart: frozenset({"application/pdf"}),
}


def _source(part: ImagePart | DocumentPart) -> dict[str, Any]:
    if part.data is not None:
        return {"type": "base64", "media_type": part.mime, "data": part.data}
    return {"type": "url", "url": part.url}


class AnthropicRequest(RequestShape):
    """Content as a string (one text) or ``text`` / ``image`` / ``document`` blocks; the
    assistant's blocks before its ``tool_use`` blocks; ``system`` beside ``messages``."""

    def blocks(self, parts: list[ContentPart]) -> Written:
        """The blocks of ``parts``, and the inline media of a type Anthropic does not take."""
        out: list[Any] = []
        lost: list[ContentPart] = []
        for part in parts:
            if (
                isinstance(part, (ImagePart, DocumentPart))
                and part.data is not None
                and (part.mime not in _INLINE[type(part)])
            ):
                lost.append(part)
            elif isinstance(part, TextPart):
                out.append({"type": "text", "text": part.text})
            elif isinstance(part, ImagePart):
                out.append({"type": "image", "source": _source(part)})
            elif isinstance(part, DocumentPart):
                document: dict[str, Any] = {"type": "document", "source": _source(part)}
                if part.name:
                    document["title"] = part.name
                out.append(document)
            else:
                out.append(part.value)
        return out, lost

    def user(self, parts: list[ContentPart]) -> Written:
        if len(parts) == 1 and isinstance(parts[0], TextPart):
            return [{"role": "user", "content": parts[0].text}], []
        blocks, lost = self.blocks(parts)
        return [{"role": "user", "content": blocks}], lost

    def assistant(self, parts: list[ContentPart], echo: list[Any]) -> Written:
        if not echo:
            if len(parts) == 1 and isinstance(parts[0], TextPart):
                return [{"role": "assistant", "content": parts[0].text}], []
            blocks, lost = self.blocks(parts)
            return [{"role": "assistant", "content": blocks}], lost
        first = dict(echo[0])
        blocks, lost = self.blocks(parts)
        first["content"] = blocks + first["content"]
        return [first, *echo[1:]], lost

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        return (
            {"messages": messages} if system is None else {"system": system, "messages": messages}
        )

    def trim_final(self, body: dict[str, Any]) -> bool:
        """A final assistant text ending in whitespace is refused ("final assistant
        content cannot end with trailing whitespace", the rule table's final-assistant)."""
        messages = body.get("messages")
        last = messages[-1] if isinstance(messages, list) and messages else None
        if not isinstance(last, dict) or last.get("role") != "assistant":
            return False
        content = last.get("content")
        if isinstance(content, str):
            if content == content.rstrip():
                return False
            last["content"] = content.rstrip()
            return True
        if not isinstance(content, list):
            return False
        at = [n for n, b in enumerate(content) if isinstance(b, dict) and b.get("type") == "text"]
        block = content[at[-1]] if at else None
        text = block.get("text") if isinstance(block, dict) else None
        if not isinstance(block, dict) or not isinstance(text, str) or text == text.rstrip():
            return False
        content[at[-1]] = {**block, "text": text.rstrip()}  # a copy: never the input's
        return True

    def rebuild(self, part: TextPart | DocumentPart) -> Any:
        if isinstance(part, TextPart):
            block: dict[str, Any] = {"type": "text", "text": part.text}
        else:
            source = {"type": "text", "media_type": part.mime, "data": part.text}
            block = {"type": "document", "source": source}
            if part.name is not None:
                block["title"] = part.name
        if part.cache is not MISSING:
            block["cache_control"] = part.cache
        return block


REQUEST: Final[RequestShape] = AnthropicRequest("anthropic")
