"""ollama: a ``tool`` message keyed by tool name; ``tool_call_id`` only when there is one.

The turn (SPEC 7): one assistant message whose ``tool_calls`` echo the calls (arguments
as an object, ``id`` only when there is one), then one ``tool`` message per result; with
``hoist_images``, the images the tool messages could only name follow in one user
message's ``images``.
"""

from __future__ import annotations

from typing import Any, Final, cast

from ...conversion.steps import Conversion
from .._common import Converter, Source, WireFacts
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
    CallData,
    ReadCall,
    TurnShape,
    function_calls,
    read_dict,
    read_function_calls,
    with_extra,
)
from .._write import RequestShape, TextOnlyShape
from .blocks import OllamaToolMessage
from .shapes import (
    OllamaAssistantMessage,
    OllamaBody,
    OllamaMessage,
    OllamaToolCall,
    OllamaUserMessage,
)

#: Messages written, and the parts that had no form there.
_Written = tuple[list[OllamaMessage], list[ContentPart]]

#: The key of an assistant message's calls.
_CALLS: Final = "tool_calls"

FACTS: Final[WireFacts] = WireFacts("ollama", "Ollama tool message")


class OllamaConverter(Converter):
    """``{"role": "tool", "tool_name": name, "tool_call_id": id, "content": <string form>}``."""

    def hoists_images(self) -> bool:
        return True

    def convert(self, data: Source) -> Conversion:
        content, steps, notes, content_note = self.string_form(data)
        block: OllamaToolMessage
        if data.id:  # keys in the order SPEC 4 writes them
            block = {
                "role": "tool",
                "tool_name": data.name,
                "tool_call_id": data.id,
                "content": content,
            }
        else:
            block = {"role": "tool", "tool_name": data.name, "content": content}
        return Conversion(block, steps, notes, content_note)


class OllamaTurn(TurnShape):
    """Echo ``{"role": "assistant", "content": "", "tool_calls": [...]}``; results one
    ``tool`` message each; hoisted images in one user message's ``images``."""

    def echo(self, calls: list[CallData]) -> list[OllamaAssistantMessage]:
        tool_calls: list[OllamaToolCall] = []
        for call in calls:
            entry: OllamaToolCall = {
                "function": {"name": call.name, "arguments": call.fresh_args()}
            }
            if call.id:
                entry["id"] = call.id
            # the caller's ToolCall.extra["ollama"] fields join it: JSON the caller typed
            tool_calls.append(cast(OllamaToolCall, with_extra(dict(entry), call, "ollama")))
        return [{"role": "assistant", "content": "", "tool_calls": tool_calls}]

    def results(self, blocks: list[Any]) -> list[OllamaToolMessage]:
        return list(blocks)

    def hoisted(self, text: str, images: list[tuple[str, str]]) -> OllamaUserMessage:
        return {"role": "user", "content": text, "images": [data for _, data in images]}

    def read(self, message: Any) -> list[ReadCall]:
        """An assistant message, or a chat response (its ``message``)."""
        where = ""
        if isinstance(message, dict) and "message" in message:
            message = message["message"]
            where = "message."
        message = read_dict(message, "ollama", where.rstrip(".") or "message")
        return read_function_calls(message, "ollama", where, _CALLS)


TURN: Final[TurnShape] = OllamaTurn(
    "ollama", results_zone="later", results_where="a tool message after it", hoists=True
)


# ------------------------------------------------------------------------------------------
# Reading Ollama chat shapes
# ------------------------------------------------------------------------------------------

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
            parts.extend(function_calls(reading, message, path, _CALLS))
        messages.append(Message(path, role, tuple(parts), message, content_form))
    return reading.request(form, "messages", messages, [], request)


# ------------------------------------------------------------------------------------------
# Writing a whole request (SPEC 9)
# ------------------------------------------------------------------------------------------


class OllamaRequest(TextOnlyShape):
    """Text as ``content``, inline images as ``images`` (base64), an assistant's thinking
    as its ``thinking``; system as the first message."""

    def user(self, parts: list[ContentPart]) -> _Written:
        text, others = self.joined(parts)
        message: OllamaUserMessage = {"role": "user", "content": text}
        images = [p.data for p in others if isinstance(p, ImagePart) and p.data is not None]
        if images:
            message["images"] = images
        lost = [p for p in others if not (isinstance(p, ImagePart) and p.data is not None)]
        return [message], lost

    def assistant(self, parts: list[ContentPart], echo: list[Any]) -> _Written:
        text, others = self.joined(parts)
        thinking = [p for p in others if isinstance(p, OpaquePart) and p.kind == "thinking"]
        lost = [p for p in others if p not in thinking]
        first: OllamaAssistantMessage = {"role": "assistant", "content": text}
        if echo:
            first = cast(OllamaAssistantMessage, dict(echo[0]))  # the echo is TURN.echo's
        if parts:
            first["content"] = text
        if thinking:
            first["thinking"] = thinking[0].value
        return [first, *echo[1:]], lost

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        typed: list[OllamaMessage] = messages
        if system is not None:
            typed = [{"role": "system", "content": system}, *messages]
        body: OllamaBody = {"messages": typed}
        return cast(dict[str, Any], body)  # JSON from here: settings and lint edit it


REQUEST: Final[RequestShape] = OllamaRequest("ollama")
