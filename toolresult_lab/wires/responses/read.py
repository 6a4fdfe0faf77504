"""The responses wire's readers: Responses input items, content parts and
``function_call_output`` items, as neutral parts (``ReadRequest``).
"""

from __future__ import annotations

from typing import Any, Final

from .._read import (
    MISSING,
    CallPart,
    ContentForm,
    ContentPart,
    DocumentPart,
    ImagePart,
    Message,
    OpaquePart,
    Part,
    Reading,
    ReadRequest,
    RequestForm,
    ResultPart,
    Role,
    TextPart,
    at_index,
    at_key,
    body_list,
    split_data_url,
)

_CALL_FIELDS: Final = ("type", "call_id", "name", "arguments")
_ROLES: Final[dict[str, Role]] = {
    "system": "system",
    "developer": "system",
    "user": "user",
    "assistant": "assistant",
}
_TEXTS: Final = ("input_text", "output_text")


def read_call(reading: Reading, item: dict[str, Any], path: str) -> CallPart:
    """A ``function_call`` item; ``extra``: its other fields (its own ``id``, ``status``)."""
    extra = {key: value for key, value in item.items() if key not in _CALL_FIELDS}
    return CallPart(
        path,
        reading.call_id(item.get("call_id"), at_key(path, "call_id")),
        reading.call_name(item.get("name"), at_key(path, "name")),
        reading.arguments(item.get("arguments"), path),
        extra,
    )


def _image(part: dict[str, Any], path: str) -> ContentPart:
    url = part.get("image_url")
    detail = part.get("detail")
    if isinstance(url, str):
        inline = split_data_url(url)
        if inline is not None:
            data_path = at_key(path, "image_url")
            return ImagePart(path, inline[0], inline[1], None, detail, data_path=data_path)
        return ImagePart(path, None, None, url, detail)
    file_id = part.get("file_id")
    return ImagePart(path, None, None, file_id if isinstance(file_id, str) else None, detail)


def _file(part: dict[str, Any], path: str) -> ContentPart:
    name = part.get("filename")
    named = name if isinstance(name, str) else None
    data = part.get("file_data")
    if isinstance(data, str):
        inline = split_data_url(data)
        data_path = at_key(path, "file_data")
        if inline is not None:
            return DocumentPart(path, inline[0], inline[1], None, named, data_path=data_path)
        return DocumentPart(path, None, data, None, named, data_path=data_path)
    url = part.get("file_url", part.get("file_id"))
    return DocumentPart(path, None, None, url if isinstance(url, str) else None, named)


def read_content(reading: Reading, part: Any, path: str) -> ContentPart:
    """One content part of a message item or of a ``function_call_output``."""
    found = reading.dict_at(part, path)
    if found is None:
        return OpaquePart(path, "responses", "(not an object)", part)
    kind = found.get("type")
    if kind in _TEXTS:
        return TextPart(path, reading.text_at(found.get("text"), at_key(path, "text")))
    if kind == "input_image":
        return _image(found, path)
    if kind == "input_file":
        return _file(found, path)
    reading.typed(found, path)
    return OpaquePart(path, "responses", kind if isinstance(kind, str) else "(no type)", found)


def _result(reading: Reading, item: dict[str, Any], path: str) -> ResultPart:
    output = item.get("output")
    output_path = at_key(path, "output")
    parts: list[ContentPart] = []
    if isinstance(output, str):
        parts.append(TextPart(output_path, output))
    else:
        for index, part in enumerate(reading.list_at(output, output_path)):
            parts.append(read_content(reading, part, at_index(output_path, index)))
    return ResultPart(
        path,
        reading.call_id(item.get("call_id"), at_key(path, "call_id")),
        None,
        False,
        tuple(parts),
        None,
        item,
    )


def read_block(block: Any) -> ResultPart:
    """A ``function_call_output`` item (paths from the item: ``output[2]``)."""
    reading = Reading("responses")
    found = reading.dict_at(block, "")
    return _result(reading, found if found is not None else {}, "")


