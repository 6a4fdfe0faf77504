"""The request checks of ``lint`` (SPEC 8), by rule group: the neutral layer above the wires.

Each check is a function ``check(read, scope, add)`` (``wires.Check``): it reads the request
as the wire read it, the :class:`~toolresult_lab.wires.Scope` (the wire, the profile, the
model's facts) and reports through ``add(rule, path, message, case)``, which turns a report
into a :class:`~toolresult_lab.requests.findings.Finding` with the rule table's severity and source
(``rules.RULES``), or drops it where the rule does not apply.

A generic check is registered below as a :class:`RuleCheck`: the rules it reports, which
decide where it runs (``rules.where``: from what each wire declares, and the rule's
``profiles``). Where it differs per
wire, it reads the wire's data (``wires.wire_module(wire).checks``, ``.turn``,
``WireModule.limits``), never the wire's name. The checks that concern only one wire's shapes
live in that wire's package (``wires/<wire>/checks.py``) and run after the generic ones.

To add a generic check: write its module here and add one ``RuleCheck`` row to
:data:`CHECKS` (before the wire's own checks) or :data:`LATE` (after them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from ...wires import Add, Check, ReadRequest, Scope, WireModule, wire_module
from ..answers import Checked
from ..findings import Finding, Severity
from ..rules import RULES
from . import (
    capabilities,
    context_window,
    definitions,
    ids,
    limits,
    media,
    model_facts,
    numbers,
    prefix,
    turns,
)
from . import (
    result_content as content,
)
from .call_pairs import pair

__all__ = ["CHECKS", "LATE", "RuleCheck", "run"]


@dataclass(frozen=True)
class RuleCheck:
    """A generic check and the rules it reports: it runs on a wire and profile where one
    of them applies (``rules.where``: derived from what the wire declares)."""

    rules: tuple[str, ...]
    check: Check


#: The generic checks, in the order they run (after the pairing, before the wire's own).
CHECKS: Final[tuple[RuleCheck, ...]] = (
    RuleCheck(("duplicate-call-id", "call-id-format"), ids.check),
    RuleCheck(
        (
            "tool-result-content",
            "error-result-not-text",
            "empty-text",
            "text-too-long",
            "images-unsupported",
        ),
        content.check,
    ),
    RuleCheck(("bad-base64", "media-type"), media.check),
    RuleCheck(("too-much-media", "image-too-large"), limits.media),
    RuleCheck(("results-after-other-content",), turns.results_first),
    RuleCheck(("request-too-large",), limits.request_size),
    RuleCheck(("user-after-tool",), turns.user_after_tool),
    RuleCheck(("roles-not-alternating",), turns.alternation),
    RuleCheck(("no-messages",), turns.no_messages),
    RuleCheck(("tool-name", "shape"), definitions.check),
    RuleCheck(("shape",), numbers.non_finite),
)
#: The generic checks that run after the wire's own.
LATE: Final[tuple[RuleCheck, ...]] = (
    RuleCheck(("input-unsupported",), capabilities.check),
    RuleCheck(("context-window",), context_window.check),
    RuleCheck(("sampling-params-unsupported",), model_facts.sampling),
    RuleCheck(("model-unknown",), model_facts.unknown),
    RuleCheck(("prefix-changed",), prefix.check),
)


@dataclass(frozen=True)
class _Plan:
    """What one (wire, profile) runs: its checks in order, the ids of the rules that apply
    there, and the wire's own severities (made once, read by every finding)."""

    checks: tuple[Check, ...]
    rules: frozenset[str]
    severities: Mapping[str, Severity | None]


#: Each (wire, profile)'s plan and the wire it was made from: a wire unregistered and
#: registered again under its name (other checks, or other declarations the rules derive
#: from: its turn shape, its limits) gets a new plan, not the old one.
_PLANS: Final[dict[tuple[str, str | None], tuple[WireModule, _Plan]]] = {}
_MAX_PLANS: Final = 256


def _plan(wire: str, profile: str | None) -> _Plan:
    """Every check that runs on ``wire`` with ``profile``, in order, and the rules that
    apply there (made once per registered wire and profile)."""
    module = wire_module(wire)
    checks = module.checks
    kept = _PLANS.get((wire, profile))
    if kept is not None and kept[0] is module:
        return kept[1]
    rules = frozenset(rule.id for rule in RULES.values() if rule.applies(wire, profile))

    def runs(row: RuleCheck) -> bool:
        return any(rule in rules for rule in row.rules)

    plan = _Plan(
        (
            *(row.check for row in CHECKS if runs(row)),
            *checks.rules,
            *(row.check for row in LATE if runs(row)),
        ),
        rules,
        checks.severities,
    )
    if len(_PLANS) >= _MAX_PLANS:
        _PLANS.clear()
    _PLANS[wire, profile] = (module, plan)
    return plan


def run(read: ReadRequest, scope: Scope) -> Checked:
    """Every check on ``read``: the findings in the order the checks made them (``shape``
    first, then the pairing's) and the pairing of calls and results."""
    found: list[Finding] = []
    plan = _plan(scope.wire, scope.profile)
    add = _reporter(found, plan, scope.profile)
    for problem in read.problems:
        add("shape", problem.path, f"{problem.expected}.", "")
    pairing = pair(read, scope, add)
    for check in plan.checks:
        check(read, scope, add)
    return Checked(tuple(found), pairing)


def _reporter(found: list[Finding], plan: _Plan, profile: str | None) -> Add:
    """``add`` for one pass: a finding with the rule's severity on the plan's wire with
    ``profile`` and its source, unless the rule does not apply or has no severity there."""

    def add(rule_id: str, path: str, message: str, case: str) -> None:
        if rule_id not in plan.rules:
            return
        rule = RULES[rule_id]
        severity = rule.level_with(plan.severities, profile, case)
        if severity is not None:
            found.append(Finding(rule_id, severity, path, message, rule.source))

    return add
