"""Issue 36: the model's reasoning moves between Anthropic's ``thinking`` /
``redacted_thinking`` blocks and Bedrock's ``reasoningContent`` (Claude on both), and
thinking is never left on where the tool loop in progress has lost its reasoning block."""

from __future__ import annotations

from typing import Any

from request_strict import check_request_body

from toolresult_lab import Loss, translate

SCHEMA = {"type": "object", "properties": {}}
THINKING = {"type": "thinking", "thinking": "let me see", "signature": "c2ln"}
REDACTED = {"type": "redacted_thinking", "data": "ZW5j"}


def _anthropic(blocks: list[Any]) -> dict[str, Any]:
    call = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
    result = {"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}
    return {
        "model": "claude-x",
        "max_tokens": 4000,
        "thinking": {"type": "enabled", "budget_tokens": 2000},
        "tools": [{"name": "f", "input_schema": SCHEMA}],
        "messages": [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": [*blocks, call]},
            {"role": "user", "content": [result]},
        ],
    }


def test_anthropic_thinking_is_bedrock_reasoning_content_and_back() -> None:
    request = _anthropic([THINKING, REDACTED])
    bedrock = translate("anthropic", "bedrock", request)
    assert bedrock.request["messages"][1]["content"] == [
        {"reasoningContent": {"reasoningText": {"text": "let me see", "signature": "c2ln"}}},
        {"reasoningContent": {"redactedContent": "ZW5j"}},
        {"toolUse": {"toolUseId": "toolu_1", "name": "f", "input": {}}},
    ]
    assert bedrock.request["additionalModelRequestFields"] == {
        "thinking": {"type": "enabled", "budget_tokens": 2000}
    }
    assert bedrock.losses == (
        Loss("model", "the model goes in bedrock's URL, not its body: dropped"),
    )
    check_request_body("bedrock", bedrock.request)
    back = translate("bedrock", "anthropic", bedrock.request, model="claude-x")
    assert back.request["messages"][1] == request["messages"][1]
    assert back.request["thinking"] == request["thinking"]
    assert back.losses == ()


def test_thinking_where_the_destination_holds_no_reasoning_is_a_loss_each() -> None:
    out = translate("anthropic", "openai", _anthropic([THINKING, REDACTED]))
    assert [loss for loss in out.losses if loss.path.startswith("messages")] == [
        Loss("messages[1].content[0]", "thinking has no form on openai: dropped"),
        Loss("messages[1].content[1]", "thinking has no form on openai: dropped"),
    ]


def test_unsigned_bedrock_reasoning_is_a_loss_on_anthropic_which_checks_signatures() -> None:
    reasoning = {"reasoningContent": {"reasoningText": {"text": "hmm"}}}
    request = {
        "messages": [
            {"role": "user", "content": [{"text": "hi"}]},
            {"role": "assistant", "content": [reasoning, {"text": "yes"}]},
            {"role": "user", "content": [{"text": "and?"}]},
        ]
    }
    out = translate("bedrock", "anthropic", request, model="claude-x")
    assert out.request["messages"][1] == {"role": "assistant", "content": "yes"}
    assert out.losses == (
        Loss("messages[1].content[0]", "thinking has no form on anthropic: dropped"),
    )


def _gemini_loop(thought: bool) -> dict[str, Any]:
    call: dict[str, Any] = {"functionCall": {"name": "f", "args": {}}}
    parts = [{"text": "planning", "thought": True, "thoughtSignature": "c2ln"}] if thought else []
    return {
        "contents": [
            {"role": "user", "parts": [{"text": "hi"}]},
            {"role": "model", "parts": [*parts, call]},
            {"role": "user", "parts": [{"functionResponse": {"name": "f", "response": {}}}]},
        ],
        "tools": [{"functionDeclarations": [{"name": "f"}]}],
        "generationConfig": {"maxOutputTokens": 4000, "thinkingConfig": {"thinkingBudget": 2000}},
    }


def test_thinking_is_left_off_on_bedrock_where_the_tool_loop_has_no_reasoning_block() -> None:
    out = translate("gemini", "bedrock", _gemini_loop(thought=False))
    assert "additionalModelRequestFields" not in out.request
    assert (
        Loss(
            "generationConfig.thinkingConfig.thinkingBudget",
            "the tool loop in progress has no reasoning block, which Claude on bedrock requires"
            " with thinking on: thinking left off",
        )
        in out.losses
    )
    check_request_body("bedrock", out.request)


def test_thinking_stays_on_for_bedrock_when_no_tool_loop_is_in_progress() -> None:
    request = _gemini_loop(thought=False)
    request["contents"].append({"role": "model", "parts": [{"text": "done"}]})
    request["contents"].append({"role": "user", "parts": [{"text": "thanks"}]})
    out = translate("gemini", "bedrock", request)
    assert out.request["additionalModelRequestFields"] == {
        "thinking": {"type": "enabled", "budget_tokens": 2000}
    }
