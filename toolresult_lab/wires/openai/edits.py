"""The openai wire's request edits (SPEC 8): ``tool`` messages after the assistant message
with the calls, ``tool_call_id``, text parts, an ``image_url``'s declared type, the images a
tool message cannot hold moved to a user message after it."""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any, Final

from ...conversion.b64 import decoded_size
from ...conversion.text import placeholder
from .._edit import IdFormat, IdStyle, RequestEdits, ResultText, as_json_text, joined_output
from .checks import IMAGE_TYPES
from .shapes import OpenAIErrorResult, OpenAITextPart, OpenAIUserMessage

__all__ = ["EDITS", "OpenAIEdits"]

#: Nine characters of a-z, A-Z, 0-9 (Mistral's validator, mistral-common): made and checked
#: from this one statement.
_MISTRAL_LENGTH: Final = 9
_MISTRAL_ALPHABET: Final = string.ascii_letters + string.digits
#: The profiles whose call ids have a format of their own.
_PROFILE_IDS: Final[Mapping[str, tuple[IdStyle, IdFormat]]] = {
    "mistral": (
        IdStyle("", _MISTRAL_LENGTH, _MISTRAL_ALPHABET),
        IdFormat(
            f"[{_MISTRAL_ALPHABET}]{{{_MISTRAL_LENGTH}}}",
            None,
            f"is not {_MISTRAL_LENGTH} characters of a-z, A-Z, 0-9",
        ),
    )
}
#: The profiles that take no user message right after a tool message (Mistral), so a tool
#: message's images cannot be hoisted into one.
_NO_HOIST: Final = frozenset({"mistral"})


def _text_block(text: str) -> OpenAITextPart:
    return {"type": "text", "text": text}


def _output_text(target: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    """A tool message's content as text, a part that is not text as its placeholder; the
    placeholders."""
    content = target.get("content")
    if content is None or isinstance(content, str):
        return content or "", ()
    if not isinstance(content, list):
        return as_json_text(content), ()
    texts: list[str] = []
    lost: list[str] = []
    for part in content:
        if isinstance(part, dict) and part.get("type") == "text":
            texts.append(str(part.get("text", "")))
            continue
        texts.append(_part_placeholder(part))
        lost.append(texts[-1])
    return "\n".join(texts), tuple(lost)


def _append_output(target: dict[str, Any], text: str) -> None:
    target["content"] = joined_output(target.get("content"), None, text, _text_block)


#: Mistral's: a kept output goes into the tool message before it, as text.
_RESULT_TEXT: Final = ResultText(_output_text, _append_output)


class OpenAIEdits(RequestEdits):
    """``{"role": "tool", "tool_call_id": ...}`` messages; ids ``call_...``."""

    wire = "openai"
    #: The types its checks take (``media-type``): one declaration.
    image_mimes = IMAGE_TYPES
    #: At most 64 characters; over 40, some gateways refuse them (a warning).
    id_format = IdFormat(None, 64, "", warn_over=40)
    profile_ids = _PROFILE_IDS
    hoists_images = True

    def is_result_entry(self, entry: Any) -> bool:
        return isinstance(entry, dict) and entry.get("role") == "tool"

    def results_text(self, profile: str | None) -> ResultText | None:
        return _RESULT_TEXT if profile in _NO_HOIST else None

    def text_block(self, text: str) -> OpenAITextPart:
        return _text_block(text)

    def kept_output(
        self, target: dict[str, Any], header: str
    ) -> tuple[OpenAIUserMessage, tuple[str, ...]]:
        """A user message: the header and the text, or the header's text part and the
        tool message's parts (a user message takes image, file and audio parts)."""
        content = target.get("content")
        if isinstance(content, list):
            return {"role": "user", "content": [self.text_block(header), *content]}, ()
        text = content if isinstance(content, str) or content is None else as_json_text(content)
        return {"role": "user", "content": "\n".join(x for x in (header, text) if x)}, ()

    def merge_output(self, kept: dict[str, Any], other: dict[str, Any], header: str) -> None:
        kept["content"] = joined_output(
            kept.get("content"), other.get("content"), header, self.text_block
        )

    def missing_result(self, call_id: str | None, name: str, text: str) -> OpenAIErrorResult:
        message: OpenAIErrorResult = {"role": "tool", "content": text}
        if call_id:
            message["tool_call_id"] = call_id
        return message

    def set_id(self, target: dict[str, Any], is_call: bool, new: str) -> None:
        target["id" if is_call else "tool_call_id"] = new

    def set_declared_mime(self, target: dict[str, Any], mime: str, data: str) -> bool:
        image = target.get("image_url")
        if isinstance(image, dict):
            image["url"] = f"data:{mime};base64,{data}"
            return True
        return False


def _part_placeholder(part: Any) -> str:
    """The placeholder text of a content part that is not text (an image by URL or data
    URL; another part by its type)."""
    kind = part.get("type") if isinstance(part, dict) else None
    image = part.get("image_url") if isinstance(part, dict) else None
    url = image.get("url") if isinstance(image, dict) else None
    if isinstance(url, str):
        if url.startswith("data:") and ";base64," in url:
            head, _, data = url.partition(";base64,")
            return placeholder("image", head[5:] or None, None, decoded_size(data))
        return placeholder("image", None, url, None)
    return placeholder(str(kind or "content"), None, None, None)


EDITS: Final = OpenAIEdits()
