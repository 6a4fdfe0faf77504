"""One token budget shared by a turn's results (issue 27): ``tool_turn(..., max_tokens=N)``."""

from __future__ import annotations

import json

import pytest

from toolresult_lab import WIRES, ToolCall, ToolResult, tool_turn
from toolresult_lab.budgets.costs import estimate_tokens
from toolresult_lab.budgets.shares import share
from toolresult_lab.budgets.turn_budget import fit_turn_results

CALLS = [ToolCall(id=f"call_{i}", name="search") for i in range(3)]
RESULTS = [
    ToolResult(
        content=[{"type": "text", "text": json.dumps([{"id": j, "t": "x" * 20} for j in range(n)])}]
    )
    for n in (5, 100, 400)
]
# each result under its call's id and name, as the turn sends it
PAIRED = [
    ToolResult(id=call.id, name=call.name, content=result.content)
    for call, result in zip(CALLS, RESULTS, strict=True)
]


def test_the_budget_is_shared_in_proportion_with_a_floor():
    sizes = [estimate_tokens(r, "openai").total for r in PAIRED]
    assert sizes == [71, 1186, 4786]
    # floor: each result's own minimum, raised to a quarter of the budget split evenly
    shares = share(sizes, 1000, floors=[71, 83, 83])
    assert shares == [71, 227, 701]
    messages = tool_turn("openai", CALLS, RESULTS, max_tokens=1000)
    assert messages[1:] == [
        r.to("openai", max_tokens=s) for r, s in zip(PAIRED, shares, strict=True)
    ]
    assert messages[1] == PAIRED[0].to("openai")  # the small result fits its floor whole
    assert messages[0] == tool_turn("openai", CALLS, RESULTS)[0]  # the echo is not cut


@pytest.mark.parametrize("wire", WIRES)
def test_a_turn_within_its_budget_on_every_wire(wire):
    fitted = fit_turn_results(wire, {}, CALLS, RESULTS, 1200)
    assert [r.id for r in fitted] == ["call_0", "call_1", "call_2"]
    assert sum(estimate_tokens(r, wire).total for r in fitted) <= 1200
    assert fitted[0] == PAIRED[0]  # small: kept whole
    assert tool_turn(wire, CALLS, RESULTS, max_tokens=1200) == tool_turn(wire, CALLS, fitted)
    for result in fitted[1:]:
        (text,) = result.content
        json.loads(text["text"])  # still JSON


def test_a_turn_that_fits_is_unchanged():
    assert tool_turn("anthropic", CALLS, RESULTS, max_tokens=100_000) == tool_turn(
        "anthropic", CALLS, RESULTS
    )


def test_an_impossible_turn_budget_names_the_minimum():
    with pytest.raises(
        ValueError, match=r"max_tokens=10 is below the minimum of \d+ tokens these 3"
    ):
        tool_turn("openai", CALLS, RESULTS, max_tokens=10)
