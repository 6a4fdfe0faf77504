"""``repair()``: the three rounds, each on a fresh read of the working copy, and the changes
reported at paths of the request as given, in request order."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ...budgets.request_fit import fit_request
from ...conversion.gc_pause import paused_cycle_collector
from ...wires import ReadRequest, read_request
from ..findings import Change, Repaired
from ..linting import Context, checked, context
from .contents import fix_contents
from .edit import Edit
from .id_fixes import fix_ids
from .outputs import Breach, breaches
from .paths import Origins, given_path, request_order
from .placement import fix_placement
from .refusals import overlaps, refusing
from .sent_prefix import frozen, unchanged

__all__ = ["PASSES", "ROUNDS", "repair"]

#: The rounds, in order: ids first (so pairing sees the ids the provider will), then where
#: results sit, then what blocks hold.
ROUNDS: Final[tuple[Callable[[Edit, list[Change]], Any], ...]] = (
    fix_ids,
    fix_placement,
    fix_contents,
)
#: The changes ``repair`` tries refusing one at a time when an edit outside the bound prefix
#: still changes it, before it refuses every change.
_TRIES: Final = 4
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
    model: str | None = None,
    headers: Mapping[str, str] | None = None,
    previous: Any = None,
) -> Repaired:
    """``request`` with every repairable finding of SPEC 8 fixed, and the changes made;
    with ``max_tokens``, its tool results' texts cut, the largest first, until its
    estimate fits (``request_fit``; without it nothing is cut).

    ``model`` and ``headers`` are :func:`~toolresult_lab.requests.linting.lint`'s: the
    checks repair works from see the same model facts and API version (``anthropic-version``
    and ``anthropic-beta`` travel as headers), so a request is repaired for what it will be
    sent as, not for a guess.

    A conversation's past is bound (issue 38): the prompt cache, Anthropic's preserved
    thinking and OpenAI's reasoning items all key on an unchanged prefix. With
    ``previous`` (the request sent before this one in the same conversation), ``repair``
    changes nothing that request held; without it, on a model that binds thinking
    (``model``, else the body's own; ``budgets.models.binds_thinking``), nothing before the
    request's last signed thinking block. The findings there are reported in ``unfixed``
    with why; ``max_tokens`` cuts only results after the bound prefix.

    :raises TypeError: the request is neither a dict nor a list; a bad ``profile``,
        ``vision``, ``model``, ``headers`` or ``previous`` type.
    :raises ValueError: unknown wire; unknown profile, or one of another wire; a request
        nested deeper than Python can copy (never a ``RecursionError``); ``max_tokens``
        below the fewest tokens the request takes with its results cut (named).
    """
    ctx = context(wire, profile, vision, model, headers, previous)
    with paused_cycle_collector():  # linear at any length: see gc_pause
        return _repaired(ctx, request, max_tokens)


def _repaired(ctx: Context, request: Any, max_tokens: int | None) -> Repaired:
    """``repair``'s rounds until they change nothing, and the fit, on a copy of
    ``request``; the rounds' work held to the promise on tool outputs (:mod:`.outputs`):
    an edit that would lose one is refused and reported unfixed, never returned; and to
    the bound prefix (:mod:`.sent_prefix`): an edit there is refused and reported unfixed."""
    read = read_request(ctx.wire, request)
    given = read.raw
    named = ctx.model
    if named is None and isinstance(given, dict):
        own = given.get("model")
        named = own if isinstance(own, str) else None
    bound = frozen(read, ctx.previous, named)
    done = _rounds(ctx, read, {})
    if bound and done.changes:
        done = _keeping(ctx, read, done, bound)
    if done.changes:
        found = breaches(ctx.wire, read, done.fixed)
        if found:
            done = _refusing(ctx, read, done, found, bound)
    fixed, origins, changes = done.fixed, done.origins, done.changes
    changes += fit_request(ctx.wire, fixed, max_tokens, origins.given, _first_free(read, bound))
    # in request order (SPEC 8); the changes at one place in the order the rounds made them
    key = read.key
    changes.sort(key=lambda change: request_order(change.path, key))
    unfixed = sorted(dict.fromkeys(done.unfixed), key=lambda c: request_order(c.path, key))
    return Repaired(fixed, tuple(changes), given, ctx.wire, tuple(unfixed))


class _Done:
    """What the rounds made: the working copy, its origins, the changes and the fixes
    refused."""

    def __init__(
        self, fixed: Any, origins: Origins, changes: list[Change], unfixed: list[Change]
    ) -> None:
        self.fixed = fixed
        self.origins = origins
        self.changes = changes
        self.unfixed = unfixed


def _rounds(ctx: Context, read: ReadRequest, refused: dict[str, str]) -> _Done:
    """The rounds on a copy of ``read``'s request until a pass changes nothing (at most
    :data:`PASSES`), leaving alone every result at a path (as given) of ``refused``, whose
    value is why (reported unfixed).

    A round's edit can leave what a round fixes (an empty message removed leaves a prefill
    ending in whitespace; a result added after junk leaves the real one not next): the
    rounds run again on their own output, so repair settles in one call and a second one
    changes nothing (SPEC 8); a request that needs no change is read once a round."""
    fixed, origins = Origins.copy(read.raw, read.key)
    changes: list[Change] = []
    unfixed: list[Change] = []
    for _ in range(PASSES):
        before = len(changes)
        fixed = _one_pass(ctx, fixed, origins, changes, unfixed, refused)
        if len(changes) == before:
            break
    return _Done(fixed, origins, changes, unfixed)


def _one_pass(
    ctx: Context,
    fixed: Any,
    origins: Origins,
    changes: list[Change],
    unfixed: list[Change],
    refused: dict[str, str],
) -> Any:
    """One pass of the rounds over the working copy ``fixed``; each change (and each fix
    refused) appended at its path in the request as given."""
    for step in ROUNDS:
        read = read_request(ctx.wire, fixed)
        # the paths of this round's read, in the request as given (a round that reads an
        # unchanged copy reads the given paths)
        given_paths = origins.paths(fixed) if changes else None
        check = checked(read, ctx)
        if refused:
            check = refusing(check, refused, given_paths)
        edit = Edit(read, check, ctx, fixed)
        first = len(changes)
        fixed = step(edit, changes)
        if given_paths is not None:
            changes[first:] = [
                Change(c.rule, given_path(given_paths, c.path), c.action) for c in changes[first:]
            ]
            edit.unfixed[:] = [
                Change(c.rule, given_path(given_paths, c.path), c.action) for c in edit.unfixed
            ]
        unfixed += edit.unfixed
    return fixed


def _keeping(ctx: Context, read: ReadRequest, done: _Done, bound: dict[str, str]) -> _Done:
    """``done`` where it leaves the bound prefix (``bound``: its paths, each with why) as it
    was; else the rounds again without the edits there, each reported unfixed; where an edit
    elsewhere still changes it, without that one too (the first few tried); else no edit at
    all: every change reported unfixed."""
    if unchanged(read, done.fixed, bound):
        return done
    held = [(c, why) for c in done.changes for path, why in bound.items() if overlaps(c.path, path)]
    again = _rounds(ctx, read, bound)
    if unchanged(read, again.fixed, bound):
        return _held(again, held)
    # an edit made elsewhere reached into the prefix (a result merged into one sent before):
    # refuse the changes left one at a time, the first few, before refusing them all
    for change in again.changes[:_TRIES]:
        one = _rounds(ctx, read, {**bound, change.path: ""})
        if unchanged(read, one.fixed, bound):
            why = "it would change what the previous request sent, or what precedes bound thinking"
            return _held(one, [*held, (change, why)])
    fixed, origins = Origins.copy(read.raw, read.key)
    lost = [
        Change(c.rule, c.path, f"left as it is: {c.action} (it would change the bound prefix)")
        for c in done.changes
    ]
    return _Done(fixed, origins, [], done.unfixed + lost)


def _held(done: _Done, held: list[tuple[Change, str]]) -> _Done:
    """``done`` with each change of ``held`` it did not make reported unfixed, with why."""
    made = {(c.rule, c.path, c.action) for c in done.changes}
    refused = [
        Change(c.rule, c.path, f"left as it is: {c.action} ({why})")
        for c, why in held
        if (c.rule, c.path, c.action) not in made
    ]
    done.unfixed += list(dict.fromkeys(refused))
    return done


def _first_free(read: ReadRequest, bound: dict[str, str]) -> int:
    """The first message after the bound prefix (0: none is bound): a message of which a
    block is bound counts as bound."""
    key = read.key
    indices = [
        int(path[len(key) + 1 : path.index("]")]) for path in bound if path.startswith(key + "[")
    ]
    return max(indices, default=-1) + 1


def _refusing(
    ctx: Context,
    read: ReadRequest,
    done: _Done,
    found: list[Breach],
    bound: dict[str, str] | None = None,
) -> _Done:
    """The rounds again without the edits that lost an output (those at, in or around a
    breached result), each reported unfixed; where that still loses one (an edit elsewhere
    did it), no edit at all: every change reported unfixed. A breach is a bug of a round,
    so the user gets the request as safe as it can be made, never an output lost."""
    why = {breach.path: breach.what for breach in found}
    again = _rounds(ctx, read, {**(bound or {}), **why})
    lost = [
        Change(c.rule, c.path, f"left as it is: {c.action} would lose a tool output ({w})")
        for c in done.changes
        for path, w in why.items()
        if overlaps(c.path, path)
    ]
    if not breaches(ctx.wire, read, again.fixed):
        again.unfixed += lost
        return again
    fixed, origins = Origins.copy(read.raw, read.key)
    lost = [
        Change(c.rule, c.path, f"left as it is: {c.action} would lose a tool output")
        for c in done.changes
    ]
    return _Done(fixed, origins, [], done.unfixed + lost)
