"""The checks read from the model's facts that every wire shares: a model no catalog knows
(one ``info`` finding: the model checks were off), and the sampling parameters the model
refuses or ignores. Where a wire sets its sampling parameters and its reasoning effort, the
wire says (its checks' ``sampling`` and ``effort``); which the model refuses, its facts say
(``models.model_facts``: the catalog and the dated model table), never its name here."""

from __future__ import annotations

from ...budgets.model_table import CHECKED
from ...budgets.models import catalog_in_use, named_in
from ...wires import Add, ModelView, ReadRequest, Scope, body_value, short, wire_module

__all__ = ["sampling", "unknown"]


def unknown(read: ReadRequest, scope: Scope, add: Add) -> None:
    """One ``info`` finding when the request names a model neither the catalog nor the
    model table knows: its model checks were off (never silence, never an error)."""
    if scope.model is not None or not scope.named or not named_in(scope.wire):
        return
    used = catalog_in_use()
    add(
        "model-unknown",
        "",
        f"The model {short(scope.named)} is in neither the catalog ({used.origin}, entries up"
        f" to {used.dated}) nor the model table (checked {CHECKED}): the model checks were"
        " off. `toolresult-lab models refresh` fetches a newer catalog.",
        "",
    )


def sampling(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Each sampling parameter the model refuses (an error; a warning where only a report
    says so, or where it is refused only at an effort the request leaves to the model's
    default) or ignores (a warning)."""
    facts = scope.model
    if facts is None or not (facts.rejects_sampling or facts.ignores_sampling):
        return
    checks = wire_module(scope.wire).checks
    effort = body_value(read, checks.effort) if checks.effort else None
    for name, paths in checks.sampling.items():
        for path in paths:
            value = body_value(read, path)
            if value is None:
                continue
            if name in facts.rejects_sampling:
                case = _rejected(facts, effort)
                if case is None:
                    continue
                add(
                    "sampling-params-unsupported",
                    path,
                    f"{facts.model!r} refuses {name}{_when(facts, effort)} ({facts.source}).",
                    case,
                )
            elif name in facts.ignores_sampling:
                add(
                    "sampling-params-unsupported",
                    path,
                    f"{facts.model!r} ignores a custom {name} ({facts.source}).",
                    "ignored",
                )


def _rejected(facts: ModelView, effort: object) -> str | None:
    """The case of a refused parameter (``""`` an error, ``reported`` a warning), ``None``
    where the model takes it (its effort is ``none``, or not known to be another)."""
    case = "" if facts.documented("rejects_sampling") else "reported"
    if facts.sampling_when != "effort-not-none" or effort not in (None, "none"):
        return case
    if effort == "none" or facts.omitted_is_none is not False:
        return None
    # no effort sent: the model's default decides, and it is not none
    return case if facts.documented("omitted_is_none") else "reported"


def _when(facts: ModelView, effort: object) -> str:
    if facts.sampling_when != "effort-not-none":
        return ""
    if effort is None:
        return " at its default reasoning effort (which is not none)"
    return f" while reasoning effort is {short(effort)} (not none)"
