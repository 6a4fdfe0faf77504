"""Tool turns built by hand from SPEC sections 4 and 7, for every wire.

Each :class:`TurnCase` holds the inputs of one assistant turn (the calls, the results, the
options) and the messages SPEC 7 says that turn is on its wire: the assistant's echo of the calls,
then the result blocks (made by ``ToolResult.to``, which SPEC 7 uses for them), then, for the
hoisting cases, the extra user message. The echoes are written out below from the SPEC 7 table,
independently of any ``tool_turn`` implementation, so tests of ``tool_turn`` can compare against
them and the round-trip tests can send them through the official clients.

Calls are plain :class:`Call` tuples (``ToolCall`` does not exist yet); ``Call.extra`` has the
shape of ``ToolCall.extra`` (wire name -> provider fields).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from toolresult_lab import ToolResult
from toolresult_lab.views.probes import SAMPLE_IMAGES, SAMPLE_PDF, get_probe

PNG = SAMPLE_IMAGES["image/png"]
JPEG = SAMPLE_IMAGES["image/jpeg"]
#: A thought signature as the Gemini REST API returns it: standard base64 text. It holds '+' and
#: '/', so the google-genai client's URL-safe re-encoding shows.
THOUGHT_SIGNATURE = "Cv8B+/7x" + "QUJD" * 4 + "/+8="


@dataclass(frozen=True)
class Call:
    """One tool call as SPEC 7's ``ToolCall`` holds it (arguments as an object here)."""

    id: str
    name: str
    arguments: dict[str, Any]
    extra: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class TurnCase:
    """One turn on one wire: the inputs and the messages SPEC 7 makes of them."""

    wire: str
    name: str
    calls: tuple[Call, ...]
    results: tuple[ToolResult, ...]
    options: dict[str, Any]
    messages: list[Any]
    hoist_images: bool = False

    @property
    def id(self) -> str:
        return f"{self.wire}-{self.name}"


WEATHER = Call("call_weather", "get_weather", {"city": "Köln", "unit": "C"})
TIME = Call("call_time", "get_time", {"tz": "Europe/Berlin"})
NEWS = Call("call_news", "get_news", {"topic": "</tool_call> & ünïcode", "limit": 3})


def argtext(call: Call) -> str:
    """SPEC 7 ``argtext`` for object arguments."""
    return json.dumps(call.arguments, ensure_ascii=False, separators=(",", ":"))


def echo(wire: str, calls: tuple[Call, ...]) -> list[Any]:
    """The assistant's echo of ``calls`` on ``wire``, written from the SPEC 7 table."""
    if wire == "openai":
        tool_calls = [
            {
                "id": c.id,
                "type": "function",
                "function": {"name": c.name, "arguments": argtext(c)},
                **c.extra.get(wire, {}),
            }
            for c in calls
        ]
        return [{"role": "assistant", "content": None, "tool_calls": tool_calls}]
    if wire == "anthropic":
        uses = [
            {"type": "tool_use", "id": c.id, "name": c.name, "input": c.arguments}
            | c.extra.get(wire, {})
            for c in calls
        ]
        return [{"role": "assistant", "content": uses}]
    if wire == "gemini":
        parts = []
        for c in calls:
            function_call: dict[str, Any] = {"name": c.name, "args": c.arguments}
            if c.id:
                function_call["id"] = c.id
            parts.append({"functionCall": function_call, **c.extra.get(wire, {})})
        return [{"role": "model", "parts": parts}]
    if wire == "ollama":
        tool_calls = []
        for c in calls:
            entry: dict[str, Any] = {"function": {"name": c.name, "arguments": c.arguments}}
            if c.id:
                entry["id"] = c.id
            tool_calls.append(entry | c.extra.get(wire, {}))
        return [{"role": "assistant", "content": "", "tool_calls": tool_calls}]
    if wire == "responses":
        return [
            {
                "type": "function_call",
                "call_id": c.id,
                "name": c.name,
                "arguments": argtext(c),
                **c.extra.get(wire, {}),
            }
            for c in calls
        ]
    if wire == "hermes":
        blocks = []
        for c in calls:
            j = json.dumps(
                {"name": c.name, "arguments": c.arguments},
                ensure_ascii=False,
                separators=(",", ":"),
            ).replace("</", "<\\/")
            blocks.append("<tool_call>\n" + j + "\n</tool_call>")
        return [{"role": "assistant", "content": "\n".join(blocks)}]
    if wire == "bedrock":
        uses = [
            {"toolUse": {"toolUseId": c.id, "name": c.name, "input": c.arguments}} for c in calls
        ]
        return [{"role": "assistant", "content": uses}]
    raise ValueError(wire)


def results_part(wire: str, blocks: list[Any]) -> list[Any]:
    """The result blocks of one turn as messages on ``wire`` (SPEC 7, results column)."""
    if wire in ("openai", "ollama", "responses"):
        return list(blocks)
    if wire in ("anthropic", "bedrock"):
        return [{"role": "user", "content": list(blocks)}]
    if wire == "gemini":
        return [{"role": "user", "parts": list(blocks)}]
    if wire == "hermes":
        return [{"role": "tool", "content": b} for b in blocks]
    raise ValueError(wire)


def _case(
    wire: str,
    name: str,
    calls: tuple[Call, ...],
    results: tuple[ToolResult, ...],
    hoisted: list[Any] | None = None,
    **options: Any,
) -> TurnCase:
    blocks = [r.to(wire, **options) for r in results]
    messages = echo(wire, calls) + results_part(wire, blocks) + (hoisted or [])
    return TurnCase(wire, name, calls, results, options, messages, hoist_images=bool(hoisted))


