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


# -- texts arrive as they were, or a loss says how they changed --------------------------


@pytest.mark.parametrize("text", ["first ", "\n", "  two\nlines  "])
@pytest.mark.parametrize("dst", ["hermes", "openai", "ollama"])
def test_a_hermes_assistant_text_alone_arrives_with_its_whitespace(text: str, dst: str) -> None:
    request = [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": text},
        {"role": "user", "content": "r"},
    ]
    out = translate("hermes", dst, request)
    assert out.request["messages"][1] == {"role": "assistant", "content": text}
    assert out.losses == ()


def test_a_hermes_text_beside_calls_is_read_trimmed_with_a_loss_when_more_than_the_break() -> None:
    call = '<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call>'
    request = [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": f" look \n{call}"},
        {"role": "tool", "content": "<tool_response>\nok\n</tool_response>"},
    ]
    out = translate("hermes", "openai", request)
    assert out.request["messages"][1]["content"] == "look"
    assert Loss("messages[1]", "whitespace around the text beside the calls trimmed") in out.losses


def test_two_responses_assistant_messages_stay_two_turns_both_ways() -> None:
    request = [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": "first"},
        {"role": "assistant", "content": "second"},
    ]
    there = translate("openai", "responses", request)
    assert there.request["input"] == request
    back = translate("responses", "openai", there.request)
    assert back.request["messages"] == request
    assert there.losses == back.losses == ()
    bedrock = translate("responses", "bedrock", there.request)
    assert bedrock.request["messages"][1] == {
        "role": "assistant",
        "content": [{"text": "first"}, {"text": "second"}],
    }
    assert bedrock.losses == ()
    assert [n.what for n in bedrock.notes] == [
        "two assistant messages in a row written as one (bedrock takes alternating roles)"
    ]


def _two_texts(role: str) -> dict[str, Any]:
    texts = [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]
    messages = [{"role": "user", "content": "q"}] if role == "assistant" else []
    return {
        "model": "c",
        "max_tokens": 10,
        "messages": [*messages, {"role": role, "content": texts}],
    }


@pytest.mark.parametrize(
    ("dst", "role", "joined"),
    [
        ("openai", "assistant", True),
        ("openai", "user", False),
        ("hermes", "user", True),
        ("hermes", "assistant", True),
        ("ollama", "user", True),
        ("responses", "user", False),
        ("bedrock", "user", False),
    ],
)
def test_texts_joined_into_one_string_are_a_loss_at_their_message(
    dst: str, role: str, joined: bool
) -> None:
    request = _two_texts(role)
    out = translate("anthropic", dst, request)
    where = f"messages[{len(request['messages']) - 1}]"
    expected = (
        (
            Loss(
                where,
                f"2 texts joined with line breaks into one ({dst}'s {role} message holds one text)",
            ),
        )
        if joined
        else ()
    )
    assert tuple(loss for loss in out.losses if loss.path != "model") == expected


# -- a message's own fields, a system's marks, a text's citations -------------------------


def test_a_chat_messages_own_fields_stay_on_their_wire_and_are_losses_elsewhere() -> None:
    request = {
        "model": "m-1",
        "messages": [
            {"role": "user", "name": "alice", "content": "hi"},
            {"role": "assistant", "content": "Once upon", "prefix": True},
        ],
    }
    same = translate("openai", "openai", request)
    assert same.request == request
    assert same.losses == ()
    check_request_body("openai", {**same.request, "messages": same.request["messages"][:1]})
    out = translate("openai", "anthropic", request)
    assert out.request["messages"] == [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Once upon"},
    ]
    assert out.losses == (
        Loss("messages[0].name", "a message field with no form on anthropic: dropped"),
        Loss("messages[1].prefix", "a message field with no form on anthropic: dropped"),
    )
    check_request_body("anthropic", out.request)


def test_a_system_messages_own_field_is_a_loss_the_system_being_one_text() -> None:
    request = {"model": "m-1", "messages": [{"role": "system", "name": "ops", "content": "S"}, *HI]}
    out = translate("openai", "openai", request)
    assert out.request["messages"][0] == {"role": "system", "content": "S"}
    assert out.losses == (
        Loss("messages[0].name", "the system is one text: this field of it dropped"),
    )


HI = [{"role": "user", "content": "hi"}]
CACHE = {"type": "ephemeral"}


@pytest.mark.parametrize("dst", ["anthropic", "openai", "gemini"])
def test_system_blocks_cache_marks_and_joins_are_losses(dst: str) -> None:
    system = [{"type": "text", "text": "S", "cache_control": CACHE}, {"type": "text", "text": "T"}]
    request = {"model": "c", "max_tokens": 5, "system": system, "messages": HI}
    out = translate("anthropic", dst, request)
    assert [loss for loss in out.losses if loss.path.startswith("system")] == [
        Loss("system[0]", "the system is one text: its cache mark dropped"),
        Loss("system[0]", "2 system texts joined with line breaks into one"),
    ]
    single = translate("anthropic", dst, {**request, "system": "S"})
    assert [loss for loss in single.losses if loss.path.startswith("system")] == []


CITATION = {
    "type": "char_location",
    "cited_text": "x",
    "document_index": 0,
    "document_title": "Notes",
    "start_char_index": 0,
    "end_char_index": 1,
}


def test_an_anthropic_text_with_citations_is_whole_on_anthropic_its_text_elsewhere() -> None:
    text = {"type": "text", "text": "A", "citations": [CITATION]}
    request = {
        "model": "c",
        "max_tokens": 5,
        "messages": [*HI, {"role": "assistant", "content": [text]}],
    }
    same = translate("anthropic", "anthropic", request)
    assert same.request == request
    assert same.losses == ()
    check_request_body("anthropic", same.request)
    out = translate("anthropic", "openai", request)
    assert out.request["messages"][1] == {"role": "assistant", "content": "A"}
    assert out.losses == (
        Loss("messages[1].content[0]", "citations has no form on openai: dropped (the text kept)"),
    )


