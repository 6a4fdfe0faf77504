"""Where each rule applies, derived from what each wire declares (issue 35): never a list of
wire names, so a wire registered later (a toy wire in a test) is checked by its facts.

A rule applies on a wire when:

- it names profiles (``Rule.profiles``): on those profiles' wires, with those profiles;
- a generic check reports it: where the wire declares the fact that check reads (its
  predicate in :data:`WHERE`: the turn shape, the request shape, the settings shape, the
  wire's :class:`~toolresult_lab.wires.WireChecks`, the documented limits, the id formats);
- else only the wire's own checks report it: on the wires whose ``WireChecks.reports``
  name it.

``lint`` reads the set of a wire's rules once per plan (``checks._plan``), never per
finding.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final

from ...budgets.provider_limits import LIMITS
from ...conversion.profiles import PROFILES
from ...wires import WIRES, WireModule, wire_module
from ..findings import Severity

__all__ = ["WHERE", "Where", "on", "wire_severities", "wires_of"]

Where = Callable[[WireModule], bool]


def _every(wire: WireModule) -> bool:
    """Every wire, one registered later included."""
    return True


def _declares_limit(scope: str, measure: str) -> Where:
    """The wires ``budgets.provider_limits`` documents a limit of ``scope`` and ``measure``
    for (a wire that declares one is checked without being named here)."""
    wires = frozenset(
        limit.wire for limit in LIMITS if (limit.scope, limit.measure) == (scope, measure)
    )
    return lambda wire: wire.name in wires


def _tool_names(wire: WireModule) -> bool:
    return wire.settings is not None and wire.settings.tool_names is not None


def _object_schema(wire: WireModule) -> bool:
    return wire.settings is not None and wire.settings.object_schema is not None


#: The rules a generic check reports, each with the wire's fact that check reads.
WHERE: Final[Mapping[str, Where]] = MappingProxyType(
    {
        # what every request has: calls and results, messages, images, a prefix
        "call-without-result": _every,
        "result-without-call": _every,
        "images-unsupported": _every,
        "shape": _every,
        "prefix-changed": _every,
        # the pairing: where results sit, whether ids pair them
        "results-not-next": lambda wire: wire.turn.results_zone != "later",
        "results-after-other-content": lambda wire: wire.turn.results_first,
        "missing-call-id": lambda wire: wire.turn.needs_call_ids,
        "duplicate-call-id": lambda wire: wire.checks.call_ids,
        "duplicate-result": lambda wire: wire.checks.call_ids,
        "call-id-format": lambda wire: wire.checks.id_format is not None,
        # what a message and a result hold
        "tool-result-content": lambda wire: wire.checks.result_content is not None,
        "empty-text": lambda wire: wire.checks.empty_text_rejected,
        "media-type": lambda wire: bool(wire.checks.image_types),
        "bad-base64": lambda wire: wire.checks.base64_media,
        "input-unsupported": lambda wire: wire.checks.input_kind is not None,
        # sizes and counts
        "too-much-media": lambda wire: wire.checks.media_limits,
        "image-too-large": lambda wire: wire.checks.media_limits,
        "request-too-large": _declares_limit("request", "bytes"),
        "text-too-long": _declares_limit("string", "chars"),
        # the order of messages
        "roles-not-alternating": lambda wire: wire.request.alternating,
        "no-messages": lambda wire: wire.checks.empty_rejected,
        # tool definitions
        "tool-name": _tool_names,
        "tool-schema-root": _object_schema,
        # the model's facts
        "context-window": lambda wire: wire.checks.model_facts,
        "model-unknown": lambda wire: wire.checks.model_facts,
        "sampling-params-unsupported": lambda wire: bool(wire.checks.sampling),
    }
)


def on(rule_id: str, profiles: tuple[str, ...], wire: WireModule) -> bool:
    """Whether the rule ``rule_id`` (checked only with ``profiles``, where it names some)
    applies on ``wire``."""
    if profiles:
        return any(PROFILES[profile].wire == wire.name for profile in profiles)
    where = WHERE.get(rule_id)
    return where(wire) if where is not None else rule_id in wire.checks.reports


def wires_of(rule_id: str, profiles: tuple[str, ...]) -> tuple[str, ...]:
    """The package's wires the rule applies on, in the registry's order (the docs)."""
    return tuple(wire for wire in WIRES if on(rule_id, profiles, wire_module(wire)))


def wire_severities(rule_id: str) -> tuple[tuple[str, Severity | None], ...]:
    """The package's wires' own severities of the rule (``WireChecks.severities``), keyed
    as the docs show them: ``<wire>`` for its default, ``<wire>:<case>`` for a case."""
    shown: list[tuple[str, Severity | None]] = []
    for wire in WIRES:
        for key, value in wire_module(wire).checks.severities.items():
            name, _, case = key.partition(":")
            if name == rule_id:
                shown.append((f"{wire}:{case}" if case else wire, value))
    return tuple(shown)