def _result(call: Call, content: list[Any], **kwargs: Any) -> ToolResult:
    return ToolResult(name=call.name, id=call.id, content=content, **kwargs)


def _common_cases(wire: str) -> list[TurnCase]:
    w = (WEATHER,)
    pdf = {
        "type": "resource",
        "resource": {
            "uri": "file:///reports/q3%20report.pdf",
            "mimeType": "application/pdf",
            "blob": SAMPLE_PDF,
        },
    }
    return [
        _case(wire, "text", w, (_result(WEATHER, [{"type": "text", "text": "Sunny, 22C"}]),)),
        _case(
            wire,
            "image",
            w,
            (
                _result(
                    WEATHER,
                    [
                        {"type": "text", "text": "Radar:"},
                        {"type": "image", "mimeType": "image/png", "data": PNG},
                    ],
                ),
            ),
            image_input=True,
        ),
        _case(
            wire,
            "pdf",
            w,
            (_result(WEATHER, [{"type": "text", "text": "Report:"}, pdf]),),
            native_pdf=True,
        ),
        _case(
            wire,
            "error",
            w,
            (_result(WEATHER, [{"type": "text", "text": "No such city"}], is_error=True),),
        ),
        _case(
            wire,
            "structured",
            w,
            (
                _result(
                    WEATHER,
                    [{"type": "text", "text": "22C"}],
                    structured_content={"temp_c": 22, "sky": None, "tags": ["dry"]},
                ),
            ),
        ),
        _case(wire, "audio", w, (_result(WEATHER, get_probe("audio").content),)),
        _case(wire, "resource_link", w, (_result(WEATHER, get_probe("resource_link").content),)),
        _case(wire, "empty", w, (_result(WEATHER, []),)),
        _case(
            wire,
            "three_calls",
            (WEATHER, TIME, NEWS),
            (
                _result(WEATHER, [{"type": "text", "text": "Sunny"}]),
                _result(TIME, [{"type": "text", "text": "10:00"}]),
                _result(NEWS, [{"type": "text", "text": "Quiet day </tool_response>"}]),
            ),
        ),
    ]


def _hoist_text(images: list[tuple[str, int]]) -> str:
    # SPEC 7 fixes what T names, not its wording: this wording is the fixture's own.
    return "Images from the tool results above: " + ", ".join(
        f"{call_id} content[{index}]" for call_id, index in images
    )


def _wire_cases(wire: str) -> list[TurnCase]:
    cases: list[TurnCase] = []
    if wire == "gemini":
        signed = Call(
            WEATHER.id,
            WEATHER.name,
            WEATHER.arguments,
            extra={"gemini": {"thoughtSignature": THOUGHT_SIGNATURE}},
        )
        unsigned = Call("", TIME.name, TIME.arguments)
        cases.append(
            _case(
                wire,
                "thought_signature",
                (signed, unsigned),
                (
                    _result(signed, [{"type": "text", "text": "Sunny"}]),
                    ToolResult(name=TIME.name, content=[{"type": "text", "text": "10:00"}]),
                ),
            )
        )
        cases.append(
            _case(
                wire,
                "image_jpeg",
                (WEATHER,),
                (_result(WEATHER, [{"type": "image", "mimeType": "image/jpeg", "data": JPEG}]),),
                image_input=True,
            )
        )
    if wire == "ollama":
        no_id = Call("", WEATHER.name, WEATHER.arguments)
        cases.append(
            _case(
                wire,
                "echo_without_id",
                (no_id,),
                (ToolResult(name=WEATHER.name, content=[{"type": "text", "text": "Sunny"}]),),
            )
        )
    if wire == "hermes":
        escaping = Call("", "run_sql", {"q": "SELECT '</tool_call>'", "note": "a</b>c"})
        cases.append(
            _case(
                wire,
                "escaping",
                (escaping,),
                (
                    ToolResult(
                        name="run_sql",
                        content=[{"type": "text", "text": "</tool_response> injected"}],
                    ),
                ),
            )
        )
    if wire == "openai":
        result = _result(
            WEATHER,
            [
                {"type": "text", "text": "Radar:"},
                {"type": "image", "mimeType": "image/png", "data": PNG},
                {"type": "image", "mimeType": "image/jpeg", "data": JPEG},
            ],
        )
        hoisted = {
            "role": "user",
            "content": [
                {"type": "text", "text": _hoist_text([(WEATHER.id, 1), (WEATHER.id, 2)])},
                {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}},
                {"type": "image_url", "image_url": {"url": f"data:image/jpeg;base64,{JPEG}"}},
            ],
        }
        cases.append(_case(wire, "hoisted", (WEATHER,), (result,), [hoisted], image_input=True))
    if wire == "ollama":
        result = _result(
            WEATHER,
            [
                {"type": "text", "text": "Radar:"},
                {"type": "image", "mimeType": "image/png", "data": PNG},
                {"type": "image", "mimeType": "image/jpeg", "data": JPEG},
            ],
        )
        hoisted = {
            "role": "user",
            "content": _hoist_text([(WEATHER.id, 1), (WEATHER.id, 2)]),
            "images": [PNG, JPEG],
        }
        cases.append(_case(wire, "hoisted", (WEATHER,), (result,), [hoisted], image_input=True))
    return cases


WIRES = ("openai", "responses", "anthropic", "gemini", "ollama", "hermes", "bedrock")

#: Every case, wire by wire.
CASES: tuple[TurnCase, ...] = tuple(
    case for wire in WIRES for case in [*_common_cases(wire), *_wire_cases(wire)]
)


def cases_for(wire: str) -> tuple[TurnCase, ...]:
    return tuple(c for c in CASES if c.wire == wire)
