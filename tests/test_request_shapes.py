"""Issue 35: each wire's written request conforms, exactly, to the TypedDicts of its
``wires/<wire>/shapes.py`` (the Vercel AI SDK types a provider's whole request as one
union): every key known, every required key present, every value of its declared type.

The checker below reads the TypedDicts as mypy does (required and optional keys,
``Literal``, unions, lists, nested TypedDicts); a key a TypedDict does not declare fails.
"""

from __future__ import annotations

import importlib
import json
import types
import typing
from typing import Any

import pytest

from toolresult_lab import WIRES, translate

_IMAGE = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9a"
    "wAAAABJRU5ErkJggg=="
)
_SOURCE = {"type": "base64", "media_type": "image/png", "data": _IMAGE}
#: A conversation in the anthropic wire's shape: system, a user's text and image, the
#: assistant's text and a tool call, its result with text and an image, a final answer.
CONVERSATION: dict[str, Any] = {
    "model": "m",
    "system": "Be brief.",
    "messages": [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Weather?"},
                {"type": "image", "source": _SOURCE},
            ],
        },
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Checking."},
                {"type": "tool_use", "id": "call_1", "name": "get_weather", "input": {"city": "P"}},
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "call_1",
                    "content": [
                        {"type": "text", "text": "Sunny"},
                        {"type": "image", "source": _SOURCE},
                    ],
                }
            ],
        },
        {"role": "assistant", "content": "Sunny."},
    ],
}

#: Each wire's body TypedDict.
BODIES = {
    "openai": "OpenAIBody",
    "anthropic": "AnthropicBody",
    "gemini": "GeminiBody",
    "ollama": "OllamaBody",
    "responses": "ResponsesBody",
    "hermes": "HermesBody",
    "bedrock": "BedrockBody",
}


def _errors(value: Any, hint: Any, path: str) -> list[str]:
    """Where ``value`` is not of ``hint`` (empty: it is)."""
    origin = typing.get_origin(hint)
    if hint is Any or hint is object:
        return []
    if origin is typing.Literal:
        return [] if value in typing.get_args(hint) else [f"{path}: {value!r} not in {hint}"]
    if origin in (typing.Union, types.UnionType):
        found = [_errors(value, arg, path) for arg in typing.get_args(hint)]
        if any(not f for f in found):
            return []
        # the nearest kind: the fewest errors, then the deepest (a kind that matched further)
        return min(found, key=lambda f: (len(f), -max(len(e.split(":")[0]) for e in f)))
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {type(value).__name__}, not a list"]
        (item,) = typing.get_args(hint)
        return [e for n, v in enumerate(value) for e in _errors(v, item, f"{path}[{n}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__}, not a dict"]
        _, item = typing.get_args(hint)
        return [e for k, v in value.items() for e in _errors(v, item, f"{path}.{k}")]
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__}, not a {hint.__name__}"]
        fields = typing.get_type_hints(hint)
        errors = [f"{path}.{k}: not a key of {hint.__name__}" for k in value if k not in fields]
        errors += [
            f"{path}.{k}: missing from {hint.__name__}"
            for k in hint.__required_keys__
            if k not in value
        ]
        for key, item in value.items():
            if key in fields:
                errors += _errors(item, fields[key], f"{path}.{key}")
        return errors
    if hint is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    if hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else [f"{path}: {value!r} is not a float"]
    if isinstance(hint, type):
        ok = isinstance(value, hint) and (hint is bool or not isinstance(value, bool))
        return [] if ok else [f"{path}: {value!r} is not a {hint.__name__}"]
    raise AssertionError(f"{path}: no check for {hint!r}")


def _body_type(wire: str) -> Any:
    return getattr(importlib.import_module(f"toolresult_lab.wires.{wire}.shapes"), BODIES[wire])


def test_every_wire_has_a_body_type() -> None:
    assert sorted(BODIES) == sorted(WIRES)


@pytest.mark.parametrize("wire", WIRES)
def test_the_written_request_is_of_the_wires_body_type(wire: str) -> None:
    written = translate("anthropic", wire, CONVERSATION, vision=True, hoist_images=True)
    body = json.loads(json.dumps(written.request))
    assert _errors(body, _body_type(wire), "") == []


