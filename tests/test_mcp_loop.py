"""Issue 40, item 3: the whole agent loop on every wire, end to end.

A real MCP server over stdio (``mcp_test_server.py``) -> ``tools_for`` -> the provider's
official client, pointed at a loopback recorder that answers with a tool call
(``tool_call_reply``) -> ``ToolCall.from_wire`` of the client's own response object ->
``call_tools`` on the session -> ``tool_turn`` -> the next request through the same client.
The recorded second request holds each result under its call's id with its exact content,
and lints without a finding."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from turn_fixtures import THOUGHT_SIGNATURE

from toolresult_lab import (
    ToolCall,
    ToolDefinitions,
    call_tools,
    for_boto3,
    lint,
    tool_turn,
    tools_for,
)
from toolresult_lab.views.replies import tool_call_reply
from toolresult_lab.views.roundtrip import MODELS, RecordingServer

SERVER = Path(__file__).resolve().parent / "mcp_test_server.py"
WIRES = ("openai", "responses", "anthropic", "gemini", "bedrock", "ollama", "hermes")
QUESTION = "Weather in Köln?"
#: The call id each provider's response carries (ollama and hermes give none: pairing by order).
CALL_IDS = {"openai": "call_1", "responses": "call_1", "anthropic": "toolu_1",
            "gemini": "call_1", "bedrock": "tooluse_1", "ollama": "", "hermes": ""}  # fmt: skip


#: A Gemini model's first call of a turn carries its thought signature, echoed in the next
#: request (lint warns of a call without one).
SIGNED = {"gemini": {"gemini": {"thoughtSignature": THOUGHT_SIGNATURE}}}


def _question(wire: str) -> list[dict[str, Any]]:
    if wire == "gemini":
        return [{"role": "user", "parts": [{"text": QUESTION}]}]
    if wire == "bedrock":
        return [{"role": "user", "content": [{"text": QUESTION}]}]
    return [{"role": "user", "content": QUESTION}]


def _ask(wire: str, base_url: str, conversation: list[Any], defs: ToolDefinitions) -> Any:
    """One request of the conversation with the tools, through ``wire``'s official client:
    the client's own response object (boto3's dict; hermes: the assistant's text)."""
    model = MODELS[wire]
    if wire in ("openai", "responses", "hermes"):
        import openai

        with openai.OpenAI(api_key="k", base_url=f"{base_url}/v1", max_retries=0) as client:
            if wire == "responses":
                return client.responses.create(model=model, input=conversation, tools=defs.tools)
            reply = client.chat.completions.create(
                model=model, messages=conversation, tools=defs.tools
            )
            return reply.choices[0].message.content if wire == "hermes" else reply
    if wire == "anthropic":
        import anthropic

        with anthropic.Anthropic(api_key="k", base_url=base_url, max_retries=0) as client:
            return client.messages.create(
                model=model, max_tokens=100, messages=conversation, tools=defs.tools
            )
    if wire == "gemini":
        from google import genai
        from google.genai import types

        options = types.HttpOptions(base_url=base_url, api_version="v1beta")
        with genai.Client(api_key="k", vertexai=False, http_options=options) as client:
            config = types.GenerateContentConfig(tools=defs.tools)
            return client.models.generate_content(model=model, contents=conversation, config=config)
    if wire == "ollama":
        import ollama

        with ollama.Client(host=base_url) as client:
            return client.chat(model=model, messages=conversation, tools=defs.tools, stream=False)
    import boto3

    client = boto3.client(
        "bedrock-runtime",
        endpoint_url=base_url,
        region_name="us-east-1",
        aws_access_key_id="k",
        aws_secret_access_key="k",
    )
    try:
        return client.converse(
            modelId=model, messages=for_boto3(conversation), toolConfig=for_boto3(defs.tools)
        )
    finally:
        client.close()


