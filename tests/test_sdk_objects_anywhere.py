"""Issue 25.2: SDK objects at any depth of a request are read as the JSON their client
sends, so the agent-loop code of the SDKs' own docs lints clean and repairs to itself.

Each request is built as that code builds it: the assistant's turn from a parsed response
object (``content=response.content``, ``tool_calls=message.tool_calls``, a Gemini
content's ``parts``, Responses' ``output`` items), inside plain dict messages.
"""

from __future__ import annotations

import json
from typing import Any

import anthropic.types as anthropic_types
import mcp.types as mcp_types
import openai.types.chat as openai_chat
import openai.types.responses as openai_responses
import pytest
from google.genai import types as genai_types

from toolresult_lab import Transcript, lint, repair, translate


def _anthropic() -> tuple[str, Any]:
    response = anthropic_types.Message.model_validate(
        {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-5",
            "stop_reason": "tool_use",
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
            "content": [
                {"type": "text", "text": "Let me check."},
                {
                    "type": "tool_use",
                    "id": "toolu_01",
                    "name": "get_weather",
                    "input": {"city": "Köln"},
                },
            ],
        }
    )
    # the tool's result as MCP content objects, inside the tool_result block
    result = [mcp_types.TextContent(type="text", text="Sunny, 22C")]
    return "anthropic", {
        "model": "claude-sonnet-4-5",
        "max_tokens": 100,
        "messages": [
            {"role": "user", "content": "Weather in Köln?"},
            {"role": "assistant", "content": response.content},
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": result}],
            },
        ],
    }


def _openai() -> tuple[str, Any]:
    completion = openai_chat.ChatCompletion.model_validate(
        {
            "id": "c",
            "object": "chat.completion",
            "created": 1,
            "model": "gpt-4.1",
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "tool_calls",
                    "message": {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {
                                "id": "call_1",
                                "type": "function",
                                "function": {
                                    "name": "get_weather",
                                    "arguments": '{"city": "Köln"}',
                                },
                            }
                        ],
                    },
                }
            ],
        }
    )
    message = completion.choices[0].message
    return "openai", [
        {"role": "user", "content": "Weather in Köln?"},
        {"role": "assistant", "tool_calls": message.tool_calls},
        {"role": "tool", "tool_call_id": "call_1", "content": "Sunny, 22C"},
    ]


def _gemini() -> tuple[str, Any]:
    response = genai_types.GenerateContentResponse.model_validate(
        {
            "candidates": [
                {
                    "content": {
                        "role": "model",
                        "parts": [
                            {
                                "functionCall": {
                                    "name": "get_weather",
                                    "args": {"city": "Köln"},
                                    "id": "c1",
                                },
                                "thoughtSignature": "c2tpcF90aG91Z2h0X3NpZ25hdHVyZV92YWxpZGF0b3I=",
                            }
                        ],
                    }
                }
            ]
        }
    )
    return "gemini", {
        "contents": [
            {"role": "user", "parts": [{"text": "Weather in Köln?"}]},
            {"role": "model", "parts": response.candidates[0].content.parts},
            {
                "role": "user",
                "parts": [
                    genai_types.Part.from_function_response(
                        name="get_weather", response={"result": "Sunny, 22C"}
                    )
                ],
            },
        ]
    }


def _responses() -> tuple[str, Any]:
    response = openai_responses.Response.model_validate(
        {
            "id": "resp_1",
            "object": "response",
            "created_at": 1,
            "model": "gpt-4.1",
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
            "output": [
                {
                    "type": "function_call",
                    "call_id": "call_1",
                    "name": "get_weather",
                    "arguments": '{"city": "Köln"}',
                    "id": "fc_1",
                    "status": "completed",
                }
            ],
        }
    )
    return "responses", {
        "model": "gpt-4.1",
        "input": [
            {"role": "user", "content": "Weather in Köln?"},
            *response.output,
            {"type": "function_call_output", "call_id": "call_1", "output": "Sunny, 22C"},
        ],
    }


LOOPS = {"anthropic": _anthropic, "openai": _openai, "gemini": _gemini, "responses": _responses}


def _json(value: Any) -> Any:
    return json.loads(
        json.dumps(
            value, default=lambda o: o.model_dump(mode="json", by_alias=True, exclude_none=True)
        )
    )


@pytest.mark.parametrize("name", sorted(LOOPS))
def test_the_sdk_agent_loop_lints_clean_and_repairs_to_itself(name: str) -> None:
    wire, request = LOOPS[name]()
    assert list(lint(wire, request)) == []
    fixed = repair(wire, request)
    assert fixed.changes == ()
    assert fixed.request == _json(request)  # the JSON the client sends, tool results kept


@pytest.mark.parametrize("name", sorted(LOOPS))
def test_sdk_objects_read_exactly_as_their_json(name: str) -> None:
    wire, request = LOOPS[name]()
    plain = _json(request)
    assert lint(wire, request) == lint(wire, plain)
    assert Transcript.from_wire(wire, request) == Transcript.from_wire(wire, plain)
    for dst in ("anthropic", "openai", "bedrock"):
        if dst != wire:
            assert translate(wire, dst, request).request == translate(wire, dst, plain).request


def test_sdk_objects_are_read_not_mutated_and_deep_values_stay_as_they_are() -> None:
    wire, request = _anthropic()
    blocks = request["messages"][1]["content"]
    lint(wire, request)
    assert [type(block).__name__ for block in blocks] == ["TextBlock", "ToolUseBlock"]
    deep: Any = "leaf"
    for _ in range(5000):  # nesting far past any SDK object's depth: read, never a RecursionError
        deep = [deep]
    request["messages"][0]["content"] = [{"type": "text", "text": "hi", "x": deep}]
    assert lint(wire, request).errors == ()