#: The settings of a request beside its conversation, in the anthropic wire's shape: every
#: one issue 35 names (temperature, a tool with a schema, tool_choice, the token limit,
#: stop sequences, thinking), with a named tool choice (no wire thinks beside a forced
#: choice on bedrock: ``thinking`` below goes with ``auto``).
_TOOL: dict[str, Any] = {
    "name": "get_weather",
    "description": "The weather in a city.",
    "input_schema": {
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"],
    },
}
SETTINGS: dict[str, dict[str, Any]] = {
    "named": {
        "max_tokens": 1024,
        "temperature": 0.5,
        "stop_sequences": ["END"],
        "tools": [_TOOL],
        "tool_choice": {"type": "tool", "name": "get_weather"},
    },
    "thinking": {
        "max_tokens": 2048,
        "top_p": 0.9,
        "stop_sequences": ["END"],
        "tools": [_TOOL],
        "tool_choice": {"type": "auto", "disable_parallel_tool_use": True},
        "thinking": {"type": "enabled", "budget_tokens": 1024},
    },
}
#: The same on the openai wire, with an effort level (the wires that think by effort).
EFFORT: dict[str, Any] = {
    "max_completion_tokens": 100,
    "temperature": 0.2,
    "stop": ["END"],
    "reasoning_effort": "low",
    "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}],
    "tool_choice": "required",
}


def _with_settings(wire: str, case: str) -> dict[str, Any]:
    """The conversation with the settings of ``case``, translated to ``wire``."""
    if case == "effort":
        chat = translate("anthropic", "openai", CONVERSATION, vision=True).request
        written = translate("openai", wire, {**chat, **EFFORT}, vision=True, hoist_images=True)
    elif case == "thinking":  # no tool loop in progress: one without thinking turns it off
        opening = {**CONVERSATION, "messages": CONVERSATION["messages"][:1]}
        given = {**opening, **SETTINGS[case]}
        written = translate("anthropic", wire, given, vision=True, hoist_images=True)
    else:
        given = {**CONVERSATION, **SETTINGS[case]}
        written = translate("anthropic", wire, given, vision=True, hoist_images=True)
    body = json.loads(json.dumps(written.request))
    assert isinstance(body, dict)
    return body


#: What each case writes beside the conversation on a wire other than its source's (the
#: settings writer ran: a body kept on its own wire is kept as given).
_WRITTEN = {
    ("openai", "named"): ["model", "max_tokens", "temperature", "stop", "tools", "tool_choice"],
    ("anthropic", "effort"): [
        "model", "max_tokens", "temperature", "stop_sequences", "tools", "tool_choice"
    ],
    ("gemini", "thinking"): ["generationConfig", "tools", "toolConfig"],
    ("ollama", "named"): ["model", "options", "tools"],
    ("responses", "effort"): [
        "model", "max_output_tokens", "temperature", "reasoning", "tools", "tool_choice"
    ],
    ("responses", "thinking"): [
        "model", "max_output_tokens", "top_p", "tools", "tool_choice", "parallel_tool_calls"
    ],
    ("hermes", "effort"): ["model", "max_tokens", "temperature", "stop", "tools", "tool_choice"],
    ("bedrock", "thinking"): ["inferenceConfig", "additionalModelRequestFields", "toolConfig"],
}  # fmt: skip


@pytest.mark.parametrize("case", ["named", "thinking", "effort"])
@pytest.mark.parametrize("wire", WIRES)
def test_a_request_with_settings_is_of_the_wires_body_type(wire: str, case: str) -> None:
    body = _with_settings(wire, case)
    assert _errors(body, _body_type(wire), "") == []
    conversation = {"messages", "system", "contents", "systemInstruction", "input", "instructions"}
    written = [key for key in body if key not in conversation]
    if (wire, case) in _WRITTEN:
        assert written == _WRITTEN[wire, case]


def test_the_thinking_settings_are_written_in_each_wires_form() -> None:
    assert _with_settings("gemini", "thinking")["generationConfig"] == {
        "maxOutputTokens": 2048,
        "topP": 0.9,
        "stopSequences": ["END"],
        "thinkingConfig": {"thinkingBudget": 1024},
    }
    assert _with_settings("bedrock", "thinking")["additionalModelRequestFields"] == {
        "thinking": {"type": "enabled", "budget_tokens": 1024}
    }
    assert _with_settings("responses", "effort")["reasoning"] == {"effort": "low"}


