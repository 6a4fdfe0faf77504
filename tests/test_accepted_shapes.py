"""Shapes providers accept that lint used to call errors (issue 25.1), each written by
hand after a request of the real-requests corpus: no error, and repair leaves them."""

from __future__ import annotations

from typing import Any

import pytest
from lint_fixtures import SIGNATURE

from toolresult_lab import lint, repair


def _use(call_id: str) -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": "f", "input": {}}


def _fc(call_id: str) -> dict[str, Any]:
    return {"functionCall": {"name": "f", "args": {}, "id": call_id}, "thoughtSignature": SIGNATURE}


def _fr(call_id: str) -> dict[str, Any]:
    return {"functionResponse": {"name": "f", "id": call_id, "response": {"result": "ok"}}}


CASES: dict[str, tuple[str, str | None, Any]] = {
    # two assistant turns, then one user turn answering both: the API combines the two
    "anthropic-two-assistant-turns": (
        "anthropic",
        None,
        [
            {"role": "user", "content": "refund?"},
            {"role": "assistant", "content": [{"type": "text", "text": "Loading."}, _use("c1")]},
            {"role": "assistant", "content": [_use("c2")]},
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "c1", "content": "a"},
                    {"type": "tool_result", "tool_use_id": "c2", "content": "b"},
                ],
            },
        ],
    ),
    "gemini-two-model-contents": (
        "gemini",
        "gemini-3",
        [
            {"role": "user", "parts": [{"text": "refund?"}]},
            {"role": "model", "parts": [_fc("c1")]},
            {"role": "model", "parts": [_fc("c2")]},
            {"role": "user", "parts": [_fr("c1"), _fr("c2")]},
        ],
    ),
    # a system message after the results, before the assistant's next turn
    "anthropic-system-after-results": (
        "anthropic",
        None,
        [
            {"role": "user", "content": "rate?"},
            {"role": "assistant", "content": [_use("c1")]},
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "c1", "content": "1.1"}],
            },
            {"role": "system", "content": [{"type": "text", "text": "Answer in one line."}]},
            {"role": "system", "content": "And in English."},
        ],
    ),
    # the server holds the conversation's items
    "responses-conversation": (
        "responses",
        None,
        {
            "conversation": "conv_1",
            "input": [{"type": "function_call_output", "call_id": "call_1", "output": "X"}],
        },
    ),
    # a function_call_output answering a tool search item
    "responses-tool-search": (
        "responses",
        None,
        [
            {"role": "user", "content": "Find the tool."},
            {
                "type": "tool_search_call",
                "call_id": "search_1",
                "arguments": {"queries": ["x"]},
                "execution": "client",
                "status": "completed",
            },
            {"type": "function_call_output", "call_id": "search_1", "output": "Found one."},
        ],
    ),
    # Nova's code interpreter: its use and result inside the assistant's message
    "bedrock-nova-server-tool": (
        "bedrock",
        "bedrock-nova",
        [
            {"role": "user", "content": [{"text": "1234 * 5678?"}]},
            {
                "role": "assistant",
                "content": [
                    {
                        "toolUse": {
                            "toolUseId": "s1",
                            "name": "nova_code_interpreter",
                            "input": {"snippet": "1234 * 5678"},
                            "type": "server_tool_use",
                        }
                    },
                    {
                        "toolResult": {
                            "toolUseId": "s1",
                            "content": [{"json": {"stdOut": "7006652"}}],
                            "type": "nova_code_interpreter_result",
                            "status": "success",
                        }
                    },
                    {
                        "toolUse": {
                            "toolUseId": "c1",
                            "name": "final_result",
                            "input": {"r": 7006652},
                        }
                    },
                ],
            },
            {
                "role": "user",
                "content": [
                    {"toolResult": {"toolUseId": "c1", "content": [{"text": "ok"}]}},
                    {"text": "Now double it."},
                ],
            },
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_accepted_shape_draws_no_error_and_repair_leaves_it(name: str) -> None:
    wire, profile, request = CASES[name]
    assert lint(wire, request, profile=profile).errors == ()
    fixed = repair(wire, request, profile=profile)
    assert fixed.changes == () and fixed.request == request


def test_an_answer_to_no_item_is_still_a_result_without_call() -> None:
    request = [
        {"role": "user", "content": "Find the tool."},
        {"type": "function_call_output", "call_id": "search_1", "output": "Found one."},
    ]
    assert [(f.rule, f.path) for f in lint("responses", request).errors] == [
        ("result-without-call", "input[1]")
    ]


def test_a_misplaced_system_message_is_found() -> None:
    request = [
        {"role": "user", "content": "rate?"},
        {"role": "assistant", "content": "Let me see."},
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "well?"},
    ]
    found = [(f.rule, f.severity, f.path, f.message) for f in lint("anthropic", request)]
    assert found == [
        (
            "system-message-placement",
            "error",
            "messages[2]",
            "The system message follows an assistant message; it must follow a user turn and"
            " precede an assistant turn or end the messages.",
        )
    ]
