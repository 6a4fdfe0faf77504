"""The gemini wire's readers: contents, parts and ``functionResponse`` parts (REST camelCase
and google-genai snake_case alike), as neutral parts (``ReadRequest``).
"""

from __future__ import annotations

import base64
import binascii
from typing import Any, Final

from ...conversion.b64 import FROM_URLSAFE, is_canonical
from .._read import (
    CallPart,
    ContentPart,
    DocumentPart,
    ImagePart,
    Message,
    OpaquePart,
    Part,
    Reading,
    ReadRequest,
    ResultPart,
    Role,
    TextPart,
    at_index,
    at_key,
    body_list,
)
from .signatures import SIGNATURE_FIELD
from .spelling import field_of, spelled


def _standard(text: str) -> str:
    """``text`` as canonical standard base64 when it is the base64 of some bytes without
    its padding (google-genai's JSON dump writes it so, and the API takes it); as it is
    otherwise, for the echo's check to name."""
    if is_canonical(text):
        return text
    bare = text.rstrip("=")
    try:
        raw = base64.b64decode(bare + "=" * (-len(bare) % 4), validate=True)
    except (binascii.Error, ValueError):
        return text
    return base64.b64encode(raw).decode("ascii") if raw else text


def _signature(reading: Reading, value: Any, where: str) -> str | None:
    """A thought signature as standard base64 text: an SDK object's ``bytes`` encoded, a
    REST ``str`` as is (a URL-safe one, as the SDK's JSON dump writes it, made standard)."""
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, str):
        return _standard(value.translate(FROM_URLSAFE))
    shown = type(value).__name__
    reading.problem(at_key(where, SIGNATURE_FIELD), f"expected base64 text, not {shown}")
    return None


_ROLES: Final[dict[str, Role]] = {"user": "user", "model": "assistant"}
#: A part's data fields with no neutral form (kept as opaque parts, by REST name).
_OPAQUE_DATA: Final = ("executableCode", "codeExecutionResult")
#: The members of a Part's ``data`` union: "A Part can only contain one of the accepted
#: types in Part.data" (Gemini API reference, Part; checked 2026-12-07).
_DATA: Final = (
    "text",
    "inlineData",
    "fileData",
    "functionCall",
    "functionResponse",
    *_OPAQUE_DATA,
)


def read_call(reading: Reading, part: dict[str, Any], path: str) -> CallPart:
    """A ``functionCall`` part; ``extra``: its ``thoughtSignature`` (standard base64
    text), ``thought`` and ``partMetadata`` (REST names), as the echo writes them."""
    key = spelled(part, "functionCall")
    call_path = at_key(path, "functionCall")
    function_call = reading.dict_at(part.get(key), call_path) or {}
    extra: dict[str, Any] = {}
    signature = field_of(part, SIGNATURE_FIELD)
    paths: tuple[str, ...] = ()
    if signature is not None:
        text = _signature(reading, signature, path)
        if text is not None:
            extra[SIGNATURE_FIELD] = text
            paths = (at_key(path, spelled(part, SIGNATURE_FIELD)),)
    for name in ("thought", "partMetadata"):
        value = field_of(part, name)
        if value is not None:
            extra[name] = value
    return CallPart(
        path,
        reading.call_id(function_call.get("id"), at_key(call_path, "id")),
        reading.call_name(function_call.get("name"), at_key(call_path, "name")),
        reading.arguments(function_call.get("args"), call_path),
        extra,
        paths,
    )


def _media(reading: Reading, part: dict[str, Any], path: str) -> ContentPart | None:
    """An ``inlineData`` or ``fileData`` part as an image or a document; ``None`` for
    a part that is neither."""
    inline = field_of(part, "inlineData")
    if inline is not None:
        inline_path = at_key(path, spelled(part, "inlineData"))
        found = reading.dict_at(inline, inline_path) or {}
        mime = field_of(found, "mimeType")
        declared = mime if isinstance(mime, str) else None
        data_path = at_key(inline_path, "data")
        data = reading.text_at(found.get("data"), data_path)
        if declared is not None and declared.startswith("image/"):
            return ImagePart(path, declared, data, None, None, data_path=data_path)
        return DocumentPart(path, declared, data, data_path=data_path)
    file_data = field_of(part, "fileData")
    if file_data is not None:
        file_path = at_key(path, spelled(part, "fileData"))
        found = reading.dict_at(file_data, file_path) or {}
        mime = field_of(found, "mimeType")
        declared = mime if isinstance(mime, str) else None
        uri_key = spelled(found, "fileUri")
        uri = reading.text_at(found.get(uri_key), at_key(file_path, uri_key))
        name = field_of(found, "displayName")
        if declared is not None and declared.startswith("image/"):
            return ImagePart(path, declared, None, uri)
        return DocumentPart(path, declared, None, uri, name if isinstance(name, str) else None)
    return None