def test_the_checker_fails_an_unknown_key_a_missing_key_and_a_wrong_kind() -> None:
    body = _body_type("openai")
    assert _errors({"messages": [], "extra": 1}, body, "") == [".extra: not a key of OpenAIBody"]
    assert _errors({}, body, "") == [".messages: missing from OpenAIBody"]
    wrong = {"messages": [{"role": "robot", "content": "hi"}]}
    assert _errors(wrong, body, "") == [
        ".messages[0].role: 'robot' not in typing.Literal['system']"
    ]
    image = {"type": "image_url", "image_url": {"url": "u", "size": 1}}
    user = {"messages": [{"role": "user", "content": [image]}]}
    assert _errors(user, body, "") == [
        ".messages[0].content[0].image_url.size: not a key of OpenAIImageURL"
    ]


def _keys(hint: Any, seen: set[Any]) -> set[str]:
    """Every key of the TypedDicts reachable from ``hint``."""
    if hint in seen:
        return set()
    seen.add(hint)
    found: set[str] = set()
    if typing.is_typeddict(hint):
        for key, value in typing.get_type_hints(hint).items():
            found |= {key} | _keys(value, seen)
        return found
    for arg in typing.get_args(hint):
        found |= _keys(arg, seen)
    return found


#: The body keys no SDK type of the request holds: the method's own arguments there
#: (google-genai's ``generate_content(model=, contents=, config=)``) and the REST body's
#: ``generationConfig`` (the SDK puts its fields in ``GenerateContentConfig`` itself); the
#: call ids of Ollama's REST API, which its client drops (``wires/ollama/data.py``'s
#: ALTERATIONS); and the sampling numbers the anthropic settings writer writes, which
#: anthropic 2.17.0's ``MessageCreateParams`` does not declare (no type of that SDK holds
#: ``temperature``, ``top_p`` or ``top_k``).
_NOT_IN_THE_SDK = {
    "gemini": {"contents", "generationConfig"},
    "ollama": {"id", "tool_call_id"},
    "anthropic": {"temperature", "top_p", "top_k"},
}


def _sdk_names(wire: str) -> frozenset[str]:
    """The wire's SDK names, and on gemini those of ``Tool``: google-genai types
    ``GenerateContentConfig.tools`` as a bare ``list``, so no walk of the annotations
    reaches ``Tool.function_declarations`` (``functionDeclarations``) from the config."""
    from provider_vocabulary import _reachable, provider_names

    names = provider_names()[wire]
    if wire == "gemini":
        import google.genai.types as genai

        names |= _reachable(genai.Tool)
    return names


@pytest.mark.parametrize("wire", [wire for wire in WIRES if wire != "hermes"])
def test_every_key_of_the_shapes_is_the_sdks(wire: str) -> None:
    keys = _keys(_body_type(wire), set())
    assert keys - _sdk_names(wire) == _NOT_IN_THE_SDK.get(wire, set())


def _returned(method: Any) -> Any:
    """What an edits method is annotated to return (the wire's own TypedDict)."""
    return typing.get_type_hints(method)["return"]


@pytest.mark.parametrize("wire", WIRES)
def test_the_edits_writers_return_the_wires_types(wire: str) -> None:
    from toolresult_lab.wires import wire_module

    edits = wire_module(wire).edits
    kind = type(edits)
    for call_id in ("call_1", None):
        made = edits.missing_result(call_id, "get_weather", "no result")
        assert _errors(made, _returned(kind.missing_result), "") == []
    block = edits.text_block("hi")
    assert _errors(block, _returned(kind.text_block), "") == []
    if edits.result_blocks:  # a result's own message and its call's (repair's placement)
        for writer in (kind.user_message, kind.call_message):
            made = writer(edits, [block])
            assert _errors(made, _returned(writer), "") == []


def test_the_edits_writers_are_typed_on_every_wire() -> None:
    """Only the base's ``Any`` is left where the wire writes no such thing (ollama has no
    text blocks: its ``text_block`` is the base's ``None``)."""
    from toolresult_lab.wires import wire_module
    from toolresult_lab.wires._edit import RequestEdits

    untyped = [
        f"{wire}.{name}"
        for wire in WIRES
        for name in ("missing_result", "text_block")
        if getattr(type(wire_module(wire).edits), name) is getattr(RequestEdits, name)
    ]
    assert untyped == ["ollama.text_block"]
