"""``request-too-large`` on every wire that declares a request-bytes limit (issue 35: the
limits of Bedrock and Gemini were data no rule checked; a 27 MB Bedrock request and a
101 MB Gemini request linted clean).

Each case is a request just over its limit and its near miss just under it; the sizes are
the request's JSON in UTF-8, as the check measures it. The text is plain ASCII, so the
request's size is the text's plus the fixed envelope measured here.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from toolresult_lab import lint
from toolresult_lab.budgets.provider_limits import LIMITS
from toolresult_lab.requests.rules import RULES, wires_of

MB = 1_000_000
MIB = 1024 * 1024


def _request(wire: str, text: str) -> Any:
    if wire == "gemini":
        return {"contents": [{"role": "user", "parts": [{"text": text}]}]}
    if wire == "bedrock":
        return {"messages": [{"role": "user", "content": [{"text": text}]}]}
    if wire == "responses":
        return {"model": "gpt-4.1", "input": [{"role": "user", "content": text}]}
    return {
        "model": "claude-sonnet-4-5",
        "max_tokens": 10,
        "messages": [{"role": "user", "content": text}],
    }


def _sized(wire: str, size: int) -> Any:
    """A request of ``wire`` whose JSON is exactly ``size`` bytes."""
    envelope = len(json.dumps(_request(wire, ""), ensure_ascii=False).encode())
    request = _request(wire, "x" * (size - envelope))
    assert len(json.dumps(request, ensure_ascii=False).encode()) == size
    return request


def _size_findings(wire: str, request: Any) -> list[tuple[str, str, str]]:
    return [
        (f.severity, f.path, f.message)
        for f in lint(wire, request)
        if f.rule == "request-too-large"
    ]


def test_the_rule_applies_where_a_wire_declares_a_request_size() -> None:
    declared = {
        limit.wire for limit in LIMITS if limit.scope == "request" and limit.measure == "bytes"
    }
    # openai: DeepSeek's 48 MiB request body, with the deepseek profile only
    assert declared == {"anthropic", "responses", "gemini", "bedrock", "openai"}
    assert set(wires_of("request-too-large", ())) == declared


@pytest.mark.parametrize(
    ("wire", "limit"),
    [("anthropic", 32 * MIB), ("gemini", 100 * MB)],
)
def test_over_a_limit_of_every_model_is_an_error(wire: str, limit: int) -> None:
    assert _size_findings(wire, _sized(wire, limit)) == []
    assert _size_findings(wire, _sized(wire, limit + 1)) == [
        ("error", "", f"The request's JSON is {limit + 1:,} bytes (at most {limit:,}).")
    ]


def test_bedrock_warns_with_the_models_its_figures_are_documented_for() -> None:
    assert _size_findings("bedrock", _sized("bedrock", 20 * MB)) == []
    assert _size_findings("bedrock", _sized("bedrock", 20 * MB + 1)) == [
        (
            "warning",
            "",
            "The request's JSON is 20,000,001 bytes, over the documented request size of some"
            " models of the wire (20,000,000 for Claude).",
        )
    ]
    assert _size_findings("bedrock", _sized("bedrock", 27 * MB)) == [
        (
            "warning",
            "",
            "The request's JSON is 27,000,000 bytes, over the documented request size of some"
            " models of the wire (20,000,000 for Claude, 25,000,000 for Amazon Nova).",
        )
    ]


def test_a_case_severity_holds_on_any_wire() -> None:
    rule = RULES["request-too-large"]
    assert rule.level("bedrock", None, "some-models") == "warning"
    assert rule.level("gemini", None, "some-models") == "warning"
    assert rule.level("gemini", None) == "error"
