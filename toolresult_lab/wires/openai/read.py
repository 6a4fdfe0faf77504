"""The openai wire's readers: Chat Completions messages, content parts and ``tool``
messages, as neutral parts (``ReadRequest``).
"""

from __future__ import annotations

from typing import Any, Final

from .._read import (
    ContentForm,
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
    split_data_url,
)
from .._turn import (
    function_calls,
)

#: The key of an assistant message's calls.
CALLS: Final = "tool_calls"

_ROLES: Final[dict[str, Role]] = {
    "system": "system",
    "developer": "system",
    "user": "user",
    "assistant": "assistant",
    "tool": "tool",
}


def _image(reading: Reading, part: dict[str, Any], path: str) -> ContentPart:
    """An ``image_url`` part: a ``data:`` URL split into MIME and base64, else a URL."""
    image_path = at_key(path, "image_url")
    image = reading.dict_at(part.get("image_url"), image_path) or {}
    url_path = at_key(image_path, "url")
    url = reading.text_at(image.get("url"), url_path)
    detail = image.get("detail")
    inline = split_data_url(url)
    if inline is not None:
        return ImagePart(path, inline[0], inline[1], None, detail, data_path=url_path)
    return ImagePart(path, None, None, url, detail)


def _file(reading: Reading, part: dict[str, Any], path: str) -> ContentPart:
    """A ``file`` part: inline ``file_data`` (a ``data:`` URL) or a ``file_id``."""
    file_path = at_key(path, "file")
    found = reading.dict_at(part.get("file"), file_path) or {}
    name = found.get("filename")
    named = name if isinstance(name, str) else None
    data = found.get("file_data")
    if isinstance(data, str):
        inline = split_data_url(data)
        data_path = at_key(file_path, "file_data")
        if inline is not None:
            return DocumentPart(path, inline[0], inline[1], None, named, data_path=data_path)
        return DocumentPart(path, None, data, None, named, data_path=data_path)
    file_id = found.get("file_id")
    return DocumentPart(path, None, None, file_id if isinstance(file_id, str) else None, named)


def read_content(reading: Reading, part: Any, path: str) -> ContentPart:
    """One content part of a message."""
    found = reading.dict_at(part, path)
    if found is None:
        return OpaquePart(path, "openai", "(not an object)", part)
    kind = found.get("type")
    if kind == "text":
        return TextPart(path, reading.text_at(found.get("text"), at_key(path, "text")))
    if kind == "image_url":
        return _image(reading, found, path)
    if kind == "file":
        return _file(reading, found, path)
    reading.typed(found, path)
    return OpaquePart(path, "openai", kind if isinstance(kind, str) else "(no type)", found)


def _content(
    reading: Reading, message: dict[str, Any], path: str
) -> tuple[list[ContentPart], ContentForm]:
    content = message.get("content")
    content_path = at_key(path, "content")
    if isinstance(content, str):
        return [TextPart(content_path, content)], "string"
    if content is None:
        return [], "none"
    parts = [
        read_content(reading, part, at_index(content_path, index))
        for index, part in enumerate(reading.list_at(content, content_path))
    ]
    return parts, "list"


def _result(reading: Reading, message: dict[str, Any], path: str) -> ResultPart:
    parts, _ = _content(reading, message, path)
    return ResultPart(
        path,
        reading.call_id(message.get("tool_call_id"), at_key(path, "tool_call_id")),
        None,
        False,
        tuple(parts),
        None,
        message,
    )


def read_block(block: Any) -> ResultPart:
    """A ``tool`` message (paths from the message: ``content``)."""
    reading = Reading("openai")
    found = reading.dict_at(block, "")
    return _result(reading, found if found is not None else {}, "")


def read_message(reading: Reading, entry: Any, path: str) -> Message | None:
    """One chat message; ``None`` (and a problem) when it is not one."""
    message = reading.dict_at(entry, path)
    if message is None:
        return None
    role = reading.role(message.get("role"), at_key(path, "role"), _ROLES)
    if role is None:
        return None
    if role == "tool":
        form: ContentForm = "string" if isinstance(message.get("content"), str) else "list"
        return Message(path, role, (_result(reading, message, path),), message, form)
    content, form = _content(reading, message, path)
    parts: list[Part] = list(content)
    if role == "assistant":
        calls = function_calls(reading, message, path, CALLS)
        for call in calls:  # Chat Completions takes arguments as JSON text only
            reading.text_arguments(call.arguments, at_key(call.path, "function"))
        parts.extend(calls)
    return Message(path, role, tuple(parts), message, form)


def read_request(request: Any) -> ReadRequest:
    """A Chat Completions body (``messages``) or its messages list."""
    reading = Reading("openai")
    form, entries, _ = body_list(reading, request, "messages")
    messages = []
    for index, entry in enumerate(entries):
        message = read_message(reading, entry, at_index("messages", index))
        if message is not None:
            messages.append(message)
    return reading.request(form, "messages", messages, [], request)
