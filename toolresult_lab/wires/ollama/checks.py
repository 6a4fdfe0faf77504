"""What ``lint`` knows of the ollama wire beyond its turn shape: no checks of its own shapes;
a tool message answers the earliest unanswered call before it, and its id (when it has
one) is advisory: a result whose id matches no call still pairs by name. :data:`CHECKS` is
what ``lint`` reads."""

from __future__ import annotations

from typing import Final

from .._check import WireChecks

__all__ = ["CHECKS"]

CHECKS: Final = WireChecks(pairs_in_order=True, ids_advisory=True)
