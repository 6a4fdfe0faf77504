"""The openai wire's request edits (SPEC 8): ``tool`` messages after the assistant message
with the calls, ``tool_call_id``, text parts, an ``image_url``'s declared type, the images a
tool message cannot hold moved to a user message after it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .._edit import IdStyle, RequestEdits

__all__ = ["EDITS", "OpenAIEdits"]

#: Nine characters of a-z, A-Z, 0-9 (Mistral's validator, mistral-common): the profiles
#: whose call ids have a format of their own.
_PROFILE_IDS: Final[Mapping[str, IdStyle]] = {
    "mistral": IdStyle("", 9, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
}
#: The profiles that take no user message right after a tool message (Mistral), so a tool
#: message's images cannot be hoisted into one.
_NO_HOIST: Final = frozenset({"mistral"})


class OpenAIEdits(RequestEdits):
    """``{"role": "tool", "tool_call_id": ...}`` messages; ids ``call_...``."""

    wire = "openai"
    #: The image types Chat Completions reads (OpenAI "Images and vision": PNG, JPEG,
    #: WEBP, non-animated GIF).
    image_mimes = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp"})

    def id_style(self, profile: str | None) -> IdStyle:
        found = _PROFILE_IDS.get(profile) if profile is not None else None
        return found if found is not None else self.ids

    def is_result_entry(self, entry: Any) -> bool:
        return isinstance(entry, dict) and entry.get("role") == "tool"

    def hoists_images(self, profile: str | None) -> bool:
        return profile not in _NO_HOIST

    def text_block(self, text: str) -> Any:
        return {"type": "text", "text": text}

    def missing_result(self, call_id: str | None, name: str, text: str) -> Any:
        message: dict[str, Any] = {"role": "tool", "content": text}
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


EDITS: Final = OpenAIEdits()
