"""The anthropic wire's request around its turns (SPEC 9 "Writing"): content as a string
or ``text`` / ``image`` / ``document`` blocks, the assistant's blocks before its
``tool_use`` blocks, ``system`` beside ``messages`` (``RequestShape``; the turn is in
:mod:`.turn`, the readers in :mod:`.read`).
"""

from __future__ import annotations

from typing import Any, Final, cast

from .._common import exhausted
from .._read import MISSING, ContentPart, DocumentPart, ImagePart, OpaquePart, TextPart
from .._write import RequestShape
from .shapes import (
    AnthropicAssistantMessage,
    AnthropicBase64Source,
    AnthropicBlock,
    AnthropicBody,
    AnthropicDocumentBlock,
    AnthropicMessage,
    AnthropicTextBlock,
    AnthropicTextSource,
    AnthropicURLSource,
)

#: Messages written, and the parts that had no form there.
_Written = tuple[list[AnthropicMessage], list[ContentPart]]

__all__ = ["REQUEST", "AnthropicRequest"]

#: The media types of an inline image (``Base64ImageSource``) and an inline document
#: (``Base64PDFSource``): https://docs.anthropic.com/en/api/messages, read 2026-12-02. Other
#: inline media (audio, say) have no block here.
_INLINE: Final = {
    ImagePart: frozenset({"image/jpeg", "image/png", "image/gif", "image/webp"}),
    DocumentPart: frozenset({"application/pdf"}),
}


def _source(part: ImagePart | DocumentPart) -> AnthropicBase64Source | AnthropicURLSource:
    # an inline part has its MIME (lost otherwise: _INLINE), a linked one its URL
    if part.data is not None:
        return {"type": "base64", "media_type": cast(str, part.mime), "data": part.data}
    return {"type": "url", "url": cast(str, part.url)}


class AnthropicRequest(RequestShape):
    """Content as a string (one text) or ``text`` / ``image`` / ``document`` blocks; the
    assistant's blocks before its ``tool_use`` blocks; ``system`` beside ``messages``."""

    def blocks(self, parts: list[ContentPart]) -> tuple[list[AnthropicBlock], list[ContentPart]]:
        """The blocks of ``parts``, and the inline media of a type Anthropic does not take."""
        out: list[AnthropicBlock] = []
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
                document: AnthropicDocumentBlock = {"type": "document", "source": _source(part)}
                if part.name:
                    document["title"] = part.name
                out.append(document)
            elif isinstance(part, OpaquePart):
                out.append(part.value)
            else:
                exhausted(part)
        return out, lost

    def user(self, parts: list[ContentPart]) -> _Written:
        if len(parts) == 1 and isinstance(parts[0], TextPart):
            return [{"role": "user", "content": parts[0].text}], []
        blocks, lost = self.blocks(parts)
        return [{"role": "user", "content": blocks}], lost

    def assistant(self, parts: list[ContentPart], echo: list[Any]) -> _Written:
        if not echo:
            if len(parts) == 1 and isinstance(parts[0], TextPart):
                return [{"role": "assistant", "content": parts[0].text}], []
            blocks, lost = self.blocks(parts)
            return [{"role": "assistant", "content": blocks}], lost
        first = cast(AnthropicAssistantMessage, dict(echo[0]))  # the echo is TURN.echo's
        blocks, lost = self.blocks(parts)
        first["content"] = blocks + echo[0]["content"]
        return [first, *echo[1:]], lost

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        body: AnthropicBody = {"messages": messages}
        if system is not None:
            body = {"system": system, "messages": messages}
        return cast(dict[str, Any], body)  # JSON from here: settings and lint edit it

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

    def rebuild(self, part: TextPart | DocumentPart) -> AnthropicTextBlock | AnthropicDocumentBlock:
        block: AnthropicTextBlock | AnthropicDocumentBlock
        if isinstance(part, TextPart):
            block = {"type": "text", "text": part.text}
        else:
            # a text document (the caller's): its MIME and text as read
            source: AnthropicTextSource = {
                "type": "text",
                "media_type": cast(str, part.mime),
                "data": cast(str, part.text),
            }
            document: AnthropicDocumentBlock = {"type": "document", "source": source}
            if part.name is not None:
                document["title"] = part.name
            block = document
        if part.cache is not MISSING:
            block["cache_control"] = part.cache
        return block


REQUEST: Final[RequestShape] = AnthropicRequest("anthropic")
