"""A wire's rules come from what it declares (issue 35): the toy wire of ``toy_wire.py``,
varied here in this one module, gets exactly the rules its declarations make applicable
(its turn shape, its request shape, its ``WireChecks``, an own check), and ``lint`` reports
them with their severities, the toy's own severity included. No other file names it."""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from types import MappingProxyType
from typing import Any

from toolresult_lab import lint
from toolresult_lab.requests.rules import RULES
from toolresult_lab.wires import (
    WIRES,
    Add,
    IdFormat,
    ReadRequest,
    Scope,
    WireChecks,
    WireModule,
    registered,
    wire_module,
)

NAME = "toy"

#: The rules of every wire, one registered later included.
EVERY_WIRE = {
    "call-without-result",
    "result-without-call",
    "images-unsupported",
    "shape",
    "prefix-changed",
}


def _toy() -> Any:
    return importlib.import_module("toy_wire")


@contextmanager
def _with(wire: WireModule) -> Iterator[frozenset[str]]:
    """``wire`` registered, and the ids of the rules that apply on it (no profile)."""
    with registered(wire):
        yield frozenset(rule.id for rule in RULES.values() if rule.applies(NAME, None))


def _plain() -> WireModule:
    """The toy wire declaring nothing a rule reads: results may come later, no ids needed."""
    toy = _toy()
    turn = toy.ToyTurn(NAME, results_zone="later", results_where="any later result message")
    return dataclasses.replace(toy.WIRE, turn=turn)


def _no_user_text(read: ReadRequest, scope: Scope, add: Add) -> None:
    """The toy's own check: a request without a user message (``no-user-query``)."""
    if read.messages and all(message.role != "user" for message in read.messages):
        add("no-user-query", read.key, "No user message.", "")


def _declaring() -> WireModule:
    """The toy wire declaring: results right after their calls and ids that pair them (its
    turn shape, as ``toy_wire`` has it), alternating roles (its request shape), call ids of
    at most 8 characters, PNG images as base64, an empty list refused, an own check's rule,
    and its own severity of one rule."""
    toy = _toy()

    class Alternating(toy.ToyRequest):  # type: ignore[misc,name-defined]
        alternating = True

    checks = WireChecks(
        rules=(_no_user_text,),
        reports=frozenset({"no-user-query"}),
        severities=MappingProxyType({"call-without-result": "warning"}),
        call_ids=True,
        id_format=IdFormat(None, 8, ""),
        image_types=frozenset({"image/png"}),
        base64_media=True,
        empty_rejected=True,
    )
    return dataclasses.replace(toy.WIRE, request=Alternating(NAME), checks=checks)


def test_the_plain_toy_wire_gets_exactly_the_rules_of_every_wire() -> None:
    with _with(_plain()) as found:
        assert found == EVERY_WIRE
        assert len(found) == 5


def test_the_toy_wire_as_defined_adds_what_its_turn_shape_declares() -> None:
    # toy_wire's turn: results in the run right after the calls, paired by id only
    with _with(_toy().WIRE) as found:
        assert found == EVERY_WIRE | {"results-not-next", "missing-call-id"}
        assert len(found) == 7


def test_a_toy_wire_gets_every_rule_its_declarations_make_applicable() -> None:
    with _with(_declaring()) as found:
        assert found == EVERY_WIRE | {
            "results-not-next",  # turn: results_zone "run"
            "missing-call-id",  # turn: needs_call_ids
            "duplicate-call-id",  # checks: call_ids
            "duplicate-result",  # checks: call_ids
            "call-id-format",  # checks: id_format
            "media-type",  # checks: image_types
            "bad-base64",  # checks: base64_media
            "roles-not-alternating",  # request shape: alternating
            "no-messages",  # checks: empty_rejected
            "no-user-query",  # checks: reports (its own check)
        }
        assert len(found) == 15


def test_lint_reports_the_declared_rules_with_their_severities_on_the_toy_wire() -> None:
    call = {"ref": "c1", "tool": "f", "args": {}}
    twice = {
        "turns": [
            {"role": "user", "body": "hi"},
            {"role": "user", "body": "again"},
            {"role": "assistant", "body": "", "calls": [call]},
        ]
    }
    with registered(_declaring()):
        assert [(f.rule, f.severity, f.path) for f in lint(NAME, twice)] == [
            ("roles-not-alternating", "error", "turns[1]"),
            ("call-without-result", "warning", "turns[2].calls[0]"),  # the toy's own
        ]
        assert [(f.rule, f.severity) for f in lint(NAME, {"turns": []})] == [
            ("no-messages", "warning")
        ]
        alone = {"turns": [{"role": "assistant", "body": "hello"}]}
        assert [(f.rule, f.severity) for f in lint(NAME, alone)] == [("no-user-query", "warning")]
        long_id = {
            "turns": [
                {"role": "user", "body": "hi"},
                {
                    "role": "assistant",
                    "body": "",
                    "calls": [{"ref": "c" * 9, "tool": "f", "args": {}}],
                },
            ]
        }
        assert [(f.rule, f.severity, f.message) for f in lint(NAME, long_id)] == [
            (
                "call-without-result",
                "warning",
                "No result answers the call 'ccccccccc' (a result message right after it).",
            ),
            (
                "call-id-format",
                "error",
                "The call's id 'ccccccccc' is 9 characters long (at most 8).",
            ),
        ]
    # the same requests on the plain toy: none of those rules, the default severity
    with registered(_plain()):
        assert [(f.rule, f.severity) for f in lint(NAME, twice)] == [
            ("call-without-result", "error")
        ]
        assert list(lint(NAME, {"turns": []})) == []


def test_no_rule_names_a_wire() -> None:
    """No rule holds a list of wires, and no severity key is a wire's (a wire's own
    severity is declared in its package: ``WireChecks.severities``)."""
    fields = {field.name for field in dataclasses.fields(next(iter(RULES.values())))}
    assert "wires" not in fields
    for rule in RULES.values():
        assert not hasattr(rule, "wires"), rule.id
        for field in fields:
            value = getattr(rule, field)
            if isinstance(value, tuple):
                assert not set(value) & set(WIRES), (rule.id, field)
        for key in rule.severity:
            assert key.partition(":")[0] not in WIRES, (rule.id, key)


def test_each_wire_declares_severities_only_of_rules_that_apply_there() -> None:
    for wire in WIRES:
        for key in wire_module(wire).checks.severities:
            rule = RULES[key.partition(":")[0]]
            assert any(rule.applies(wire, profile) for profile in (None, *rule.profiles)), key
