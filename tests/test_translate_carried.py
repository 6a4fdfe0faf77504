"""Issue 36: what a translation carries is never called lost, and what it drops always is.

A wire's own element (a Bedrock document of any format, a Responses output message with its
``id``) arrives whole on its own wire; on another, what that wire takes arrives and the rest
is a loss naming it. Outputs are checked against the destination's SDK type or botocore.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from request_strict import check_request_body

from toolresult_lab import Loss, lint, translate

TEXT_FILE = base64.b64encode(b"Dummy TXT file\n").decode()
#: Bedrock's DocumentFormat enum (botocore's bedrock-runtime service model) besides pdf.
NOT_PDF = ("csv", "doc", "docx", "xls", "xlsx", "html", "txt", "md")


def _bedrock_document(fmt: str) -> dict[str, Any]:
    document = {"name": "Document 1", "format": fmt, "source": {"bytes": TEXT_FILE}}
    return {
        "messages": [
            {"role": "user", "content": [{"text": "What is in it?"}, {"document": document}]}
        ]
    }


@pytest.mark.parametrize("fmt", NOT_PDF)
def test_a_bedrock_document_of_any_format_arrives_whole_on_bedrock(fmt: str) -> None:
    request = _bedrock_document(fmt)
    out = translate("bedrock", "bedrock", request)
    assert out.request == request
    assert out.losses == ()
    assert [f.rule for f in out.findings.errors] == []
    check_request_body("bedrock", out.request)


@pytest.mark.parametrize("dst", ["anthropic", "openai", "gemini", "responses"])
def test_a_bedrock_text_document_elsewhere_is_a_loss_at_its_path_never_a_null(dst: str) -> None:
    model = None if dst == "gemini" else "m-1"  # gemini's model is in its URL
    out = translate("bedrock", dst, _bedrock_document("txt"), model=model)
    assert out.losses == (
        Loss("messages[0].content[1]", f"media of unknown type has no form on {dst}: dropped"),
    )
    assert "null" not in json.dumps(out.request)
    check_request_body(dst, out.request)


REASONING = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAAABo"}


def _replay(annotations: list[Any]) -> dict[str, Any]:
    text = {"type": "output_text", "text": "Hello!", "annotations": annotations}
    message = {
        "type": "message",
        "id": "msg_1",
        "role": "assistant",
        "status": "completed",
        "content": [text],
    }
    return {
        "model": "gpt-5",
        "input": [
            {"role": "user", "content": "hi"},
            REASONING,
            message,
            {"role": "user", "content": "and?"},
        ],
    }


def test_a_responses_reasoning_replay_arrives_whole_on_responses() -> None:
    request = _replay([])
    assert lint("responses", request).errors == ()
    out = translate("responses", "responses", request)
    assert out.request == request
    assert out.losses == ()
    assert out.findings.errors == ()
    check_request_body("responses", out.request)


def test_an_output_message_elsewhere_carries_its_text_and_loses_only_its_own_fields() -> None:
    citation = {"type": "url_citation", "url": "https://x.example", "start_index": 0,
                "end_index": 5, "title": "X"}  # fmt: skip
    out = translate("responses", "openai", _replay([citation]))
    assert out.request["messages"] == [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Hello!"},
        {"role": "user", "content": "and?"},
    ]
    assert out.losses == (
        Loss("input[1]", "reasoning has no form on openai: dropped"),
        Loss(
            "input[2]",
            "message fields (id, status, content[0].annotations) have no form on openai:"
            " dropped (the rest kept)",
        ),
    )
    check_request_body("openai", out.request)


def test_an_output_message_without_fields_of_its_own_reads_as_plain_text() -> None:
    request = {"input": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}]}
    out = translate("responses", "anthropic", request)
    assert out.losses == ()
    assert out.request["messages"][1] == {"role": "assistant", "content": "yo"}
