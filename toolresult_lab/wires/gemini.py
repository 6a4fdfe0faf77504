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
from typing import Any, Final

from ..b64 import is_canonical
from ..encoding import clone
from ..items import Native
from ..steps import Conversion, ResultNote, Step
from ._common import IMAGE_MIMES, Converter, Source, WireFacts, empty_content
from ._turn import (
    CallData,
    ReadCall,
    TurnShape,
    malformed,
    read_arguments,
    read_dict,
    read_id,
    read_list,
    read_name,
    with_extra,
)

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

    def pdf_refusal(self) -> str | None:
        return self.option_off("native_pdf")

    def convert(self, data: Source) -> Conversion:
        steps: list[Step] = []
        parts: list[dict[str, Any]] = []
        texts: list[Step] = []
        structured = data.structured
        as_response = isinstance(structured, dict)
        shared = data.shared  # aligned with the items
        for index, item in enumerate(data.items):
            decision = shared[index] or self.decide(item)
            if isinstance(decision, Native):
                part = {"inlineData": {"mimeType": decision.mime, "data": decision.data}}
                parts.append(part)
                steps.append(Step(part, "native", _NATIVE_REASON[decision.media], decision))
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
        elif texts or not parts:
            text, notes = self.joined(texts, data)
            response = {"result": text}
        else:  # every entry went in parts: nothing is lost, the result text is the fallback
            response = {"result": empty_content(structured)[0]}
            notes = self.notes(data, False)
        body: dict[str, Any] = {"name": data.name}
        if data.id:
            body["id"] = data.id
        body["response"] = response
        if parts:
            body["parts"] = parts
        return Conversion({"functionResponse": body}, steps, notes)


#: The Part fields ``ToolCall.extra["gemini"]`` may add beside a ``functionCall``: the
#: google-genai client rejects any key that is not a Part field, and a data field (text,
#: inlineData, ...) would give the part two kinds of data.
PART_FIELDS: Final = ("thought", "thoughtSignature", "partMetadata")
_URLSAFE: Final = str.maketrans("-_", "+/")


class GeminiTurn(TurnShape):
    """Echo ``{"role": "model", "parts": [{"functionCall": ...}, ...]}``; results
    ``{"role": "user", "parts": [functionResponse, ...]}``."""

    def echo(self, calls: list[CallData]) -> list[Any]:
        parts = []
        for call in calls:
            function_call: dict[str, Any] = {"name": call.name, "args": call.fresh_args()}
            if call.id:
                function_call["id"] = call.id
            parts.append(with_extra({"functionCall": function_call}, call, "gemini"))
        return [{"role": "model", "parts": parts}]

    def results(self, blocks: list[Any]) -> list[Any]:
        return [{"role": "user", "parts": list(blocks)}]

    def check_extra(self, fields: dict[str, Any]) -> None:
        """Only :data:`PART_FIELDS`; a ``thoughtSignature`` is standard base64 text, as the
        REST API sends it (the client decodes it, and raises on anything else)."""
        for key, value in fields.items():
            where = f"ToolCall.extra['gemini'][{key!r}]"
            if key not in PART_FIELDS:
                allowed = ", ".join(PART_FIELDS)
                raise ValueError(f"{where}: not a Part field a call can carry (allowed: {allowed})")
            if key == "thoughtSignature":
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
        calls = []
        for index, part in enumerate(parts):
            at = f"{where}parts[{index}]"
            part = read_dict(part, "gemini", at)
            found = part.get("functionCall", part.get("function_call"))
            if found is None:
                continue  # text, thoughts, code execution
            function_call = read_dict(found, "gemini", at + ".functionCall")
            signature = part.get("thoughtSignature", part.get("thought_signature"))
            extra = None
            if signature is not None:
                extra = {"gemini": {"thoughtSignature": _signature(signature, at)}}
            calls.append(
                ReadCall(
                    at,
                    read_id(function_call.get("id"), "gemini", at + ".functionCall.id"),
                    read_name(function_call.get("name"), "gemini", at + ".functionCall.name"),
                    read_arguments(function_call.get("args"), "gemini", at + ".functionCall"),
                    extra,
                )
            )
        return calls


def _signature(value: Any, where: str) -> str:
    """A thought signature as standard base64 text: an SDK object's ``bytes`` encoded, a
    REST ``str`` as is (a URL-safe one, as the SDK's JSON dump writes it, made standard)."""
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, str):
        return value.translate(_URLSAFE)
    shown = type(value).__name__
    raise malformed("gemini", where + ".thoughtSignature", f"expected base64 text, not {shown}")


TURN: Final[TurnShape] = GeminiTurn("gemini")
