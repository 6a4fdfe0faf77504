"""``to(wire, max_tokens=N)`` keeps as much as fits in N, whatever the characters per token:
the estimate of the fitted block is at most N and close to it, and a larger budget never
keeps less (with exact counting, JSON digits are under 2 characters a token, a run of one
letter dozens: a search that assumed 4 overshot and fell back to the minimum)."""

from __future__ import annotations

import importlib.util
import json

import pytest

from toolresult_lab import ToolResult
from toolresult_lab.budgets.costs import estimate_tokens

EXACT = importlib.util.find_spec("toktok") is not None

TEXTS = {
    "json digits": "[" + ",".join(str(n) for n in range(200)) + "]",
    "json objects": json.dumps([{"id": n, "v": "x" * (n % 7)} for n in range(300)]),
    "one letter": "a" * 20_000,
    "words": "lorem ipsum dolor sit amet " * 400,
}
BUDGETS = (60, 100, 150, 200, 300, 400)

COUNTING = [
    pytest.param(False, id="estimated"),
    pytest.param(True, id="exact", marks=pytest.mark.exact),
]


@pytest.mark.parametrize("exact", COUNTING)
@pytest.mark.parametrize("name", TEXTS)
@pytest.mark.parametrize("wire", ["openai", "anthropic"])
def test_a_fit_is_within_its_budget_and_a_larger_one_keeps_more(name, wire, exact):
    # without the exact extra (Python 3.10: no toktok-rs wheel) the "exact" case counts
    # with the estimate, and the budget holds the same (test_exact_tokens pins which
    # Pythons have it)
    result = ToolResult(id="c1", content=[{"type": "text", "text": TEXTS[name]}])
    whole = estimate_tokens(result, wire).total
    spent, lengths = [], []
    for budget in BUDGETS:
        if budget >= whole:
            break
        total = estimate_tokens(result, wire, max_tokens=budget).total
        assert total <= budget
        spent.append(budget - total - max(20, budget // 10))
        (record,) = result.explain(wire, max_tokens=budget)
        lengths.append(len(record.texts[0]))
    assert lengths == sorted(lengths), lengths
    assert max(spent, default=0) <= 0, spent  # each budget nearly used (a step: an item)
