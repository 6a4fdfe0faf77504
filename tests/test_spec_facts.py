"""SPEC.md section 5: wire facts (carries_native, native_needs_vision)."""

from __future__ import annotations

import pytest

from toolresult_lab import ToolResult

NATIVE = ("anthropic", "responses", "gemini")
NO_NATIVE = ("openai", "ollama", "hermes", "unknown", "", "Anthropic", "GEMINI", None)
KINDS = ("image", "pdf")
BAD_KINDS = ("audio", "IMAGE", "Pdf", "", None, "text", "document", "images", 1)


@pytest.mark.parametrize("wire", NATIVE)
@pytest.mark.parametrize("kind", KINDS)
def test_carries_native_true(wire, kind):
    assert ToolResult.carries_native(wire, kind) is True


@pytest.mark.parametrize("wire", NO_NATIVE)
@pytest.mark.parametrize("kind", KINDS)
def test_carries_native_false(wire, kind):
    assert ToolResult.carries_native(wire, kind) is False


@pytest.mark.parametrize(
    "wire, kind, expected",
    [
        ("anthropic", "image", True),
        ("responses", "image", True),
        ("gemini", "image", True),
        ("anthropic", "pdf", False),
        ("responses", "pdf", True),
        ("gemini", "pdf", True),
    ],
)
def test_native_needs_vision(wire, kind, expected):
    assert ToolResult.native_needs_vision(wire, kind) is expected


@pytest.mark.parametrize("wire", NO_NATIVE)
@pytest.mark.parametrize("kind", KINDS)
def test_native_needs_vision_false_without_native_form(wire, kind):
    assert ToolResult.native_needs_vision(wire, kind) is False


@pytest.mark.parametrize("wire", NATIVE + NO_NATIVE)
@pytest.mark.parametrize("kind", BAD_KINDS)
def test_other_kind_raises_value_error(wire, kind):
    with pytest.raises(ValueError):
        ToolResult.carries_native(wire, kind)
    with pytest.raises(ValueError):
        ToolResult.native_needs_vision(wire, kind)


def test_callable_on_instance_too():
    r = ToolResult()
    assert r.carries_native("gemini", "image") is True
    assert r.native_needs_vision("responses", "pdf") is True
    assert r.native_needs_vision("anthropic", "pdf") is False
