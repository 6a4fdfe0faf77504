"""Issue 25.7: ``shape`` finds what the SDK types and botocore reject, at its path."""

from __future__ import annotations

from typing import Any

import pytest
from bedrock_strict import check_request

from toolresult_lab import lint

_OPENAI_CALL = {"id": "c1", "type": "function", "function": {"name": "f", "arguments": {"a": 1}}}

CASES: list[tuple[str, Any, list[tuple[str, str]]]] = [
    # Chat Completions and Responses take arguments as JSON text
    (
        "openai",
        [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": None, "tool_calls": [_OPENAI_CALL]},
            {"role": "tool", "tool_call_id": "c1", "content": "ok"},
        ],
        [
            (
                "messages[1].tool_calls[0].function.arguments",
                "arguments must be JSON text (a string), not an object.",
            )
        ],
    ),
    (
        "responses",
        [
            {"role": "user", "content": "hi"},
            {"type": "function_call", "call_id": "c1", "name": "f", "arguments": {"a": 1}},
            {"type": "function_call_output", "call_id": "c1", "output": "ok"},
        ],
        [("input[1].arguments", "arguments must be JSON text (a string), not an object.")],
    ),
    # a block without its type
    (
        "anthropic",
        [{"role": "user", "content": [{"text": "hi"}]}],
        [("messages[0].content[0]", "a content block needs its type; this one has none.")],
    ),
    (
        "openai",
        [{"role": "user", "content": [{"text": "hi"}]}],
        [("messages[0].content[0]", "a content block needs its type; this one has none.")],
    ),
    (
        "responses",
        [{"role": "user", "content": [{"text": "hi"}]}],
        [("input[0].content[0]", "a content block needs its type; this one has none.")],
    ),
    # a Bedrock block is a union of one member
    (
        "bedrock",
        [
            {
                "role": "user",
                "content": [
                    {"text": "hi", "image": {"format": "png", "source": {"bytes": "AAAA"}}}
                ],
            }
        ],
        [
            (
                "messages[0].content[0]",
                "a content block holds exactly one member, not 'text' and 'image'.",
            )
        ],
    ),
]


@pytest.mark.parametrize(("wire", "request_", "expected"), CASES)
def test_shape_finds_what_the_sdk_rejects(wire: str, request_: Any, expected: list[Any]) -> None:
    found = [(f.path, f.message) for f in lint(wire, request_) if f.rule == "shape"]
    assert found == expected


def test_botocore_rejects_the_two_member_block_too() -> None:
    """The rule is botocore's own: its validator refuses the same block."""
    with pytest.raises(Exception, match=r"(?i)tagged union|one of"):
        check_request(CASES[5][1])
