"""Rule checks of ``lint`` kept out of ``lint.py``: one module per group of rules.

Each check is a function ``check(read, scope, add)``: it reads the request as the wire read
it (``read.raw`` is the JSON as sent, an SDK object already dumped), the :class:`Scope` (the
wire, the profile, the model's facts) and reports through ``add(rule, path, message, case)``,
which ``lint`` turns into a finding with the rule table's severity and source
(``rules.RULES``). :func:`run_checks` runs the ones of the request's wire.
"""

from __future__ import annotations

from typing import Final

from ..wires import ReadRequest
from . import anthropic, bedrock, capabilities, context_window, gemini, openai, responses
from ._scope import Add, Check, Scope

__all__ = ["Add", "Check", "Scope", "run_checks"]

#: The checks of each wire, in the order they run.
_BY_WIRE: Final[dict[str, tuple[Check, ...]]] = {
    "anthropic": anthropic.CHECKS,
    "bedrock": bedrock.CHECKS,
    "gemini": gemini.CHECKS,
    "openai": openai.CHECKS,
    "responses": responses.CHECKS,
}


def run_checks(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Run the checks of ``scope.wire`` (and the model-capability checks) on ``read``."""
    for check in _BY_WIRE.get(scope.wire, ()):
        check(read, scope, add)
    capabilities.check(read, scope, add)
    context_window.check(read, scope, add)
