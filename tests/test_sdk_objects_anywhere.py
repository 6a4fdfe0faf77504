"""Issue 25.2: SDK objects at any depth of a request are read as the JSON their client
sends, so the agent-loop code of the SDKs' own docs lints clean and repairs to itself.

Each request is built as that code builds it: the assistant's turn from a parsed response
object (``content=response.content``, ``tool_calls=message.tool_calls``, a Gemini
content's ``parts``, Responses' ``output`` items), inside plain dict messages; and, on
every wire, the docs' own idiom with the response parsed from a realistic answer
(:data:`DOC_LOOPS`): anthropic ``{"role": "assistant", "content": response.content}``,
openai ``messages.append(message)``, responses ``input += response.output`` (a reasoning
model's items), gemini ``contents.append(response.candidates[0].content)``, bedrock
``messages.append(response["output"]["message"])`` (boto3 returns plain dicts), ollama
``messages.append(response.message)``, hermes ``messages.append(message)`` (the openai
SDK's message holding ``<tool_call>`` text).
"""

from __future__ import annotations

import json
from typing import Any

import anthropic.types as anthropic_types
import mcp.types as mcp_types
import ollama
import openai.types.chat as openai_chat
import openai.types.responses as openai_responses
import pytest
from google.genai import types as genai_types

from toolresult_lab import WIRES, Transcript, lint, repair, translate


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


def _doc_anthropic() -> tuple[str, Any]:
    """A full Messages API answer (thinking on), its ``content`` appended as the docs do."""
    response = anthropic_types.Message.model_validate(
        {
            "id": "msg_01XFDUDYJgAACzvnptvVoYEL",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-5-20250929",
            "content": [
                {"type": "thinking", "thinking": "The user wants the weather.", "signature": SIG},
                {"type": "text", "text": "I'll check the weather in Köln."},
                {
                    "type": "tool_use",
                    "id": "toolu_01A09q90qw90lq917835lq9",
                    "name": "get_weather",
                    "input": {"city": "Köln"},
                },
            ],
            "stop_reason": "tool_use",
            "stop_sequence": None,
            "usage": {
                "input_tokens": 472,
                "output_tokens": 91,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 0,
                "service_tier": "standard",
            },
        }
    )
    messages: list[Any] = [{"role": "user", "content": "Weather in Köln?"}]
    messages.append({"role": "assistant", "content": response.content})
    messages.append(
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": block.id,
                    "content": "Sunny, 22C",
                }
                for block in response.content
                if block.type == "tool_use"
            ],
        }
    )
    return "anthropic", {
        "model": "claude-sonnet-4-5",
        "max_tokens": 2048,
        "thinking": {"type": "enabled", "budget_tokens": 1024},
        "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
        "messages": messages,
    }


def _completion(content: str | None, tool_calls: list[Any] | None) -> Any:
    """A Chat Completions answer as the API sends it (every member the SDK parses)."""
    return openai_chat.ChatCompletion.model_validate(
        {
            "id": "chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG",
            "object": "chat.completion",
            "created": 1741570283,
            "model": "gpt-4.1-2025-04-14",
            "choices": [
                {
                    "index": 0,
                    "message": {
                        "role": "assistant",
                        "content": content,
                        "refusal": None,
                        "annotations": [],
                        "tool_calls": tool_calls,
                    },
                    "logprobs": None,
                    "finish_reason": "tool_calls" if tool_calls else "stop",
                }
            ],
            "usage": {"prompt_tokens": 82, "completion_tokens": 17, "total_tokens": 99},
            "service_tier": "default",
            "system_fingerprint": "fp_6ec83003ad",
        }
    )


def _doc_openai() -> tuple[str, Any]:
    """The function-calling guide: ``messages.append(completion.choices[0].message)``."""
    calls = [
        {
            "id": "call_12345xyz",
            "type": "function",
            "function": {"name": "get_weather", "arguments": '{"city":"Köln"}'},
        }
    ]
    message = _completion(None, calls).choices[0].message
    messages: list[Any] = [{"role": "user", "content": "Weather in Köln?"}]
    messages.append(message)
    for call in message.tool_calls or []:
        messages.append({"role": "tool", "tool_call_id": call.id, "content": "Sunny, 22C"})
    return "openai", {"model": "gpt-4.1", "messages": messages}


