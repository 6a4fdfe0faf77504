"""openai: a Chat Completions ``tool`` message; everything travels as one string.

The turn (SPEC 7): one assistant message whose ``tool_calls`` echo the calls (arguments
as text), then one ``tool`` message per result; with ``hoist_images``, the images the
tool messages could only name follow in one user message.
"""

from __future__ import annotations

from typing import Any, Final, cast

from ...conversion.filenames import DEFAULT_PDF_NAME
from ...conversion.steps import Conversion
from .._common import Converter, Source, WireFacts, exhausted
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
    CallData,
    ReadCall,
    TurnShape,
    function_calls,
    read_dict,
    read_function_calls,
    read_list,
    with_extra,
)
from .._write import RequestShape, TextOnlyShape, data_url
from .blocks import OpenAIToolMessage
from .shapes import (
    OpenAIAssistantMessage,
    OpenAIBody,
    OpenAIContentPart,
    OpenAIImageURL,
    OpenAIMessage,
    OpenAIToolCall,
    OpenAIUserMessage,
)

#: The key of an assistant message's calls.
_CALLS: Final = "tool_calls"

FACTS: Final[WireFacts] = WireFacts(
    "openai",
    "OpenAI Chat Completions tool message",
    has_name_field=False,
    requires={"id": "tool_call_id"},
)


class OpenAIConverter(Converter):
    """``{"role": "tool", "tool_call_id": id, "content": <string form>}``."""

    def hoists_images(self) -> bool:
        return True

    def convert(self, data: Source) -> Conversion:
        content, steps, notes, content_note = self.string_form(data)
        block: OpenAIToolMessage = {"role": "tool", "tool_call_id": data.id, "content": content}
        return Conversion(block, steps, notes, content_note)


class OpenAITurn(TurnShape):
    """Echo ``{"role": "assistant", "content": None, "tool_calls": [...]}``; results one
    ``tool`` message each; hoisted images as ``image_url`` parts of one user message."""

    def echo(self, calls: list[CallData]) -> list[OpenAIAssistantMessage]:
        tool_calls: list[OpenAIToolCall] = []
        for call in calls:
            entry: OpenAIToolCall = {
                "id": call.id,
                "type": "function",
                "function": {"name": call.name, "arguments": call.argtext},
            }
            # the caller's ToolCall.extra["openai"] fields join it: JSON the caller typed
            tool_calls.append(cast(OpenAIToolCall, with_extra(dict(entry), call, "openai")))
        return [{"role": "assistant", "content": None, "tool_calls": tool_calls}]

    def results(self, blocks: list[Any]) -> list[OpenAIToolMessage]:
        return list(blocks)

    def hoisted(self, text: str, images: list[tuple[str, str]]) -> OpenAIUserMessage:
        content: list[OpenAIContentPart] = [{"type": "text", "text": text}]
        for mime, data in images:
            url: OpenAIImageURL = {"url": f"data:{mime};base64,{data}"}
            content.append({"type": "image_url", "image_url": url})
        return {"role": "user", "content": content}

    def read(self, message: Any) -> list[ReadCall]:
        """An assistant message, or a ChatCompletion (its first choice's message)."""
        where = ""
        if isinstance(message, dict) and "choices" in message:
            choices = read_list(message["choices"], "openai", "choices")
            if not choices:
                return []
            message = read_dict(choices[0], "openai", "choices[0]").get("message")
            where = "choices[0].message."
        message = read_dict(message, "openai", where.rstrip(".") or "message")
        return read_function_calls(message, "openai", where, _CALLS)


TURN: Final[TurnShape] = OpenAITurn(
    "openai",
    results_zone="run",
    results_where="a tool message directly after the assistant message",
    needs_call_ids=True,
    hoists=True,
)


# ------------------------------------------------------------------------------------------
# Reading Chat Completions shapes
# ------------------------------------------------------------------------------------------

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
        calls = function_calls(reading, message, path, _CALLS)
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


# ------------------------------------------------------------------------------------------
# Writing a whole request (SPEC 9)
# ------------------------------------------------------------------------------------------


class OpenAIRequest(TextOnlyShape):
    """User content as a string or ``text`` / ``image_url`` / ``file`` parts; the assistant's
    text as its message's ``content``; system as the first message."""

    def user(self, parts: list[ContentPart]) -> tuple[list[OpenAIMessage], list[ContentPart]]:
        if len(parts) == 1 and isinstance(parts[0], TextPart):
            return [{"role": "user", "content": parts[0].text}], []
        content: list[OpenAIContentPart] = []
        lost: list[ContentPart] = []
        for part in parts:
            if isinstance(part, TextPart):
                content.append({"type": "text", "text": part.text})
            elif isinstance(part, ImagePart):
                url = data_url(part.mime, part.data) if part.data is not None else part.url
                # a URL or data is what makes an ImagePart (the reader's)
                image: OpenAIImageURL = {"url": cast(str, url)}
                if part.detail is not None:
                    image["detail"] = cast(Any, part.detail)  # as read: lint checks it
                content.append({"type": "image_url", "image_url": image})
            elif isinstance(part, DocumentPart):
                if part.data is None:
                    lost.append(part)
                    continue
                name = part.name or DEFAULT_PDF_NAME
                file_data = data_url(part.mime, part.data)
                content.append({"type": "file", "file": {"filename": name, "file_data": file_data}})
            elif isinstance(part, OpaquePart):
                content.append(part.value)
            else:
                exhausted(part)
        return [{"role": "user", "content": content}], lost

    def joins_texts(self, role: str) -> bool:
        return role == "assistant"  # a user message holds text parts

    def assistant(
        self, parts: list[ContentPart], echo: list[Any]
    ) -> tuple[list[OpenAIMessage], list[ContentPart]]:
        text, lost = self.joined(parts)
        if not echo:
            return [{"role": "assistant", "content": text}], lost
        first = cast(OpenAIAssistantMessage, dict(echo[0]))  # the echo is TURN.echo's
        if parts:
            first["content"] = text
        return [first, *echo[1:]], lost

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        typed: list[OpenAIMessage] = messages
        if system is not None:
            typed = [{"role": "system", "content": system}, *messages]
        body: OpenAIBody = {"messages": typed}
        return cast(dict[str, Any], body)  # JSON from here: settings and lint edit it


REQUEST: Final[RequestShape] = OpenAIRequest("openai")