def _loop(wire: str) -> tuple[tuple[ToolCall, ...], Any, tuple[Any, ...]]:
    """The loop: the calls the client read, the recorded second request, the results."""

    async def main() -> Any:
        params = StdioServerParameters(command=sys.executable, args=[str(SERVER)])
        with open("/dev/null", "w", encoding="utf-8") as quiet:
            async with (
                stdio_client(params, errlog=quiet) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                defs = tools_for(wire, await session.list_tools())
                said = (
                    ToolCall(id=CALL_IDS[wire] or "x", name=defs.provider_name("weather.now"),
                             arguments={"city": "Köln"}, extra=SIGNED.get(wire)),
                    ToolCall(id=CALL_IDS[wire].replace("1", "2") or "y", name="boom"),
                )  # fmt: skip
                with RecordingServer(replies=[tool_call_reply(wire, said)]) as provider:
                    conversation = _question(wire)
                    reply = _ask(wire, provider.base_url, conversation, defs)
                    calls = ToolCall.from_wire(wire, reply)
                    results = await call_tools(session, calls, names=defs)
                    conversation += tool_turn(wire, calls, results)
                    _ask(wire, provider.base_url, conversation, defs)
                _, second = provider.requests
                return calls, second.body, results

    result: tuple[tuple[ToolCall, ...], Any, tuple[Any, ...]] = anyio.run(main)
    return result


#: The results as the recorded second request holds them, per wire: the call id and content.
SUNNY, BOOM = "Sunny in Köln", "Error executing tool boom"


def _sent_results(wire: str, body: dict[str, Any]) -> list[Any]:
    """The tool results of the recorded second request, as the client sent them."""
    if wire == "responses":
        return [item for item in body["input"] if item.get("type") == "function_call_output"]
    if wire == "gemini":
        return [p["functionResponse"] for p in body["contents"][-1]["parts"]]
    if wire in ("anthropic", "bedrock"):
        return body["messages"][-1]["content"]
    return [m for m in body["messages"] if m["role"] == "tool"]


EXPECTED: dict[str, list[Any]] = {
    "openai": [
        {"role": "tool", "tool_call_id": "call_1", "content": SUNNY},
        {"role": "tool", "tool_call_id": "call_2", "content": BOOM},
    ],
    "responses": [
        {"type": "function_call_output", "call_id": "call_1", "output": SUNNY},
        {"type": "function_call_output", "call_id": "call_2", "output": BOOM},
    ],
    "anthropic": [
        {"type": "tool_result", "tool_use_id": "toolu_1",
         "content": [{"type": "text", "text": SUNNY}]},
        {"type": "tool_result", "tool_use_id": "toolu_2",
         "content": [{"type": "text", "text": BOOM}], "is_error": True},
    ],
    "gemini": [
        {"id": "call_1", "name": "weather.now", "response": {"result": SUNNY}},
        {"id": "call_2", "name": "boom", "response": {"result": BOOM}},
    ],
    "bedrock": [
        {"toolResult": {"toolUseId": "tooluse_1", "content": [{"text": SUNNY}]}},
        {"toolResult": {"toolUseId": "tooluse_2", "content": [{"text": BOOM}],
                        "status": "error"}},
    ],
    "ollama": [  # no call ids: ollama pairs a result with its call by the tool's name
        {"role": "tool", "content": SUNNY, "tool_name": "weather.now"},
        {"role": "tool", "content": BOOM, "tool_name": "boom"},
    ],
    "hermes": [  # no call ids: Hermes pairs by order, each response naming its tool
        {"role": "tool", "content": '<tool_response>\n{"content":"Sunny in Köln",'
                                    '"name":"weather.now"}\n</tool_response>'},
        {"role": "tool", "content": '<tool_response>\n{"content":"Error executing tool boom",'
                                    '"name":"boom"}\n</tool_response>'},
    ],
}  # fmt: skip


@pytest.mark.parametrize("wire", WIRES)
def test_the_agent_loop_runs_on_every_wire_and_its_next_request_lints_clean(wire: str) -> None:
    calls, second, results = _loop(wire)
    ids = [CALL_IDS[wire], CALL_IDS[wire].replace("1", "2")]
    weather = "weather.now" if wire in ("gemini", "ollama", "hermes") else "weather_now"
    assert [(c.id, c.name) for c in calls] == [(ids[0], weather), (ids[1], "boom")]
    assert [(r.id, r.is_error) for r in results] == [(ids[0], False), (ids[1], True)]
    assert _sent_results(wire, second) == EXPECTED[wire]
    found = lint(wire, second)
    assert [f for f in found if f.severity != "info"] == []
    # the recorder's placeholder models are in no catalog: at most that note
    assert {f.rule for f in found.infos} <= {"model-unknown"}


def test_the_recorder_answers_the_replies_given_in_order_then_its_canned_one() -> None:
    import doctest
    import json
    import urllib.request

    import toolresult_lab.views.replies

    assert doctest.testmod(toolresult_lab.views.replies) == (0, 3)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with RecordingServer(replies=[{"n": 1}, {"n": 2}]) as server:
        answers = []
        for _ in range(3):
            request = urllib.request.Request(f"{server.base_url}/api/chat", data=b"{}")
            with opener.open(request) as response:
                answers.append(json.loads(response.read()))
    assert answers[:2] == [{"n": 1}, {"n": 2}]
    assert answers[2]["message"] == {"role": "assistant", "content": "ok"}


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: RecordingServer(replies={"n": 1}), TypeError, "replies: expected a sequence"),
        (lambda: RecordingServer(replies=[[1]]), TypeError, r"replies\[0\]: expected a JSON"),
        (lambda: tool_call_reply("toy", [ToolCall(name="t")]), ValueError, "wire: expected"),
        (lambda: tool_call_reply("openai", []), ValueError, "calls: a reply that calls"),
        (lambda: tool_call_reply("openai", [{"name": "t"}]), TypeError, r"calls\[0\]"),
    ],
)
def test_bad_replies_are_clear_errors_naming_them(call: Any, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        call()