def _message(reading: Reading, item: dict[str, Any], path: str) -> Message | None:
    role = reading.role(item.get("role"), at_key(path, "role"), _ROLES)
    if role is None:
        return None
    content = item.get("content")
    content_path = at_key(path, "content")
    if isinstance(content, str):
        return Message(path, role, (TextPart(content_path, content),), item, "string")
    parts: list[Part] = []
    for index, part in enumerate(reading.list_at(content, content_path)):
        at = at_index(content_path, index)
        if isinstance(part, dict) and part.get("type") == "function_call":
            parts.append(read_call(reading, part, at))
        else:
            parts.append(read_content(reading, part, at))
    form: ContentForm = "list" if content is not None else "none"
    return Message(path, role, tuple(parts), item, form)


def read_item(reading: Reading, entry: Any, path: str) -> Message | None:
    """One input item as a message: a ``message`` item by its role (also one without a
    ``type``), a ``function_call`` an assistant message holding the call, a
    ``function_call_output`` a tool message holding the result, anything else (reasoning,
    server-tool items) an assistant message holding it as an opaque part."""
    item = reading.dict_at(entry, path)
    if item is None:
        return None
    kind = item.get("type")
    if kind == "message" or (kind is None and "role" in item):
        return _message(reading, item, path)
    if kind == "function_call":
        reading.text_arguments(item.get("arguments"), path)
        return Message(path, "assistant", (read_call(reading, item, path),), item, "none")
    if kind == "function_call_output":
        return Message(path, "tool", (_result(reading, item, path),), item, "none")
    shown = kind if isinstance(kind, str) else "(no type)"
    return Message(path, "assistant", (OpaquePart(path, "responses", shown, item),), item, "none")


def read_request(request: Any) -> ReadRequest:
    """A Responses body (``input``: a string or items; ``instructions``,
    ``previous_response_id``) or its list of input items."""
    reading = Reading("responses")
    messages: list[Message] = []
    if isinstance(request, dict) and isinstance(request.get("input"), str):
        text = TextPart("input", request["input"])
        messages.append(Message("input", "user", (text,), request["input"], "string"))
        form: RequestForm = "body"
        body: dict[str, Any] = request
    elif isinstance(request, dict) and "input" not in request and "prompt" in request:
        # a stored prompt holds the input (openai-python 3.63.0: ResponseCreateParamsBase
        # types input as optional, prompt as "Reference to a prompt template", 2026-12-07)
        form, body = "body", request
    else:
        form, entries, body = body_list(reading, request, "input")
        for index, entry in enumerate(entries):
            message = read_item(reading, entry, at_index("input", index))
            if message is not None:
                messages.append(message)
    system: list[Part] = []
    instructions = body.get("instructions")
    if isinstance(instructions, str):
        system.append(TextPart("instructions", instructions))
    elif instructions is not None:
        for index, part in enumerate(reading.list_at(instructions, "instructions")):
            message = read_item(reading, part, at_index("instructions", index))
            if message is not None:
                system.extend(message.parts)
    previous = body.get("previous_response_id", MISSING)
    if previous is MISSING or previous is None:
        # a conversation holds earlier items on the server, as a previous response does
        previous = body.get("conversation", previous)
    return reading.request(form, "input", messages, system, request, previous)


def answerable_item_ids(read: ReadRequest) -> frozenset[str]:
    """The ``call_id`` of each input item that is no ``function_call`` (a
    ``tool_search_call``, ...): a ``function_call_output`` may answer any of them."""
    found = set()
    for message in read.messages:
        for part in message.parts:
            value = part.value if isinstance(part, OpaquePart) else None
            call_id = value.get("call_id") if isinstance(value, dict) else None
            if isinstance(call_id, str) and call_id:
                found.add(call_id)
    return frozenset(found)
