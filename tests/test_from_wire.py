"""SPEC section 7: ToolCall.from_wire reads one assistant turn in each provider's own shape,
as JSON dicts and as the official SDK objects (built here with the SDKs' own models)."""

from __future__ import annotations

import base64
from typing import Any

import anthropic.types
import ollama
import openai.types.chat
import openai.types.responses
import pytest
from google.genai import types as gtypes
from turn_fixtures import THOUGHT_SIGNATURE

from toolresult_lab import WIRES, ToolCall, ToolResult, tool_turn

WEATHER = ToolCall(id="call_w", name="get_weather", arguments='{"city":"Köln"}')
TIME = ToolCall(id="call_t", name="get_time", arguments="{}")

OPENAI_MESSAGE = {
    "role": "assistant",
    "content": "Let me look.",
    "tool_calls": [
        {
            "id": "call_w",
            "type": "function",
            "function": {"name": "get_weather", "arguments": '{"city":"Köln"}'},
        },
        {"id": "call_c", "type": "custom", "custom": {"name": "grammar", "input": "x"}},
        {"id": "call_t", "type": "function", "function": {"name": "get_time", "arguments": "{}"}},
    ],
}
OPENAI_COMPLETION = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 0,
    "model": "m",
    "choices": [
        {"index": 0, "message": OPENAI_MESSAGE, "finish_reason": "tool_calls", "logprobs": None}
    ],
}
ANTHROPIC_MESSAGE = {
    "id": "msg_1",
    "type": "message",
    "role": "assistant",
    "model": "m",
    "content": [
        {"type": "thinking", "thinking": "hm", "signature": "sig"},
        {"type": "text", "text": "Let me look."},
        {"type": "tool_use", "id": "call_w", "name": "get_weather", "input": {"city": "Köln"}},
        {
            "type": "server_tool_use",
            "id": "srvtoolu_1",
            "name": "web_search",
            "input": {"query": "x"},
        },
        {"type": "tool_use", "id": "call_t", "name": "get_time", "input": {}},
    ],
    "stop_reason": "tool_use",
    "stop_sequence": None,
    "usage": {"input_tokens": 1, "output_tokens": 1},
}
GEMINI_RESPONSE = {
    "candidates": [
        {
            "content": {
                "role": "model",
                "parts": [
                    {"text": "Let me look."},
                    {
                        "functionCall": {
                            "name": "get_weather",
                            "args": {"city": "Köln"},
                            "id": "call_w",
                        },
                        "thoughtSignature": THOUGHT_SIGNATURE,
                    },
                    {"functionCall": {"name": "get_time", "args": {}}},
                ],
            },
            "finishReason": "STOP",
        }
    ]
}
OLLAMA_RESPONSE = {
    "model": "m",
    "created_at": "2025-01-01T00:00:00Z",
    "done": True,
    "message": {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {"function": {"name": "get_weather", "arguments": {"city": "Köln"}}, "id": "call_w"},
            {"function": {"name": "get_time", "arguments": {}}},
        ],
    },
}
RESPONSES_RESPONSE = {
    "id": "resp_1",
    "object": "response",
    "created_at": 0,
    "status": "completed",
    "model": "m",
    "output": [
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {"type": "web_search_call", "id": "ws_1", "status": "completed"},
        {
            "type": "function_call",
            "id": "fc_1",
            "call_id": "call_w",
            "name": "get_weather",
            "arguments": '{"city":"Köln"}',
            "status": "completed",
        },
        {
            "type": "message",
            "id": "msg_1",
            "role": "assistant",
            "status": "completed",
            "content": [
                {"type": "output_text", "text": "hi", "annotations": []},
                {
                    "type": "function_call",
                    "call_id": "call_t",
                    "name": "get_time",
                    "arguments": "{}",
                },
            ],
        },
    ],
    "parallel_tool_calls": True,
    "tool_choice": "auto",
    "tools": [],
}
#: What the SDK's Response model validates: no function_call inside a message item.
RESPONSES_SDK = {
    **RESPONSES_RESPONSE,
    "output": [
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {
            "type": "web_search_call",
            "id": "ws_1",
            "status": "completed",
            "action": {"type": "search", "query": "x"},
        },
        RESPONSES_RESPONSE["output"][2],
        {
            **RESPONSES_RESPONSE["output"][3],
            "content": [{"type": "output_text", "text": "hi", "annotations": []}],
        },
        {**RESPONSES_RESPONSE["output"][3]["content"][1], "id": "fc_2"},
    ],
}
HERMES_TEXT = (
    "I will check.\n<tool_call>\n"
    '{"name": "get_weather", "arguments": {"city": "K\\u00f6ln"}}\n</tool_call>\n'
    '<tool_call>{"name":"get_time","arguments":"{}"}</tool_call>'
)


