"""bedrock: an Amazon Bedrock Converse ``toolResult`` content block (SPEC 10).

Entries go as ``{"text": ...}``, images (``image_input``) as ``{"image": {"format",
"source": {"bytes"}}}`` and PDFs (``native_pdf``) as ``{"document": {"format": "pdf",
"name", "source": {"bytes"}}}``, in the JSON form of the HTTP API (payload bytes as
base64 text; ``for_boto3`` decodes them for boto3). Structured content goes in
Bedrock's own ``{"json": ...}`` block where the entries would be empty.

Where SPEC 10 as written and Bedrock's real behaviour differ, the block Bedrock accepts
wins (docs/research/bedrock-sources.md): blank text is never a block; the ``json`` block
holds only an object (other values go as their JSON text); an error result is never
empty (Bedrock rejects ``content: []`` with ``status: error``); document names are
unique within a block and a turn, and a block carries at most five documents.

The turn: one assistant message of ``toolUse`` blocks, then one user message holding
every ``toolResult`` block; every call needs an id.
"""

from __future__ import annotations

import base64
from typing import Any, Final, cast

from ...conversion.encoding import clone, json_encode
from ...conversion.filenames import document_name, safe_document_name
from ...conversion.items import BlobItem, Native
from ...conversion.steps import Conversion, ResultNote, Step
from .._common import IMAGE_MIMES, Converter, Source, WireFacts, exhausted
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
from .._turn import CallData, ReadCall, TurnShape, malformed, read_dict, read_list, with_extra
from .._write import RequestShape
from .blocks import BedrockToolResult, BedrockToolResultBody
from .documents import (
    MAX_DOCUMENTS,
    DocumentNames,
    cap_documents,
    text_beside_documents,
    unique_documents,
    unique_in_request,
)
from .shapes import (
    BedrockBlock,
    BedrockBody,
    BedrockDocument,
    BedrockImage,
    BedrockImageFormat,
    BedrockMessage,
    BedrockToolUse,
    BedrockToolUseBlock,
)

#: Messages written, and the parts that had no form there.
_Written = tuple[list[BedrockMessage], list[ContentPart]]

FACTS: Final[WireFacts] = WireFacts(
    "bedrock",
    "Amazon Bedrock Converse toolResult block",
    image_mimes=IMAGE_MIMES,
    carries_pdf=True,
    pdf_needs_vision=False,
    reads=frozenset({"image_input", "native_pdf"}),
    has_name_field=False,
    has_error_field=True,
    requires={"id": "toolResult.toolUseId"},
)

#: Bedrock's image formats by MIME type (the ``ImageFormat`` enum, lower case).
IMAGE_FORMATS: Final[dict[str, BedrockImageFormat]] = {
    "image/png": "png",
    "image/jpeg": "jpeg",
    "image/gif": "gif",
    "image/webp": "webp",
}
#: What an error result with nothing else to send holds: Bedrock rejects an empty
#: ``content`` when ``status`` is ``error``.
ERROR_NOTE: Final = "[error]"

_BLANK: Final = "Bedrock rejects blank text blocks"
_TOO_MANY: Final = (
    f"Bedrock takes at most {MAX_DOCUMENTS} documents per request: PDF sent as placeholder"
)
_JSON: Final = ResultNote("content", "text", "no content: structured_content sent as a json block")
_JSON_TEXT: Final = ResultNote(
    "content",
    "text",
    "no content: structured_content is not an object (Bedrock's json block takes only"
    " an object), sent as JSON text",
)
_NOTHING: Final = ResultNote("content", "omitted", "no content and no structured_content: []")
_ERROR_ONLY: Final = ResultNote(
    "content",
    "placeholder",
    f"no content: Bedrock rejects an empty error result, so {ERROR_NOTE} is sent",
)


