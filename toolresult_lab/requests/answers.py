"""Who answers whom in a request, as ``lint`` found it: the values ``repair`` works from.

``lint.checked(read, ctx)`` runs every check once and returns :class:`Checked`: the findings
in the order the checks made them, and the :class:`Pairing` of calls and results (which
result sits where the wire needs it, which is misplaced, dropped or missing). ``repair``
reads these values instead of the checker's internals, so the pairing rules live in
``checks/pairing.py`` alone.

Calls are numbered by their place in :attr:`Pairing.calls` (request order); a call's
``position`` (and a result's) is the index of its message in ``ReadRequest.messages``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from ..wires import CallPart, ResultPart
from .findings import Finding

__all__ = ["Checked", "Dropped", "Pairing"]


@dataclass(frozen=True)
class Dropped:
    """A result the pairing leaves out: it answers no call (``result-without-call``), or a
    call another result already answers (``duplicate-result``; ``kept``: that other result,
    which ``repair`` merges this one into). ``repair`` never removes its output."""

    rule: Literal["result-without-call", "duplicate-result"]
    position: int
    result: ResultPart
    kept: ResultPart | None = None


@dataclass(frozen=True)
class Pairing:
    """The pairing of a request's calls and results.

    ``calls``: every call with its message position, in request order (a call's index
    here is how the other fields name it); ``misplaced``: by call index, the one result
    that answers it but sits where the wire does not take it (``results-not-next``);
    ``dropped``: results that answer no call, or one already answered (``repair`` keeps
    their outputs); ``unanswered``: indices of calls no result answers
    (``call-without-result``); ``claimed``: by index of a call without id, the result
    with an unknown id that answers it by position (``missing-call-id``); ``orphans``:
    results without id that answer no call.
    """

    calls: tuple[tuple[int, CallPart], ...]
    misplaced: Mapping[int, tuple[int, ResultPart]]
    dropped: tuple[Dropped, ...]
    unanswered: tuple[int, ...]
    claimed: Mapping[int, ResultPart]
    orphans: tuple[ResultPart, ...]


@dataclass(frozen=True)
class Checked:
    """One ``lint`` pass over a read request: its findings in the order the checks made
    them (``lint`` sorts them into request order) and its pairing."""

    found: tuple[Finding, ...]
    pairing: Pairing