# -- a cache mark in a message -------------------------------------------------------------

BEDROCK_CACHED = {
    "messages": [
        {"role": "user", "content": [{"text": "the contract"}, {"cachePoint": {"type": "default"}}]}
    ]
}
ANTHROPIC_CACHED = {
    "model": "claude-x",
    "max_tokens": 100,
    "messages": [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "the contract", "cache_control": {"type": "ephemeral"}}
            ],
        }
    ],
}


def test_a_bedrock_cache_point_is_anthropics_cache_control_on_the_text_before_and_back() -> None:
    anthropic = translate("bedrock", "anthropic", BEDROCK_CACHED, model="claude-x")
    assert anthropic.request["messages"] == ANTHROPIC_CACHED["messages"]
    assert anthropic.losses == ()
    check_request_body("anthropic", anthropic.request)
    bedrock = translate("anthropic", "bedrock", ANTHROPIC_CACHED)
    assert bedrock.request["messages"] == BEDROCK_CACHED["messages"]
    assert [loss for loss in bedrock.losses if loss.path != "model"] == []
    check_request_body("bedrock", bedrock.request)


def test_a_cache_point_where_no_block_is_marked_is_a_loss_at_its_block() -> None:
    out = translate("bedrock", "openai", BEDROCK_CACHED, model="m-1")
    assert out.request["messages"] == [{"role": "user", "content": "the contract"}]
    assert out.losses == (
        Loss("messages[0].content[1]", "cachePoint has no form on openai: dropped"),
    )
    image = {"image": {"format": "png", "source": {"bytes": "iVBORw0KGgo="}}}
    after_image = {
        "messages": [{"role": "user", "content": [image, {"cachePoint": {"type": "default"}}]}]
    }
    out = translate("bedrock", "anthropic", after_image, model="claude-x")
    assert out.losses == (
        Loss("messages[0].content[1]", "cachePoint has no form on anthropic: dropped"),
    )


@pytest.mark.parametrize("dst", ["openai", "anthropic", "gemini", "bedrock"])
def test_a_call_outside_an_assistant_message_is_a_loss_not_silence(dst: str) -> None:
    """Found by the invariant properties: a ``tool_use`` moved into a user message was
    dropped with its id, name and input and no Loss (only its orphaned result said)."""
    request = {
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}},
                    {"type": "text", "text": "hi"},
                ],
            }
        ]
    }
    out = translate("anthropic", dst, request)
    assert (
        Loss(
            "messages[0].content[0]",
            "a tool call outside an assistant message (only the model calls): dropped",
        )
        in out.losses
    )


@pytest.mark.parametrize("dst", ["openai", "anthropic", "gemini", "ollama", "hermes", "bedrock"])
def test_an_image_with_neither_bytes_nor_a_url_is_a_loss_on_both_builds(dst: str) -> None:
    """b23's class: an ``input_image`` whose ``image_url`` is not a string was handed to
    the compiled ``rebuild`` (texts and documents only), a TypeError there alone."""
    request = {
        "model": "gpt-4.1",
        "input": [
            {
                "role": "user",
                "content": [
                    {"type": "input_text", "text": "see"},
                    {"type": "input_image", "image_url": []},
                ],
            }
        ],
    }
    out = translate("responses", dst, request)
    assert out.losses[0] == Loss("input[0].content[1]", f"image has no form on {dst}: dropped")
    same = translate("responses", "responses", request)  # its own wire keeps it as given
    assert same.request["input"][0]["content"][1] == {"type": "input_image", "image_url": []}


@pytest.mark.parametrize("dst", ["anthropic", "bedrock", "openai"])
def test_a_bedrock_block_of_two_members_is_read_as_a_block_each_with_a_note(dst: str) -> None:
    """Converse refuses a block of two members (lint's shape error); translate read only
    the first and dropped the image silently, then raised once the reader said so. Both
    arrive, in order, and a note says how they were read."""
    png = "iVBORw0KGgo="
    request = [
        {
            "role": "user",
            "content": [{"text": "hi", "image": {"format": "png", "source": {"bytes": png}}}],
        }
    ]
    out = translate("bedrock", dst, request)
    assert out.losses == ()
    assert (
        Loss(
            "messages[0].content[0]",
            "a content block holds exactly one member: its 2 (text, image) read as a block each",
        )
        in out.notes
    )
    written = json.dumps(out.request)
    assert '"hi"' in written and png in written
    if dst == "bedrock":
        assert out.request["messages"][0]["content"] == [
            {"text": "hi"},
            {"image": {"format": "png", "source": {"bytes": png}}},
        ]


def test_a_call_in_a_message_that_holds_results_is_a_loss_not_silence() -> None:
    """Found by the long property run (seed 23): a Gemini model content holding a
    functionResponse and then a functionCall was read as results alone, and the call went
    with its arguments and no Loss."""
    request = {
        "contents": [
            {"role": "user", "parts": [{"text": "q"}]},
            {
                "role": "model",
                "parts": [
                    {"functionResponse": {"name": "g", "response": {"r": 1}}},
                    {"functionCall": {"name": "g", "args": {"c": "F"}}},
                ],
            },
        ]
    }
    out = translate("gemini", "openai", request)
    assert out.losses[0] == Loss(
        "contents[1].parts[1]", "a tool call in a message that holds tool results: dropped"
    )
