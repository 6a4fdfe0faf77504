"""The ollama wire's request edits (SPEC 8): ``tool`` messages with ``tool_name``, and a
message's ``images`` list, whose entries repair turns into placeholder text in the
message's string ``content`` (ollama has no text blocks)."""

from __future__ import annotations

from typing import Any, Final

from .._edit import RequestEdits, TextHome, as_json_text
from .blocks import OllamaToolMessage
from .shapes import OllamaUserMessage

__all__ = ["EDITS", "OllamaEdits"]


class OllamaEdits(RequestEdits):
    """``{"role": "tool", "content": ..., "tool_name": ...}`` messages; ids ``call_...``."""

    wire = "ollama"

    def is_result_entry(self, entry: Any) -> bool:
        return isinstance(entry, dict) and entry.get("role") == "tool"

    def text_home(self, path: str) -> TextHome | None:
        """An entry of a message's ``images``: its placeholder text goes into the
        message's string content."""
        message, _, last = path.rpartition(".")
        if not (message and last.startswith("images[")):
            return None
        return TextHome(message, self._add_text, "replaced by its placeholder text")

    def _add_text(self, message: dict[str, Any], text: str, removed: object) -> None:
        self.append_text(message, text)

    def append_text(self, message: dict[str, Any], text: str) -> None:
        old = message.get("content") or ""
        message["content"] = (old + "\n" if old else "") + text

    def kept_output(
        self, target: dict[str, Any], header: str
    ) -> tuple[OllamaUserMessage, tuple[str, ...]]:
        """A user message with the header and the text, and the tool message's images."""
        content = target.get("content")
        text = content if isinstance(content, str) or content is None else as_json_text(content)
        message: OllamaUserMessage = {
            "role": "user",
            "content": "\n".join(x for x in (header, text) if x),
        }
        if target.get("images"):
            message["images"] = target["images"]
        return message, ()

    def merge_output(self, kept: dict[str, Any], other: dict[str, Any], header: str) -> None:
        """The texts joined, the images of both in order."""
        content = other.get("content")
        text = content if isinstance(content, str) or content is None else as_json_text(content)
        self.append_text(kept, "\n".join(x for x in (header, text) if x))
        images = other.get("images")
        if isinstance(images, list) and images:
            kept["images"] = [*(kept.get("images") or []), *images]

    def missing_result(self, call_id: str | None, name: str, text: str) -> OllamaToolMessage:
        if call_id:  # the keys in the order the converter writes them
            return {"role": "tool", "content": text, "tool_call_id": call_id, "tool_name": name}
        return {"role": "tool", "content": text, "tool_name": name}

    def set_id(self, target: dict[str, Any], is_call: bool, new: str) -> None:
        target["id" if is_call else "tool_call_id"] = new


EDITS: Final = OllamaEdits()
