"""The bedrock wire's readers: Converse messages, content blocks and ``toolResult`` blocks,
as neutral parts (``ReadRequest``).
"""

from __future__ import annotations

import base64
from typing import Any, Final

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
from .convert import IMAGE_FORMATS

#: The fields of Bedrock's ``ToolUseBlock`` (botocore rejects any other key as an unknown
#: parameter; the service model, botocore 1.44.8). ``ToolCall.extra["bedrock"]`` may hold
#: only these; the echo writes the first three itself, so only ``type`` adds anything.
TOOL_USE_FIELDS: Final = ("toolUseId", "name", "input", "type")
#: The ``ToolUseType`` enum.
TOOL_USE_TYPES: Final = ("server_tool_use",)
_CALL_FIELDS: Final = ("toolUseId", "name", "input")
_ROLES: Final[dict[str, Role]] = {"user": "user", "assistant": "assistant"}
_MIMES: Final[dict[str, str]] = {value: key for key, value in IMAGE_FORMATS.items()}


def read_call(reading: Reading, block: dict[str, Any], path: str) -> CallPart:
    """A ``toolUse`` block's body (at ``path.toolUse``; the call's path is the content
    block's); ``extra``: its fields besides toolUseId, name and input."""
    extra = {key: value for key, value in block.items() if key not in _CALL_FIELDS}
    body = at_key(path, "toolUse")
    return CallPart(
        path,
        reading.call_id(block.get("toolUseId"), at_key(body, "toolUseId")),
        reading.call_name(block.get("name"), at_key(body, "name")),
        reading.arguments(block.get("input"), at_key(body, "input")),
        extra,
    )


def _bytes(reading: Reading, body: dict[str, Any], path: str) -> tuple[str | None, str]:
    """The base64 text of ``source.bytes`` (``None`` for an S3 or other source)."""
    source = reading.dict_at(body.get("source"), at_key(path, "source"))
    if source is None or "bytes" not in source:
        return None, ""
    data_path = at_key(at_key(path, "source"), "bytes")
    value = source["bytes"]
    if isinstance(value, (bytes, bytearray)):  # boto3's form, after for_boto3
        return base64.b64encode(bytes(value)).decode("ascii"), data_path
    return reading.text_at(value, data_path), data_path


def read_content(reading: Reading, block: Any, path: str) -> ContentPart:
    """One entry of a ``toolResult``'s content, or a content block of a message that is
    neither a ``toolUse`` nor a ``toolResult``."""
    found = reading.dict_at(block, path)
    if found is None:
        return OpaquePart(path, "bedrock", "(not an object)", block)
    one_member(reading, found, path)
    if "text" in found:
        return TextPart(path, reading.text_at(found["text"], at_key(path, "text")))
    if "image" in found:
        at = at_key(path, "image")
        image = reading.dict_at(found["image"], at)
        if image is not None:
            data, data_path = _bytes(reading, image, at)
            if data is not None:
                fmt = image.get("format")
                mime = _MIMES.get(fmt) if isinstance(fmt, str) else None
                return ImagePart(path, mime, data, None, None, data_path=data_path)
    if "document" in found:
        at = at_key(path, "document")
        document = reading.dict_at(found["document"], at)
        if document is not None:
            data, data_path = _bytes(reading, document, at)
            fmt = document.get("format")
            mime = "application/pdf" if fmt == "pdf" else None
            name = document.get("name")
            shown = name if isinstance(name, str) else None
            if data is not None:
                return DocumentPart(path, mime, data, None, shown, data_path=data_path)
    kind = next(iter(found), "(empty)")
    return OpaquePart(path, "bedrock", kind, found)


