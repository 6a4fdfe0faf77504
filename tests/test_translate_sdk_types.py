"""Issue 26: translate's outputs pass the official SDK request types (``request_strict``).
One test per cause the corpus check found, each with the exact body or loss expected."""

from __future__ import annotations

from typing import Any

import pytest
from openai.types.responses.response_input_item_param import ResponseInputItemParam
from request_strict import ALLOWANCES, check_request_body
from sdk_strict import StrictError, validate_typeddict

from toolresult_lab import Loss, translate

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
CHAT_TOOL = {"type": "function", "function": {"name": "weather", "parameters": SCHEMA}}
QUESTION = [{"role": "user", "content": "Weather in Köln?"}]


def _chat(**fields: Any) -> dict[str, Any]:
    return {"model": "gpt-x", "messages": QUESTION, "tools": [CHAT_TOOL], **fields}


# -- responses: FunctionToolParam requires ``strict`` -----------------------------------------


def test_a_responses_function_tool_says_strict_as_the_source_does_else_false() -> None:
    out = translate("openai", "responses", _chat())
    assert out.request["tools"] == [
        {"type": "function", "name": "weather", "parameters": SCHEMA, "strict": False}
    ]
    strict = {**CHAT_TOOL, "function": {**CHAT_TOOL["function"], "strict": True}}
    out = translate("openai", "responses", _chat(tools=[strict]))
    assert out.request["tools"][0]["strict"] is True
    check_request_body("responses", out.request)
    anthropic = {
        "model": "claude-x",
        "max_tokens": 100,
        "messages": QUESTION,
        "tools": [{"name": "weather", "input_schema": SCHEMA}],
    }
    assert translate("anthropic", "responses", anthropic).request["tools"][0]["strict"] is False


# -- ollama: no tool_choice --------------------------------------------------------------------


def test_ollama_gets_no_tool_choice_and_loses_one_that_is_not_auto() -> None:
    out = translate("openai", "ollama", _chat(tool_choice="auto"))
    assert "tool_choice" not in out.request
    assert out.losses == ()
    out = translate("openai", "ollama", _chat(tool_choice="required"))
    assert "tool_choice" not in out.request
    assert out.losses == (Loss("tool_choice", "ollama has no tool_choice: dropped"),)
    check_request_body("ollama", out.request)


# -- gemini: the OpenAPI-subset ``parameters`` has upper-case types ----------------------------


def test_a_gemini_parameters_schema_arrives_as_json_schema_with_lower_case_types() -> None:
    openapi = {
        "type": "OBJECT",
        "properties": {
            "city": {"type": "STRING", "description": "a city"},
            "days": {"type": "ARRAY", "items": {"type": "INTEGER"}},
            "unit": {"anyOf": [{"type": "STRING"}, {"type": "NULL"}]},
        },
        "required": ["city"],
    }
    request = {
        "contents": [{"role": "user", "parts": [{"text": "Weather in Köln?"}]}],
        "tools": [{"functionDeclarations": [{"name": "weather", "parameters": openapi}]}],
    }
    out = translate("gemini", "ollama", request, model="llama-x")
    assert out.request["tools"] == [
        {
            "type": "function",
            "function": {
                "name": "weather",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "city": {"type": "string", "description": "a city"},
                        "days": {"type": "array", "items": {"type": "integer"}},
                        "unit": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                    },
                    "required": ["city"],
                },
            },
        }
    ]
    check_request_body("ollama", out.request)
    anthropic = translate("gemini", "anthropic", request, model="claude-x").request
    assert anthropic["tools"][0]["input_schema"]["type"] == "object"


# -- anthropic: inline media other than its image types and PDF --------------------------------


def test_inline_audio_is_a_loss_on_anthropic_not_a_document_block() -> None:
    request = {
        "contents": [
            {
                "role": "user",
                "parts": [
                    {"text": "Describe this file:"},
                    {"inlineData": {"mimeType": "audio/mpeg", "data": "SUQzBAAAAAAAI1RTU0U="}},
                ],
            }
        ]
    }
    out = translate("gemini", "anthropic", request, model="claude-x")
    assert out.request["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "Describe this file:"}]}
    ]
    assert [loss.path for loss in out.losses] == ["contents[0].parts[1]"]
    check_request_body("anthropic", out.request)
    pdf = {"inlineData": {"mimeType": "application/pdf", "data": "JVBERi0xLjQK"}}
    request["contents"][0]["parts"][1] = pdf
    out = translate("gemini", "anthropic", request, model="claude-x")
    document = {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0xLjQK"}
    assert out.request["messages"][0]["content"][1] == {"type": "document", "source": document}
    assert out.losses == ()


# -- the checker itself ------------------------------------------------------------------------


def test_a_message_item_without_its_optional_type_is_an_easy_input_message() -> None:
    validate_typeddict({"role": "user", "content": "hi"}, ResponseInputItemParam)
    with pytest.raises(StrictError):
        validate_typeddict({"role": "user", "content": "hi", "bogus": 1}, ResponseInputItemParam)


def test_each_allowance_names_its_page_and_the_day_it_was_read() -> None:
    assert sorted(ALLOWANCES) == [
        "anthropic-sampling",
        "hermes-tool-message",
        "ollama-tool-call-id",
        "ollama-tool-schema",
    ]
    for why, page, day in ALLOWANCES.values():
        assert why and page.startswith("https://") and day == "2026-12-02"


def test_the_allowances_stay_narrow() -> None:
    body = {"model": "claude-x", "max_tokens": 10, "messages": QUESTION, "top_p": 0.5}
    check_request_body("anthropic", body)
    with pytest.raises(StrictError):
        check_request_body("anthropic", {**body, "top_p": "high"})
    with pytest.raises(StrictError):
        check_request_body("anthropic", {**body, "top_a": 0.5})
    tool = {"type": "function", "function": {"name": "f", "parameters": {"type": "OBJECT"}}}
    with pytest.raises(StrictError):  # the schema is still validated by ollama's type
        check_request_body("ollama", {"model": "m", "messages": QUESTION, "tools": [tool]})
    hermes = {"model": "h", "messages": [{"role": "tool", "content": "x", "tool_call_id": "1"}]}
    with pytest.raises(StrictError):
        check_request_body("hermes", hermes)
