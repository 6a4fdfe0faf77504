"""gemini: a ``functionResponse`` part; native images and PDFs ride in its ``parts``.

``response`` is ``structured_content`` when that is an object (the entries that would
be text are then not sent, and the steps say so), else ``{"result": <string form of
the entries left>}``. Images need ``image_input`` and are not GIF; PDFs need
``native_pdf``.

The turn (SPEC 7): one ``model`` message of ``functionCall`` parts (a call's
``thoughtSignature`` rides on its part), then one ``user`` message holding every
``functionResponse`` part.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any, Final, cast

from ...conversion.b64 import FROM_URLSAFE, is_canonical
from ...conversion.encoding import clone
from ...conversion.items import Native
from ...conversion.steps import Conversion, ResultNote, Step
from .._common import IMAGE_MIMES, Converter, Source, WireFacts, empty_content, exhausted
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
from .blocks import GeminiFunctionResponse, GeminiFunctionResponsePart, GeminiInlinePart
from .shapes import (
    GeminiBlob,
    GeminiBody,
    GeminiCallPart,
    GeminiContent,
    GeminiFileData,
    GeminiFunctionCall,
    GeminiPart,
)
from .signatures import SIGNATURE_FIELD, sign_steps
from .spelling import field_of, spelled

#: Contents written, and the parts that had no form there.
_Written = tuple[list[GeminiContent], list[ContentPart]]

FACTS: Final[WireFacts] = WireFacts(
    "gemini",
    "Gemini functionResponse part",
    image_mimes=IMAGE_MIMES - {"image/gif"},
    carries_pdf=True,
    pdf_needs_vision=True,
    reads=frozenset({"image_input", "native_pdf"}),
    requires={"name": "functionResponse.name"},
)

_NATIVE_REASON: Final = {
    "image": "image sent in parts[].inlineData",
    "pdf": "PDF sent in parts[].inlineData",
}
_REPLACED: Final = "gemini sends structured_content as the response, so this is not sent"
_STRUCTURED_RESPONSE: Final = ResultNote(
    "structured_content",
    "passthrough",
    "gemini sends the structured_content object as the response",
)


class GeminiConverter(Converter):
    """``{"functionResponse": {"name", "id" (when non-empty), "response", "parts"}}``."""

    def image_refusal(self) -> str | None:
        return self.option_off("image_input")

    def native_data_path(self, media: str) -> str:
        return "inlineData.data"

    def pdf_refusal(self) -> str | None:
        return self.option_off("native_pdf")

    def convert(self, data: Source) -> Conversion:
        steps: list[Step] = []
        parts: list[GeminiInlinePart] = []
        texts: list[Step] = []
        structured = data.structured
        as_response = isinstance(structured, dict)
        shared = data.shared  # aligned with the items
        for index, item in enumerate(data.items):
            decision = self.left_out(data, index) or shared[index] or self.decide(item)
            if isinstance(decision, Native):
                part: GeminiInlinePart = {
                    "inlineData": {"mimeType": decision.mime, "data": decision.data}
                }
                parts.append(part)
                steps.append(Step(part, "native", _NATIVE_REASON[decision.media], decision))
            elif decision.part is None:  # left out (audience)
                steps.append(decision)
            elif as_response:
                reason = f"{_REPLACED} (as text: {decision.reason})"
                steps.append(Step(None, "omitted", reason))
            else:
                texts.append(decision)
                steps.append(decision)
        notes: tuple[ResultNote, ...]
        if as_response:
            response = clone(structured)
            notes = (_STRUCTURED_RESPONSE, *self.notes(data, False))
            content_note: ResultNote | None = _STRUCTURED_RESPONSE
        elif texts or not parts:
            text, notes, content_note = self.joined(texts, data)
            response = {"result": text}
        else:  # every entry went in parts: nothing is lost, the result text is the fallback
            response = {"result": empty_content(structured)[0]}
            notes = self.notes(data, False)
            content_note = None
        body: GeminiFunctionResponse
        if data.id:  # keys in the order SPEC 4 writes them
            body = {"name": data.name, "id": data.id, "response": response}
        else:
            body = {"name": data.name, "response": response}
        if parts:
            body["parts"] = parts
        block: GeminiFunctionResponsePart = {"functionResponse": body}
        return Conversion(block, steps, notes, content_note)


#: The Part fields ``ToolCall.extra["gemini"]`` may add beside a ``functionCall``: the
#: google-genai client rejects any key that is not a Part field, and a data field (text,
#: inlineData, ...) would give the part two kinds of data.
PART_FIELDS: Final = ("thought", SIGNATURE_FIELD, "partMetadata")


class GeminiTurn(TurnShape):
    """Echo ``{"role": "model", "parts": [{"functionCall": ...}, ...]}``; results
    ``{"role": "user", "parts": [functionResponse, ...]}``."""

    def echo(self, calls: list[CallData]) -> list[GeminiContent]:
        parts: list[GeminiPart] = []
        for call in calls:
            function_call: GeminiFunctionCall = {"name": call.name, "args": call.fresh_args()}
            if call.id:
                function_call["id"] = call.id
            # the caller's ToolCall.extra["gemini"] Part fields join it (check_extra's)
            part = with_extra({"functionCall": function_call}, call, "gemini")
            parts.append(cast(GeminiCallPart, part))
        return [{"role": "model", "parts": parts}]

    def results(self, blocks: list[Any]) -> list[GeminiContent]:
        return [{"role": "user", "parts": list(blocks)}]

    def check_extra(self, fields: dict[str, Any]) -> None:
        """Only :data:`PART_FIELDS`; a ``thoughtSignature`` is standard base64 text, as the
        REST API sends it (the client decodes it, and raises on anything else)."""
        for key, value in fields.items():
            where = f"ToolCall.extra['gemini'][{key!r}]"
            if key not in PART_FIELDS:
                allowed = ", ".join(PART_FIELDS)
                raise ValueError(f"{where}: not a Part field a call can carry (allowed: {allowed})")
            if key == SIGNATURE_FIELD:
                if not isinstance(value, str):
                    raise TypeError(
                        f"{where} must be standard base64 text (a str), not {type(value).__name__}"
                    )
                if not is_canonical(value):
                    raise ValueError(
                        f"{where} is not standard base64 text (as the Gemini REST API sends it)"
                    )
            elif key == "thought" and not isinstance(value, bool):
                raise TypeError(f"{where} must be a bool, not {type(value).__name__}")
            elif key == "partMetadata" and not isinstance(value, dict):
                raise TypeError(f"{where} must be a dict, not {type(value).__name__}")

    def read(self, message: Any) -> list[ReadCall]:
        """A ``Content``, a ``GenerateContentResponse`` (first candidate) or a parts list;
        camelCase and snake_case spellings alike."""
        where = ""
        if isinstance(message, dict) and "candidates" in message:
            candidates = read_list(message["candidates"], "gemini", "candidates")
            if not candidates:
                return []
            message = read_dict(candidates[0], "gemini", "candidates[0]").get("content")
            if message is None:
                return []
            where = "candidates[0].content."
        if isinstance(message, dict):
            parts = read_list(message.get("parts"), "gemini", where + "parts")
        elif isinstance(message, list):
            parts = message
        else:
            raise malformed("gemini", "message", "expected a Content, a response or a parts list")
        reading = Reading("gemini")
        calls = []
        for index, part in enumerate(parts):
            at = f"{where}parts[{index}]"
            part = read_dict(part, "gemini", at)
            if field_of(part, "functionCall") is None:
                continue  # text, thoughts, code execution
            call = read_call(reading, part, at)
            reading.raise_first()
            signature = call.extra.get(SIGNATURE_FIELD)
            extra = None if signature is None else {"gemini": {SIGNATURE_FIELD: signature}}
            calls.append(ReadCall(at, call.id or "", call.name, call.arguments, extra))
        return calls


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


TURN: Final[TurnShape] = GeminiTurn(
    "gemini",
    results_zone="next",
    results_where="a functionResponse in the one content right after the call's",
    merged_roles=frozenset({"assistant"}),
    # parallel responses split one per user content: gemini-2.5-flash answered 200
    # (Oaklight/llm-rosetta#300, 2026-06-19); the split is split-function-responses' warning
    joined_results=True,
)


# ------------------------------------------------------------------------------------------
# Reading gemini's shapes (REST camelCase and google-genai snake_case alike)
# ------------------------------------------------------------------------------------------

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


# ------------------------------------------------------------------------------------------
# Writing a whole request (SPEC 9)
# ------------------------------------------------------------------------------------------


class GeminiRequest(RequestShape):
    """Parts: ``text``, ``inlineData`` (inline media), ``fileData`` (by URI); the model's
    parts before its ``functionCall`` parts; ``systemInstruction`` beside ``contents``."""

    def parts(self, parts: list[ContentPart]) -> list[GeminiPart]:
        out: list[GeminiPart] = []
        for part in parts:
            if isinstance(part, TextPart):
                out.append({"text": part.text})
            elif isinstance(part, (ImagePart, DocumentPart)):
                # a MIME is never invented: one unknown is left out (``fileData`` takes
                # none; media inline without one is sniffed, or dropped, by the reader)
                if part.data is not None:
                    blob: GeminiBlob = {"data": part.data}
                    if part.mime:
                        blob = {"mimeType": part.mime, "data": part.data}
                    out.append({"inlineData": blob})
                else:
                    # a part without data has its URL (the reader's)
                    file: GeminiFileData = {"fileUri": cast(str, part.url)}
                    if part.mime:
                        file = {"mimeType": part.mime, "fileUri": cast(str, part.url)}
                    out.append({"fileData": file})
            elif isinstance(part, OpaquePart):
                out.append(part.value)
            else:
                exhausted(part)
        return out

    def user(self, parts: list[ContentPart]) -> _Written:
        return [{"role": "user", "parts": self.parts(parts)}], []

    def assistant(self, parts: list[ContentPart], echo: list[Any]) -> _Written:
        if not echo:
            return [{"role": "model", "parts": self.parts(parts)}], []
        first = cast(GeminiContent, dict(echo[0]))  # the echo is TURN.echo's
        first["parts"] = self.parts(parts) + first["parts"]
        return [first, *echo[1:]], []

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        body: GeminiBody = {"contents": messages}
        if system is not None:
            body = {"systemInstruction": {"parts": [{"text": system}]}, "contents": messages}
        return cast(dict[str, Any], body)  # JSON from here: settings and lint edit it

    def sign(self, body: dict[str, Any]) -> list[int]:
        """Each model content with calls and no signature: its first call part gets
        :data:`~.signatures.SKIP_SIGNATURE` (in ``body``, which the caller owns)."""
        return sign_steps(body)


REQUEST: Final[RequestShape] = GeminiRequest("gemini")