def _result(reading: Reading, block: dict[str, Any], path: str) -> ResultPart:
    """A ``toolResult`` body; ``path`` is the content block's (``""`` for a block read
    alone), the body's fields are under ``path.toolResult``."""
    body = at_key(path, "toolResult")
    content_path = at_key(body, "content")
    parts: list[ContentPart] = []
    structured: Any = None
    for index, inner in enumerate(reading.list_at(block.get("content"), content_path)):
        at = at_index(content_path, index)
        if isinstance(inner, dict) and "json" in inner:
            structured = inner["json"]
            continue
        parts.append(read_content(reading, inner, at))
    return ResultPart(
        path,
        reading.call_id(block.get("toolUseId"), at_key(body, "toolUseId")),
        None,
        block.get("status") == "error",
        tuple(parts),
        structured,
        block,
    )


def read_block(block: Any) -> ResultPart:
    """A ``{"toolResult": ...}`` block (paths from the block: ``toolResult.content[1]``)."""
    reading = Reading("bedrock")
    found = reading.dict_at(block, "")
    body = reading.dict_at((found or {}).get("toolResult"), "toolResult") if found else None
    return _result(reading, body if body is not None else {}, "")


def one_member(reading: Reading, block: dict[str, Any], path: str) -> None:
    """A content block is a tagged union: exactly one member set (botocore: "Invalid number
    of parameters set for tagged union structure ... Can only set one of the following
    keys")."""
    if len(block) != 1:
        members = " and ".join(repr(key) for key in block) or "none"
        reading.problem(path, f"a content block holds exactly one member, not {members}")


def _part(reading: Reading, block: Any, path: str, served: frozenset[str | None]) -> Part:
    if isinstance(block, dict) and ("toolUse" in block or "toolResult" in block):
        one_member(reading, block, path)
    if isinstance(block, dict):
        if "toolUse" in block:
            use = reading.dict_at(block["toolUse"], at_key(path, "toolUse"))
            if use is not None and _id_of(use) in served:
                return OpaquePart(path, "bedrock", "server tool call", block)
            if use is not None:
                return read_call(reading, use, path)
        if "toolResult" in block:
            body = reading.dict_at(block["toolResult"], at_key(path, "toolResult"))
            if body is not None and _id_of(body) in served:
                return OpaquePart(path, "bedrock", "server tool result", block)
            if body is not None:
                return _result(reading, body, path)
    return read_content(reading, block, path)


def _id_of(body: dict[str, Any]) -> str | None:
    found = body.get("toolUseId")
    return found if isinstance(found, str) else None


def _served(content: Any) -> frozenset[str | None]:
    """The ids of the built-in tools Bedrock ran itself in one message (Nova's code
    interpreter): a ``toolUse`` of ``"type": "server_tool_use"`` and, in the same message,
    a ``toolResult`` with a ``type`` of its own (``nova_code_interpreter_result``). No
    client answers them, so neither is a call or a result to pair."""
    if not isinstance(content, list):
        return frozenset()
    used, answered = set(), set()
    for block in content:
        use = block.get("toolUse") if isinstance(block, dict) else None
        result = block.get("toolResult") if isinstance(block, dict) else None
        if isinstance(use, dict) and use.get("type") in TOOL_USE_TYPES:
            used.add(_id_of(use))
        if isinstance(result, dict) and isinstance(result.get("type"), str):
            answered.add(_id_of(result))
    return frozenset(used & answered) - {None}


def read_request(request: Any) -> ReadRequest:
    """A Converse request body (``messages``, ``system``) or its messages list."""
    reading = Reading("bedrock")
    form, entries, body = body_list(reading, request, "messages")
    messages = []
    for index, entry in enumerate(entries):
        path = at_index("messages", index)
        message = reading.dict_at(entry, path)
        if message is None:
            continue
        role = reading.role(message.get("role"), at_key(path, "role"), _ROLES)
        if role is None:
            continue
        content_path = at_key(path, "content")
        served = _served(message.get("content"))
        parts = [
            _part(reading, block, at_index(content_path, position), served)
            for position, block in enumerate(reading.list_at(message.get("content"), content_path))
        ]
        messages.append(Message(path, role, tuple(parts), message))
    system: list[Part] = [
        read_content(reading, block, at_index("system", index))
        for index, block in enumerate(reading.list_at(body.get("system"), "system"))
    ]
    return reading.request(form, "messages", messages, system, request)
