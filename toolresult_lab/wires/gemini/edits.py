"""The gemini wire's request edits (SPEC 8): ``functionResponse`` parts (either spelling)
in a user content, their ids, a call part's thought signature, an inline part's declared
type, and a response's own ``parts`` (Gemini 3), which repair moves or turns into text."""

from __future__ import annotations

from typing import Any, Final

from ...conversion.b64 import decoded_size
from ...conversion.text import placeholder
from .._edit import RequestEdits, as_json_text

__all__ = ["EDITS", "IMAGE_MIMES", "SIGNATURE_FIELD", "GeminiEdits", "function_response"]

#: The key the readers keep a call's signature under in ``CallPart.extra``.
SIGNATURE_FIELD: Final = "thoughtSignature"
#: The image types Gemini reads in a content part (Vertex AI "Image understanding").
IMAGE_MIMES: Final = frozenset(
    {"image/png", "image/jpeg", "image/webp", "image/heic", "image/heif"}
)
_RESPONSE_KEYS: Final = ("functionResponse", "function_response")
_CALL_KEYS: Final = ("functionCall", "function_call")
_INLINE_KEYS: Final = ("inlineData", "inline_data")
_MEDIA_KEYS: Final = ("inlineData", "inline_data", "fileData", "file_data")
#: What the user content that carries media moved out of function responses says first.
_MEDIA_NOTE: Final = "Media from the function responses above."


def function_response(part: Any) -> dict[str, Any] | None:
    """The ``functionResponse`` body of a part (either spelling)."""
    if not isinstance(part, dict):
        return None
    for key in _RESPONSE_KEYS:
        body = part.get(key)
        if isinstance(body, dict):
            return body
    return None


class GeminiEdits(RequestEdits):
    """``functionResponse`` parts in a content without role or with ``user``; ids
    ``call_...``."""

    wire = "gemini"
    result_blocks = True
    content_key = "parts"
    default_role = "user"
    joins_user_message = False
    heads = frozenset({"systemInstruction", "system_instruction"})
    image_mimes = IMAGE_MIMES

    def call_message(self, blocks: list[Any]) -> dict[str, Any]:
        return {"role": "model", "parts": blocks}

    def is_result_block(self, block: Any) -> bool:
        return function_response(block) is not None

    def function_response(self, block: Any) -> dict[str, Any] | None:
        return function_response(block)

    def response_of(self, path: str) -> str | None:
        if any(f".{key}.parts[" in path for key in _RESPONSE_KEYS):
            return path.rsplit(".parts[", 1)[0]
        return None

    def text_block(self, text: str) -> Any:
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

    def missing_result(self, call_id: str | None, name: str, text: str) -> Any:
        response: dict[str, Any] = {"name": name, "response": {"error": text}}
        if call_id:
            response["id"] = call_id
        return {"functionResponse": response}

    def set_id(self, target: dict[str, Any], is_call: bool, new: str) -> None:
        for key in (*_CALL_KEYS, *_RESPONSE_KEYS):
            if isinstance(target.get(key), dict):
                target[key]["id"] = new
                return

    def set_signature(self, target: dict[str, Any], value: str) -> str:
        """The signature in the part's own spelling."""
        key = "thought_signature" if "function_call" in target else SIGNATURE_FIELD
        target[key] = value
        return key

    def set_declared_mime(self, target: dict[str, Any], mime: str, data: str) -> bool:
        for key in _INLINE_KEYS:
            inline = target.get(key)
            if isinstance(inline, dict):
                inline["mimeType" if "mimeType" in inline else "mime_type"] = mime
                return True
        return False

    def add_response_text(self, body: dict[str, Any], text: str, removed: object) -> None:
        """``text`` added to the response's ``result`` text (a part there cannot be text);
        ``parts`` dropped when every one is ``removed``."""
        response = body.get("response")
        if not isinstance(response, dict):
            response = body["response"] = {}
        old = response.get("result")
        response["result"] = f"{old}\n{text}" if isinstance(old, str) and old else text
        if all(entry is removed for entry in body.get("parts") or []):
            body.pop("parts", None)

    def take_response_parts(self, body: dict[str, Any]) -> list[Any]:
        media = body.pop("parts", [])
        return media if isinstance(media, list) else []

    def media_placeholder(self, part: dict[str, Any]) -> str:
        """The placeholder of an ``inlineData`` or ``fileData`` part."""
        for key in _MEDIA_KEYS:
            found = part.get(key)
            if isinstance(found, dict):
                mime = found.get("mimeType", found.get("mime_type"))
                data = found.get("data")
                uri = found.get("fileUri", found.get("file_uri"))
                size = decoded_size(data) if isinstance(data, str) else None
                kind = "image" if isinstance(mime, str) and mime.startswith("image/") else "file"
                return placeholder(kind, mime, uri, size)
        return placeholder("content", None, None, None)

    def media_message(self, media: list[Any]) -> dict[str, Any]:
        return {"role": "user", "parts": [{"text": _MEDIA_NOTE}, *media]}


EDITS: Final = GeminiEdits()
