"""Issue 36: translate's output is one the destination takes, and translate answers every
request with a translation or a clear error (never a ``RecursionError``)."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import botocore.session
import pytest
from botocore.validate import ParamValidator
from helpers import run_cli
from request_strict import check_request_body

from toolresult_lab import Loss, for_boto3, lint, translate
from toolresult_lab.requests.finite_settings import NON_FINITE

QUESTION = [{"role": "user", "content": "hi"}]


def _converse_errors(body: dict[str, Any]) -> str:
    shape = (
        botocore.session.get_session()
        .get_service_model("bedrock-runtime")
        .operation_model("Converse")
        .input_shape
    )
    report = ParamValidator().validate(for_boto3({"modelId": "m", **body}), shape)
    return report.generate_report() if report.has_errors() else ""


# -- the model of a wire that takes it in the URL ----------------------------------------------


@pytest.mark.parametrize(
    ("wire", "request_"),
    [
        ("bedrock", {"messages": [{"role": "user", "content": [{"text": "hi"}]}]}),
        ("gemini", {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}),
    ],
)
def test_a_model_given_for_a_url_model_wire_is_a_loss_on_its_own_wire_too(
    wire: str, request_: dict[str, Any]
) -> None:
    body = {**request_, "inferenceConfig": {"maxTokens": 100}} if wire == "bedrock" else request_
    out = translate(wire, wire, body, model="some-model")
    assert out.request == body
    assert out.losses == (Loss("model", f"the model goes in {wire}'s URL, not its body: dropped"),)
    if wire == "bedrock":
        assert _converse_errors(out.request) == ""


def test_a_model_given_for_a_url_model_wire_from_another_is_one_loss_at_its_path() -> None:
    out = translate("openai", "bedrock", {"model": "gpt-4o", "messages": QUESTION})
    assert out.losses == (Loss("model", "the model goes in bedrock's URL, not its body: dropped"),)
    out = translate("openai", "gemini", {"messages": QUESTION}, model="gemini-2.5-flash")
    assert "model" not in out.request
    assert out.losses == (Loss("model", "the model goes in gemini's URL, not its body: dropped"),)
    same = translate("openai", "openai", {"messages": QUESTION}, model="gpt-5")
    assert same.request == {"messages": QUESTION, "model": "gpt-5"} and same.losses == ()


# -- NaN and Infinity settings -----------------------------------------------------------------


def test_a_non_finite_setting_is_dropped_with_a_loss_on_every_destination() -> None:
    request = {
        "model": "gpt-4o",
        "temperature": float("nan"),
        "top_p": float("inf"),
        "stop": ["END", float("-inf")],
        "messages": QUESTION,
    }
    expected = (
        Loss("temperature", NON_FINITE),
        Loss("top_p", NON_FINITE),
        Loss("stop[1]", NON_FINITE),
    )
    for dst in ("openai", "anthropic", "gemini", "bedrock", "responses", "ollama"):
        out = translate("openai", dst, request)
        json.dumps(out.request, allow_nan=False)  # strict JSON
        assert out.losses[:3] == expected, dst
    assert translate("openai", "openai", request).request == {
        "model": "gpt-4o",
        "stop": ["END"],
        "messages": QUESTION,
    }
    assert translate("openai", "anthropic", request).request["stop_sequences"] == ["END"]
    assert request["temperature"] != request["temperature"]  # the input is not mutated


def test_a_non_finite_number_nested_in_a_setting_kept_whole_is_dropped_with_a_loss() -> None:
    request = {
        "model": "claude-x",
        "max_tokens": 10,
        "metadata": {"user_id": "u", "score": float("nan")},
        "messages": QUESTION,
    }
    out = translate("anthropic", "anthropic", request)
    assert out.request == {
        "model": "claude-x",
        "max_tokens": 10,
        "metadata": {"user_id": "u"},
        "messages": QUESTION,
    }
    assert out.losses == (Loss("metadata.score", NON_FINITE),)


def test_the_cli_translates_a_file_holding_nan_to_strict_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "request.json"
    path.write_text(
        '{"model": "gpt-4o", "temperature": NaN, "max_tokens": 50,'
        ' "messages": [{"role": "user", "content": "hi"}]}',
        "utf-8",
    )
    status, out, _ = run_cli(
        capsys, "translate", str(path), "--from", "openai", "--to", "anthropic"
    )
    assert status == 0
    assert json.loads(out) == {"messages": QUESTION, "model": "gpt-4o", "max_tokens": 50}
    assert "NaN" not in out


# -- cycles and depth --------------------------------------------------------------------------


def _called_with(value: Any) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": value}],
        },
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1"}]},
    ]


# Depth and cycles: the one request guard (conversion.nesting), for translate as for lint
# and repair: tests/test_nesting.py.


# -- a Gemini thought signature without its padding --------------------------------------------


def test_an_unpadded_or_url_safe_thought_signature_moves_as_standard_base64() -> None:
    raw = bytes(range(200))
    for spelled in (
        base64.urlsafe_b64encode(raw).decode().rstrip("="),
        base64.b64encode(raw).decode().rstrip("="),
    ):
        request = {
            "contents": [
                {"role": "user", "parts": [{"text": "hi"}]},
                {
                    "role": "model",
                    "parts": [
                        {"functionCall": {"name": "f", "args": {}}, "thoughtSignature": spelled}
                    ],
                },
                {
                    "role": "user",
                    "parts": [{"functionResponse": {"name": "f", "response": {"r": 1}}}],
                },
            ]
        }
        assert lint("gemini", request, profile="gemini-3").errors == ()
        out = translate("gemini", "gemini", request)
        assert out.request["contents"][1]["parts"][0]["thoughtSignature"] == (
            base64.b64encode(raw).decode()
        )
        translate("gemini", "anthropic", request)  # no longer raises


# -- thinking Anthropic refuses ----------------------------------------------------------------

BUDGET_PATH = "generationConfig.thinkingConfig.thinkingBudget"


def _gemini(config: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {
        "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
        "generationConfig": config,
        **more,
    }


@pytest.mark.parametrize(
    ("config", "thinking", "max_tokens", "loss"),
    [
        (
            {"maxOutputTokens": 4000, "thinkingConfig": {"thinkingBudget": 2000}},
            {"type": "enabled", "budget_tokens": 2000},
            4000,
            None,
        ),
        (
            {"maxOutputTokens": 4000, "thinkingConfig": {"thinkingBudget": 512}},
            {"type": "enabled", "budget_tokens": 1024},
            4000,
            "512 is below anthropic's minimum budget: 1024 written",
        ),
        (
            {"thinkingConfig": {"thinkingBudget": 512}},
            {"type": "enabled", "budget_tokens": 1024},
            5120,
            "512 is below anthropic's minimum budget: 1024 written",
        ),
        (
            {"maxOutputTokens": 3000, "thinkingConfig": {"thinkingBudget": 3000}},
            {"type": "enabled", "budget_tokens": 2999},
            3000,
            "3000 is not below max_tokens 3000, as anthropic requires: 2999 written",
        ),
        (
            {"maxOutputTokens": 1000, "thinkingConfig": {"thinkingBudget": 2000}},
            None,
            1000,
            "max_tokens 1000 leaves no room for anthropic's minimum budget (1024):"
            " thinking left off",
        ),
    ],
)
def test_a_thinking_budget_is_written_as_anthropic_takes_it_or_left_off_with_a_loss(
    config: dict[str, Any], thinking: dict[str, Any] | None, max_tokens: int, loss: str | None
) -> None:
    out = translate("gemini", "anthropic", _gemini(config), model="claude-x")
    assert out.request.get("thinking") == thinking
    assert out.request["max_tokens"] == max_tokens
    assert [x for x in out.losses if x.path == BUDGET_PATH] == (
        [Loss(BUDGET_PATH, loss)] if loss else []
    )
    assert out.findings.errors == ()


@pytest.mark.parametrize(("mode", "choice"), [("ANY", {"type": "any"}), ("AUTO", {"type": "auto"})])
def test_thinking_is_left_off_beside_a_forced_tool_choice_with_a_loss(
    mode: str, choice: dict[str, Any]
) -> None:
    request = _gemini(
        {"maxOutputTokens": 4000, "thinkingConfig": {"thinkingBudget": 2048}},
        tools=[{"functionDeclarations": [{"name": "a"}]}],
        toolConfig={"functionCallingConfig": {"mode": mode}},
    )
    out = translate("gemini", "anthropic", request, model="claude-x")
    assert out.request["tool_choice"] == choice
    forced = mode == "ANY"
    assert out.request.get("thinking") == (
        None if forced else {"type": "enabled", "budget_tokens": 2048}
    )
    lost = [x for x in out.losses if x.path == BUDGET_PATH]
    assert lost == (
        [
            Loss(
                BUDGET_PATH,
                "anthropic takes no thinking beside a forced tool choice (any or tool):"
                " thinking left off",
            )
        ]
        if forced
        else []
    )
    assert out.findings.errors == ()


def _thinking_body(budget: int, max_tokens: int, **more: Any) -> dict[str, Any]:
    return {
        "model": "claude-x",
        "max_tokens": max_tokens,
        "thinking": {"type": "enabled", "budget_tokens": budget},
        "messages": QUESTION,
        **more,
    }


def test_lint_finds_a_thinking_budget_and_a_forced_tool_choice_anthropic_refuses() -> None:
    def found(body: dict[str, Any]) -> list[tuple[str, str]]:
        return [(f.rule, f.path) for f in lint("anthropic", body).errors]

    assert found(_thinking_body(1024, 1025)) == []
    assert found(_thinking_body(1023, 4000)) == [("thinking-budget", "thinking.budget_tokens")]
    assert found(_thinking_body(4096, 4096)) == [("thinking-budget", "thinking.budget_tokens")]
    tools = [{"name": "a", "input_schema": {"type": "object"}}]
    for kind in ("any", "tool"):
        choice = {"type": kind, "name": "a"} if kind == "tool" else {"type": kind}
        body = _thinking_body(2048, 4096, tools=tools, tool_choice=choice)
        assert found(body) == [("thinking-forced-tool", "tool_choice")]
    auto = _thinking_body(2048, 4096, tools=tools, tool_choice={"type": "auto"})
    assert found(auto) == []
    adaptive = {**auto, "thinking": {"type": "adaptive"}, "tool_choice": {"type": "any"}}
    assert found(adaptive) == []  # accepted (corpus: claude-opus-4-6)


# -- tool names the destination refuses ----------------------------------------------------------

DOTTED = {
    "contents": [
        {"role": "user", "parts": [{"text": "read a"}]},
        {
            "role": "model",
            "parts": [{"functionCall": {"name": "files.read", "args": {"path": "a"}}}],
        },
        {
            "role": "user",
            "parts": [{"functionResponse": {"name": "files.read", "response": {"r": 1}}}],
        },
    ],
    "tools": [
        {
            "functionDeclarations": [
                {"name": "files.read", "parametersJsonSchema": {"type": "object"}},
                {"name": "files_read", "parametersJsonSchema": {"type": "object"}},
            ]
        }
    ],
    "toolConfig": {
        "functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["files.read"]}
    },
}
RENAMED = (
    "tool name 'files.read' holds a character other than [a-zA-Z0-9_-], which {} refuses:"
    " written 'files_read_2' in its definition, calls, results and tool choice"
)


def _names(wire: str, body: dict[str, Any]) -> dict[str, Any]:
    """Where each wire holds the names: definitions, calls, tool choice."""
    if wire == "openai":
        return {
            "tools": [t["function"]["name"] for t in body["tools"]],
            "calls": [c["function"]["name"] for c in body["messages"][1]["tool_calls"]],
            "choice": body["tool_choice"]["function"]["name"],
        }
    if wire == "anthropic":
        return {
            "tools": [t["name"] for t in body["tools"]],
            "calls": [b["name"] for b in body["messages"][1]["content"]],
            "choice": body["tool_choice"]["name"],
        }
    if wire == "responses":
        return {
            "tools": [t["name"] for t in body["tools"]],
            "calls": [i["name"] for i in body["input"] if i.get("type") == "function_call"],
            "choice": body["tool_choice"]["name"],
        }
    config = body["toolConfig"]
    return {
        "tools": [t["toolSpec"]["name"] for t in config["tools"]],
        "calls": [b["toolUse"]["name"] for b in body["messages"][1]["content"]],
        "choice": config["toolChoice"]["tool"]["name"],
    }


@pytest.mark.parametrize("dst", ["openai", "anthropic", "responses", "bedrock"])
def test_a_tool_name_the_destination_refuses_is_renamed_everywhere_with_a_note(dst: str) -> None:
    out = translate("gemini", dst, DOTTED, model=None if dst == "bedrock" else "m")
    assert _names(dst, out.request) == {
        "tools": ["files_read_2", "files_read"],
        "calls": ["files_read_2"],
        "choice": "files_read_2",
    }
    assert out.tool_names == {"files.read": "files_read_2"}
    assert Loss("tools[0].functionDeclarations[0]", RENAMED.format(dst)) in out.notes
    assert not [loss for loss in out.losses if "name" in loss.what and "id" not in loss.what]
    assert out.findings.errors == ()
    if dst == "bedrock":
        assert _converse_errors(out.request) == ""
    else:
        check_request_body(dst, out.request)


def test_a_tool_name_the_destination_takes_is_kept_and_ollama_takes_any() -> None:
    out = translate("gemini", "ollama", DOTTED, model="m")
    assert out.tool_names == {} and out.notes == ()
    assert [t["function"]["name"] for t in out.request["tools"]] == ["files.read", "files_read"]
    assert out.request["messages"][2]["tool_name"] == "files.read"
    same = translate("gemini", "gemini", DOTTED)
    assert same.request == DOTTED and same.tool_names == {}


def test_a_renamed_tool_result_keeps_its_new_name_where_the_wire_writes_one() -> None:
    chat = {
        "model": "m",
        "messages": [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [{"function": {"name": "9 lives", "arguments": {}}}],
            },
            {"role": "tool", "tool_name": "9 lives", "content": "ok"},
        ],
    }
    out = translate("ollama", "gemini", chat)
    parts = [p for c in out.request["contents"] for p in c["parts"]]
    assert [p["functionCall"]["name"] for p in parts if "functionCall" in p] == ["_9_lives"]
    assert [p["functionResponse"]["name"] for p in parts if "functionResponse" in p] == ["_9_lives"]
    assert out.tool_names == {"9 lives": "_9_lives"}
    assert out.findings.errors == ()


def test_a_name_cut_to_the_longest_stays_unique() -> None:
    from toolresult_lab.wires import settings_shape

    rule = settings_shape("bedrock").tool_names
    assert rule is not None
    long_a, long_b = "a" * 70 + ".x", "a" * 70 + ".y"
    chat = {
        "model": "m",
        "messages": [{"role": "user", "content": "hi"}],
        "tools": [
            {"type": "function", "function": {"name": long_a}},
            {"type": "function", "function": {"name": long_b}},
        ],
    }
    out = translate("ollama", "bedrock", chat)
    names = [t["toolSpec"]["name"] for t in out.request["toolConfig"]["tools"]]
    assert names == ["a" * 64, "a" * 62 + "_2"]
    assert all(rule.fault(name) is None for name in names)
    assert out.tool_names == {long_a: "a" * 64, long_b: "a" * 62 + "_2"}


# -- an image whose bytes contradict its declared type -------------------------------------------

PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAGklEQVR4nGPUqLjDAANbbvjA2UwMOMDglAAA"
    "g7IDZMoBP5wAAAAASUVORK5CYII="
)


def test_an_image_declared_as_another_type_than_its_bytes_is_written_as_its_bytes_say() -> None:
    request = {
        "contents": [
            {
                "role": "user",
                "parts": [{"text": "look"}, {"inlineData": {"mimeType": "image/gif", "data": PNG}}],
            }
        ]
    }
    out = translate("gemini", "openai", request)
    assert out.request["messages"][0]["content"][1] == {
        "type": "image_url",
        "image_url": {"url": f"data:image/png;base64,{PNG}"},
    }
    assert out.notes == (
        Loss(
            "contents[0].parts[1]", "declared image/gif, its bytes are image/png: image/png written"
        ),
    )
    assert out.losses == () and out.findings.errors == ()
    same = {
        **request,
        "contents": [
            {"role": "user", "parts": [{"inlineData": {"mimeType": "image/png", "data": PNG}}]}
        ],
    }
    assert translate("gemini", "openai", same).notes == ()


# -- a final assistant text ending in whitespace -------------------------------------------------

TRIMMED = (
    "the final assistant text ends in whitespace, which anthropic refuses:"
    " trailing whitespace dropped"
)


def test_a_final_assistant_text_ending_in_whitespace_is_trimmed_for_anthropic_with_a_loss() -> None:
    chat = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Sure "}]
    out = translate("openai", "anthropic", chat)
    assert out.request["messages"][1] == {"role": "assistant", "content": "Sure"}
    assert out.losses == (Loss("messages[1]", TRIMMED),)
    assert out.findings.errors == ()
    assert chat[1]["content"] == "Sure "  # the input is not mutated
    gemini = {
        "contents": [
            {"role": "user", "parts": [{"text": "hi"}]},
            {"role": "model", "parts": [{"text": "One. "}, {"text": "Two\n"}]},
        ]
    }
    out = translate("gemini", "anthropic", gemini, model="claude-x")
    assert out.request["messages"][1]["content"] == [
        {"type": "text", "text": "One. "},
        {"type": "text", "text": "Two"},
    ]
    assert Loss("contents[1]", TRIMMED) in out.losses
    assert out.findings.errors == ()
    kept = translate("openai", "openai", chat)  # openai takes it
    assert kept.request["messages"][1]["content"] == "Sure " and kept.losses == ()


# -- a call no result answers, in the middle of the conversation ---------------------------------

UNANSWERED = [
    {"role": "user", "content": "hi"},
    {
        "role": "assistant",
        "content": "",
        "tool_calls": [{"function": {"name": "f", "arguments": {}}}],
    },
    {"role": "user", "content": "next"},
]
MISSING = (
    "call 'f' has no result in the request, which {} requires: an error result"
    " 'No result was recorded for this call.' written"
)


@pytest.mark.parametrize("dst", ["anthropic", "openai", "gemini", "bedrock", "responses"])
def test_a_call_without_result_gets_the_error_result_repair_writes_where_it_is_refused(
    dst: str,
) -> None:
    assert lint("ollama", UNANSWERED).errors == ()  # a warning on ollama
    out = translate("ollama", dst, UNANSWERED, model=None if dst in ("bedrock", "gemini") else "m")
    assert Loss("messages[1].tool_calls[0]", MISSING.format(dst)) in out.notes
    assert not [loss for loss in out.losses if "has no result" in loss.what]
    assert out.findings.errors == ()
    assert "No result was recorded for this call." in json.dumps(out.request)


def test_a_call_without_result_in_the_last_turn_or_to_ollama_is_left_as_it_is() -> None:
    out = translate("ollama", "hermes", UNANSWERED)
    assert "No result was recorded" not in json.dumps(out.request)
    last = translate("ollama", "anthropic", UNANSWERED[:2], model="m")
    assert "No result was recorded" not in json.dumps(last.request)
    assert (
        Loss(
            "messages[1].tool_calls[0]",
            "call 'call_49f44721af6ce50c9b381561' has no result in the request",
        )
        in last.notes  # written as it was: a note, never a loss
    )


def test_claude_thinking_on_bedrock_follows_the_same_budget_rules_with_a_loss() -> None:
    out = translate(
        "gemini",
        "bedrock",
        _gemini({"maxOutputTokens": 4000, "thinkingConfig": {"thinkingBudget": 512}}),
    )
    assert out.request["additionalModelRequestFields"] == {
        "thinking": {"type": "enabled", "budget_tokens": 1024}
    }
    assert out.losses == (Loss(BUDGET_PATH, "512 is below bedrock's minimum budget: 1024 written"),)
    assert _converse_errors(out.request) == ""
    forced = _gemini(
        {"maxOutputTokens": 4000, "thinkingConfig": {"thinkingBudget": 2048}},
        tools=[{"functionDeclarations": [{"name": "a"}]}],
        toolConfig={"functionCallingConfig": {"mode": "ANY"}},
    )
    out = translate("gemini", "bedrock", forced)
    assert "additionalModelRequestFields" not in out.request
    assert out.request["toolConfig"]["toolChoice"] == {"any": {}}
    assert out.losses == (
        Loss(
            BUDGET_PATH,
            "bedrock takes no thinking beside a forced tool choice (any or tool):"
            " thinking left off",
        ),
    )
