"""``tool-schema-root``: a tool's input schema whose root is not type object, on each wire
that declares the rule (its settings' ``object_schema``), with the near miss of each."""

from __future__ import annotations

from typing import Any

import pytest

from toolresult_lab import Loss, lint, translate
from toolresult_lab.requests.rules import wires_of

USER = {"role": "user", "content": "hi"}


def _body(wire: str, schema: dict[str, Any]) -> dict[str, Any]:
    """A one-message request of ``wire`` with one tool ``f`` whose schema is ``schema``."""
    if wire == "bedrock":
        spec = {"name": "f", "inputSchema": {"json": schema}}
        return {
            "messages": [{"role": "user", "content": [{"text": "hi"}]}],
            "toolConfig": {"tools": [{"toolSpec": spec}]},
        }
    if wire == "anthropic":
        tool: dict[str, Any] = {"name": "f", "input_schema": schema}
        return {"model": "claude-sonnet-4-5", "max_tokens": 9, "messages": [USER], "tools": [tool]}
    if wire == "gemini":
        declaration = {"name": "f", "parameters": schema}
        return {
            "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
            "tools": [{"functionDeclarations": [declaration]}],
        }
    if wire == "responses":
        return {
            "model": "gpt-4o",
            "input": "hi",
            "tools": [{"type": "function", "name": "f", "parameters": schema}],
        }
    function = {"name": "f", "parameters": schema}
    return {
        "model": "gpt-4o" if wire == "openai" else "llama3.2",
        "messages": [USER],
        "tools": [{"type": "function", "function": function}],
    }


SCHEMA_AT = {
    "openai": "tools[0].function.parameters",
    "ollama": "tools[0].function.parameters",
    "responses": "tools[0].parameters",
    "anthropic": "tools[0].input_schema",
    "bedrock": "toolConfig.tools[0].toolSpec.inputSchema.json",
    "gemini": "tools[0].functionDeclarations[0].parameters",
}


def _found(wire: str, schema: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    return [
        (f.severity, f.rule, f.path, f.message)
        for f in lint(wire, _body(wire, schema))
        if f.rule == "tool-schema-root"
    ]


def test_the_rule_is_checked_on_the_wires_that_declare_it() -> None:
    assert wires_of("tool-schema-root", ()) == (
        "openai",
        "anthropic",
        "gemini",
        "ollama",
        "responses",
        "bedrock",
    )


@pytest.mark.parametrize("wire", sorted(SCHEMA_AT))
def test_a_root_type_other_than_object(wire: str) -> None:
    found = _found(wire, {"type": "array", "items": {"type": "string"}})
    severity = "warning" if wire == "ollama" else "error"
    message = (
        "The input schema of tool 'f' has the root type 'array', not object; the provider takes"
        " only an object schema."
    )
    assert found == [(severity, "tool-schema-root", f"{SCHEMA_AT[wire]}.type", message)]


@pytest.mark.parametrize("wire", sorted(SCHEMA_AT))
def test_the_near_miss_an_object_root_is_clean(wire: str) -> None:
    assert _found(wire, {"type": "object", "properties": {"a": {"type": "string"}}}) == []
    assert [f for f in lint(wire, _body(wire, {"type": "object"}))] == []


@pytest.mark.parametrize("wire", sorted(SCHEMA_AT))
def test_a_root_without_type(wire: str) -> None:
    found = _found(wire, {"anyOf": [{"type": "object"}, {"type": "object"}]})
    message = (
        "The input schema of tool 'f' has no root type; the provider takes a schema whose"
        " root is type object."
    )
    warned = [("warning", "tool-schema-root", SCHEMA_AT[wire], message)]
    assert found == (warned if wire in ("bedrock", "gemini") else [])


def test_gemini_spells_object_in_capitals_too() -> None:
    assert _found("gemini", {"type": "OBJECT", "properties": {"a": {"type": "STRING"}}}) == []
    message = (
        "The input schema of tool 'f' has the root type 'string', not object; the provider takes"
        " only an object schema."
    )
    at = "tools[0].functionDeclarations[0].parameters.type"
    assert _found("gemini", {"type": "STRING"}) == [("error", "tool-schema-root", at, message)]


def test_hermes_has_no_such_rule() -> None:
    request = {
        "messages": [USER],
        "tools": [
            {"type": "function", "function": {"name": "f", "parameters": {"type": "string"}}}
        ],
    }
    assert [f.rule for f in lint("hermes", request)] == []


def test_translate_writes_no_schema_the_destination_refuses() -> None:
    source = _body("ollama", {"type": "string"})
    done = translate("ollama", "bedrock", source)
    assert [f for f in done.findings if f.rule == "tool-schema-root"] == []
    assert [loss for loss in done.losses if loss.path != "model"] == [
        Loss(
            "tools[0].function.parameters",
            "has the root type 'string', not object, which bedrock refuses: an empty object"
            " schema written",
        ),
    ]
    assert done.request["toolConfig"]["tools"][0]["toolSpec"]["inputSchema"] == {
        "json": {"type": "object", "properties": {}}
    }
    # a root without type is carried as it is (a warning on bedrock, reported)
    untyped = translate("ollama", "bedrock", _body("ollama", {"anyOf": [{"type": "object"}]}))
    assert [loss.path for loss in untyped.losses] == ["model"]
    assert [(f.severity, f.rule) for f in untyped.findings] == [("warning", "tool-schema-root")]


@pytest.mark.parametrize(
    ("schema", "fault"),
    [
        ("x", "is str, not a JSON Schema object"),
        ({"type": "object", "properties": 0}, "has properties that are not an object"),
        ({"type": "object", "required": [1]}, "has a required that is not a list of names"),
    ],
)
@pytest.mark.parametrize("wire", ["openai", "anthropic", "bedrock"])
def test_a_schema_that_is_no_object_schema_at_its_root(
    wire: str, schema: object, fault: str
) -> None:
    found = _found(wire, schema)  # type: ignore[arg-type]
    message = f"The input schema of tool 'f' {fault}; the provider takes only an object schema."
    assert found == [("error", "tool-schema-root", SCHEMA_AT[wire], message)]
    # translate from a wire that takes any schema writes an empty object schema instead
    hermes = {
        "messages": [USER],
        "tools": [{"type": "function", "function": {"name": "f", "parameters": schema}}],
    }
    done = translate("hermes", wire, hermes)
    assert (
        Loss(
            "tools[0].function.parameters",
            f"{fault}, which {wire} refuses: an empty object schema written",
        )
        in done.losses
    )
    assert [f for f in done.findings if f.rule == "tool-schema-root"] == []