def expected(wire: str) -> tuple[ToolCall, ...]:
    signed = {"gemini": {"thoughtSignature": THOUGHT_SIGNATURE}}
    return {
        "openai": (WEATHER, TIME),
        "responses": (WEATHER, TIME),
        "anthropic": (
            ToolCall(id="call_w", name="get_weather", arguments={"city": "Köln"}),
            ToolCall(id="call_t", name="get_time", arguments={}),
        ),
        "gemini": (
            ToolCall(id="call_w", name="get_weather", arguments={"city": "Köln"}, extra=signed),
            ToolCall(name="get_time", arguments={}),
        ),
        "ollama": (
            ToolCall(id="call_w", name="get_weather", arguments={"city": "Köln"}),
            ToolCall(name="get_time", arguments={}),
        ),
        "hermes": (
            ToolCall(name="get_weather", arguments={"city": "Köln"}),
            ToolCall(name="get_time", arguments="{}"),
        ),
    }[wire]


DICTS: list[tuple[str, Any]] = [
    ("openai", OPENAI_MESSAGE),
    ("openai", OPENAI_COMPLETION),
    ("anthropic", ANTHROPIC_MESSAGE),
    ("anthropic", {"role": "assistant", "content": ANTHROPIC_MESSAGE["content"]}),
    ("anthropic", ANTHROPIC_MESSAGE["content"]),
    ("gemini", GEMINI_RESPONSE),
    ("gemini", GEMINI_RESPONSE["candidates"][0]["content"]),
    ("gemini", GEMINI_RESPONSE["candidates"][0]["content"]["parts"]),
    ("ollama", OLLAMA_RESPONSE),
    ("ollama", OLLAMA_RESPONSE["message"]),
    ("responses", RESPONSES_RESPONSE),
    ("responses", RESPONSES_RESPONSE["output"]),
    ("hermes", HERMES_TEXT),
    ("hermes", {"role": "assistant", "content": HERMES_TEXT}),
]


@pytest.mark.parametrize(
    ("wire", "message"), DICTS, ids=[f"{w}-{i}" for i, (w, _) in enumerate(DICTS)]
)
def test_from_dicts(wire: str, message: Any) -> None:
    assert ToolCall.from_wire(wire, message) == expected(wire)


def sdk_objects() -> list[tuple[str, Any]]:
    gemini_response = gtypes.GenerateContentResponse.model_validate(GEMINI_RESPONSE)
    ollama_response = ollama.ChatResponse.model_validate(OLLAMA_RESPONSE)
    return [
        ("openai", openai.types.chat.ChatCompletion.model_validate(OPENAI_COMPLETION)),
        ("openai", openai.types.chat.ChatCompletionMessage.model_validate(OPENAI_MESSAGE)),
        ("anthropic", anthropic.types.Message.model_validate(ANTHROPIC_MESSAGE)),
        ("anthropic", anthropic.types.Message.model_validate(ANTHROPIC_MESSAGE).content),
        ("gemini", gemini_response),
        ("gemini", gemini_response.candidates[0].content),
        ("gemini", gemini_response.candidates[0].content.parts),
        ("ollama", ollama_response),
        ("ollama", ollama_response.message),
        ("responses", openai.types.responses.Response.model_validate(RESPONSES_SDK)),
    ]


@pytest.mark.parametrize("index", range(10))
def test_from_sdk_objects(index: int) -> None:
    wire, message = sdk_objects()[index]
    got = ToolCall.from_wire(wire, message)
    if wire == "ollama":  # ollama.Message.ToolCall has no id field: the SDK drops it
        assert got == (ToolCall(name="get_weather", arguments={"city": "Köln"}), expected(wire)[1])
    else:
        assert got == expected(wire)


def test_gemini_sdk_signature_bytes_become_standard_base64() -> None:
    part = gtypes.Part(
        function_call=gtypes.FunctionCall(name="f", args={}),
        thought_signature=base64.b64decode(THOUGHT_SIGNATURE),
    )
    (call,) = ToolCall.from_wire("gemini", [part])
    assert call.extra == {"gemini": {"thoughtSignature": THOUGHT_SIGNATURE}}
    # the SDK's JSON dump writes it URL-safe; read back as standard base64 text
    dumped = part.model_dump(mode="json", by_alias=True, exclude_none=True)
    assert dumped["thoughtSignature"] == "Cv8B-_7xQUJDQUJDQUJDQUJD_-8="
    assert ToolCall.from_wire("gemini", [dumped]) == (call,)
    snake = {"function_call": {"name": "f", "args": {}}, "thought_signature": THOUGHT_SIGNATURE}
    assert ToolCall.from_wire("gemini", [snake]) == (call,)


@pytest.mark.parametrize(
    ("wire", "message"),
    [
        ("openai", {**OPENAI_COMPLETION, "choices": []}),
        ("openai", {"role": "assistant", "content": "hi"}),
        ("anthropic", {"role": "assistant", "content": "just text"}),
        ("anthropic", []),
        ("gemini", {"candidates": []}),
        ("gemini", {"candidates": [{"finishReason": "SAFETY"}]}),
        ("ollama", {"role": "assistant", "content": "hi"}),
        ("responses", {"output": []}),
        ("responses", []),
        ("hermes", "no calls here"),
        ("hermes", {"role": "assistant", "content": None}),
    ],
)
def test_no_calls(wire: str, message: Any) -> None:
    assert ToolCall.from_wire(wire, message) == ()


