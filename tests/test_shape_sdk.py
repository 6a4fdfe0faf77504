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


def test_an_unknown_part_type_on_openai_chat_is_a_shape_warning_naming_the_sdk_s_types() -> None:
    """Mistral and gateways take parts the SDK does not type (``document_url``,
    ``thinking``, ``video_url`` in accepted corpus requests): a warning, not an error; the
    SDK's types (``ChatCompletionContentPartParam`` and the assistant's ``refusal``) draw
    nothing."""
    request_ = [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "hi"},
                {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}},
                {"type": "document_url", "document_url": "https://example.com/a.pdf"},
            ],
        },
        {"role": "assistant", "content": [{"type": "refusal", "refusal": "no"}]},
        {"role": "user", "content": [{"type": "image", "source": {}}]},
    ]
    found = [(f.severity, f.path, f.message) for f in lint("openai", request_) if f.rule == "shape"]
    known = "'file', 'image_url', 'input_audio', 'refusal', 'text'"
    assert found == [
        (
            "warning",
            "messages[0].content[2]",
            f"a content part of type 'document_url', which the openai SDK does not type (it"
            f" types {known}); a gateway may take it, the API reference lists only those.",
        ),
        (
            "warning",
            "messages[2].content[0]",
            f"a content part of type 'image', which the openai SDK does not type (it"
            f" types {known}); a gateway may take it, the API reference lists only those.",
        ),
    ]
