"""The hermes wire's request edits (SPEC 8): ``tool`` messages holding ``<tool_response>``
text, in the chat messages of an OpenAI-compatible server (vLLM, SGLang, llama.cpp), whose
content parts are ``{"type": "text"}``."""

from __future__ import annotations

import json
import re
from typing import Any, Final

from ...conversion.encoding import json_string
from .._edit import RequestEdits, as_json_text
from .convert import unclosable
from .read import RESULT_BLOCK
from .shapes import HermesMessage, HermesTextPart

__all__ = ["EDITS", "HermesEdits", "with_result_text"]

#: The tags around a result (kept as user text, a result no more), with the one line break
#: each is written with; the output between them is kept as it is, its whitespace too.
_TAGS: Final = re.compile(r"<tool_response>\n?|\n?</tool_response>")


class HermesEdits(RequestEdits):
    """``{"role": "tool", "content": "<tool_response>...</tool_response>"}`` messages."""

    wire = "hermes"

    def is_result_entry(self, entry: Any) -> bool:
        return isinstance(entry, dict) and entry.get("role") == "tool"

    def text_block(self, text: str) -> HermesTextPart:
        return {"type": "text", "text": text}

    def kept_output(
        self, target: dict[str, Any], header: str
    ) -> tuple[HermesMessage | None, tuple[str, ...]]:
        """A tool message: a user message with the header and the response's text, without
        its tags (its own whitespace kept: it is the tool's output). A ``<tool_response>``
        in a user message is already user text: ``None``."""
        if target.get("role") != "tool":
            return None, ()
        content = target.get("content")
        text = content if isinstance(content, str) or content is None else as_json_text(content)
        text = _TAGS.sub("", text or "")
        return {"role": "user", "content": "\n".join(x for x in (header, text) if x)}, ()

    def missing_result(self, call_id: str | None, name: str, text: str) -> HermesMessage:
        body = json.dumps({"name": name, "content": text}).replace("</", "<\\/")
        return {"role": "tool", "content": f"<tool_response>\n{body}\n</tool_response>"}

    def set_id(self, target: dict[str, Any], is_call: bool, new: str) -> None:
        target["id" if is_call else "tool_call_id"] = new


_DECODER: Final = json.JSONDecoder()
_SCAN: Final = _DECODER.scan_once  # type: ignore[attr-defined]  # typeshed omits it
_SPACE: Final = " \t\n\r"


def with_result_text(held: str, text: str, new: str) -> str | None:
    """The first result block of ``held`` whose ``content`` is ``text``, its content's
    JSON string rewritten to ``new`` in place (the rest of the block as it was); ``None``
    where ``held`` holds no such block."""
    for block in RESULT_BLOCK.finditer(held):
        body = block.group(2)
        where = _content_at(body)
        if where is None or _DECODER.decode(body[where[0] : where[1]]) != text:
            continue
        written = unclosable(json_string(new))
        start, end = block.start(2) + where[0], block.start(2) + where[1]
        return held[:start] + written + held[end:]
    return None


def _content_at(body: str) -> tuple[int, int] | None:
    """Where the JSON object ``body`` writes its ``content`` value (its last, the one
    ``json.loads`` keeps); ``None`` where it has none or ``body`` is not a JSON object."""
    found = None
    at = 1  # after the "{" RESULT_BLOCK's body starts with
    try:
        while True:
            at = _skip(body, at)
            if body.startswith("}", at) and found is None:
                return None
            key, at = _SCAN(body, at)
            at = _skip(body, at)
            if not isinstance(key, str) or not body.startswith(":", at):
                return None
            start = _skip(body, at + 1)
            at = _SCAN(body, start)[1]
            if key == "content":
                found = (start, at)
            at = _skip(body, at)
            if body.startswith("}", at):
                return found if _skip(body, at + 1) == len(body) else None
            if not body.startswith(",", at):
                return None
            at += 1
    except (ValueError, StopIteration, RecursionError):
        return None


def _skip(body: str, at: int) -> int:
    while body[at : at + 1] and body[at] in _SPACE:
        at += 1
    return at


EDITS: Final = HermesEdits()
