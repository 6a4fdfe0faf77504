"""The hermes wire's request edits (SPEC 8): ``tool`` messages holding ``<tool_response>``
text, in the chat messages of an OpenAI-compatible server (vLLM, SGLang, llama.cpp), whose
content parts are ``{"type": "text"}``."""

from __future__ import annotations

import json
import re
from typing import Any, Final

from .._edit import RequestEdits, as_json_text

__all__ = ["EDITS", "HermesEdits"]

#: The tags around a result (kept as user text, a result no more).
_TAGS: Final = re.compile(r"\s*</?tool_response>\s*")


class HermesEdits(RequestEdits):
    """``{"role": "tool", "content": "<tool_response>...</tool_response>"}`` messages."""

    wire = "hermes"

    def is_result_entry(self, entry: Any) -> bool:
        return isinstance(entry, dict) and entry.get("role") == "tool"

    def text_block(self, text: str) -> Any:
        return {"type": "text", "text": text}

    def kept_output(self, target: dict[str, Any], header: str) -> tuple[Any, tuple[str, ...]]:
        """A tool message: a user message with the header and the response's text, without
        its tags. A ``<tool_response>`` in a user message is already user text: ``None``."""
        if target.get("role") != "tool":
            return None, ()
        content = target.get("content")
        text = content if isinstance(content, str) or content is None else as_json_text(content)
        text = _TAGS.sub("\n", text or "").strip()
        return {"role": "user", "content": "\n".join(x for x in (header, text) if x)}, ()

    def missing_result(self, call_id: str | None, name: str, text: str) -> Any:
        body = json.dumps({"name": name, "content": text}).replace("</", "<\\/")
        return {"role": "tool", "content": f"<tool_response>\n{body}\n</tool_response>"}

    def set_id(self, target: dict[str, Any], is_call: bool, new: str) -> None:
        target["id" if is_call else "tool_call_id"] = new


EDITS: Final = HermesEdits()
