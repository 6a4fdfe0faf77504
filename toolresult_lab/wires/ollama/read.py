"""The ollama wire's readers: Ollama chat messages and ``tool`` messages, as neutral parts
(``ReadRequest``).
"""

from __future__ import annotations

from typing import Any, Final

from .._read import (
    ContentForm,
    ContentPart,
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
from .._turn import (
    function_calls,
)

#: The key of an assistant message's calls.
CALLS: Final = "tool_calls"

_ROLES: Final[dict[str, Role]] = {
    "system": "system",
    "user": "user",
    "assistant": "assistant",
    "tool": "tool",
}


def _content(
    reading: Reading, message: dict[str, Any], path: str
) -> tuple[list[ContentPart], ContentForm]:
    """The ``content`` text, then the ``images`` (base64 without a declared MIME)."""
    parts: list[ContentPart] = []
    content = message.get("content")
    form: ContentForm = "none"
    if content is not None:
        content_path = at_key(path, "content")
        parts.append(TextPart(content_path, reading.text_at(content, content_path)))
        form = "string"
    images_path = at_key(path, "images")
    for index, image in enumerate(reading.list_at(message.get("images"), images_path)):
        at = at_index(images_path, index)
        parts.append(ImagePart(at, None, reading.text_at(image, at), data_path=at))
    thinking = message.get("thinking")
    if thinking is not None:
        parts.append(OpaquePart(at_key(path, "thinking"), "ollama", "thinking", thinking))
    return parts, form


def _result(reading: Reading, message: dict[str, Any], path: str) -> ResultPart:
    parts, _ = _content(reading, message, path)
    return ResultPart(
        path,
        reading.call_id(message.get("tool_call_id"), at_key(path, "tool_call_id")),
        reading.optional_text(message.get("tool_name"), at_key(path, "tool_name")),
        False,
        tuple(parts),
        None,
        message,
    )


def read_block(block: Any) -> ResultPart:
    """A ``tool`` message (paths from the message: ``content``)."""
    reading = Reading("ollama")
    found = reading.dict_at(block, "")
    return _result(reading, found if found is not None else {}, "")


def read_request(request: Any) -> ReadRequest:
    """An ``/api/chat`` body (``messages``) or its messages list."""
    reading = Reading("ollama")
    form, entries, _ = body_list(reading, request, "messages")
    messages = []
    for index, entry in enumerate(entries):
        path = at_index("messages", index)
        message = reading.dict_at(entry, path)
        if message is None:
            continue
        role = reading.role(message.get("role"), at_key(path, "role"), _ROLES)
        if role is None:
            continue
        if role == "tool":
            result = _result(reading, message, path)
            messages.append(Message(path, role, (result,), message, "string"))
            continue
        content, content_form = _content(reading, message, path)
        parts: list[Part] = list(content)
        if role == "assistant":
            parts.extend(function_calls(reading, message, path, CALLS))
        messages.append(Message(path, role, tuple(parts), message, content_form))
    return reading.request(form, "messages", messages, [], request)
