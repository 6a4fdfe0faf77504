"""Issue 26: every accepted tool-turn request of the real corpus, translated to every other
wire (``../shared/real-requests/``, read in place; skipped with its path where absent).

For each translation: it never raises, the output lints without an error on the
destination, and no text, id, argument or payload of the source, nor any part of a tool
definition, is lost silently (found neither in the output nor under a loss or a note,
``silent_loss``). ``KNOWN_FAILING`` lists,
with the reason, each translation that still fails; a listed one that starts passing fails
the test too, so the list only shrinks. Every accepted request (tool turns or not) is also
translated to its own wire (issue 36), with the same checks. Every output also passes its
wire's official SDK request type strictly, or botocore's own validator and the service model
for Bedrock (``request_strict``, with its named allowances). A source whose body names no
model (Gemini's and Bedrock's are in the URL) is translated with the recorded model, as
``model=`` gives it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
import real_requests as rr
from request_strict import check_request_body
from silent_loss import definitions_lost, silently_lost

from toolresult_lab import WIRES, translate

#: (record id, destination) -> why it still fails.
KNOWN_FAILING: dict[tuple[str, str], str] = {}  # none: every translation arrives whole

PAIRS = [(src, dst) for src in WIRES for dst in WIRES if src != dst]


@cache
def _tool_turn_requests() -> dict[str, list[dict[str, Any]]]:
    by_wire: dict[str, list[dict[str, Any]]] = {}
    for record in rr.accepted():
        if record["tool_turns"]:
            by_wire.setdefault(record["wire"], []).append(record)
    return by_wire


def failure(src: str, dst: str, record: dict[str, Any]) -> str | None:
    """Why translating ``record`` to ``dst`` fails, or ``None``."""
    request = record["request"]
    try:
        out = translate(src, dst, request, model=None if "model" in request else record["model"])
    except Exception as error:  # the test's subject: any exception is a failure
        return f"raised {error!r}"
    errors = [str(f) for f in out.findings if f.severity == "error"]
    if errors:
        return f"lint errors on {dst}: {errors[:3]}"
    covers = [loss.path for loss in (*out.losses, *out.notes)]
    lost = silently_lost(record["request"], out.request, covers)
    lost += definitions_lost(record["request"], out.request, covers)
    if lost:
        return f"lost silently: {lost[:5]}"
    try:
        check_request_body(dst, out.request)
    except AssertionError as error:
        return f"the SDK type of {dst} rejects it: {str(error)[:300]}"
    return None


@pytest.mark.parametrize(("src", "dst"), PAIRS, ids=[f"{s}-{d}" for s, d in PAIRS])
def test_every_accepted_tool_turn_request_arrives_whole(src: str, dst: str) -> None:
    records = _tool_turn_requests().get(src, [])
    failing = {}
    for record in records:
        why = failure(src, dst, record)
        if why is not None:
            failing[record["id"]] = why
    expected = {
        rid for (rid, wire) in KNOWN_FAILING if wire == dst and rid in {r["id"] for r in records}
    }
    new = {rid: why for rid, why in failing.items() if rid not in expected}
    fixed = expected - set(failing)
    assert new == {}, f"{len(new)} of {len(records)} {src} -> {dst} translations fail"
    assert fixed == set(), f"listed in KNOWN_FAILING but passing now: {sorted(fixed)}"


@cache
def _accepted_by_wire() -> dict[str, list[dict[str, Any]]]:
    by_wire: dict[str, list[dict[str, Any]]] = {}
    for record in rr.accepted():
        by_wire.setdefault(record["wire"], []).append(record)
    return by_wire


def same_wire_failure(wire: str, record: dict[str, Any]) -> str | None:
    """Why translating ``record`` to its own wire fails, or ``None``: as :func:`failure`, the
    SDK type checked where the source itself passes it (an accepted body may hold fields the
    installed SDK type lacks: ``stream``, a newer parameter), with no model added."""
    request = record["request"]
    try:
        out = translate(wire, wire, request)
    except Exception as error:  # the test's subject: any exception is a failure
        return f"raised {error!r}"
    errors = [str(f) for f in out.findings if f.severity == "error"]
    if errors:
        return f"lint errors on {wire}: {errors[:3]}"
    covers = [loss.path for loss in (*out.losses, *out.notes)]
    lost = silently_lost(request, out.request, covers)
    lost += definitions_lost(request, out.request, covers)
    if lost:
        return f"lost silently: {lost[:5]}"
    try:
        check_request_body(wire, request)
    except AssertionError:
        return None  # the source is beyond the installed SDK type: nothing to compare
    try:
        check_request_body(wire, out.request)
    except AssertionError as error:
        return f"the SDK type of {wire} rejects it: {str(error)[:300]}"
    return None


@pytest.mark.parametrize("wire", sorted(WIRES))
def test_every_accepted_request_arrives_whole_on_its_own_wire(wire: str) -> None:
    """Issue 36: translate checked same-wire (A -> A) on every accepted request, tool turns
    or not (a Bedrock ``txt`` document came back ``null``, a Responses reasoning replay
    lost the message id its reasoning item needs)."""
    records = _accepted_by_wire().get(wire, [])
    failing = {}
    for record in records:
        why = same_wire_failure(wire, record)
        if why is not None:
            failing[record["id"]] = why
    assert failing == {}, f"{len(failing)} of {len(records)} {wire} -> {wire} translations fail"


def test_the_same_wire_pass_covers_every_accepted_request() -> None:
    counts = {wire: len(found) for wire, found in _accepted_by_wire().items()}
    assert sum(counts.values()) == sum(1 for _ in rr.accepted()) == 1258
    assert sorted(counts) == ["anthropic", "bedrock", "gemini", "openai", "responses"]


def test_the_corpus_has_tool_turn_requests_of_five_wires() -> None:
    counts = {wire: len(found) for wire, found in _tool_turn_requests().items()}
    assert sorted(counts) == ["anthropic", "bedrock", "gemini", "openai", "responses"]
    assert sum(counts.values()) == 565


def test_the_strict_check_of_each_destination_rejects_an_undeclared_key() -> None:
    """Not vacuous: one corpus translation per destination, with a key no SDK type has."""
    record = _tool_turn_requests()["anthropic"][0]
    for dst in WIRES:
        if dst == "anthropic":
            continue
        body = translate("anthropic", dst, record["request"]).request
        check_request_body(dst, body)
        with pytest.raises(AssertionError):
            check_request_body(dst, {**body, "bogus_key": 1})
