"""``repair(..., max_tokens=N)`` is a budget that holds: the request it returns is at most N
tokens by the library's own count (exact or estimated) wherever the minimum fits, a larger
budget never keeps less of a text, and the work grows with the request (the whole request
is counted a bounded number of times, not once per try on every text)."""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest

from toolresult_lab import repair
from toolresult_lab.budgets import request_fit
from toolresult_lab.budgets.request_tokens import request_tokens

EXACT = importlib.util.find_spec("toktok") is not None


def openai(contents: list[str], model: str = "gpt-4o") -> dict[str, Any]:
    messages: list[dict[str, Any]] = [{"role": "user", "content": "go"}]
    for number, content in enumerate(contents):
        call = {"id": f"call_{number}", "type": "function"}
        call["function"] = {"name": "f", "arguments": "{}"}
        messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
        messages.append({"role": "tool", "tool_call_id": f"call_{number}", "content": content})
    return {"model": model, "messages": messages}


# Texts whose characters per token are far from 4: a run of one letter (o200k packs
# dozens in a token), digits of JSON (under 2), words, a mix over several results.
TEXTS = {
    "one letter": ["a" * 200_000],
    "json digits": ["[" + ",".join(str(n) for n in range(20_000)) + "]"],
    "words": ["lorem ipsum dolor " * 5_000],
    "several": ["a" * 50_000, "[" + ",".join(map(str, range(5_000))) + "]", "x y " * 9_000],
}


def total(request: Any) -> int:
    return request_tokens("openai", request).total


@pytest.mark.exact  # without the extra (Python 3.10), the estimate: the budget holds the same
@pytest.mark.parametrize("name", TEXTS)
@pytest.mark.parametrize("budget", [300, 2_000, 5_000, 20_000])
def test_with_exact_counting_the_result_is_within_the_budget(name, budget):
    given = openai(TEXTS[name])
    fixed = repair("openai", given, max_tokens=budget)
    if total(given) <= budget:  # it fits already: nothing is cut
        assert (fixed.changes, fixed.request) == ((), given)
        return
    assert total(fixed.request) <= budget
    assert budget - total(fixed.request) <= max(8, budget // 50)  # and close to it


@pytest.mark.parametrize(
    "exact",
    [
        pytest.param(False, id="estimated"),
        pytest.param(True, id="exact", marks=pytest.mark.exact),
    ],
)
@pytest.mark.parametrize("name", TEXTS)
def test_a_larger_budget_never_keeps_less(name, exact):
    # without the exact extra (Python 3.10: no toktok-rs wheel) the "exact" case counts
    # with the estimate, and the budget holds the same (test_exact_tokens pins which
    # Pythons have it)
    given = openai(TEXTS[name])
    kept = []
    for budget in (400, 800, 1_600, 3_200, 6_400):
        fixed = repair("openai", given, max_tokens=budget)
        spent = total(fixed.request)
        assert spent <= budget
        tools = [m for m in fixed.request["messages"] if m["role"] == "tool"]
        kept.append(sum(len(message["content"]) for message in tools))
    assert kept == sorted(kept)


def test_the_whole_request_is_counted_a_bounded_number_of_times(monkeypatch):
    """600 results cut to a third: the whole request is read and counted a few times (the
    cuts are measured each by its own text), not once per try on each text."""
    counted = []
    read_tokens = request_fit.read_tokens

    def counting(*args: Any, **kwargs: Any) -> Any:
        counted.append(1)
        return read_tokens(*args, **kwargs)

    monkeypatch.setattr(request_fit, "read_tokens", counting)
    for results in (150, 600):
        counted.clear()
        given = openai([f"lorem ipsum {n} " * 40 for n in range(results)])
        fixed = repair("openai", given, max_tokens=total(given) // 3)
        assert len(fixed.changes) > results // 2
        assert len(counted) <= 3 + len(request_fit._MARGINS)
