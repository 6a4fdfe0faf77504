"""SPEC 9 "Reading results back": ``ToolResult.from_wire`` is the inverse of ``to()``.

The property runs on every wire over the same random results and option sets as
``test_properties.py`` (any content, any options, hostile payloads); the examples pin
what each wire's block reads back as.
"""

from __future__ import annotations

import base64
import copy
from typing import Any

import pytest
from google.genai import types
from hypothesis import given
from test_properties import DETERMINISTIC, results

from toolresult_lab import WIRES, ToolResult

PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(16)).decode()
PDF = base64.b64encode(b"%PDF-1.4\n%%EOF\n").decode()


@DETERMINISTIC
@given(results())
def test_from_wire_inverts_to_on_every_wire(case: tuple[dict, dict]) -> None:
    kwargs, options = case
    result = ToolResult(**kwargs)
    for wire in WIRES:
        block = result.to(wire, **options)
        given_block = copy.deepcopy(block)
        back = ToolResult.from_wire(wire, block, **options)
        assert back.to(wire, **options) == block, wire
        assert block == given_block, wire  # the block read is not mutated


def _result(**fields: Any) -> ToolResult:
    base: dict[str, Any] = {"name": "lookup", "id": "call_1"}
    base.update(fields)
    return ToolResult(**base)


IMAGE = {"type": "image", "data": PNG, "mimeType": "image/png"}
PDF_ENTRY = {
    "type": "resource",
    "resource": {"uri": "file:///r/Q3%20report.pdf", "mimeType": "application/pdf", "blob": PDF},
}
NATIVE = {"image_input": True, "native_pdf": True}


def test_text_reads_back_as_one_text_block_with_id_and_name() -> None:
    result = _result(content=[{"type": "text", "text": "a"}, {"type": "text", "text": "b"}])
    assert ToolResult.from_wire("openai", result.to("openai")).to_dict() == {
        "name": "",
        "id": "call_1",
        "content": [{"type": "text", "text": "a\nb"}],
        "is_error": False,
    }
    assert ToolResult.from_wire("ollama", result.to("ollama")).name == "lookup"
    assert ToolResult.from_wire("gemini", result.to("gemini")).name == "lookup"
    assert ToolResult.from_wire("hermes", result.to("hermes")).to_dict() == {
        "name": "lookup",
        "id": "",
        "content": [{"type": "text", "text": "a\nb"}],
        "is_error": False,
    }


def test_native_media_read_back_as_mcp_entries() -> None:
    result = _result(content=[IMAGE, PDF_ENTRY])
    blob = {"mimeType": "application/pdf", "blob": PDF}
    anthropic = ToolResult.from_wire("anthropic", result.to("anthropic", **NATIVE), **NATIVE)
    assert anthropic.content == [IMAGE, {"type": "resource", "resource": blob}]
    gemini = ToolResult.from_wire("gemini", result.to("gemini", **NATIVE), **NATIVE)
    assert gemini.content == [
        {"type": "text", "text": ""},
        IMAGE,
        {"type": "resource", "resource": blob},
    ]
    responses = ToolResult.from_wire("responses", result.to("responses", **NATIVE), **NATIVE)
    named = {"uri": "file:///Q3%20report.pdf", **blob}
    assert responses.content == [IMAGE, {"type": "resource", "resource": named}]
    assert responses.to("responses", **NATIVE)["output"][1]["filename"] == "Q3 report.pdf"


def test_anthropic_image_without_image_input_passes_through() -> None:
    block = {
        "type": "tool_result",
        "tool_use_id": "toolu_1",
        "content": [
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
        ],
    }
    back = ToolResult.from_wire("anthropic", block)
    assert back.content == block["content"]  # the Anthropic block itself: written back unchanged
    assert back.to("anthropic") == block
    assert ToolResult.from_wire("anthropic", block, image_input=True).content == [IMAGE]


def test_anthropic_error_and_structured_string() -> None:
    error = _result(content=[{"type": "text", "text": "boom"}], is_error=True)
    assert ToolResult.from_wire("anthropic", error.to("anthropic")).is_error is True
    structured = _result(content=[], structured_content={"temp": 22})
    back = ToolResult.from_wire("anthropic", structured.to("anthropic"))
    assert (back.content, back.structured_content) == ([], {"temp": 22})


def test_gemini_response_object_is_structured_content() -> None:
    result = _result(content=[{"type": "text", "text": "x"}], structured_content={"temp": 22})
    back = ToolResult.from_wire("gemini", result.to("gemini"))
    assert (back.content, back.structured_content) == ([], {"temp": 22})


def test_hermes_any_tag() -> None:
    result = _result(content=[{"type": "text", "text": "</x> ok"}])
    for tag in ("tool_response", "result", "_r", "fn.response-2"):  # any plain tag name
        block = result.to("hermes", response_tag=tag)
        back = ToolResult.from_wire("hermes", block, response_tag=tag)
        assert back.content == [{"type": "text", "text": "</x> ok"}], tag
    assert ToolResult.from_wire("hermes", result.to("hermes", response_tag="r")).name == "lookup"


def test_sdk_object_is_read_through_model_dump() -> None:
    part = types.Part.from_function_response(name="f", response={"result": "x"})
    back = ToolResult.from_wire("gemini", part)
    assert (back.name, back.content) == ("f", [{"type": "text", "text": "x"}])


@pytest.mark.parametrize("wire", WIRES)
def test_malformed_blocks_never_raise(wire: str) -> None:
    for block in (None, 3, [], {}, {"content": 5}, "<tool_response>{</tool_response>"):
        back = ToolResult.from_wire(wire, block)
        assert isinstance(back, ToolResult)


def test_bad_wire_and_option() -> None:
    with pytest.raises(ValueError, match="unknown wire 'vertex'"):
        ToolResult.from_wire("vertex", {})
    with pytest.raises(TypeError):
        ToolResult.from_wire("openai", {}, imagey=True)  # type: ignore[call-arg]