def _doc_responses() -> tuple[str, Any]:
    """The function-calling guide with a reasoning model: ``input += response.output``
    (its reasoning item, a message and the call), then the call's output."""
    response = openai_responses.Response.model_validate(
        {
            "id": "resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b",
            "object": "response",
            "created_at": 1741476542,
            "status": "completed",
            "model": "o4-mini-2025-04-16",
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
            "reasoning": {"effort": "medium", "summary": None},
            "output": [
                {
                    "id": "rs_6820f383d7c08191846711c5df8233bc0ac5ba57aafcbac7",
                    "type": "reasoning",
                    "summary": [],
                },
                {
                    "id": "msg_67ccd2bf17f0819081ff3bb2cf6508e60bb6a6b452d3795b",
                    "type": "message",
                    "status": "completed",
                    "role": "assistant",
                    "content": [{"type": "output_text", "text": "Checking.", "annotations": []}],
                },
                {
                    "id": "fc_12345xyz",
                    "type": "function_call",
                    "call_id": "call_12345xyz",
                    "name": "get_weather",
                    "arguments": '{"city":"Köln"}',
                    "status": "completed",
                },
            ],
        }
    )
    inputs: list[Any] = [{"role": "user", "content": "Weather in Köln?"}]
    inputs += response.output
    for item in response.output:
        if item.type == "function_call":
            inputs.append(
                {"type": "function_call_output", "call_id": item.call_id, "output": "Sunny, 22C"}
            )
    return "responses", {"model": "o4-mini", "input": inputs}


def _doc_gemini() -> tuple[str, Any]:
    """The function-calling guide: ``contents.append(response.candidates[0].content)``."""
    response = genai_types.GenerateContentResponse.model_validate(
        {
            "candidates": [
                {
                    "content": {
                        "role": "model",
                        "parts": [
                            {
                                "functionCall": {"name": "get_weather", "args": {"city": "Köln"}},
                                "thoughtSignature": SIG,
                            }
                        ],
                    },
                    "finishReason": "STOP",
                    "index": 0,
                }
            ],
            "usageMetadata": {"promptTokenCount": 60, "candidatesTokenCount": 15},
            "modelVersion": "gemini-2.5-flash",
            "responseId": "pL8xaPqkD9Xqz7IP3ZuJ2Ac",
        }
    )
    contents: list[Any] = [
        genai_types.Content(role="user", parts=[genai_types.Part(text="Weather in Köln?")])
    ]
    contents.append(response.candidates[0].content)
    call = response.function_calls[0]
    contents.append(
        genai_types.Content(
            role="user",
            parts=[
                genai_types.Part.from_function_response(
                    name=call.name, response={"result": "Sunny, 22C"}
                )
            ],
        )
    )
    return "gemini", {"contents": contents}


def _doc_bedrock() -> tuple[str, Any]:
    """The Converse tool-use example: boto3 answers plain dicts,
    ``messages.append(response["output"]["message"])``."""
    response = {
        "ResponseMetadata": {"HTTPStatusCode": 200},
        "output": {
            "message": {
                "role": "assistant",
                "content": [
                    {"text": "I'll look it up."},
                    {
                        "toolUse": {
                            "toolUseId": "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q",
                            "name": "get_weather",
                            "input": {"city": "Köln"},
                        }
                    },
                ],
            }
        },
        "stopReason": "tool_use",
        "usage": {"inputTokens": 375, "outputTokens": 66, "totalTokens": 441},
        "metrics": {"latencyMs": 1180},
    }
    messages: list[Any] = [{"role": "user", "content": [{"text": "Weather in Köln?"}]}]
    messages.append(response["output"]["message"])
    use = response["output"]["message"]["content"][1]["toolUse"]
    messages.append(
        {
            "role": "user",
            "content": [
                {
                    "toolResult": {
                        "toolUseId": use["toolUseId"],
                        "content": [{"json": {"weather": "Sunny, 22C"}}],
                    }
                }
            ],
        }
    )
    tool = {"toolSpec": {"name": "get_weather", "inputSchema": {"json": {"type": "object"}}}}
    return "bedrock", {
        "modelId": "anthropic.claude-3-haiku-20240307-v1:0",
        "messages": messages,
        "toolConfig": {"tools": [tool]},
    }


