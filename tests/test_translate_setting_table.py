"""Issue 36: each wire's table of the settings it takes (``SettingsShape.takes``), so that a
setting moves exactly between the wires whose tables both name it and is a loss elsewhere:
never dropped silently, never called lost where the destination takes it.

Every output is checked against the destination's SDK type (botocore for Bedrock).
"""

from __future__ import annotations

from typing import Any

import pytest
from request_strict import check_request_body

from toolresult_lab import WIRES, Loss, translate
from toolresult_lab.wires import settings_shape
from toolresult_lab.wires._settings import tabled

HI = [{"role": "user", "content": "hi"}]
SCHEMA = {"type": "object", "properties": {}}
NO_MODEL_IN_BODY = ("gemini", "bedrock")  # their model is in the URL


def _out(src: str, dst: str, request: dict[str, Any]) -> Any:
    model = None if dst in NO_MODEL_IN_BODY or "model" in request else "m-1"
    out = translate(src, dst, request, model=model)
    check_request_body(dst, out.request)
    return out


def _lost(path: str, dst: str) -> Loss:
    return Loss(path, f"has no counterpart on {dst}: dropped")


def _settings_losses(out: Any) -> tuple[Loss, ...]:
    return tuple(loss for loss in out.losses if loss.path != "model")


# -- parallel tool calls ------------------------------------------------------------------


def _anthropic_one_call_at_a_time() -> dict[str, Any]:
    return {
        "model": "claude-x",
        "max_tokens": 100,
        "messages": HI,
        "tools": [{"name": "f", "input_schema": SCHEMA}],
        "tool_choice": {"type": "auto", "disable_parallel_tool_use": True},
    }


def test_anthropic_disable_parallel_tool_use_is_openai_and_responses_parallel_tool_calls() -> None:
    request = _anthropic_one_call_at_a_time()
    openai = _out("anthropic", "openai", request)
    assert openai.request["parallel_tool_calls"] is False
    assert openai.request["tool_choice"] == "auto"
    assert _settings_losses(openai) == ()
    responses = _out("anthropic", "responses", request)
    assert responses.request["parallel_tool_calls"] is False
    assert _settings_losses(responses) == ()
    back = _out("openai", "anthropic", openai.request)
    assert back.request["tool_choice"] == {"type": "auto", "disable_parallel_tool_use": True}
    assert back.losses == ()


@pytest.mark.parametrize("dst", ["gemini", "bedrock", "ollama", "hermes"])
def test_one_call_at_a_time_is_a_loss_where_the_table_has_no_such_setting(dst: str) -> None:
    out = _out("anthropic", dst, _anthropic_one_call_at_a_time())
    assert _lost("tool_choice.disable_parallel_tool_use", dst) in out.losses


def test_parallel_tool_calls_moves_between_openai_and_responses_both_ways() -> None:
    tools = [{"type": "function", "function": {"name": "f", "parameters": SCHEMA}}]
    request = {"model": "gpt-x", "messages": HI, "tools": tools, "parallel_tool_calls": True}
    responses = _out("openai", "responses", request)
    assert responses.request["parallel_tool_calls"] is True
    assert responses.losses == ()
    back = _out("responses", "openai", responses.request)
    assert back.request["parallel_tool_calls"] is True
    assert back.losses == ()
    # anthropic's default is parallel use: nothing to write, nothing lost
    anthropic = _out("openai", "anthropic", request)
    assert "tool_choice" not in anthropic.request
    assert anthropic.losses == ()


def test_parallel_tool_calls_without_tools_is_a_loss_not_a_refused_body() -> None:
    request = {"model": "gpt-x", "messages": HI, "parallel_tool_calls": False}
    out = _out("openai", "anthropic", request)
    assert out.losses == (Loss("parallel_tool_calls", "no tools are given: dropped"),)


# -- allowed tools ------------------------------------------------------------------------

GEMINI_TOOLS = [{"functionDeclarations": [{"name": "a"}, {"name": "b"}, {"name": "c"}]}]


