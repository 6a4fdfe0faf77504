"""Call ids: the same id twice (``duplicate-call-id``) and ids a provider or gateway does not
take (``call-id-format``, its data what the wire's edits declare beside the ids they make:
``RequestEdits.id_format``, or a profile's in ``profile_ids``; a call item's own ``id`` by
the wire's ``item_id_longest``)."""

from __future__ import annotations

import re
from functools import cache

from ...wires import Add, ReadRequest, Scope, short, wire_module
from ..rules import id_format_for

__all__ = ["check", "id_problem", "id_rejected"]


@cache  # a handful of patterns (the profiles' and the wires' id formats), compiled once
def _pattern(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def id_problem(
    wire: str, profile: str | None, value: str, what: str = "call"
) -> tuple[str, str | None] | None:
    """Section 8's ``call-id-format`` for one id on ``wire`` (with ``profile``): the message
    and its case in the rule table (``"over-40"``: the warning; ``None``: an error), or
    ``None`` when the id is valid."""
    found = id_format_for(wire, profile)
    if found is None:
        return None
    if found.longest is not None and len(value) > found.longest:
        return (
            f"The {what}'s id {short(value)} is {len(value)} characters long"
            f" (at most {found.longest}).",
            None,
        )
    pattern = _pattern(found.pattern) if found.pattern is not None else None
    if pattern is not None and not pattern.fullmatch(value):
        return f"The {what}'s id {short(value)} {found.shown}.", None
    if found.warn_over is not None and len(value) > found.warn_over:
        return (
            f"The {what}'s id {short(value)} is {len(value)} characters long (some"
            f" gateways take at most {found.warn_over}).",
            f"over-{found.warn_over}",
        )
    return None


def id_rejected(wire: str, profile: str | None, value: str) -> bool:
    """True when ``call-id-format`` is an error for this id (the provider rejects it)."""
    problem = id_problem(wire, profile, value)
    return problem is not None and problem[1] is None


def _format(scope: Scope, path: str, value: str, what: str, add: Add) -> None:
    problem = id_problem(scope.wire, scope.profile, value, what)
    if problem is not None:
        message, case = problem
        add("call-id-format", path, message, case or "")


def check(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Duplicate call ids and ids of the wrong format (SPEC 8 ``duplicate-call-id``,
    ``call-id-format``)."""
    longest = wire_module(scope.wire).checks.item_id_longest
    seen: dict[str, int] = {}  # id -> the message it was last seen in
    for pos, message in enumerate(read.messages):
        for call in message.calls:
            if call.id:
                if call.id in seen:
                    same = seen[call.id] == pos
                    add(
                        "duplicate-call-id",
                        call.path,
                        f"The call id {short(call.id)} occurs twice"
                        + (" in one message." if same else ", in separate turns."),
                        "same-message" if same else "",
                    )
                seen[call.id] = pos
                _format(scope, call.path, call.id, "call", add)
            if longest is not None:
                item_id = call.extra.get("id")
                if isinstance(item_id, str) and len(item_id) > longest:
                    add(
                        "call-id-format",
                        call.path,
                        f"The item id {short(item_id)} is {len(item_id)} characters long"
                        f" (at most {longest}).",
                        "",
                    )
    for result in read.results:
        if result.id:
            _format(scope, result.path, result.id, "result", add)