def _doc_ollama() -> tuple[str, Any]:
    """The tool-calling docs: ``messages.append(response.message)``, then a ``tool``
    message naming the tool."""
    response = ollama.ChatResponse.model_validate(
        {
            "model": "llama3.1",
            "created_at": "2026-12-02T10:00:00.000000Z",
            "message": {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {"function": {"name": "get_weather", "arguments": {"city": "Köln"}}}
                ],
            },
            "done": True,
            "done_reason": "stop",
            "total_duration": 885095291,
            "eval_count": 22,
        }
    )
    messages: list[Any] = [{"role": "user", "content": "Weather in Köln?"}]
    messages.append(response.message)
    for call in response.message.tool_calls or []:
        messages.append({"role": "tool", "content": "Sunny, 22C", "tool_name": call.function.name})
    return "ollama", {"model": "llama3.1", "messages": messages}


def _doc_hermes() -> tuple[str, Any]:
    """A Hermes-template model behind an OpenAI-compatible server: the openai SDK's
    message holds the ``<tool_call>`` text; ``messages.append(message)``."""
    text = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Köln"}}\n</tool_call>'
    message = _completion(text, None).choices[0].message
    body = json.dumps({"name": "get_weather", "content": "Sunny, 22C"})
    messages: list[Any] = [{"role": "user", "content": "Weather in Köln?"}]
    messages.append(message)
    messages.append({"role": "tool", "content": f"<tool_response>\n{body}\n</tool_response>"})
    return "hermes", {"model": "NousResearch/Hermes-3-Llama-3.1-8B", "messages": messages}


#: A thinking block's or Gemini part's signature, as a response carries one.
SIG = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYd" + "QUJD" * 8

#: The SDK docs' agent loop on every wire, each with its response parsed from a realistic
#: answer (boto3's a plain dict, as boto3 returns).
DOC_LOOPS = {
    "anthropic": _doc_anthropic,
    "openai": _doc_openai,
    "responses": _doc_responses,
    "gemini": _doc_gemini,
    "bedrock": _doc_bedrock,
    "ollama": _doc_ollama,
    "hermes": _doc_hermes,
}


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


def test_the_doc_loops_cover_every_wire() -> None:
    assert sorted(DOC_LOOPS) == sorted(WIRES)


@pytest.mark.parametrize("name", sorted(DOC_LOOPS))
def test_the_sdk_docs_agent_loop_lints_clean_and_repairs_to_itself(name: str) -> None:
    wire, request = DOC_LOOPS[name]()
    assert list(lint(wire, request)) == []
    fixed = repair(wire, request)
    assert fixed.changes == ()
    assert fixed.request == _json(request)


@pytest.mark.parametrize("name", sorted(DOC_LOOPS))
def test_the_sdk_docs_agent_loop_reads_as_its_json(name: str) -> None:
    wire, request = DOC_LOOPS[name]()
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
    for _ in range(5000):  # nesting far past any SDK object's depth: never a RecursionError
        deep = [deep]
    request["messages"][0]["content"] = [{"type": "text", "text": "hi", "x": deep}]
    # issue 36: deeper than the one guard lets through (``nesting``) is one shape error
    # naming where from lint (repair and translate raise it as a ValueError)
    found = lint(wire, request)
    assert [(f.rule, f.severity) for f in found] == [("shape", "error")]
    assert found[0].path.startswith("messages[0].content[0].x[0][0]")
    assert [type(block).__name__ for block in blocks] == ["TextBlock", "ToolUseBlock"]
