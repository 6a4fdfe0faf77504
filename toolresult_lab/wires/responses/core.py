"""responses: an OpenAI Responses ``function_call_output`` input item (no ``role``).

``output`` is the string form, unless an image (``image_input``) or a PDF
(``native_pdf``) is carried natively: then a list of parts in content order, every
other entry an ``input_text`` part.

The turn (SPEC 7): one ``function_call`` item per call (arguments as text; the item's
own ``fc_`` id is not echoed: without its reasoning item, reasoning models reject it),
then one ``function_call_output`` item per result.
"""

from __future__ import annotations

from typing import Any, Final, cast

from ...conversion.filenames import DEFAULT_PDF_NAME, pdf_filename
from ...conversion.items import BlobItem, Native
from ...conversion.steps import Conversion, Step
from .._common import IMAGE_MIMES, Converter, Source, WireFacts, exhausted
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
from .._turn import CallData, ReadCall, TurnShape, malformed, read_dict, read_list, with_extra
from .._write import RequestShape, data_url
from .blocks import (
    ResponsesFunctionCallOutput,
    ResponsesInputFile,
    ResponsesInputImage,
    ResponsesInputText,
)
from .shapes import (
    ResponsesBody,
    ResponsesContent,
    ResponsesFunctionCall,
    ResponsesImage,
    ResponsesItem,
)

#: Input items written, and the parts that had no form there.
_Written = tuple[list[ResponsesItem], list[ContentPart]]

#: One part of a list ``output``.
OutputPart = ResponsesInputText | ResponsesInputImage | ResponsesInputFile

FACTS: Final[WireFacts] = WireFacts(
    "responses",
    "OpenAI Responses function_call_output item",
    image_mimes=IMAGE_MIMES,
    carries_pdf=True,
    pdf_needs_vision=True,
    reads=frozenset({"image_input", "native_pdf"}),
    has_name_field=False,
    requires={"id": "call_id"},
)


class ResponsesConverter(Converter):
    """``{"type": "function_call_output", "call_id": id, "output": <string or parts>}``."""

    def native_data_path(self, media: str) -> str:
        return "image_url" if media == "image" else "file_data"

    def part_texts(self, step: Step) -> tuple[str, ...]:
        part = read_content(Reading("responses"), step.part, "")
        return (part.text,) if isinstance(part, TextPart) else ()

    def image_refusal(self) -> str | None:
        return self.option_off("image_input")

    def pdf_refusal(self) -> str | None:
        return self.option_off("native_pdf")

    def convert(self, data: Source) -> Conversion:
        steps: list[Step] = []
        any_native = False
        shared = data.shared  # aligned with the items
        for index, item in enumerate(data.items):
            decision = self.left_out(data, index) or shared[index] or self.decide(item)
            if isinstance(decision, Native) and isinstance(item, BlobItem):
                any_native = True
                steps.append(_native_step(item, decision))
            elif isinstance(decision, Step):
                steps.append(decision)
        if not any_native:
            text, notes, content_note = self.joined(steps, data)
            return Conversion(_output(data.id, text), steps, notes, content_note)
        steps = [
            step
            if step.native is not None or step.part is None
            else Step(_input_text(step.part), step.outcome, step.reason)
            for step in steps
        ]
        parts = [step.part for step in steps if step.part is not None]
        return Conversion(_output(data.id, parts), steps, self.notes(data, True))


def _output(call_id: str, output: str | list[OutputPart]) -> ResponsesFunctionCallOutput:
    return {"type": "function_call_output", "call_id": call_id, "output": output}


def _input_text(text: str) -> ResponsesInputText:
    return {"type": "input_text", "text": text}


def _native_step(item: BlobItem, native: Native) -> Step:
    url = f"data:{native.mime};base64,{native.data}"
    if native.media == "image":
        image: ResponsesInputImage = {"type": "input_image", "image_url": url}
        return Step(image, "native", "image sent as input_image", native)
    file: ResponsesInputFile = {
        "type": "input_file",
        "filename": pdf_filename(item.uri),
        "file_data": url,
    }
    return Step(file, "native", "PDF sent as input_file", native)


