"""lint's context besides the request: the HTTP headers and the request sent before."""

from __future__ import annotations

import pytest

from toolresult_lab import lint
from toolresult_lab.budgets.models import binds_thinking
from toolresult_lab.requests.linting import context, header_map

BODY = {
    "model": "claude-opus-4-6",
    "max_tokens": 5,
    "messages": [{"role": "user", "content": "hi"}],
}
PAGE = "https://platform.claude.com/docs/en/build-with-claude/preserved-thinking"


def test_headers_are_read_with_lower_case_names() -> None:
    named = header_map({"Anthropic-Version": "2026-10-21", "anthropic-beta": "a,b"})
    assert dict(named) == {"anthropic-version": "2026-10-21", "anthropic-beta": "a,b"}
    assert dict(header_map(None)) == {}
    ctx = context("anthropic", headers={"X-Y": "1"}, previous=[])
    assert dict(ctx.headers) == {"x-y": "1"}
    assert ctx.previous == []


@pytest.mark.parametrize(
    ("headers", "message"),
    [
        (
            ["anthropic-version"],
            "headers must be a mapping of header names to values or None, not list",
        ),
        ({"a": 1}, "headers['a'] must map a str name to a str value, not str to int"),
        ({1: "a"}, "headers[1] must map a str name to a str value, not int to str"),
    ],
)
def test_bad_headers_are_a_type_error_naming_them(headers: object, message: str) -> None:
    with pytest.raises(TypeError) as raised:
        lint("anthropic", BODY, headers=headers)  # type: ignore[arg-type]
    assert str(raised.value) == message


def test_previous_must_be_a_request() -> None:
    with pytest.raises(TypeError) as raised:
        lint("anthropic", BODY, previous="earlier")
    assert str(raised.value) == (
        "previous must be the earlier request (a dict or a list) or None, not str"
    )


@pytest.mark.parametrize(
    ("wire", "model", "bound"),
    [
        ("anthropic", "claude-fable-5-1", True),
        ("anthropic", "claude-fable-5-2", True),
        ("anthropic", "claude-opus-5-5-20261001", True),
        ("bedrock", "us.anthropic.claude-sonnet-5-5-v1:0", True),
        ("bedrock", "anthropic.claude-haiku-5-5", True),
        ("anthropic", "claude-opus-4-6", False),
        ("anthropic", "claude-opus-5", False),
        ("openai", "claude-fable-5-1", False),
        ("openai", "gpt-6-sol", False),
        ("anthropic", None, False),
    ],
)
def test_which_models_bind_thinking(wire: str, model: str | None, bound: bool) -> None:
    found = binds_thinking(wire, model)
    assert found == ((PAGE, "2026-12-07") if bound else None)
