"""Tokens against a budget or a window in the views (issue 27): the ``compare()`` card cut
to ``max_tokens``, and the request view's estimate against a budget or the model's window.
Everything from the tool is escaped, and no base64 payload reaches the HTML."""

from __future__ import annotations

import json
import re

import pytest
from lint_fixtures import PNG, answer, ask, request, user

from toolresult_lab import ToolCall, ToolResult
from toolresult_lab.requests.repairing import repair
from toolresult_lab.views.render_findings import repaired_html, request_html
from toolresult_lab.views.widgets import compare

HITS = [{"id": i, "t": f"<b>hit {i}</b>"} for i in range(200)]
IMAGE = {"type": "image", "data": PNG, "mimeType": "image/png"}
RESULT = ToolResult(
    name="search", id="c1", content=[{"type": "text", "text": json.dumps(HITS)}, IMAGE]
)
TOKENS = re.compile(r'<div class="trl-size trl-tokens( trl-over)?" title="[^"]*">([^<]*)</div>')


def test_each_compare_card_is_cut_to_the_budget_and_says_so() -> None:
    box = compare(RESULT, ["openai", "anthropic"], max_tokens=200)
    openai = box.cards["openai"].value
    assert "budget: ~" in openai and " of max_tokens=200 (" in openai
    assert "truncated" in openai
    assert "<b>hit" not in openai and "&lt;b&gt;hit 0&lt;/b&gt;" in openai
    for card in box.cards.values():
        assert PNG not in card.value
    caption = re.search(
        r"budget: ~([\d,]+) tokens of max_tokens=200 \(([\d.]+)%; keep text\)", openai
    )
    assert caption is not None and int(caption.group(1).replace(",", "")) <= 200


def test_a_card_whose_minimum_is_over_the_budget_says_why() -> None:
    box = compare(RESULT, ["anthropic"], max_tokens=1)
    card = box.cards["anthropic"].value
    assert 'class="trl-card trl-budget-error"' in card
    assert "max_tokens=1 is below the minimum of" in card


def test_max_tokens_budgets_one_result_only() -> None:
    calls = [ToolCall(id="c1", name="search", arguments={})]
    with pytest.raises(ValueError, match="max_tokens budgets one ToolResult"):
        compare((calls, [RESULT]), max_tokens=100)
    with pytest.raises(TypeError, match="max_tokens must be an int"):
        compare(RESULT, max_tokens="100")  # type: ignore[arg-type]


def test_without_max_tokens_the_cards_are_unchanged() -> None:
    assert "budget:" not in compare(RESULT, ["openai"]).cards["openai"].value


def _big(wire: str) -> list[object]:
    return request(user(wire), ask(wire, "c1"), answer(wire, "c1", content="<i>x</i> " * 100))


def test_the_request_view_shows_its_estimate_against_the_window() -> None:
    html = request_html("openai", _big("openai"), model="gpt-4o")
    assert TOKENS.findall(html) == [
        ("", "input: ~276 tokens (estimated) of the 128,000-token input window of gpt-4o (0.2%)")
    ]
    assert "<i>" not in html


def test_the_request_view_shows_its_estimate_against_a_budget() -> None:
    html = request_html("openai", _big("openai"), max_tokens=100)
    assert TOKENS.findall(html) == [
        (" trl-over", "input: ~276 tokens (estimated) of the budget max_tokens=100 (276.0%)")
    ]


def test_the_request_view_without_a_model_shows_the_estimate_alone() -> None:
    assert TOKENS.findall(request_html("openai", _big("openai"))) == [
        ("", "input: ~276 tokens (estimated)")
    ]


def test_the_repair_view_shows_tokens_before_and_after() -> None:
    fixed = repair("openai", _big("openai"), max_tokens=100)
    html = repaired_html(fixed)
    assert [text for _, text in TOKENS.findall(html)] == [
        "input: ~276 tokens (estimated)",
        "input: ~100 tokens (estimated)",
    ]
