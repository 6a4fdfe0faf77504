"""The ollama wire's request edits (SPEC 8): ``tool`` messages with ``tool_name``, and a
message's ``images`` list, whose entries repair turns into placeholder text in the
message's string ``content`` (ollama has no text blocks)."""

from __future__ import annotations

from typing import Any, Final

from .._edit import RequestEdits

__all__ = ["EDITS", "OllamaEdits"]


class OllamaEdits(RequestEdits):
    """``{"role": "tool", "content": ..., "tool_name": ...}`` messages; ids ``call_...``."""

    wire = "ollama"

    def is_result_entry(self, entry: Any) -> bool:
        return isinstance(entry, dict) and entry.get("role") == "tool"

    def images_of(self, path: str) -> str | None:
        message, _, last = path.rpartition(".")
        return message if message and last.startswith("images[") else None

    def append_text(self, message: dict[str, Any], text: str) -> None:
        old = message.get("content") or ""
        message["content"] = (old + "\n" if old else "") + text

    def missing_result(self, call_id: str | None, name: str, text: str) -> Any:
        message: dict[str, Any] = {"role": "tool", "content": text}
        if call_id:
            message["tool_call_id"] = call_id
        message["tool_name"] = name
        return message

    def set_id(self, target: dict[str, Any], is_call: bool, new: str) -> None:
        target["id" if is_call else "tool_call_id"] = new


EDITS: Final = OllamaEdits()
