"""The rule table's records: a rule, where it is written down, and the day it was checked."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Final, Literal

from ...wires import WIRES, wire_module
from ..findings import Severity
from .where import on

__all__ = [
    "CHECKED",
    "ERROR",
    "RECHECKED",
    "Rule",
    "RuleSource",
    "SourceKind",
    "Unchecked",
    "cassette",
]

#: The day every source below was read (``docs/research/request-rules-sources.md``).
CHECKED: Final = "2026-12-01"

SourceKind = Literal["doc", "src", "user"]


@dataclass(frozen=True)
class RuleSource:
    """Where a rule is written down: a provider page (``doc``), the provider's own open
    source code (``src``), or an issue thread quoting the provider's error (``user``)."""

    title: str
    url: str
    kind: SourceKind = "doc"

    def cite(self) -> str:
        """``Title <url>`` (and what kind of source when it is not documentation)."""
        shown = f"{self.title} <{self.url}>" if self.url else self.title
        return shown if self.kind == "doc" else f"{shown} ({_KINDS[self.kind]})"

    @property
    def kind_label(self) -> str:
        """``""`` for documentation, else ``user report`` or ``provider source code``."""
        return "" if self.kind == "doc" else _KINDS[self.kind]


#: No severities of a wire's own.
_NONE: Final[Mapping[str, Severity | None]] = MappingProxyType({})

_KINDS: Final = {"doc": "documentation", "src": "provider source code", "user": "user report"}


@dataclass(frozen=True)
class Rule:
    """One request rule.

    ``severity`` maps a case to a severity (``None``: no finding): a profile id,
    ``"*:<case>"`` for a case the rule names itself (``"*:over-600"``), or ``"*"`` for the
    rest; a wire whose severity differs declares its own (``WireChecks.severities``).
    ``profiles`` are the profiles it is only checked with (empty: any); the wires it is
    checked on are derived from what each wire declares (``where``). ``answer`` is what
    the provider says, ``repair`` what ``repair`` does about it (empty: reported only).
    """

    id: str
    title: str
    severity: Mapping[str, Severity | None]
    answer: str
    sources: tuple[RuleSource, ...]
    profiles: tuple[str, ...] = ()
    repair: str = ""
    notes: str = ""
    checked: str = CHECKED

    def level(self, wire: str, profile: str | None, case: str = "") -> Severity | None:
        """The severity on ``wire`` with ``profile`` in ``case`` (``None``: no finding)."""
        try:
            own = wire_module(wire).checks.severities
        except ValueError:  # a wire not registered declares nothing
            own = _NONE
        return self.level_with(own, profile, case)

    def level_with(
        self, own: Mapping[str, Severity | None], profile: str | None, case: str = ""
    ) -> Severity | None:
        """The severity with the wire's own severities ``own`` (``WireChecks.severities``),
        ``profile`` and ``case``: the wire's case, the rule's case, the profile's, the
        wire's default for the rule, the rule's default."""
        if case:
            for key, table in ((f"{self.id}:{case}", own), (f"*:{case}", self.severity)):
                if key in table:
                    return table[key]
        if profile and profile in self.severity:
            return self.severity[profile]
        if self.id in own:
            return own[self.id]
        return self.severity.get("*")

    def applies(self, wire: str, profile: str | None) -> bool:
        """Whether the rule is checked on ``wire`` with ``profile`` (derived from what the
        wire declares: ``where``; never on a wire not registered)."""
        if self.profiles and profile not in self.profiles:
            return False
        try:
            module = wire_module(wire)
        except ValueError:
            return False
        return on(self.id, self.profiles, module)

    @cached_property  # a finding names it: once per rule, not once per finding
    def source(self) -> str:
        """The sources and the date, as a finding names them."""
        return "; ".join(s.cite() for s in self.sources) + f" (checked {self.checked})"


@dataclass(frozen=True)
class Unchecked:
    """A provider rule that is written down (or reported with the provider's error) but that
    no check implements yet: kept as data, with its source and date, so the rules doc says
    what ``lint`` does not find, and why, instead of leaving it out silently.

    ``why``: why it is not checked (what the request does not say, or what is missing).
    Where it applies is what the wires declare (``WireChecks.unchecked`` names it), never a
    list of wire names here.
    """

    id: str
    title: str
    answer: str
    sources: tuple[RuleSource, ...]
    why: str
    checked: str = CHECKED

    def concerns(self, wire: str) -> bool:
        """Whether ``wire`` (one registered later included) names this rule among its
        documented rules no check implements (``WireChecks.unchecked``)."""
        try:
            return self.id in wire_module(wire).checks.unchecked
        except ValueError:  # a wire not registered declares nothing
            return False

    @property
    def wires(self) -> tuple[str, ...]:
        """The package's wires this rule concerns, in the registry's order (the docs)."""
        return tuple(wire for wire in WIRES if self.concerns(wire))


#: An error in every case.
ERROR: Final[Mapping[str, Severity | None]] = MappingProxyType({"*": "error"})

#: The day the rules taken from the corpus of real requests and rule-recheck.md were read.
RECHECKED: Final = "2026-12-02"


def cassette(commit: str, path: str) -> RuleSource:
    """A request pydantic-ai recorded with the provider's answer (its HTTP cassette)."""
    return RuleSource(
        f"pydantic/pydantic-ai cassette {path.rsplit('/', 1)[-1]}",
        f"https://github.com/pydantic/pydantic-ai/blob/{commit}/tests/models/cassettes/{path}",
        "user",
    )
