"""The gemini wire's request edits (SPEC 8): ``functionResponse`` parts (either spelling)
in a user content, their ids, a call part's thought signature, an inline part's declared
type, and a response's own ``parts`` (Gemini 3), which repair moves or turns into text."""

from __future__ import annotations

from typing import Any, Final

from .._edit import RequestEdits, TextHome, as_json_text
from . import response_parts, signatures
from .blocks import GeminiFunctionResponse, GeminiFunctionResponsePart
from .checks import IMAGE_TYPES
from .response_parts import function_response
from .shapes import GeminiContent, GeminiTextPart
from .spelling import spelled, spellings

__all__ = ["EDITS", "GeminiEdits"]

#: The members that hold a call's or a response's id, and an inline part's data.
_ID_KEYS: Final = spellings("functionCall", "functionResponse")
_INLINE_KEYS: Final = spellings("inlineData")


class GeminiEdits(RequestEdits):
    """``functionResponse`` parts in a content without role or with ``user``; ids
    ``call_...``."""

    wire = "gemini"
    result_blocks = True
    content_key = "parts"
    default_role = "user"
    joins_user_message = False
    heads = frozenset(spellings("systemInstruction"))
    #: The types its checks take (``media-type``): one declaration.
    image_mimes = IMAGE_TYPES
    #: Thought signatures first (round 3, once results are first), then the responses'
    #: own parts (last: they may insert contents).
    fixes = (signatures.FIX, response_parts.FIX)

    def user_message(self, blocks: list[Any]) -> GeminiContent:
        return {"role": "user", "parts": blocks}

    def call_message(self, blocks: list[Any]) -> GeminiContent:
        return {"role": "model", "parts": blocks}

    def is_result_block(self, block: Any) -> bool:
        return function_response(block) is not None

    def text_home(self, path: str) -> TextHome | None:
        return response_parts.text_home(path)

    def text_block(self, text: str) -> GeminiTextPart:
        return {"text": text}

    def kept_output(self, target: dict[str, Any], header: str) -> tuple[Any, tuple[str, ...]]:
        """A text part: the header and the response object's JSON; then the response's own
        parts (inline or file data: a user content takes them as they are)."""
        body = function_response(target)
        if body is None:
            return None, ()
        response = body.get("response")
        text = None if response is None else as_json_text(response)
        blocks: list[Any] = [self.text_block("\n".join(x for x in (header, text) if x))]
        parts = body.get("parts")
        blocks.extend(parts if isinstance(parts, list) else [])
        return blocks, ()

    def merge_output(self, kept: dict[str, Any], other: dict[str, Any], header: str) -> None:
        """Two ``{"result": text}`` responses: one text, ``header`` between; else the second
        response object under ``result_2`` (``result_3``, ...) of the first. The second's
        parts after the first's."""
        first = function_response(kept)
        second = function_response(other)
        if first is None or second is None:
            return
        old = first.get("response")
        new = second.get("response")
        if not isinstance(old, dict):
            old = first["response"] = {} if old is None else {"result": old}
        texts = (old.get("result"), new.get("result") if isinstance(new, dict) else None)
        if (
            set(old) == {"result"}
            and isinstance(new, dict)
            and set(new) == {"result"}
            and all(isinstance(t, str) for t in texts)
        ):
            old["result"] = f"{texts[0]}\n{header}\n{texts[1]}"
        elif new is not None:
            n = 2
            while f"result_{n}" in old:
                n += 1
            old[f"result_{n}"] = new
        parts = second.get("parts")
        if isinstance(parts, list) and parts:
            first["parts"] = [*(first.get("parts") or []), *parts]

    def missing_result(
        self, call_id: str | None, name: str, text: str
    ) -> GeminiFunctionResponsePart:
        response: GeminiFunctionResponse = {"name": name, "response": {"error": text}}
        if call_id:
            response["id"] = call_id
        return {"functionResponse": response}

    def set_id(self, target: dict[str, Any], is_call: bool, new: str) -> None:
        for key in _ID_KEYS:
            if isinstance(target.get(key), dict):
                target[key]["id"] = new
                return

    def set_declared_mime(self, target: dict[str, Any], mime: str, data: str) -> bool:
        for key in _INLINE_KEYS:
            inline = target.get(key)
            if isinstance(inline, dict):
                inline[spelled(inline, "mimeType")] = mime
                return True
        return False


EDITS: Final = GeminiEdits()
