"""What ``lint`` knows of the hermes wire beyond its turn shape: no checks of its own shapes;
a tool message answers the earliest unanswered call before it (of its name). :data:`CHECKS` is
what ``lint`` reads."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from .._check import WireChecks

__all__ = ["CHECKS"]

CHECKS: Final = WireChecks(
    pairs_in_order=True,
    # no provider-side pairing check is documented (the model loses the call): a warning
    severities=MappingProxyType(
        {"call-without-result": "warning", "result-without-call": "warning"}
    ),
)
