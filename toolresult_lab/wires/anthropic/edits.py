"""The anthropic wire's request edits (SPEC 8): what lint and repair recognise and write in
a Messages request: ``tool_result`` blocks, ``tool_use`` ids, text blocks, an image's
declared ``media_type``, the final assistant message's text, ``cache_control``."""

from __future__ import annotations

from typing import Any, Final

from .._edit import IdFormat, IdStyle, RequestEdits, as_json_text, joined_output
from .._fix import Fix, FixSite
from .convert import FACTS
from .shapes import (
    AnthropicAssistantMessage,
    AnthropicErrorResult,
    AnthropicTextBlock,
    AnthropicUserMessage,
)

__all__ = ["EDITS", "AnthropicEdits", "cached", "trim_final"]

_CACHE: Final = "cache_control"
_FINAL: Final = "final-assistant"
#: The characters a call id may hold (a given id is kept with the others replaced).
_ID_CHARS: Final = "a-zA-Z0-9_-"
#: The ``tool_result`` blocks a user message takes as they are (others go as their JSON).
_USER_BLOCKS: Final = frozenset({"text", "image", "document", "search_result"})


def cached(value: Any) -> bool:
    """Whether a block (or call's extra fields) carries a ``cache_control`` breakpoint."""
    return isinstance(value, dict) and value.get(_CACHE) is not None


def trim_final(message: dict[str, Any]) -> bool:
    """The string content, or the last text block, of a final assistant message without
    its trailing whitespace; whether there was any."""
    content = message.get("content")
    if isinstance(content, str):
        trimmed = content.rstrip()
        message["content"] = trimmed
        return trimmed != content
    if isinstance(content, list):
        for block in reversed(content):
            if isinstance(block, dict) and block.get("type") == "text":
                text = str(block.get("text", ""))
                cut = text.rstrip()
                block["text"] = cut
                return cut != text
    return False


def _fix_final(site: FixSite) -> None:
    for path in site.rules(_FINAL, errors_only=True):
        message = site.element(path)
        if not isinstance(message, dict):
            continue
        if trim_final(message):  # a prefill the model refuses stays: reported
            site.change(_FINAL, path, "removed the trailing whitespace")


#: Repair's fix of a final assistant message ending in whitespace (a prefill).
_FIX: Final = Fix(_FINAL, "settled", _fix_final)


class AnthropicEdits(RequestEdits):
    """``tool_result`` blocks in a user message; ids ``toolu_...`` (a given id is kept with
    the characters Anthropic rejects replaced, when that is free)."""

    wire = "anthropic"
    result_blocks = True
    keeps_final_assistant = True
    #: ``tool_result`` content (SPEC 8 ``tool-result-content``).
    heads = frozenset({"system"})
    image_mimes = FACTS.image_mimes
    ids = IdStyle("toolu_", clean=f"[^{_ID_CHARS}]")
    id_format = IdFormat(f"[{_ID_CHARS}]+", None, f"does not match ^[{_ID_CHARS}]+$")
    fixes = (_FIX,)

    def is_result_block(self, block: Any) -> bool:
        return isinstance(block, dict) and block.get("type") == "tool_result"

    def text_block(self, text: str) -> AnthropicTextBlock:
        return {"type": "text", "text": text}

    def kept_output(self, target: dict[str, Any], header: str) -> tuple[Any, tuple[str, ...]]:
        """Text blocks for the header and the text; the images, documents and search
        results as they are (a user message takes them); another block as its JSON."""
        content = target.get("content")
        if not isinstance(content, list):
            text = content if isinstance(content, str) or content is None else as_json_text(content)
            return [self.text_block("\n".join(x for x in (header, text) if x))], ()
        blocks = [self.text_block(header)]
        for block in content:
            kind = block.get("type") if isinstance(block, dict) else None
            # a type that is not a string (a list, an object) is a malformed block: its JSON
            taken = isinstance(kind, str) and kind in _USER_BLOCKS
            blocks.append(block if taken else self.text_block(as_json_text(block)))
        return blocks, ()

    def merge_output(self, kept: dict[str, Any], other: dict[str, Any], header: str) -> None:
        kept["content"] = joined_output(
            kept.get("content"), other.get("content"), header, self.text_block
        )

    def missing_result(self, call_id: str | None, name: str, text: str) -> AnthropicErrorResult:
        return {"type": "tool_result", "tool_use_id": call_id, "content": text, "is_error": True}

    def user_message(self, blocks: list[Any]) -> AnthropicUserMessage:
        return {"role": "user", "content": blocks}

    def call_message(self, blocks: list[Any]) -> AnthropicAssistantMessage:
        return {"role": "assistant", "content": blocks}

    def set_id(self, target: dict[str, Any], is_call: bool, new: str) -> None:
        target["id" if is_call else "tool_use_id"] = new

    def set_declared_mime(self, target: dict[str, Any], mime: str, data: str) -> bool:
        source = target.get("source")
        if isinstance(source, dict):
            source["media_type"] = mime
            return True
        return False


EDITS: Final = AnthropicEdits()
