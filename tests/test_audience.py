"""MCP ``annotations.audience`` (issue 18, item 5): by default every entry is sent, as the
reference sends it, and ``explain()`` says when one is not meant for the model; with
``audience="assistant"`` such an entry is left out on every wire, reported ``omitted``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import mcp.types as mt
import pytest
from helpers import run_cli

from toolresult_lab import WIRES, ToolCall, ToolResult, tool_turn

PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5E"
    "rkJggg=="
)
USER = {"audience": ["user"]}
CONTENT: list[dict[str, Any]] = [
    {"type": "text", "text": "for the model"},
    {"type": "image", "mimeType": "image/png", "data": PNG, "annotations": USER},
    {"type": "text", "text": "both", "annotations": {"audience": ["user", "assistant"]}},
    {"type": "text", "text": "user only", "annotations": {"audience": ["user"], "priority": 0.5}},
]
RESULT = ToolResult(name="t", id="c", content=CONTENT)
LEFT_OUT = (
    'annotations.audience is ["user"], without "assistant": not meant for the model'
    ' (left out by audience="assistant")'
)
SENT_ANYWAY = (
    'annotations.audience is ["user"], without "assistant": not meant for the model, yet sent'
    ' to it (audience="assistant" leaves it out)'
)
IMAGE = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}

DEFAULT_BLOCKS: dict[str, Any] = {
    "openai": {
        "role": "tool",
        "tool_call_id": "c",
        "content": "for the model\n[image] image/png (70 bytes)\nboth\nuser only",
    },
    "anthropic": {
        "type": "tool_result",
        "tool_use_id": "c",
        "content": [
            {"type": "text", "text": "for the model"},
            IMAGE,
            {"type": "text", "text": "both"},
            {"type": "text", "text": "user only"},
        ],
    },
    "gemini": {
        "functionResponse": {
            "name": "t",
            "id": "c",
            "response": {"result": "for the model\nboth\nuser only"},
            "parts": [{"inlineData": {"mimeType": "image/png", "data": PNG}}],
        }
    },
    "ollama": {
        "role": "tool",
        "tool_name": "t",
        "tool_call_id": "c",
        "content": "for the model\n[image] image/png (70 bytes)\nboth\nuser only",
    },
    "responses": {
        "type": "function_call_output",
        "call_id": "c",
        "output": [
            {"type": "input_text", "text": "for the model"},
            {"type": "input_image", "image_url": f"data:image/png;base64,{PNG}"},
            {"type": "input_text", "text": "both"},
            {"type": "input_text", "text": "user only"},
        ],
    },
    "hermes": (
        '<tool_response>\n{"content":"for the model\\n[image] image/png (70 bytes)\\nboth\\n'
        'user only","name":"t"}\n</tool_response>'
    ),
    "bedrock": {
        "toolResult": {
            "toolUseId": "c",
            "content": [
                {"text": "for the model"},
                {"image": {"format": "png", "source": {"bytes": PNG}}},
                {"text": "both"},
                {"text": "user only"},
            ],
        }
    },
}
ASSISTANT_BLOCKS: dict[str, Any] = {
    "openai": {"role": "tool", "tool_call_id": "c", "content": "for the model\nboth"},
    "anthropic": {
        "type": "tool_result",
        "tool_use_id": "c",
        "content": [{"type": "text", "text": "for the model"}, {"type": "text", "text": "both"}],
    },
    "gemini": {
        "functionResponse": {"name": "t", "id": "c", "response": {"result": "for the model\nboth"}}
    },
    "ollama": {
        "role": "tool",
        "tool_name": "t",
        "tool_call_id": "c",
        "content": "for the model\nboth",
    },
    "responses": {"type": "function_call_output", "call_id": "c", "output": "for the model\nboth"},
    "hermes": '<tool_response>\n{"content":"for the model\\nboth","name":"t"}\n</tool_response>',
    "bedrock": {
        "toolResult": {"toolUseId": "c", "content": [{"text": "for the model"}, {"text": "both"}]}
    },
}


@pytest.mark.parametrize("wire", WIRES)
def test_by_default_every_entry_is_sent(wire: str) -> None:
    assert RESULT.to(wire, image_input=True) == DEFAULT_BLOCKS[wire]
    assert RESULT.to(wire, image_input=True, audience=None) == DEFAULT_BLOCKS[wire]


@pytest.mark.parametrize("wire", WIRES)
def test_audience_assistant_leaves_out_what_is_not_for_the_model(wire: str) -> None:
    assert RESULT.to(wire, image_input=True, audience="assistant") == ASSISTANT_BLOCKS[wire]
    records = RESULT.explain(wire, image_input=True, audience="assistant")
    assert [(r.outcome, r.part) for r in records if r.index in (1, 3)] == [
        ("omitted", None),
        ("omitted", None),
    ]
    assert records[1].reason == records[3].reason == LEFT_OUT
    assert records.block == ASSISTANT_BLOCKS[wire]


def test_explain_names_the_entry_sent_anyway() -> None:
    records = RESULT.explain("anthropic", image_input=True)
    assert [(r.index, r.outcome, r.reason) for r in records] == [
        (0, "text", "text block (only text and cache_control are kept)"),
        (1, "native", f"image sent as a base64 image block; {SENT_ANYWAY}"),
        (2, "text", "text block (only text and cache_control are kept)"),
        (3, "text", f"text block (only text and cache_control are kept); {SENT_ANYWAY}"),
    ]
    openai = RESULT.explain("openai")
    assert (
        openai[1].reason == f"openai has no native image form in a tool message"
        f" (tool_turn's hoist_images sends images in a user message after it); {SENT_ANYWAY}"
    )
    assert openai[1].outcome == "placeholder"


def test_every_entry_left_out_is_empty_content() -> None:
    result = ToolResult(
        name="t",
        id="c",
        content=[{"type": "text", "text": "x", "annotations": USER}],
        structured_content={"a": 1},
    )
    assert result.to("openai", audience="assistant")["content"] == '{"a":1}'
    records = result.explain("openai", audience="assistant")
    assert records.content_note is not None and records.content_note.reason == (
        "no content: structured_content sent as JSON text"
    )
    bare = ToolResult(
        name="t", id="c", content=[{"type": "text", "text": "x", "annotations": USER}]
    )
    assert bare.to("anthropic", audience="assistant")["content"] == ""
    assert bare.to("gemini", audience="assistant") == {
        "functionResponse": {"name": "t", "id": "c", "response": {"result": ""}}
    }


@pytest.mark.parametrize(
    "annotations",
    [
        {"audience": "user"},  # not a list
        {"audience": ["user", 5]},  # not only strings
        {"audience": [None]},
        {"audience": []},  # nobody named: read as unsaid
        {"audience": {"user": True}},
        ["user"],  # annotations not an object
        "user",
        None,
        {"priority": 1},
    ],
)
@pytest.mark.parametrize("wire", WIRES)
def test_no_or_malformed_audience_is_kept_without_a_word(annotations: Any, wire: str) -> None:
    entry = {"type": "text", "text": "kept", "annotations": annotations}
    result = ToolResult(name="t", id="c", content=[entry])
    plain = ToolResult(name="t", id="c", content=[{"type": "text", "text": "kept"}])
    assert result.to(wire, audience="assistant") == plain.to(wire)
    records = result.explain(wire)
    assert "audience" not in records[0].reason
    assert records[0].reason == plain.explain(wire)[0].reason


def test_other_audiences_and_long_ones_are_quoted_short() -> None:
    roles = ["reviewer", "x" * 100, "a", "b", "c"]
    entry = {"type": "text", "text": "t", "annotations": {"audience": roles}}
    record = ToolResult(content=[entry]).explain("openai", audience="assistant")[0]
    assert record.outcome == "omitted"
    assert record.reason == (
        f'annotations.audience is ["reviewer","{"x" * 39}…","a","b",…], without "assistant":'
        ' not meant for the model (left out by audience="assistant")'
    )


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        ("user", ValueError, 'audience must be "assistant" (leave out entries whose'),
        ("", ValueError, "got ''"),
        (True, TypeError, "audience must be a str or None, not bool"),
        (["assistant"], TypeError, "audience must be a str or None, not list"),
    ],
)
def test_a_bad_audience_is_a_clear_error(value: Any, error: type[Exception], message: str) -> None:
    for wire in ("openai", "anthropic"):
        with pytest.raises(error, match=None) as caught:
            RESULT.to(wire, audience=value)
        assert message in str(caught.value)


def test_hoisting_leaves_out_an_image_not_for_the_model() -> None:
    call = ToolCall(id="c", name="t", arguments={})
    hoisted = tool_turn("openai", [call], [RESULT], image_input=True, hoist_images=True)
    assert len(hoisted) == 3  # echo, result, the hoisted image's user message
    kept = tool_turn(
        "openai", [call], [RESULT], image_input=True, hoist_images=True, audience="assistant"
    )
    assert kept[1:] == [ASSISTANT_BLOCKS["openai"]]


def test_from_mcp_reads_the_sdk_annotations() -> None:
    image = mt.ImageContent(
        type="image", data=PNG, mimeType="image/png", annotations=mt.Annotations(audience=["user"])
    )
    result = ToolResult.from_mcp(
        mt.CallToolResult(content=[mt.TextContent(type="text", text="hi"), image]),
        name="t",
        id="c",
    )
    assert result.to("anthropic", image_input=True, audience="assistant") == {
        "type": "tool_result",
        "tool_use_id": "c",
        "content": [{"type": "text", "text": "hi"}],
    }


def test_cli_audience_flag(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "result.json"
    path.write_text(json.dumps({"name": "t", "id": "c", "content": CONTENT}), encoding="utf-8")
    code, out, err = run_cli(
        capsys, "convert", str(path), "--wire", "openai", "--audience", "assistant"
    )
    assert (code, err) == (0, "")
    assert json.loads(out) == ASSISTANT_BLOCKS["openai"]
    code, out, _ = run_cli(
        capsys, "explain", str(path), "--wire", "openai", "--audience", "assistant"
    )
    assert code == 0 and LEFT_OUT in out and "omitted" in out
    code, out, _ = run_cli(capsys, "explain", str(path), "--wire", "openai")
    assert code == 0 and SENT_ANYWAY in out
    code, out, err = run_cli(capsys, "convert", str(path), "--wire", "openai", "--audience", "user")
    assert code == 2 and out == ""
    assert err == (
        "toolresult-lab convert: error: argument --audience: invalid choice: 'user' (choose"
        " from 'assistant') (see toolresult-lab convert --help)\n"
    )
    code, out, _ = run_cli(
        capsys, "convert", str(path), "--profile", "openai-chat", "--audience", "assistant"
    )
    assert code == 0 and json.loads(out) == ASSISTANT_BLOCKS["openai"]