def _response_parts(reading: Reading, body: dict[str, Any], path: str) -> list[ContentPart]:
    """The multimodal ``parts`` of a ``functionResponse``."""
    parts: list[ContentPart] = []
    parts_path = at_key(path, "parts")
    for index, entry in enumerate(reading.list_at(body.get("parts"), parts_path)):
        at = at_index(parts_path, index)
        found = reading.dict_at(entry, at)
        if found is None:
            parts.append(OpaquePart(at, "gemini", "(not an object)", entry))
            continue
        media = _media(reading, found, at)
        parts.append(media if media is not None else OpaquePart(at, "gemini", "part", found))
    return parts


def _result(reading: Reading, part: dict[str, Any], path: str) -> ResultPart:
    """A ``functionResponse`` part: the ``{"result": <text>}`` form as one text part
    (placed first), any other ``response`` object as ``structured``, then its parts."""
    key = spelled(part, "functionResponse")
    body_path = at_key(path, key)
    body = reading.dict_at(part.get(key), body_path) or {}
    response = body.get("response")
    response_path = at_key(body_path, "response")
    texts: list[ContentPart] = []
    structured: Any = None
    if (
        isinstance(response, dict)
        and len(response) == 1
        and isinstance(response.get("result"), str)
    ):
        texts.append(TextPart(at_key(response_path, "result"), response["result"]))
    elif response is not None:
        structured = response
        reading.dict_at(response, response_path)
    name = body.get("name")
    return ResultPart(
        path,
        reading.call_id(body.get("id"), at_key(body_path, "id")),
        reading.optional_text(name, at_key(body_path, "name")),
        False,
        (*texts, *_response_parts(reading, body, body_path)),
        structured,
        part,
    )


def read_part(reading: Reading, part: Any, path: str) -> Part:
    """One part of a content."""
    found = reading.dict_at(part, path)
    if found is None:
        return OpaquePart(path, "gemini", "(not an object)", part)
    data = [spelled(found, name) for name in _DATA if field_of(found, name) is not None]
    if len(data) > 1:
        shown = " and ".join(repr(name) for name in data)
        reading.problem(path, f"a part holds exactly one kind of data, not {shown}")
    if field_of(found, "functionCall") is not None:
        return read_call(reading, found, path)
    if field_of(found, "functionResponse") is not None:
        return _result(reading, found, path)
    if found.get("thought") is True:
        return OpaquePart(path, "gemini", "thought", found)
    text = found.get("text")
    if text is not None:
        return TextPart(path, reading.text_at(text, at_key(path, "text")))
    media = _media(reading, found, path)
    if media is not None:
        return media
    for name in _OPAQUE_DATA:
        if field_of(found, name) is not None:
            return OpaquePart(path, "gemini", name, found)
    return OpaquePart(path, "gemini", "part", found)


def read_block(block: Any) -> ResultPart:
    """A ``functionResponse`` part (paths from the block: ``functionResponse.parts[0]``)."""
    reading = Reading("gemini")
    found = reading.dict_at(block, "")
    return _result(reading, found if found is not None else {}, "")


def _content_parts(reading: Reading, content: dict[str, Any], path: str) -> list[Part]:
    parts_path = at_key(path, "parts")
    return [
        read_part(reading, part, at_index(parts_path, index))
        for index, part in enumerate(reading.list_at(content.get("parts"), parts_path))
    ]


def read_request(request: Any) -> ReadRequest:
    """A ``generateContent`` body (``contents``, ``systemInstruction``) or its contents."""
    reading = Reading("gemini")
    form, entries, body = body_list(reading, request, "contents")
    messages = []
    for index, entry in enumerate(entries):
        path = at_index("contents", index)
        content = reading.dict_at(entry, path)
        if content is None:
            continue
        role_name = content.get("role", "user")  # the API reads a content without role as user
        role = reading.role(role_name, at_key(path, "role"), _ROLES)
        if role is None:
            continue
        messages.append(Message(path, role, tuple(_content_parts(reading, content, path)), content))
    system: list[Part] = []
    instruction = field_of(body, "systemInstruction")
    if instruction is not None:
        key = spelled(body, "systemInstruction")
        if isinstance(instruction, str):
            system = [TextPart(key, instruction)]
        else:
            found = reading.dict_at(instruction, key)
            if found is not None:
                system = _content_parts(reading, found, key)
    return reading.request(form, "contents", messages, system, request)
