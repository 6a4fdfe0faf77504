"""A wire's own repair steps (SPEC 8 "Repair"): what only one wire fixes (Gemini's thought
signatures and function-response parts, Bedrock's document names, Anthropic's final
assistant text, the Responses API's item ids) lives in that wire's package, as
:class:`Fix` records on its :class:`~toolresult_lab.wires.RequestEdits`; the repair driver
runs them at their :data:`Stage`.

What a fix may touch is :class:`FixSite`, declared here (wires never import from
``requests/``) and implemented by repair's round (``requests/repairing``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from ._read import CallPart, Part, ReadRequest

__all__ = ["Fix", "FixSite", "Stage"]

#: When in a repair round a wire's fix runs: ``ids`` (round 1, after the calls' ids are
#: fixed), ``names`` (round 3, before any block moves), ``settled`` (round 3, once results
#: are first in their messages), ``inserts`` (round 3, once empty messages are gone: the
#: fix may insert messages).
Stage = Literal["ids", "names", "settled", "inserts"]


class FixSite(Protocol):
    """The working copy of a request, as a wire's fix sees it in one repair round."""

    @property
    def read(self) -> ReadRequest:
        """The round's read of the copy."""
        ...

    @property
    def calls(self) -> Sequence[CallPart]:
        """The round's calls, in request order."""
        ...

    @property
    def entries(self) -> list[Any]:
        """The copy's list of messages (a fix may insert into it)."""
        ...

    @property
    def vision(self) -> bool:
        """Whether the model reads images (repair's ``vision``)."""
        ...

    @property
    def parts(self) -> Mapping[str, Part]:
        """Every part of the round's read (a result's own parts too), by path."""
        ...

    @property
    def removed(self) -> object:
        """The marker of a block removed in this round (dropped from its list later)."""
        ...

    def rules(self, rule: str, *, errors_only: bool = False) -> list[str]:
        """The paths of the round's findings of ``rule``."""
        ...

    def element(self, path: str) -> Any:
        """The element of the copy at ``path`` (``None``: none)."""
        ...

    def message_pos(self, path: str) -> int:
        """The read position of the message that holds ``path`` (-1: none)."""
        ...

    def raw_index(self, pos: int) -> int:
        """The index in :attr:`entries` of the message at read position ``pos``."""
        ...

    def carries_payload(self, part: Part) -> bool:
        """Whether ``part`` carries a payload (base64) no text may hold."""
        ...

    def change(self, rule: str, path: str, action: str) -> None:
        """Report a change made at ``path``."""
        ...

    def refuse(self, rule: str, path: str) -> None:
        """Report the fix at ``path`` refused: it would lose a payload (a tool output)."""
        ...


@dataclass(frozen=True)
class Fix:
    """One repair step of a wire: the ``rule`` whose findings it fixes, when it runs
    (``stage``), and the step (``run``, on the round's :class:`FixSite`)."""

    rule: str
    stage: Stage
    run: Callable[[FixSite], None]