def test_responses_item_id_is_not_kept() -> None:
    """Echoed without its reasoning item, an ``fc_`` id is rejected by reasoning models."""
    calls = ToolCall.from_wire("responses", RESPONSES_RESPONSE)
    assert [c.extra for c in calls] == [{}, {}]
    echo = tool_turn("responses", calls, [ToolResult(), ToolResult()])[:2]
    assert echo == [
        {
            "type": "function_call",
            "call_id": "call_w",
            "name": "get_weather",
            "arguments": '{"city":"Köln"}',
        },
        {"type": "function_call", "call_id": "call_t", "name": "get_time", "arguments": "{}"},
    ]


def test_hermes_accepts_an_unclosed_last_call_and_escaped_slashes() -> None:
    text = '<tool_call>{"name":"a","arguments":{"q":"<\\/x>"}}</tool_call><tool_call>{"name":"b"}'
    assert ToolCall.from_wire("hermes", text) == (
        ToolCall(name="a", arguments={"q": "</x>"}),
        ToolCall(name="b"),
    )


@pytest.mark.parametrize(
    ("wire", "message", "text"),
    [
        ("openai", {"tool_calls": [{"id": "c", "function": {"arguments": "{}"}}]},
         "openai: tool_calls[0].function.name: the call has no name"),
        ("openai", {"choices": [{"message": {"tool_calls": [{"function": {"name": 3}}]}}]},
         "openai: choices[0].message.tool_calls[0].function.name: the name must be a string"),
        ("openai", {"tool_calls": [{"id": 7, "function": {"name": "f"}}]},
         "openai: tool_calls[0].id: the call id must be a string, not int"),
        ("openai", {"tool_calls": [{"id": "c", "function": {"name": "f", "arguments": [1]}}]},
         "openai: tool_calls[0].function: arguments must be an object or JSON text, not list"),
        ("openai", {"tool_calls": "x"}, "openai: tool_calls: expected a list, not str"),
        ("openai", [], "openai: message: expected an object, not list"),
        ("anthropic", [{"type": "tool_use", "id": "c", "input": {}}],
         "anthropic: [0].name: the call has no name"),
        ("anthropic", "text", "anthropic: message: expected a message or a content list"),
        ("gemini", {"parts": [{"functionCall": {"args": {}}}]},
         "gemini: parts[0].functionCall.name: the call has no name"),
        ("gemini", [{"functionCall": {"name": "f"}, "thoughtSignature": "not base64!"}],
         "gemini: parts[0]: ToolCall.extra['gemini']['thoughtSignature'] is not standard base64"),
        ("gemini", [{"functionCall": {"name": "f"}, "thoughtSignature": 5}],
         "gemini: parts[0].thoughtSignature: expected base64 text, not int"),
        ("ollama", {"message": {"tool_calls": [{"function": {}}]}},
         "ollama: message.tool_calls[0].function.name: the call has no name"),
        ("responses", {"output": [{"type": "function_call", "call_id": "c"}]},
         "responses: output[0].name: the call has no name"),
        ("responses", {"id": "resp"}, "responses: message: expected a Response (with output)"),
        ("hermes", "ok <tool_call>{not json}</tool_call>",
         "hermes: <tool_call> #1 (at character 3): the JSON does not parse"),
        ("hermes", '<tool_call>{"arguments": {}}</tool_call>',
         "hermes: <tool_call> #1 (at character 0): the call has no name"),
        ("hermes", "<tool_call>[1]</tool_call>",
         "hermes: <tool_call> #1 (at character 0): expected an object, not list"),
        ("hermes", ["x"], "hermes: message: expected the assistant's text"),
    ],
)  # fmt: skip
def test_malformed_calls_say_where(wire: str, message: Any, text: str) -> None:
    with pytest.raises(ValueError) as raised:
        ToolCall.from_wire(wire, message)
    assert str(raised.value).startswith(text), str(raised.value)


def test_bad_wire_and_bad_message_type() -> None:
    with pytest.raises(ValueError, match="unknown wire 'vertex'; known wires: openai"):
        ToolCall.from_wire("vertex", {})
    for message in (None, 3, {1, 2}, b"bytes"):
        with pytest.raises(TypeError, match=r"ToolCall.from_wire\('openai'\): message must be"):
            ToolCall.from_wire("openai", message)


@pytest.mark.parametrize("wire", WIRES)
def test_from_wire_does_not_mutate_the_message(wire: str) -> None:
    import copy

    for name, message in DICTS:
        if name == wire:
            kept = copy.deepcopy(message)
            calls = ToolCall.from_wire(wire, message)
            assert message == kept
            assert calls == expected(wire)
