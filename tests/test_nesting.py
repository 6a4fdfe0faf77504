"""Issue 36: a request too deep, holding itself, or spelling too many values is one clear
``ValueError`` naming where, from the one guard (``nesting.check_nesting``) that lint,
repair (and its notebook view) and translate all go through; as deep as the guard lets
through, every one of them finishes (600-deep tool arguments raised RecursionError out
of ``Repaired._repr_html_``; a cycle, out of translate)."""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from lint_fixtures import WIRES, answer, ask, request, user

from toolresult_lab import lint, repair, translate
from toolresult_lab.cli import main
from toolresult_lab.conversion.nesting import MAX_NESTING, MAX_VALUES, check_nesting

KEYS = {"gemini": "contents", "responses": "input"}
DEEP = f"the request is nested deeper than {MAX_NESTING} levels (the deepest the toolkit walks)"


def _nested(levels: int) -> dict[str, Any]:
    """``levels`` dicts, each the only member of the one around it."""
    value: dict[str, Any] = {}
    for _ in range(levels - 1):
        value = {"a": value}
    return value


def _body(wire: str, extra: Any) -> dict[str, Any]:
    """A body (level 1) whose first message (level 3) holds ``extra`` under ``x``."""
    first = dict(user(wire))
    first["x"] = extra
    return {KEYS.get(wire, "messages"): request(first, ask(wire, "c1"), answer(wire, "c1"))}


USES: dict[str, Callable[[str, Any], Any]] = {
    "lint": lambda wire, body: lint(wire, body),
    "repair": lambda wire, body: repair(wire, body),
    "repair's view": lambda wire, body: repair(wire, body)._repr_html_(),
    "translate": lambda wire, body: translate(wire, "anthropic", body),
}


@pytest.mark.parametrize("wire", WIRES)
def test_as_deep_as_the_guard_lets_through_every_use_finishes(wire: str) -> None:
    body = _body(wire, _nested(MAX_NESTING - 3))
    for use in USES.values():
        use(wire, body)
    assert json.loads(json.dumps(repair(wire, body).request)) == body


@pytest.mark.parametrize("use", USES)
@pytest.mark.parametrize("wire", WIRES)
def test_one_level_deeper_is_a_value_error_naming_where(wire: str, use: str) -> None:
    body = _body(wire, _nested(MAX_NESTING - 2))
    key = KEYS.get(wire, "messages")
    with pytest.raises(ValueError) as raised:
        USES[use](wire, body)
    assert (
        str(raised.value)
        == f"{key}[0].x.a.a.a.a.a.a.a.a.a... ({MAX_NESTING - 12} more levels): " + DEEP
    )


def test_a_bare_list_is_named_by_its_wire_key() -> None:
    messages = [
        user("gemini"),
        {"role": "user", "parts": [{"text": "x", "y": _nested(MAX_NESTING)}]},
    ]
    with pytest.raises(ValueError, match=r"^contents\[1\]\.parts\[0\]\.y\.a\.a\.a"):
        lint("gemini", messages)


def _cyclic_dict() -> dict[str, Any]:
    value: dict[str, Any] = {"k": 1}
    value["self"] = {"again": value}
    return value


def _cyclic_list() -> list[Any]:
    value: list[Any] = [1]
    value.append(value)
    return value


@pytest.mark.parametrize("use", USES)
@pytest.mark.parametrize("wire", ["openai", "anthropic", "gemini", "bedrock"])
def test_a_value_that_holds_itself_is_a_value_error_naming_both_places(wire: str, use: str) -> None:
    key = KEYS.get(wire, "messages")
    for cyclic, where, again in (
        (_cyclic_dict(), "x.self.again", "x"),
        (_cyclic_list(), "x[1]", "x"),
    ):
        with pytest.raises(ValueError) as raised:
            USES[use](wire, _body(wire, cyclic))
        assert str(raised.value) == (
            f"{key}[0].{where}: the request holds itself (this value is {key}[0].{again}"
            " again), so it has no JSON form"
        )


def test_a_list_of_messages_that_holds_itself() -> None:
    messages: list[Any] = [{"role": "user", "content": "hi"}]
    messages.append({"role": "user", "content": messages})
    with pytest.raises(ValueError) as raised:
        repair("openai", messages)
    assert str(raised.value) == (
        "messages[1].content: the request holds itself (this value is messages again),"
        " so it has no JSON form"
    )


def test_a_value_in_two_places_is_read_as_its_json_in_each() -> None:
    """Sharing is no cycle: the same object twice is the request its JSON spells."""
    shared = {"q": [1, {"r": "s"}]}
    body = {"messages": [user("anthropic"), user("anthropic")]}
    body["messages"][0]["x"] = body["messages"][1]["x"] = shared
    spelled = copy.deepcopy(body)
    assert lint("anthropic", body) == lint("anthropic", spelled)
    assert repair("anthropic", body).request == spelled
    assert (
        translate("anthropic", "openai", body).request
        == translate("anthropic", "openai", spelled).request
    )


def test_a_value_shared_so_often_its_json_is_too_large_is_refused_at_once() -> None:
    """40 levels of a list holding one list twice spell 2**41 values: refused in one
    walk of its 40 lists, not walked 2**40 times (lint never returned)."""
    value: list[Any] = []
    for _ in range(40):
        value = [value, value]
    started = time.perf_counter()
    with pytest.raises(ValueError) as raised:
        lint("openai", _body("openai", value))
    assert time.perf_counter() - started < 1
    assert str(raised.value) == (
        "messages[0].x[0][0][0][0][0][0][0][0][0]... (6 more levels): the request"
        f" spells more than {MAX_VALUES:,} values as JSON (a value it holds in many places"
        " counts at each)"
    )


def test_the_guard_leaves_what_it_checks_as_it_was() -> None:
    body = _body("openai", {"q": [1, 2, {"r": None}]})
    before = copy.deepcopy(body)
    check_nesting(body)
    assert body == before


@pytest.mark.parametrize(
    "argv",
    [
        ["lint", "--wire", "openai"],
        ["repair", "--wire", "openai"],
        ["translate", "--from", "openai", "--to", "anthropic"],
    ],
)
def test_the_commands_answer_in_one_line(capsys, tmp_path, argv) -> None:
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(_body("openai", _nested(MAX_NESTING))), encoding="utf-8")
    code = main([*argv, str(path)])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == (
        f"toolresult-lab: error: {path}: messages[0].x.a.a.a.a.a.a.a.a.a..."
        f" ({MAX_NESTING - 12} more levels): {DEEP}\n"
    )
