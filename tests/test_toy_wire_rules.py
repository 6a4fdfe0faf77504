"""A wire's rules come from what it declares (issue 35): the toy wire of ``toy_wire.py``,
varied here in this one module, gets exactly the rules its declarations make applicable
(its turn shape, its request shape, its ``WireChecks``, an own check, its documented
limits), and ``lint`` reports them with their severities, the toy's own severity included.
No other file names it."""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from types import MappingProxyType
from typing import Any

from toolresult_lab import lint
from toolresult_lab.budgets.doc_pages import DocPage
from toolresult_lab.budgets.provider_limits import request_warnings, text_warnings
from toolresult_lab.requests.rules import RULES
from toolresult_lab.wires import (
    ID_FORMATS,
    WIRES,
    Add,
    IdFormat,
    Limit,
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


#: The toy API's page of limits (made up, as the toy is).
TOY_PAGE = DocPage("Toy API limits", "https://toy.invalid/limits")
#: The toy's documented limits: a request's bytes and a string's characters.
TOY_LIMITS = (
    Limit("request", "bytes", 300, "300 bytes per request", TOY_PAGE),
    Limit("string", "chars", 100, "100 characters per string", TOY_PAGE),
)


def _declaring() -> WireModule:
    """The toy wire declaring: results right after their calls and ids that pair them (its
    turn shape, as ``toy_wire`` has it), alternating roles (its request shape), call ids of
    at most 8 characters, PNG images as base64, an empty list refused, an own check's rule,
    its own severity of one rule, and its documented limits (``TOY_LIMITS``)."""
    toy = _toy()

    class Alternating(toy.ToyRequest):  # type: ignore[misc,name-defined]
        alternating = True

    class ShortIds(toy.ToyEdits):  # type: ignore[misc,name-defined]
        id_format = IdFormat(None, 8, "")

    checks = WireChecks(
        rules=(_no_user_text,),
        reports=frozenset({"no-user-query"}),
        severities=MappingProxyType({"call-without-result": "warning"}),
        call_ids=True,
        image_types=frozenset({"image/png"}),
        base64_media=True,
        empty_rejected=True,
    )
    return dataclasses.replace(
        toy.WIRE, request=Alternating(NAME), edits=ShortIds(), checks=checks, limits=TOY_LIMITS
    )


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
            "call-id-format",  # edits: id_format
            "media-type",  # checks: image_types
            "bad-base64",  # checks: base64_media
            "roles-not-alternating",  # request shape: alternating
            "no-messages",  # checks: empty_rejected
            "no-user-query",  # checks: reports (its own check)
            "request-too-large",  # limits: request bytes
            "text-too-long",  # limits: string chars
        }
        assert len(found) == 17


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


#: A string one character over the toy's 100 (in a request of 142 bytes of JSON).
LONG_TEXT = {"turns": [{"role": "user", "body": "x" * 101}]}
#: Strings of 100 characters, in a request of 406 bytes of JSON (over the toy's 300).
LARGE = {
    "turns": [
        {"role": "user", "body": "u" * 100},
        {"role": "assistant", "body": "a" * 100},
        {"role": "user", "body": "v" * 100},
    ]
}


def test_lint_holds_a_toy_request_against_the_limits_the_toy_declares() -> None:
    with registered(_declaring()):
        assert [(f.rule, f.severity, f.path, f.message) for f in lint(NAME, LONG_TEXT)] == [
            (
                "text-too-long",
                "error",
                "turns[0].body",
                "The string is 101 characters long (at most 100).",
            )
        ]
        assert [(f.rule, f.severity, f.path, f.message) for f in lint(NAME, LARGE)] == [
            ("request-too-large", "error", "", "The request's JSON is 406 bytes (at most 300).")
        ]
        # the warnings of ``budgets.provider_limits`` read the same declared rows
        assert request_warnings(NAME, 301, 0) == (
            "toy: the request is 301 bytes; limit: 300 bytes per request"
            " (Toy API limits <https://toy.invalid/limits>)",
        )
        assert text_warnings(NAME, 101) == (
            "toy: a text string in the block is 101 characters; limit: 100 characters per"
            " string (Toy API limits <https://toy.invalid/limits>)",
        )
    # the toy that declares no limits: the same requests hold no finding, draw no warning
    with registered(_toy().WIRE):
        assert list(lint(NAME, LONG_TEXT)) == []
        assert [(f.rule, f.path) for f in lint(NAME, LARGE)] == []
        assert request_warnings(NAME, 301, 0) == ()
        assert text_warnings(NAME, 101) == ()


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


def test_the_id_formats_read_the_registry_as_it_is() -> None:
    """``ID_FORMATS`` is a live view: a wire registered later with an id format is in it,
    and gone with the wire."""
    assert NAME not in ID_FORMATS
    with registered(_declaring()):
        assert ID_FORMATS[NAME] == IdFormat(None, 8, "")
        assert ID_FORMATS["mistral"].longest is None  # a profile's entry is still there
    assert NAME not in ID_FORMATS


def test_lint_plans_again_for_a_wire_registered_again_with_the_same_checks() -> None:
    """lint's plan (the checks that run on a wire, the rules it reports) follows the wire
    registered now, not only its ``WireChecks``: the toy registered again with the same
    checks but with its limits declared is held to them."""
    without = dataclasses.replace(_declaring(), limits=())
    with registered(without):
        assert list(lint(NAME, LARGE)) == []
    with registered(dataclasses.replace(without, limits=TOY_LIMITS)):
        assert [f.rule for f in lint(NAME, LARGE)] == ["request-too-large"]