class BedrockConverter(Converter):
    """``{"toolResult": {"toolUseId": id, "content": [...], "status": "error"}}``."""

    def image_refusal(self) -> str | None:
        return self.option_off("image_input")

    def pdf_refusal(self) -> str | None:
        return self.option_off("native_pdf")

    def convert(self, data: Source) -> Conversion:
        shared = data.shared  # aligned with the items
        steps: list[Step] = []
        names = DocumentNames()  # a PDF's name unique within the block
        for index, item in enumerate(data.items):
            decision = self.left_out(data, index) or shared[index] or self.decide(item)
            if isinstance(decision, Native):
                assert isinstance(item, BlobItem)
                steps.append(self.native(item, decision, names))
            elif decision.part is None:  # left out (audience)
                steps.append(decision)
            elif not decision.part or decision.part.isspace():
                steps.append(Step(None, "omitted", f"{_BLANK} ({decision.reason})"))
            else:
                steps.append(Step({"text": decision.part}, decision.outcome, decision.reason))
        content: list[Any] = [step.part for step in steps if step.part is not None]
        notes: tuple[ResultNote, ...]
        content_note: ResultNote | None = None
        if content:
            notes = self.notes(data, True)
        else:
            content_note, content = _empty(data)
            notes = (content_note, *self.notes(data, False))
        body: BedrockToolResultBody = {"toolUseId": data.id, "content": content}
        if data.is_error:
            body["status"] = "error"
        block: BedrockToolResult = {"toolResult": body}
        return Conversion(block, steps, notes, content_note)

    def native_data_path(self, media: str) -> str:
        return "image.source.bytes" if media == "image" else "document.source.bytes"

    def part_texts(self, step: Step) -> tuple[str, ...]:
        """A ``{"text": ...}`` entry's text (the only object part sent as text)."""
        text = step.part.get("text")
        return (text,) if isinstance(text, str) else ()

    def native(self, item: BlobItem, native: Native, names: DocumentNames) -> Step:
        """An image or PDF in Bedrock's own block; a PDF's name unique within the block."""
        if native.media == "image":
            image = {"format": IMAGE_FORMATS[native.mime], "source": {"bytes": native.data}}
            return Step({"image": image}, "native", "image sent as an image block", native)
        if names.full():
            return Step({"text": item.text}, "placeholder", _TOO_MANY)
        name = names.take(document_name(item.uri), True)
        document = {"format": "pdf", "name": name, "source": {"bytes": native.data}}
        return Step({"document": document}, "native", "PDF sent as a document block", native)


def _empty(data: Source) -> tuple[ResultNote, list[Any]]:
    """What stands for no content: a json block (an object), JSON text (any other value),
    ``[]``, or for an error result the note :data:`ERROR_NOTE`."""
    structured = data.structured
    if isinstance(structured, dict):
        return _JSON, [{"json": clone(structured)}]
    if structured is not None:
        return _JSON_TEXT, [{"text": json_encode(structured)}]
    if data.is_error:
        return _ERROR_ONLY, [{"text": ERROR_NOTE}]
    return _NOTHING, []


#: The fields of Bedrock's ``ToolUseBlock`` (botocore rejects any other key as an unknown
#: parameter; the service model, botocore 1.44.8). ``ToolCall.extra["bedrock"]`` may hold
#: only these; the echo writes the first three itself, so only ``type`` adds anything.
TOOL_USE_FIELDS: Final = ("toolUseId", "name", "input", "type")
#: The ``ToolUseType`` enum.
TOOL_USE_TYPES: Final = ("server_tool_use",)


class BedrockTurn(TurnShape):
    """Echo ``{"role": "assistant", "content": [{"toolUse": ...}, ...]}``; results
    ``{"role": "user", "content": [toolResult, ...]}`` with document names unique."""

    def echo(self, calls: list[CallData]) -> list[BedrockMessage]:
        uses: list[BedrockBlock] = []
        for call in calls:
            use: BedrockToolUse = {
                "toolUseId": call.id,
                "name": call.name,
                "input": call.fresh_args(),
            }
            # the caller's ToolCall.extra["bedrock"] fields join it (check_extra's)
            block: BedrockToolUseBlock = {
                "toolUse": cast(BedrockToolUse, with_extra(dict(use), call, "bedrock"))
            }
            uses.append(block)
        return [{"role": "assistant", "content": uses}]

    def results(self, blocks: list[Any]) -> list[BedrockMessage]:
        return [{"role": "user", "content": unique_documents(blocks)}]

    def check_extra(self, fields: dict[str, Any]) -> None:
        """Only :data:`TOOL_USE_FIELDS`; a ``type`` from the ``ToolUseType`` enum."""
        for key, value in fields.items():
            where = f"ToolCall.extra['bedrock'][{key!r}]"
            if key not in TOOL_USE_FIELDS:
                allowed = ", ".join(TOOL_USE_FIELDS)
                raise ValueError(f"{where}: not a ToolUseBlock field (allowed: {allowed})")
            if key == "type" and value not in TOOL_USE_TYPES:
                raise ValueError(f"{where} must be one of: {', '.join(TOOL_USE_TYPES)}")

    def read(self, message: Any) -> list[ReadCall]:
        """A Converse response (``output.message``), a message, or its content list."""
        where = ""
        if isinstance(message, dict) and "output" in message:
            output = read_dict(message["output"], "bedrock", "output")
            message = read_dict(output.get("message"), "bedrock", "output.message")
            where = "output.message."
        if isinstance(message, dict):
            content = read_list(message.get("content"), "bedrock", where + "content")
            where += "content"
        elif isinstance(message, list):
            content = message
            where = "content"
        else:
            raise malformed("bedrock", "message", "expected a response, a message or a list")
        reading = Reading("bedrock")
        calls = []
        for index, block in enumerate(content):
            at = f"{where}[{index}]"
            block = read_dict(block, "bedrock", at)
            if "toolUse" not in block:
                continue  # text, reasoning, citations
            use = read_dict(block["toolUse"], "bedrock", at + ".toolUse")
            call = read_call(reading, use, at)
            reading.raise_first()
            calls.append(ReadCall(at, call.id or "", call.name, call.arguments))
        return calls