def _gemini_two_allowed() -> dict[str, Any]:
    return {
        "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
        "tools": GEMINI_TOOLS,
        "toolConfig": {
            "functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["a", "b"]},
            "includeServerSideToolInvocations": True,
        },
    }


def test_gemini_allowed_function_names_are_openai_and_responses_allowed_tools() -> None:
    request = _gemini_two_allowed()
    openai = _out("gemini", "openai", request)
    assert openai.request["tool_choice"] == {
        "type": "allowed_tools",
        "allowed_tools": {
            "mode": "required",
            "tools": [
                {"type": "function", "function": {"name": "a"}},
                {"type": "function", "function": {"name": "b"}},
            ],
        },
    }
    assert openai.losses == (_lost("toolConfig.includeServerSideToolInvocations", "openai"),)
    responses = _out("gemini", "responses", request)
    assert responses.request["tool_choice"] == {
        "type": "allowed_tools",
        "mode": "required",
        "tools": [{"type": "function", "name": "a"}, {"type": "function", "name": "b"}],
    }
    back = _out("openai", "gemini", openai.request)
    assert back.request["toolConfig"] == {
        "functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["a", "b"]}
    }
    assert _settings_losses(back) == ()
    again = _out("responses", "gemini", responses.request)
    assert again.request["toolConfig"] == back.request["toolConfig"]


@pytest.mark.parametrize("dst", ["anthropic", "bedrock"])
def test_allowed_function_names_elsewhere_are_a_loss_and_the_mode_kept(dst: str) -> None:
    out = _out("gemini", dst, _gemini_two_allowed())
    assert out.losses == (
        _lost("toolConfig.includeServerSideToolInvocations", dst),
        _lost("toolConfig.functionCallingConfig.allowedFunctionNames", dst),
    )
    choice = out.request.get("tool_choice") or out.request["toolConfig"]["toolChoice"]
    assert choice in ({"type": "any"}, {"any": {}})


def test_one_allowed_name_with_mode_any_is_still_a_named_choice() -> None:
    request = _gemini_two_allowed()
    request["toolConfig"] = {
        "functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["b"]}
    }
    out = _out("gemini", "anthropic", request)
    assert out.request["tool_choice"] == {"type": "tool", "name": "b"}
    assert out.losses == ()


# -- the output token limit ---------------------------------------------------------------


def test_max_tokens_beside_max_completion_tokens_of_another_value_is_a_loss() -> None:
    request = {"model": "gpt-x", "max_tokens": 100, "max_completion_tokens": 200, "messages": HI}
    out = _out("openai", "anthropic", request)
    assert out.request["max_tokens"] == 200
    assert out.losses == (
        Loss("max_tokens", "another value than max_completion_tokens's, which is read: dropped"),
    )
    same = {**request, "max_tokens": 200}
    assert _out("openai", "anthropic", same).losses == ()
    assert _out("openai", "openai", request).request == request


# -- sampling and the answer's form -------------------------------------------------------


def test_top_k_moves_between_anthropic_and_gemini_and_is_a_loss_elsewhere() -> None:
    request = {"model": "claude-x", "max_tokens": 100, "messages": HI, "top_k": 5}
    gemini = _out("anthropic", "gemini", request)
    assert gemini.request["generationConfig"] == {"maxOutputTokens": 100, "topK": 5}
    assert _settings_losses(gemini) == ()
    back = _out("gemini", "anthropic", gemini.request)
    assert back.request["top_k"] == 5
    assert back.losses == ()
    openai = _out("anthropic", "openai", request)
    assert openai.losses == (_lost("top_k", "openai"),)


def test_gemini_candidate_count_is_openai_n() -> None:
    request = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}
    request["generationConfig"] = {"candidateCount": 2}
    openai = _out("gemini", "openai", request)
    assert openai.request["n"] == 2
    assert openai.losses == ()
    back = _out("openai", "gemini", openai.request)
    assert back.request["generationConfig"] == {"candidateCount": 2}
    responses = _out("gemini", "responses", request)
    assert responses.losses == (_lost("generationConfig.candidateCount", "responses"),)


JSON_SCHEMA = {"name": "answer", "schema": {"type": "object", "properties": {}}, "strict": True}


