"""``repair()``: the three rounds, each on a fresh read of the working copy, run again on
their own output until they change nothing, and the changes reported at paths of the
request as given, in request order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..findings import Change, Repaired
from ..gc_pause import paused_cycle_collector
from ..lint import Context, checked, context
from ..request_fit import fit_request
from ..wires import read_request
from .contents import fix_contents
from .edit import Edit
from .ids import fix_ids
from .paths import Origins, given_path, request_order
from .placement import fix_placement

__all__ = ["PASSES", "ROUNDS", "repair"]

#: The rounds, in order: ids first (so pairing sees the ids the provider will), then where
#: results sit, then what blocks hold.
ROUNDS: Final[tuple[Callable[[Edit, list[Change]], Any], ...]] = (
    fix_ids,
    fix_placement,
    fix_contents,
)

#: The most passes of the rounds: one makes the changes, a second the few a change of the
#: first leaves to make, a third finds nothing; a request that would need more stops there
#: (time stays linear).
PASSES: Final = 3


def repair(
    wire: object,
    request: Any,
    *,
    profile: str | None = None,
    vision: bool | None = None,
    max_tokens: int | None = None,
) -> Repaired:
    """``request`` with every repairable finding of SPEC 8 fixed, and the changes made;
    with ``max_tokens``, its tool results' texts cut, the largest first, until its
    estimate fits (``request_fit``; without it nothing is cut).

    :raises TypeError: the request is neither a dict nor a list; a bad ``profile`` or
        ``vision`` type.
    :raises ValueError: unknown wire; unknown profile, or one of another wire; a request
        nested too deep, holding itself or spelling too many values (``nesting``, naming
        where; never a ``RecursionError``); ``max_tokens`` below the fewest tokens the
        request takes with its results cut (named).
    """
    ctx = context(wire, profile, vision)
    with paused_cycle_collector():  # linear at any length: see gc_pause
        return _repaired(ctx, request, max_tokens)


def _repaired(ctx: Context, request: Any, max_tokens: int | None) -> Repaired:
    """``repair``'s rounds until they change nothing, and the fit, on a copy of
    ``request``."""
    read = read_request(ctx.wire, request)
    given = read.raw
    fixed, origins = Origins.copy(given, read.key)
    changes: list[Change] = []
    # a round's edit can leave what a round fixes (an empty message removed leaves a
    # prefill ending in whitespace; a result added after junk leaves the real one not
    # next): the rounds run again on their own output, so repair settles in one call
    # and a second one changes nothing (SPEC 8); a request that needs no change is read
    # once a round, as before
    for _ in range(PASSES):
        before = len(changes)
        fixed = _rounds(ctx, fixed, origins, changes)
        if len(changes) == before:
            break
    changes += fit_request(ctx.wire, fixed, max_tokens, origins.given)
    # in request order (SPEC 8); the changes at one place in the order the rounds made them
    key = read.key
    changes.sort(key=lambda change: request_order(change.path, key))
    return Repaired(fixed, tuple(changes), given, ctx.wire)


def _rounds(ctx: Context, fixed: Any, origins: Origins, changes: list[Change]) -> Any:
    """One pass of the rounds over the working copy ``fixed``; each change appended to
    ``changes`` at its path in the request as given."""
    for step in ROUNDS:
        read = read_request(ctx.wire, fixed)
        # the paths of this round's read, in the request as given (a round that reads an
        # unchanged copy reads the given paths)
        given_paths = origins.paths(fixed) if changes else None
        first = len(changes)
        fixed = step(Edit(read, checked(read, ctx), ctx, fixed), changes)
        if given_paths is not None:
            changes[first:] = [
                Change(c.rule, given_path(given_paths, c.path), c.action) for c in changes[first:]
            ]
    return fixed
