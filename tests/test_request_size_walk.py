"""The size of a request that ``json`` does not write (an integer past 4,300 digits, nesting
past the recursion limit, a value that holds itself) is walked without recursion: counted
exactly, or a ``ValueError`` naming where for a cycle; ``lint`` with a catalogued model
returns on every such request (the context window is measured on each)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from toolresult_lab import lint
from toolresult_lab.budgets.request_tokens import _walk_chars, request_tokens

WIRES_WITH_WINDOWS = {
    "anthropic": "claude-sonnet-4-5",
    "openai": "gpt-4o",
    "responses": "gpt-4o",
}


def anthropic(value: Any) -> dict[str, Any]:
    return {
        "model": "claude-sonnet-4-5",
        "max_tokens": 100,
        "messages": [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": value}],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}],
            },
        ],
    }


def compact(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


@pytest.mark.parametrize("digits", [4_300, 4_301, 5_000, 20_000])
@pytest.mark.parametrize("sign", [1, -1])
def test_an_integer_past_str_s_limit_is_counted_by_its_digits(digits, sign):
    number = sign * (10 ** (digits - 1) + 7)
    value = {"n": number, "m": [number, "x"]}
    assert _walk_chars(value) == len('{"n":,"m":[,"x"]}') + 2 * (digits + (sign < 0))


def test_the_walk_counts_what_json_writes_for_ordinary_values():
    value = {"a": [1, -22, True, None, 2.5, "é"], "b": {"c": "d"}, "": []}
    assert _walk_chars(value) == compact(value)


@pytest.mark.parametrize(
    ("make", "where"),
    [
        (lambda v: v.__setitem__("self", v), "messages[1].content[0].input.self"),
        (lambda v: v.__setitem__("list", [0, [v]]), "messages[1].content[0].input.list[1][0]"),
    ],
)
def test_a_value_that_holds_itself_is_a_value_error_naming_where(make, where):
    value: dict[str, Any] = {"a": 1}
    make(value)
    with pytest.raises(ValueError) as raised:  # the request guard, first thing
        request_tokens("anthropic", anthropic(value))
    assert str(raised.value).startswith(f"{where}: the request holds itself")


def test_a_value_met_twice_outside_itself_is_counted_twice():
    shared = {"k": "v" * 10}
    value = {"a": shared, "b": [shared, shared]}
    assert _walk_chars(value) == compact(value)


def test_nesting_past_the_recursion_limit_is_walked():
    deep: Any = "x"
    for _ in range(50_000):
        deep = [deep]
    assert _walk_chars({"d": deep}) == len('{"d":}') + 3 + 50_000 * 2


def big_int() -> Any:
    return {"n": 10**5000}


def cycle() -> Any:
    value: dict[str, Any] = {"a": 1}
    value["self"] = value
    return value


def deep() -> Any:
    value: Any = 1
    for _ in range(20_000):
        value = {"v": value}
    return value


@pytest.mark.parametrize("make", [big_int, cycle, deep])
def test_lint_with_a_catalogued_model_returns(make):
    findings = lint("anthropic", anthropic(make()))
    assert not [f for f in findings if f.rule == "context-window"]
    # a cycle and 20,000 levels are the request guard's one shape error; the integer is read
    unreadable = [f.rule for f in findings if f.rule == "shape"]
    assert unreadable == ([] if make is big_int else ["shape"])