TURN: Final[TurnShape] = BedrockTurn(
    "bedrock",
    results_zone="next",
    results_where="a toolResult in the very next message, a user message",
    needs_call_ids=True,
    results_first=True,
)


# ------------------------------------------------------------------------------------------
# Reading bedrock's shapes
# ------------------------------------------------------------------------------------------

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


# ------------------------------------------------------------------------------------------
# Writing a whole request (SPEC 9)
# ------------------------------------------------------------------------------------------


def _user_name(name: str | None) -> str:
    """A document name Bedrock takes from a neutral document's name (its extension
    dropped, as :func:`filenames.document_name` does for a URI's file name)."""
    given = name or ""
    dot = given.rfind(".")
    return safe_document_name(given[:dot] if dot > 0 else given)


def _blocks(message: dict[str, Any]) -> list[Any]:
    """A message's content as a list of blocks (a string as one text block)."""
    content = message.get("content")
    if isinstance(content, str):
        return [{"text": content}]
    return list(content) if isinstance(content, list) else []


class BedrockRequest(RequestShape):
    """``text`` / ``image`` / PDF ``document`` blocks (images and documents only in user
    messages, as Bedrock takes them); the assistant's blocks before its ``toolUse``
    blocks; ``system`` a list of text blocks beside ``messages``; every document name
    unique in the request; past :data:`MAX_DOCUMENTS` documents in it, each later one as
    its placeholder text (``cap_documents``, which the writer calls and reports)."""

    alternating = True

    def one_per_role(self, messages: list[Any]) -> tuple[list[Any], list[str]]:
        """Consecutive messages of one role as one, their blocks in order (a tool's results
        and the user's next words, two assistant messages); a string content is one text
        block."""
        out: list[Any] = []
        joined: list[str] = []
        for message in messages:
            last = out[-1] if out else None
            if isinstance(last, dict) and last.get("role") == message.get("role"):
                out[-1] = {**last, "content": [*_blocks(last), *_blocks(message)]}
                joined.append(str(message.get("role")))
            else:
                out.append(message)
        return out, joined

    def blocks(
        self, parts: list[ContentPart], media: bool
    ) -> tuple[list[BedrockBlock], list[ContentPart]]:
        out: list[BedrockBlock] = []
        lost: list[ContentPart] = []
        for part in parts:
            if isinstance(part, TextPart):
                if part.text.strip():  # Bedrock rejects blank text; nothing is lost
                    out.append({"text": part.text})
            elif isinstance(part, ImagePart):
                mime = (part.mime or "").lower()
                if media and part.data and mime in IMAGE_FORMATS:
                    image: BedrockImage = {
                        "format": IMAGE_FORMATS[mime],
                        "source": {"bytes": part.data},
                    }
                    out.append({"image": image})
                else:
                    lost.append(part)
            elif isinstance(part, DocumentPart):
                if media and part.data and (part.mime or "").lower() == "application/pdf":
                    name = _user_name(part.name)
                    document: BedrockDocument = {
                        "format": "pdf",
                        "name": name,
                        "source": {"bytes": part.data},
                    }
                    out.append({"document": document})
                else:
                    lost.append(part)
            elif isinstance(part, OpaquePart):
                if part.wire == "bedrock":
                    out.append(clone(part.value))  # the names may be made unique in place
                else:
                    lost.append(part)
            else:
                exhausted(part)
        return out, lost

    def user(self, parts: list[ContentPart]) -> _Written:
        content, lost = self.blocks(parts, True)
        return [{"role": "user", "content": content}], lost

    def assistant(self, parts: list[ContentPart], echo: list[Any]) -> _Written:
        content, lost = self.blocks(parts, False)
        if not echo:
            return [{"role": "assistant", "content": content}], lost
        first = cast(BedrockMessage, dict(echo[0]))  # the echo is TURN.echo's
        first["content"] = content + first["content"]
        return [first, *echo[1:]], lost

    def max_documents(self) -> int | None:
        return MAX_DOCUMENTS

    def is_document_block(self, block: Any) -> bool:
        return isinstance(block, dict) and "document" in block

    def cap_documents(self, messages: list[Any], keep: int) -> None:
        cap_documents(messages, keep)

    def documents_note(self) -> str:
        return _TOO_MANY_SENT

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        unique_in_request(messages)
        text_beside_documents(messages)
        body: BedrockBody = {"messages": messages}
        if system is not None:
            body = {"system": [{"text": system}], "messages": messages}
        return cast(dict[str, Any], body)  # JSON from here: settings and lint edit it


_TOO_MANY_SENT: Final = (
    f"Bedrock takes at most {MAX_DOCUMENTS} documents per request: sent as its placeholder"
)


REQUEST: Final[RequestShape] = BedrockRequest("bedrock")
