"""Async tool calls (Responses): a call whose output comes in a later request is pending,
never missing: no ``call-without-result``, and repair never adds a result for it (one would
tell the model a running tool failed). Async tool calling,
https://developers.openai.com/api/docs/guides/async-tool-calling (read 2026-12-07)."""

from __future__ import annotations

import copy
from typing import Any

from toolresult_lab import lint
from toolresult_lab.requests.repairing import repair

TOOL: dict[str, Any] = {
    "type": "function",
    "name": "get_weather",
    "async": True,
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
}


def _body(call_async: bool | None, tool_async: bool | None) -> dict[str, Any]:
    tool = {k: v for k, v in TOOL.items() if k != "async"}
    if tool_async is not None:
        tool["async"] = tool_async
    call: dict[str, Any] = {
        "type": "function_call",
        "call_id": "call_1",
        "name": "get_weather",
        "arguments": '{"city": "Paris"}',
    }
    if call_async is not None:
        call["async"] = call_async
    return {
        "model": "gpt-6-astra",
        "tools": [tool],
        "input": [
            {"role": "user", "content": "Weather in Paris, and what should I pack?"},
            call,
            {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "output_text", "text": "Pack layers."}],
            },
            {"role": "user", "content": "Thanks"},
        ],
    }


def _rules(body: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(f.rule, f.severity, f.path) for f in lint("responses", body)]


def test_an_async_call_without_its_output_is_pending_not_missing() -> None:
    for call_async, tool_async in ((True, True), (True, None), (None, True)):
        body = _body(call_async, tool_async)
        assert _rules(body) == []
        fixed = repair("responses", body)
        assert fixed.changes == ()
        assert fixed.request == body


def test_a_sync_call_without_its_output_is_still_missing() -> None:
    # near misses: no async anywhere; the call itself says async false
    for call_async, tool_async in ((None, None), (False, True), (None, False)):
        body = _body(call_async, tool_async)
        assert _rules(body) == [("call-without-result", "error", "input[1]")]
        fixed = repair("responses", body)
        assert [(c.rule, c.path, c.action) for c in fixed.changes] == [
            ("call-without-result", "input[1]", "added an error result for call_1")
        ]


def test_an_async_call_answered_in_a_later_request_pairs_as_usual() -> None:
    body = _body(True, True)
    body["input"].append(
        {"type": "function_call_output", "call_id": "call_1", "output": '{"temp_c": 22}'}
    )
    assert _rules(body) == []
    assert repair("responses", body).changes == ()


def test_only_the_async_call_is_pending() -> None:
    body = _body(True, True)
    other = copy.deepcopy(body["input"][1])
    other.update(call_id="call_2", name="lookup")
    del other["async"]
    body["input"].insert(2, other)
    assert _rules(body) == [("call-without-result", "error", "input[2]")]
    fixed = repair("responses", body)
    assert [(c.path, c.action) for c in fixed.changes] == [
        ("input[2]", "added an error result for call_2")
    ]
    outputs = [i for i in fixed.request["input"] if i.get("type") == "function_call_output"]
    assert [o["call_id"] for o in outputs] == ["call_2"]
