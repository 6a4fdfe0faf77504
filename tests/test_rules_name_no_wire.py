"""Which rules apply to a wire, and which models it sends, come from what the wire declares
(issue 35): no rule, unchecked rule or row of the model table holds a wire's name (a toy
wire registered later gets its rules and its models the same way)."""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from toolresult_lab.budgets.model_table import ROWS
from toolresult_lab.requests.rules import RULES, UNCHECKED
from toolresult_lab.wires import WIRES, WireChecks, registered


def _strings(value: Any) -> Iterator[str]:
    """Every string a value holds: in its fields, its items, its keys."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for each in dataclasses.fields(value):
            yield from _strings(getattr(value, each.name))
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from _strings(item)


def _wire_names(rows: Any) -> list[tuple[str, str]]:
    return [
        (getattr(row, "id", None) or row.model, text)
        for row in rows
        for text in _strings(row)
        if text in WIRES
    ]


def test_the_walk_finds_a_wire_name_where_one_is() -> None:
    planted = dataclasses.replace(ROWS[0], family="gemini")
    assert _wire_names([planted]) == [(ROWS[0].model, "gemini")]


def test_no_rule_names_a_wire() -> None:
    assert len(RULES) > 50
    assert _wire_names(RULES.values()) == []


def test_no_unchecked_rule_names_a_wire() -> None:
    assert len(UNCHECKED) == 5
    assert _wire_names(UNCHECKED) == []


def test_no_model_table_row_names_a_wire() -> None:
    assert len(ROWS) == 30
    assert _wire_names(ROWS) == []


def test_each_unchecked_rule_still_applies_where_the_wires_declare_it() -> None:
    assert {gap.id: gap.wires for gap in UNCHECKED} == {
        "replayed-thinking": ("anthropic",),
        "foreign-thought-signature": ("gemini",),
        "foreign-encrypted-reasoning": ("responses",),
        "oversized-image-error": ("anthropic",),
        "call-without-reasoning": ("responses",),
    }


def test_a_toy_wire_gets_an_unchecked_rule_by_naming_it() -> None:
    toy = importlib.import_module("toy_wire")
    (gap,) = [gap for gap in UNCHECKED if gap.id == "foreign-thought-signature"]
    naming = WireChecks(unchecked=frozenset({gap.id}))
    with registered(dataclasses.replace(toy.WIRE, checks=naming)):
        assert gap.concerns("toy")
        assert [each.id for each in UNCHECKED if each.concerns("toy")] == [gap.id]
        assert gap.wires == ("gemini",)  # the docs list the package's wires
    with registered(toy.WIRE):
        assert [each.id for each in UNCHECKED if each.concerns("toy")] == []
    assert not gap.concerns("toy")  # unregistered
