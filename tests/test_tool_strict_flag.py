"""A tool definition's ``strict`` that is not a bool: lint's ``shape`` error at its path,
and translate's loss there (never dropped unsaid; found by the long property run, seed
47)."""

from __future__ import annotations

from typing import Any

import pytest

from toolresult_lab import Loss, lint, translate

SCHEMA = {"type": "object"}


def _body(wire: str, strict: Any) -> tuple[dict[str, Any], str]:
    if wire == "anthropic":
        tool = {"name": "f", "input_schema": SCHEMA, "strict": strict}
        user = {"role": "user", "content": "hi"}
        return {
            "model": "claude-sonnet-4-5",
            "max_tokens": 9,
            "messages": [user],
            "tools": [tool],
        }, ("tools[0].strict")
    if wire == "responses":
        tool = {"type": "function", "name": "f", "parameters": SCHEMA, "strict": strict}
        return {"model": "gpt-4o", "input": "hi", "tools": [tool]}, "tools[0].strict"
    if wire == "bedrock":
        spec = {"name": "f", "inputSchema": {"json": SCHEMA}, "strict": strict}
        return {
            "messages": [{"role": "user", "content": [{"text": "hi"}]}],
            "toolConfig": {"tools": [{"toolSpec": spec}]},
        }, "toolConfig.tools[0].toolSpec.strict"
    function = {"name": "f", "parameters": SCHEMA, "strict": strict}
    return {
        "model": "gpt-4o",
        "messages": [{"role": "user", "content": "hi"}],
        "tools": [{"type": "function", "function": function}],
    }, "tools[0].function.strict"


@pytest.mark.parametrize("wire", ["openai", "responses", "anthropic", "bedrock"])
def test_a_strict_that_is_not_a_bool_is_a_shape_error(wire: str) -> None:
    body, at = _body(wire, "x")
    found = lint(wire, body)
    assert [(f.severity, f.rule, f.path, f.message) for f in found] == [
        ("error", "shape", at, "A tool's strict is a boolean, not str.")
    ]
    # the near miss: a bool
    assert list(lint(wire, _body(wire, True)[0])) == []


@pytest.mark.parametrize(
    ("src", "dst"), [("anthropic", "openai"), ("openai", "anthropic"), ("bedrock", "responses")]
)
def test_translate_names_the_strict_it_does_not_carry(src: str, dst: str) -> None:
    body, at = _body(src, "x")
    done = translate(src, dst, body)
    assert Loss(at, "is not a boolean: dropped") in done.losses
    assert "'x'" not in str(done.request)  # responses writes its own default, strict false
