"""The gemini wire's request edits (SPEC 8): ``functionResponse`` parts (either spelling)
in a user content, their ids, a call part's thought signature, an inline part's declared
type, and a response's own ``parts`` (Gemini 3), which repair moves or turns into text."""

from __future__ import annotations

from typing import Any, Final

from ...b64 import decoded_size
from ...text import placeholder
from .._edit import RequestEdits

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