class ResponsesTurn(TurnShape):
    """Echo ``{"type": "function_call", "call_id", "name", "arguments"}`` items; results
    one ``function_call_output`` item each."""

    def echo(self, calls: list[CallData]) -> list[ResponsesFunctionCall]:
        items: list[ResponsesFunctionCall] = []
        for call in calls:
            item: ResponsesFunctionCall = {
                "type": "function_call",
                "call_id": call.id,
                "name": call.name,
                "arguments": call.argtext,
            }
            # the caller's ToolCall.extra["responses"] fields join it: JSON the caller typed
            items.append(cast(ResponsesFunctionCall, with_extra(dict(item), call, "responses")))
        return items

    def results(self, blocks: list[Any]) -> list[ResponsesFunctionCallOutput]:
        return list(blocks)

    def read(self, message: Any) -> list[ReadCall]:
        """A Response (its ``output``) or a list of output items; ``function_call`` items
        at the top level or inside a ``message`` item's content; all others skipped."""
        where = ""
        if isinstance(message, dict):
            if "output" not in message:
                raise malformed("responses", "message", "expected a Response (with output)")
            message = message["output"]
            where = "output"
        elif not isinstance(message, list):
            raise malformed("responses", "message", "expected a Response or a list of items")
        reading = Reading("responses")
        calls: list[ReadCall] = []
        for index, item in enumerate(read_list(message, "responses", where or "items")):
            at = f"{where}[{index}]"
            item = read_dict(item, "responses", at)
            kind = item.get("type")
            found: list[CallPart] = []
            if kind == "function_call":
                found.append(read_call(reading, item, at))
            elif kind == "message":
                content = read_list(item.get("content"), "responses", at + ".content")
                for inner, part in enumerate(content):
                    part_at = f"{at}.content[{inner}]"
                    if read_dict(part, "responses", part_at).get("type") == "function_call":
                        found.append(read_call(reading, part, part_at))
            reading.raise_first()
            calls.extend(
                [ReadCall(call.path, call.id or "", call.name, call.arguments) for call in found]
            )
        return calls


TURN: Final[TurnShape] = ResponsesTurn(
    "responses",
    results_zone="later",
    results_where="a function_call_output later in input",
    needs_call_ids=True,
)


# ------------------------------------------------------------------------------------------
# Reading Responses shapes
# ------------------------------------------------------------------------------------------

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


# ------------------------------------------------------------------------------------------
# Writing a whole request (SPEC 9)
# ------------------------------------------------------------------------------------------


class ResponsesRequest(RequestShape):
    """User messages as a string or ``input_text`` / ``input_image`` / ``input_file`` parts;
    the assistant's text as a message item and its other items (reasoning, ...) in place,
    before its ``function_call`` items; ``instructions`` beside ``input``."""

    def user(self, parts: list[ContentPart]) -> _Written:
        if len(parts) == 1 and isinstance(parts[0], TextPart):
            return [{"role": "user", "content": parts[0].text}], []
        content: list[ResponsesContent] = []
        lost: list[ContentPart] = []
        for part in parts:
            media = (getattr(part, "mime", None) or "").lower()
            if isinstance(part, TextPart):
                content.append({"type": "input_text", "text": part.text})
            elif isinstance(part, DocumentPart) and media.startswith(("audio/", "video/")):
                lost.append(part)  # an input_file of audio or video is refused (a Loss)
            elif isinstance(part, ImagePart):
                # a part without data has its URL (the reader's)
                url = data_url(part.mime, part.data) if part.data is not None else part.url
                # the SDK's ResponseInputImageParam requires detail; "auto" is the default
                detail = part.detail if part.detail is not None else "auto"
                image: ResponsesImage = {
                    "type": "input_image",
                    "image_url": cast(str, url),
                    "detail": detail,
                }
                content.append(image)
            elif isinstance(part, DocumentPart):
                if part.data is None:
                    content.append({"type": "input_file", "file_url": cast(str, part.url)})
                else:
                    name = part.name or DEFAULT_PDF_NAME
                    data = data_url(part.mime, part.data)
                    content.append({"type": "input_file", "filename": name, "file_data": data})
            elif isinstance(part, OpaquePart):
                content.append(part.value)
            else:
                exhausted(part)
        if not content:
            return [], lost
        return [{"role": "user", "content": content}], lost

    def assistant(self, parts: list[ContentPart], echo: list[Any]) -> _Written:
        items: list[ResponsesItem] = []
        lost: list[ContentPart] = []
        for part in parts:
            if isinstance(part, OpaquePart):
                items.append(part.value)
            elif isinstance(part, TextPart):
                items.append({"role": "assistant", "content": part.text})
            elif isinstance(part, (ImagePart, DocumentPart)):
                lost.append(part)
            else:
                exhausted(part)
        return items + echo, lost

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        body: ResponsesBody = {"input": messages}
        if system is not None:
            body = {"instructions": system, "input": messages}
        return cast(dict[str, Any], body)  # JSON from here: settings and lint edit it


REQUEST: Final[RequestShape] = ResponsesRequest("responses")
