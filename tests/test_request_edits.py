"""Each wire's request edits (``wires/<wire>/edits.py``, ``WireModule.edits``): what repair
writes is the wire's own shape, a wire without an edit says so (nothing falls back to
another wire's shape), call ids are made in one place, and Bedrock's document rules are
written once (``wires/bedrock/documents.py``)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from botocore.session import Session
from botocore.validate import ParamValidator

from toolresult_lab import lint, repair
from toolresult_lab.requests.repairing import MISSING_RESULT, new_call_id
from toolresult_lab.wires import WIRES, IdStyle, RequestEdits, for_boto3, made_id, wire_module
from toolresult_lab.wires.bedrock import MAX_DOCUMENTS, DocumentNames, unique_documents

_CONVERSE = Session().get_service_model("bedrock-runtime").operation_model("Converse")


def _botocore_errors(messages: list[Any]) -> str:
    report = ParamValidator().validate(
        {"modelId": "m", "messages": for_boto3(messages)}, _CONVERSE.input_shape
    )
    return report.generate_report() if report.has_errors() else ""


@pytest.mark.parametrize("wire", WIRES)
def test_every_wire_hands_the_registry_its_own_edits(wire: str) -> None:
    edits = wire_module(wire).edits
    assert isinstance(edits, RequestEdits)
    assert edits.wire == wire
    assert type(edits).__module__ == f"toolresult_lab.wires.{wire}.edits"


def test_a_wire_without_an_edit_says_so_instead_of_writing_another_wires_shape() -> None:
    with pytest.raises(NotImplementedError, match="openai: no thought signatures"):
        wire_module("openai").edits.set_signature({}, "x")
    with pytest.raises(NotImplementedError, match="bedrock: no result bodies with parts"):
        wire_module("bedrock").edits.take_response_parts({})
    assert wire_module("ollama").edits.text_block("a") is None  # ollama has no text blocks
    assert wire_module("anthropic").edits.document_names(["a"]) is None
    assert wire_module("openai").edits.set_declared_mime({}, "image/png", "QUJD") is False


def test_each_wire_writes_its_own_text_block() -> None:
    blocks = {wire: wire_module(wire).edits.text_block("t") for wire in WIRES}
    assert blocks == {
        "openai": {"type": "text", "text": "t"},
        "anthropic": {"type": "text", "text": "t"},
        "gemini": {"text": "t"},
        "ollama": None,
        "responses": {"type": "input_text", "text": "t"},
        "hermes": {"type": "text", "text": "t"},
        "bedrock": {"text": "t"},
    }


def test_repair_puts_a_bedrock_result_before_string_text_as_bedrock_blocks() -> None:
    """The user message after the call holds a string: the result goes first and the text
    becomes Bedrock's own ``{"text": ...}`` block (once Anthropic's ``{"type": "text"}``,
    which botocore rejects)."""
    call = {"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}
    request = [
        {"role": "user", "content": [{"text": "go"}]},
        {"role": "assistant", "content": [call]},
        {"role": "user", "content": "thanks"},
    ]
    fixed = repair("bedrock", request)
    result = {"toolUseId": "t1", "content": [{"text": MISSING_RESULT}], "status": "error"}
    assert fixed.request[2] == {
        "role": "user",
        "content": [{"toolResult": result}, {"text": "thanks"}],
    }
    assert _botocore_errors(fixed.request) == ""
    assert fixed.wire == "bedrock"


def test_call_ids_are_made_by_each_wires_id_style() -> None:
    taken: set[str] = set()
    assert new_call_id("anthropic", None, "call 1", taken) == "call_1"  # kept, cleaned
    made = new_call_id("anthropic", None, "call 1", taken)  # taken now: a hashed one
    assert re.fullmatch(r"toolu_[0-9a-f]{24}", made)
    assert re.fullmatch(r"call_[0-9a-f]{24}", new_call_id("bedrock", None, "x.y", set()))
    assert re.fullmatch(r"[a-zA-Z0-9]{9}", new_call_id("openai", "mistral", "call_1", set()))
    assert wire_module("openai").edits.id_style(None) == IdStyle()
    assert made_id(0, "f") == made_id(0, "f") != made_id(1, "f")
    assert re.fullmatch(r"call_[0-9a-f]{24}", made_id(3, "get_weather"))


def test_bedrock_document_names_are_one_rule_for_block_turn_request_and_repair() -> None:
    names = DocumentNames(["Report"])
    assert [names.take("report"), names.take("REPORT"), names.take("memo")] == [
        "report (2)",
        "REPORT (3)",
        "memo",
    ]
    assert not names.full()
    names.take("a")
    assert names.full() and len(names.taken) == MAX_DOCUMENTS
    pdf = {"format": "pdf", "name": "q", "source": {"bytes": "JVBERi0="}}
    blocks = [
        {"toolResult": {"toolUseId": "t", "content": [{"document": dict(pdf)} for _ in range(6)]}}
    ]
    content = unique_documents(blocks)[0]["toolResult"]["content"]
    assert [entry.get("document", {}).get("name") for entry in content[:5]] == [
        "q",
        "q (2)",
        "q (3)",
        "q (4)",
        "q (5)",
    ]
    assert content[5] == {"text": "[resource] application/pdf (5 bytes)"}


def test_repair_renames_bedrock_documents_through_the_same_names() -> None:
    pdf = {"format": "pdf", "source": {"bytes": "JVBERi0="}}
    content = [
        {"document": {**pdf, "name": "q"}},
        {"document": {**pdf, "name": "q"}},
        {"text": "read these"},
    ]
    request = [{"role": "user", "content": content}]
    fixed = repair("bedrock", request)
    names = [b["document"]["name"] for b in fixed.request[0]["content"][:2]]
    assert names == ["q", "q (2)"]
    assert [(c.rule, c.path, c.action) for c in fixed.changes] == [
        ("duplicate-document-name", "messages[0].content[1]", "document name 'q' -> 'q (2)'")
    ]
    assert lint("bedrock", fixed.request).errors == ()
