"""The gemini wire's tool turn (SPEC 7): one ``model`` message of ``functionCall`` parts (a
call's ``thoughtSignature`` rides on its part), then one ``user`` message holding every
``functionResponse`` part.
"""

from __future__ import annotations

from typing import Any, Final, cast

from ...conversion.b64 import is_canonical
from .._read import (
    Reading,
)
from .._turn import CallData, ReadCall, TurnShape, malformed, read_dict, read_list, with_extra
from .read import read_call
from .shapes import (
    GeminiCallPart,
    GeminiContent,
    GeminiFunctionCall,
    GeminiPart,
)
from .signatures import SIGNATURE_FIELD
from .spelling import field_of

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


TURN: Final[TurnShape] = GeminiTurn(
    "gemini",
    results_zone="next",
    results_where="a functionResponse in the one content right after the call's",
    merged_roles=frozenset({"assistant"}),
    # parallel responses split one per user content: gemini-2.5-flash answered 200
    # (Oaklight/llm-rosetta#300, 2026-06-19); the split is split-function-responses' warning
    joined_results=True,
)