def test_responses_text_format_is_openai_response_format_and_the_reverse() -> None:
    request = {
        "model": "gpt-x",
        "input": "hi",
        "text": {"format": {"type": "json_schema", **JSON_SCHEMA}, "verbosity": "low"},
    }
    openai = _out("responses", "openai", request)
    assert openai.request["response_format"] == {"type": "json_schema", "json_schema": JSON_SCHEMA}
    assert openai.request["verbosity"] == "low"
    assert openai.losses == ()
    back = _out("openai", "responses", openai.request)
    assert back.request["text"] == request["text"]
    assert back.losses == ()
    anthropic = _out("responses", "anthropic", request)
    assert anthropic.losses == (
        _lost("text.format", "anthropic"),
        _lost("text.verbosity", "anthropic"),
    )


@pytest.mark.parametrize("kind", ["text", "json_object"])
def test_a_plain_response_format_moves_as_it_is(kind: str) -> None:
    request = {"model": "gpt-x", "messages": HI, "response_format": {"type": kind}}
    out = _out("openai", "responses", request)
    assert out.request["text"] == {"format": {"type": kind}}
    assert out.losses == ()


# -- the tables ---------------------------------------------------------------------------


def test_each_table_names_only_tabled_settings_each_taken_somewhere_with_its_page() -> None:
    taken: set[str] = set()
    for wire in WIRES:
        shape = settings_shape(wire)
        assert shape.takes <= set(tabled()), wire
        taken |= shape.takes
        if shape.takes:
            (source,) = [s for s in shape.sources if s.setting == "table"]
            assert source.url.startswith("https://") and source.checked == "2026-12-07"
    assert taken == set(tabled())


# -- a tool cache mark ---------------------------------------------------------------------

CACHED_BEDROCK = {
    "messages": [{"role": "user", "content": [{"text": "hi"}]}],
    "toolConfig": {
        "tools": [
            {"toolSpec": {"name": "f", "inputSchema": {"json": SCHEMA}}},
            {"cachePoint": {"type": "default"}},
        ]
    },
}


def test_a_bedrock_tools_cache_point_is_anthropics_cache_control_and_back() -> None:
    anthropic = _out("bedrock", "anthropic", CACHED_BEDROCK)
    assert anthropic.request["tools"] == [
        {"name": "f", "input_schema": SCHEMA, "cache_control": {"type": "ephemeral"}}
    ]
    assert anthropic.losses == ()
    back = _out("anthropic", "bedrock", anthropic.request)
    assert back.request["toolConfig"] == CACHED_BEDROCK["toolConfig"]
    assert _settings_losses(back) == ()


@pytest.mark.parametrize("dst", ["openai", "gemini", "responses"])
def test_a_tool_cache_point_is_a_loss_where_no_tool_is_marked(dst: str) -> None:
    out = _out("bedrock", dst, CACHED_BEDROCK)
    assert _settings_losses(out) == (_lost("toolConfig.tools[1]", dst),)


def test_a_cache_mark_with_its_own_ttl_stays_a_loss_elsewhere() -> None:
    tool = {
        "name": "f",
        "input_schema": SCHEMA,
        "cache_control": {"type": "ephemeral", "ttl": "1h"},
    }
    request = {"model": "claude-x", "max_tokens": 100, "messages": HI, "tools": [tool]}
    out = _out("anthropic", "bedrock", request)
    assert out.request["toolConfig"]["tools"] == [
        {"toolSpec": {"name": "f", "inputSchema": {"json": SCHEMA}}}
    ]
    assert _settings_losses(out) == (_lost("tools[0].cache_control", "bedrock"),)


def test_a_bedrock_system_cache_point_is_a_loss_the_system_being_one_text() -> None:
    request = {**CACHED_BEDROCK, "system": [{"text": "S"}, {"cachePoint": {"type": "default"}}]}
    out = _out("bedrock", "bedrock", request)
    assert out.request["system"] == [{"text": "S"}]
    assert out.losses == (Loss("system[1]", "the system is one text: cachePoint dropped"),)
