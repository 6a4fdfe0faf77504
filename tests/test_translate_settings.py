"""Issue 26: the settings beside a conversation move with it (thinking and reasoning, the
model given on the command line, tool schemas for Gemini, a tool's cache marker, Anthropic's
required ``max_tokens``), and ``Transcript`` carries them."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import botocore.session
import pytest
from anthropic.types.message_create_params import MessageCreateParamsNonStreaming
from botocore.validate import ParamValidator
from google.genai import types as genai_types
from helpers import run_cli
from request_strict import check_request_body
from sdk_strict import check_strict

from toolresult_lab import WIRES, Loss, Transcript, translate, wires
from toolresult_lab.wires import Settings, settings_shape

QUESTION = [{"role": "user", "content": "Weather in Köln?"}]
SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
MAX_TOKENS_NOTE = (
    "the source has no output token limit: max_tokens {} written (anthropic requires one)"
)


def _anthropic(**fields: Any) -> dict[str, Any]:
    return {"model": "claude-x", "max_tokens": 8000, "messages": QUESTION, **fields}


# -- thinking and reasoning --------------------------------------------------------------------


def test_an_anthropic_thinking_budget_goes_to_gemini_and_bedrock_as_their_own_budget() -> None:
    request = _anthropic(thinking={"type": "enabled", "budget_tokens": 2048})
    gemini = translate("anthropic", "gemini", request)
    assert gemini.request["generationConfig"] == {
        "maxOutputTokens": 8000,
        "thinkingConfig": {"thinkingBudget": 2048},
    }
    assert not [loss for loss in gemini.losses if loss.path.startswith("thinking")]
    bedrock = translate("anthropic", "bedrock", request)
    assert bedrock.request["additionalModelRequestFields"] == {
        "thinking": {"type": "enabled", "budget_tokens": 2048}
    }
    params = {"modelId": "anthropic.claude-x", **bedrock.request}
    report = ParamValidator().validate(params, _converse_input())
    assert not report.has_errors(), report.generate_report()
    back = translate("bedrock", "anthropic", bedrock.request)
    assert back.request["thinking"] == {"type": "enabled", "budget_tokens": 2048}


def _converse_input() -> Any:
    session = botocore.session.get_session()
    model = session.get_service_model("bedrock-runtime")
    return model.operation_model("Converse").input_shape


def test_a_budget_has_no_counterpart_where_an_effort_level_is_taken_and_the_reverse() -> None:
    request = _anthropic(thinking={"type": "enabled", "budget_tokens": 2048})
    openai = translate("anthropic", "openai", request)
    assert "reasoning_effort" not in openai.request
    assert (
        Loss("thinking.budget_tokens", "openai takes an effort level, not a token budget: dropped")
        in openai.losses
    )
    ollama = translate("anthropic", "ollama", request)
    assert Loss("thinking.budget_tokens", "ollama has no thinking setting: dropped") in (
        ollama.losses
    )
    responses = {"model": "o4", "reasoning": {"effort": "high", "summary": "auto"}, "input": "hi"}
    out = translate("responses", "anthropic", responses)
    assert "thinking" not in out.request
    assert out.losses == (
        Loss("reasoning.summary", "has no counterpart on anthropic: dropped"),
        Loss("reasoning.effort", "anthropic takes a token budget, not an effort level: dropped"),
    )
    chat = {
        "model": "gpt-5",
        "reasoning_effort": "low",
        "messages": [{"role": "user", "content": "hi"}],
    }
    hermes = translate("openai", "hermes", chat)
    assert "reasoning_effort" not in hermes.request
    assert hermes.losses == (Loss("reasoning_effort", "hermes has no thinking setting: dropped"),)


def test_a_reasoning_effort_moves_between_chat_completions_and_responses() -> None:
    responses = {"model": "o4", "reasoning": {"effort": "high"}, "input": "hi"}
    openai = translate("responses", "openai", responses)
    assert openai.request["reasoning_effort"] == "high" and openai.losses == ()
    back = translate("openai", "responses", openai.request)
    assert back.request["reasoning"] == {"effort": "high"} and back.losses == ()


def test_a_gemini_budget_goes_to_anthropic_with_room_for_the_answer_and_its_other_keys_lost() -> (
    None
):
    request = {
        "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
        "generationConfig": {"thinkingConfig": {"thinkingBudget": 1024, "includeThoughts": True}},
    }
    out = translate("gemini", "anthropic", request, model="claude-x")  # none in a gemini body
    assert out.request["thinking"] == {"type": "enabled", "budget_tokens": 1024}
    assert out.request["max_tokens"] == 5120  # the budget must stay below max_tokens
    assert out.notes == (Loss("", MAX_TOKENS_NOTE.format(5120)),)
    assert out.losses == (
        Loss(
            "generationConfig.thinkingConfig.includeThoughts",
            "has no counterpart on anthropic: dropped",
        ),
    )
    check_strict(out.request, MessageCreateParamsNonStreaming)
    dynamic = {**request, "generationConfig": {"thinkingConfig": {"thinkingBudget": -1}}}
    out = translate("gemini", "anthropic", dynamic)
    assert "thinking" not in out.request
    assert out.losses == (
        Loss(
            "generationConfig.thinkingConfig.thinkingBudget",
            "has no counterpart on anthropic: dropped",
        ),
    )


def test_thinking_stays_off_where_the_tool_loop_in_progress_has_no_thinking_block() -> None:
    request = {
        "toolConfig": {"tools": [{"toolSpec": {"name": "f", "inputSchema": {"json": SCHEMA}}}]},
        "additionalModelRequestFields": {"thinking": {"type": "enabled", "budget_tokens": 2048}},
        "messages": [
            {"role": "user", "content": [{"text": "go"}]},
            {
                "role": "assistant",
                "content": [{"toolUse": {"toolUseId": "t1", "name": "f", "input": {"city": "K"}}}],
            },
            {
                "role": "user",
                "content": [{"toolResult": {"toolUseId": "t1", "content": [{"text": "ok"}]}}],
            },
        ],
    }
    out = translate("bedrock", "anthropic", request)
    assert "thinking" not in out.request
    assert out.losses == (
        Loss(
            "additionalModelRequestFields.thinking.budget_tokens",
            "the tool loop in progress has no thinking block, which anthropic requires with"
            " thinking on: thinking left off",
        ),
    )
    assert out.findings.errors == ()


def test_each_thinking_shape_names_its_documentation_page_and_the_day_it_was_read() -> None:
    for wire in ("anthropic", "gemini", "bedrock", "openai", "responses"):
        sources = [s for s in settings_shape(wire).sources if s.setting == "thinking"]
        assert len(sources) == 1, wire
        assert sources[0].url.startswith("https://") and sources[0].checked == "2026-12-02"
    assert [s.setting for s in settings_shape("ollama").sources] == ["tool schema root"]


# -- the model, Anthropic's max_tokens ----------------------------------------------------------


def test_anthropic_gets_a_default_max_tokens_with_a_note_not_a_loss() -> None:
    out = translate("openai", "anthropic", {"model": "gpt-4o", "messages": QUESTION})
    assert out.request == {"messages": QUESTION, "model": "gpt-4o", "max_tokens": 4096}
    assert out.losses == ()
    assert out.notes == (Loss("", MAX_TOKENS_NOTE.format(4096)),)
    # on its own wire nothing is added
    assert "max_tokens" not in translate("anthropic", "anthropic", {"messages": QUESTION}).request


def test_the_cli_sets_the_destination_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "request.json"
    path.write_text(
        json.dumps({"model": "gpt-4o", "max_tokens": 50, "messages": QUESTION}), "utf-8"
    )
    status, out, err = run_cli(
        capsys, "translate", str(path), "--from", "openai", "--to", "anthropic",
        "--model", "claude-sonnet-4-5",
    )  # fmt: skip
    assert status == 0 and err == ""
    assert json.loads(out) == {"messages": QUESTION, "model": "claude-sonnet-4-5", "max_tokens": 50}
    status, out, err = run_cli(
        capsys, "translate", str(path), "--from", "openai", "--to", "anthropic", "--model", " "
    )
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "model must not be empty" in err and "Traceback" not in err


def test_translate_rejects_a_model_that_is_not_a_string() -> None:
    with pytest.raises(TypeError, match="model must be a str or None, not int"):
        translate("openai", "anthropic", {"messages": QUESTION}, model=4)  # type: ignore[arg-type]


# -- tool definitions ----------------------------------------------------------------------


def test_gemini_takes_a_full_json_schema_as_parameters_json_schema_with_nothing_dropped() -> None:
    schema = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {"where": {"$ref": "#/$defs/place"}},
        "$defs": {"place": {"type": "string", "minLength": 1}},
        "additionalProperties": False,
        "required": ["where"],
    }
    tools = [{"type": "function", "function": {"name": "weather", "parameters": schema}}]
    out = translate("openai", "gemini", {"tools": tools, "messages": QUESTION})
    declaration = out.request["tools"][0]["functionDeclarations"][0]
    assert declaration == {"name": "weather", "parametersJsonSchema": schema}
    assert out.losses == ()
    checked = genai_types.FunctionDeclaration.model_validate(declaration)
    assert checked.parameters_json_schema == schema and checked.parameters is None
    sources = [s for s in settings_shape("gemini").sources if s.setting == "tools"]
    assert sources[0].checked == "2026-12-02" and "FunctionDeclaration" in sources[0].url


def test_a_tool_cache_marker_is_a_loss_where_the_destination_has_none() -> None:
    tool = {
        "name": "weather",
        "input_schema": SCHEMA,
        "cache_control": {"type": "ephemeral"},
    }
    request = _anthropic(tools=[{"name": "plain", "input_schema": SCHEMA}, tool])
    out = translate("anthropic", "openai", request)
    assert [t["function"]["name"] for t in out.request["tools"]] == ["plain", "weather"]
    assert out.losses == (Loss("tools[1].cache_control", "has no counterpart on openai: dropped"),)
    same = translate("anthropic", "anthropic", request)
    assert same.request["tools"][1] == tool and same.losses == ()


# -- strict schema adherence, and every other field of a definition ---------------------------

#: A request of each wire whose one tool asks for strict schema adherence.
STRICT_REQUESTS: dict[str, dict[str, Any]] = {
    "openai": {
        "model": "gpt-4o",
        "messages": QUESTION,
        "tools": [
            {
                "type": "function",
                "function": {"name": "weather", "parameters": SCHEMA, "strict": True},
            }
        ],
    },
    "responses": {
        "model": "gpt-4o",
        "input": QUESTION,
        "tools": [{"type": "function", "name": "weather", "parameters": SCHEMA, "strict": True}],
    },
    "anthropic": _anthropic(tools=[{"name": "weather", "input_schema": SCHEMA, "strict": True}]),
    "bedrock": {
        "messages": [{"role": "user", "content": [{"text": "Weather in Köln?"}]}],
        "toolConfig": {
            "tools": [
                {"toolSpec": {"name": "weather", "inputSchema": {"json": SCHEMA}, "strict": True}}
            ]
        },
    },
}
#: Where each of those holds ``strict``.
STRICT_AT = {
    "openai": "tools[0].function.strict",
    "responses": "tools[0].strict",
    "anthropic": "tools[0].strict",
    "bedrock": "toolConfig.tools[0].toolSpec.strict",
}
#: The strict definition each wire that takes ``strict`` is written.
STRICT_WRITTEN = {
    "openai": {
        "type": "function",
        "function": {"name": "weather", "parameters": SCHEMA, "strict": True},
    },
    "responses": {"type": "function", "name": "weather", "parameters": SCHEMA, "strict": True},
    "anthropic": {"name": "weather", "input_schema": SCHEMA, "strict": True},
    "bedrock": {"toolSpec": {"name": "weather", "inputSchema": {"json": SCHEMA}, "strict": True}},
}
STRICT_PAIRS = [(src, dst) for src in STRICT_REQUESTS for dst in WIRES if dst != src]


def _definitions(wire: str, body: dict[str, Any]) -> Any:
    return body["toolConfig"]["tools"] if wire == "bedrock" else body["tools"]


@pytest.mark.parametrize(("src", "dst"), STRICT_PAIRS, ids=[f"{s}-{d}" for s, d in STRICT_PAIRS])
def test_strict_moves_where_the_destination_takes_it_and_is_a_loss_elsewhere(
    src: str, dst: str
) -> None:
    out = translate(src, dst, STRICT_REQUESTS[src], model="m")
    tool_losses = [loss for loss in out.losses if "tools" in loss.path]
    if dst in STRICT_WRITTEN:
        assert _definitions(dst, out.request) == [STRICT_WRITTEN[dst]]
        assert tool_losses == []
    else:
        assert tool_losses == [Loss(STRICT_AT[src], f"{dst} has no strict schema mode: dropped")]
        assert "strict" not in json.dumps(out.request)
    check_request_body(dst, out.request)


@pytest.mark.parametrize("src", sorted(STRICT_REQUESTS))
def test_strict_false_is_every_wires_default_and_never_a_loss(src: str) -> None:
    request = json.loads(json.dumps(STRICT_REQUESTS[src]).replace("true", "false"))
    for dst in WIRES:
        out = translate(src, dst, request, model="m")
        assert [loss for loss in out.losses if "tools" in loss.path] == []
        if dst in STRICT_WRITTEN:
            written = json.loads(json.dumps(STRICT_WRITTEN[dst]).replace("true", "false"))
            assert _definitions(dst, out.request) == [written]


def test_each_wire_says_whether_it_takes_strict_and_where_that_is_documented() -> None:
    takes = {wire for wire in WIRES if settings_shape(wire).takes_strict}
    assert takes == {"openai", "responses", "anthropic", "bedrock"}
    for wire in sorted(takes):
        (source,) = [s for s in settings_shape(wire).sources if s.setting == "strict"]
        assert source.checked == "2026-12-03" and source.url.startswith("https://")
    assert not any(
        s.setting == "strict" for w in set(WIRES) - takes for s in settings_shape(w).sources
    )


def test_every_field_of_a_definition_its_reader_does_not_take_is_a_loss_at_its_path() -> None:
    anthropic_tool = {
        "name": "weather",
        "input_schema": SCHEMA,
        "defer_loading": True,
        "input_examples": [{"city": "Köln"}],
        "eager_input_streaming": True,
    }
    out = translate("anthropic", "openai", _anthropic(tools=[anthropic_tool]))
    assert out.losses == tuple(
        Loss(f"tools[0].{key}", "has no counterpart on openai: dropped")
        for key in ("defer_loading", "input_examples", "eager_input_streaming")
    )
    same = translate("anthropic", "anthropic", _anthropic(tools=[anthropic_tool]))
    assert same.request["tools"] == [anthropic_tool] and same.losses == ()
    responses = {
        "model": "gpt-4o",
        "input": QUESTION,
        "tools": [{"type": "function", "name": "weather", "parameters": SCHEMA, "strict": False,
                   "defer_loading": True}],
    }  # fmt: skip
    out = translate("responses", "anthropic", responses)
    assert out.losses == (
        Loss("tools[0].defer_loading", "has no counterpart on anthropic: dropped"),
    )
    chat = {
        "messages": QUESTION,
        "tools": [{"type": "function", "function": {"name": "weather", "parameters": SCHEMA,
                                                    "x-origin": "mcp"}, "x-server": "s"}],
    }  # fmt: skip
    out = translate("openai", "responses", chat)
    assert out.losses == (
        Loss("tools[0].x-server", "has no counterpart on responses: dropped"),
        Loss("tools[0].function.x-origin", "has no counterpart on responses: dropped"),
    )


def test_a_gemini_declaration_in_the_sdks_snake_case_keeps_its_schema() -> None:
    """248 declarations of the corpus say ``parameters_json_schema`` (the API takes both
    spellings): the schema was written as an empty object, silently."""
    contents = [{"role": "user", "parts": [{"text": "Weather in Köln?"}]}]
    declaration = {"name": "weather", "description": "Now", "parameters_json_schema": SCHEMA}
    request = {"contents": contents, "tools": [{"function_declarations": [declaration]}]}
    out = translate("gemini", "anthropic", request, model="claude-x")
    assert out.request["tools"] == [
        {"name": "weather", "description": "Now", "input_schema": SCHEMA}
    ]
    assert out.losses == ()
    hosted = {
        "function_declarations": [declaration | {"behavior": "NON_BLOCKING"}],
        "googleSearch": {},
    }
    out = translate("gemini", "openai", {"contents": contents, "tools": [hosted, "x"]})
    assert out.request["tools"][0]["function"]["parameters"] == SCHEMA
    assert out.losses == tuple(
        Loss(path, "has no counterpart on openai: dropped")
        for path in (
            "tools[0].googleSearch",
            "tools[1]",
            "tools[0].function_declarations[0].behavior",
        )
    )


def test_tools_that_are_not_a_list_and_config_fields_not_taken_are_losses() -> None:
    out = translate("openai", "anthropic", {"messages": QUESTION, "tools": {"name": "weather"}})
    assert out.losses == (Loss("tools", "has no counterpart on anthropic: dropped"),)
    bedrock = {
        "messages": [{"role": "user", "content": [{"text": "Weather in Köln?"}]}],
        "inferenceConfig": {"maxTokens": 100, "temperature": "0.5"},
        "toolConfig": {"tools": [{"cachePoint": {"type": "default"}}], "extra": 1},
    }
    out = translate("bedrock", "openai", bedrock)
    assert out.request["max_tokens"] == 100 and "temperature" not in out.request
    assert set(out.losses) == set(
        Loss(path, "has no counterpart on openai: dropped")
        for path in ("inferenceConfig.temperature", "toolConfig.tools[0]", "toolConfig.extra")
    )


# -- the transcript carries the settings -------------------------------------------------------


def test_a_transcript_carries_the_settings_immutably() -> None:
    request = {"model": "gpt-4o", "temperature": 0.5, "seed": 7, "messages": QUESTION}
    transcript = Transcript.from_wire("openai", request)
    settings = transcript.settings
    assert isinstance(settings, Settings)
    assert (settings.model, settings.temperature, settings.wire) == ("gpt-4o", 0.5, "openai")
    assert dict(settings.rest) == {"seed": 7}
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.model = "other"  # type: ignore[misc]
    assert Transcript.from_wire("openai", {"messages": QUESTION}).settings is None
    assert transcript != Transcript(transcript.system, transcript.turns)
    assert transcript == Transcript(transcript.system, transcript.turns, settings)
    # to() writes the conversation; translate writes the whole request
    assert transcript.to("openai") == {"messages": QUESTION}
    with pytest.raises(
        TypeError, match=r"Transcript\.settings must be a Settings or None, not dict"
    ):
        Transcript(None, [], {"model": "x"})  # type: ignore[arg-type]


def test_a_wire_without_settings_loses_each_one_at_its_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A wire whose ``WireModule`` has no settings (a toy wire) takes none: each is a loss."""
    toy = dataclasses.replace(wires._MODULES["hermes"], settings=None)
    monkeypatch.setitem(wires._MODULES, "hermes", toy)
    request = _anthropic(tools=[{"name": "f", "input_schema": SCHEMA}], top_k=5)
    with pytest.raises(ValueError, match="the hermes wire reads and writes no request settings"):
        settings_shape("hermes")
    out = translate("anthropic", "hermes", request)
    assert {k for k in out.request if k != "messages"} == set()
    assert out.losses == tuple(
        Loss(path, "has no counterpart on hermes: dropped")
        for path in ("model", "max_tokens", "top_k", "tools[0]")  # settings, tools, the rest
    )


def test_a_setting_nested_too_deeply_is_a_value_error_that_says_where() -> None:
    """It said " is nested deeper than 256 levels", naming nothing."""
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(200):
        schema = {"type": "object", "properties": {"a": schema}}
    request = _anthropic(tools=[{"name": "f", "input_schema": schema}])
    with pytest.raises(
        ValueError,
        match=r"^a request field beside the conversation is nested deeper than 256 levels",
    ):
        translate("anthropic", "openai", request)
