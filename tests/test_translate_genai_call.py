"""Issue 36: the google-genai SDK's call shape, ``contents=`` beside
``config=GenerateContentConfig(system_instruction=, tools=, temperature=)``, reads as the REST
body it sends: the whole ``config`` was one loss, its system instruction and tools with it."""

from __future__ import annotations

from typing import Any

import pytest
from google.genai import types as gtypes
from request_strict import check_request_body

from toolresult_lab import Loss, translate

CONTENTS = [{"role": "user", "parts": [{"text": "hi"}]}]
SCHEMA = {"type": "object", "properties": {"my_arg": {"type": "string"}}}


def _config() -> gtypes.GenerateContentConfig:
    declaration = gtypes.FunctionDeclaration(
        name="f", description="d", parameters_json_schema=SCHEMA
    )
    return gtypes.GenerateContentConfig(
        system_instruction="Be brief",
        temperature=0.2,
        top_k=3,
        max_output_tokens=500,
        thinking_config=gtypes.ThinkingConfig(thinking_budget=128),
        tools=[gtypes.Tool(function_declarations=[declaration])],
    )


@pytest.mark.parametrize("given", ["object", "dump"])
def test_the_sdk_call_shape_reads_as_the_rest_body_it_sends(given: str) -> None:
    config: Any = _config()
    if given == "dump":
        config = config.model_dump(mode="json", exclude_none=True)
    out = translate("gemini", "gemini", {"contents": CONTENTS, "config": config})
    assert out.request == {
        "systemInstruction": {"parts": [{"text": "Be brief"}]},
        "contents": CONTENTS,
        "tools": [{"functionDeclarations": [
            {"description": "d", "name": "f", "parametersJsonSchema": SCHEMA}
        ]}],
        "generationConfig": {
            "temperature": 0.2,
            "topK": 3,
            "maxOutputTokens": 500,
            "thinkingConfig": {"thinkingBudget": 128},
        },
    }  # fmt: skip
    assert out.losses == ()
    check_request_body("gemini", out.request)


def test_the_sdk_call_shape_moves_its_config_to_another_wire() -> None:
    request = {"contents": CONTENTS, "config": _config()}
    out = translate("gemini", "anthropic", request, model="claude-x")
    assert out.request == {
        "system": "Be brief",
        "messages": [{"role": "user", "content": "hi"}],
        "model": "claude-x",
        "max_tokens": 500,
        "temperature": 0.2,
        "top_k": 3,
        "thinking": {"type": "enabled", "budget_tokens": 128},
        "tools": [{"name": "f", "description": "d", "input_schema": SCHEMA}],
    }
    assert out.losses == ()


def test_a_client_only_config_field_is_a_loss_at_config() -> None:
    config = {"temperature": 0.5, "http_options": {"timeout": 10}}
    out = translate("gemini", "openai", {"contents": CONTENTS, "config": config}, model="m")
    assert out.request["temperature"] == 0.5
    assert out.losses == (Loss("config", "has no counterpart on openai: dropped"),)


def test_the_callers_request_is_not_changed() -> None:
    config = {"system_instruction": "S", "temperature": 0.5}
    request = {"contents": CONTENTS, "config": config}
    translate("gemini", "openai", request, model="m")
    assert request == {
        "contents": CONTENTS,
        "config": {"system_instruction": "S", "temperature": 0.5},
    }
