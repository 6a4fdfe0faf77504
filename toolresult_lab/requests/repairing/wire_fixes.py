"""A wire's own repair steps (:attr:`RequestEdits.fixes
<toolresult_lab.wires.RequestEdits.fixes>`), run by the rounds at their stage on the
round's working copy: :class:`Site` is what such a step may touch (the wires'
:class:`~toolresult_lab.wires.FixSite`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...wires import CallPart, Part, ReadRequest, ResultPart, Stage
from ..findings import Change
from .edit import REMOVED, Edit
from .outputs import part_payloads

__all__ = ["REFUSED", "Site", "parts_by_path", "run_fixes"]

#: Why a block that carries a payload is not replaced by its placeholder (issue 36).
REFUSED: Final = (
    "left as it is: its placeholder text would lose the payload it carries, and no text"
    " may hold a payload (a tool output is never removed)"
)


class Site:
    """One round's working copy as a wire's fix sees it; its changes go to ``changes``,
    the fixes it refuses to the round's ``unfixed``."""

    def __init__(self, edit: Edit, changes: list[Change], parts: Mapping[str, Part]) -> None:
        self._edit = edit
        self._changes = changes
        self.parts: Final = parts
        self.read: Final[ReadRequest] = edit.read
        self.calls: Final[list[CallPart]] = [call for _, call in edit.pairing.calls]
        self.entries: Final[list[Any]] = edit.entries
        self.vision: Final = bool(edit.ctx.vision)
        self.removed: Final = REMOVED

    def rules(self, rule: str, *, errors_only: bool = False) -> list[str]:
        return self._edit.rules(rule, errors_only=errors_only)

    def element(self, path: str) -> Any:
        return self._edit.element(path)

    def message_pos(self, path: str) -> int:
        return self._edit.message_pos(path)

    def raw_index(self, pos: int) -> int:
        return self._edit.raw_index(pos)

    def carries_payload(self, part: Part) -> bool:
        return bool(part_payloads(part))

    def change(self, rule: str, path: str, action: str) -> None:
        self._changes.append(Change(rule, path, action))

    def refuse(self, rule: str, path: str) -> None:
        self._edit.unfixed.append(Change(rule, path, REFUSED))


def parts_by_path(edit: Edit) -> dict[str, Part]:
    """Every part of the round's read, a result's own parts too, by path."""
    by_path: dict[str, Part] = {}
    for message in edit.read.messages:
        for part in message.parts:
            by_path[part.path] = part
            if isinstance(part, ResultPart):
                for inner in part.parts:
                    by_path[inner.path] = inner
    return by_path


def run_fixes(
    stage: Stage, edit: Edit, changes: list[Change], parts: Mapping[str, Part] | None = None
) -> None:
    """Run the wire's fixes of ``stage`` on ``edit``'s copy, in their order (``parts``:
    :func:`parts_by_path`, when the round has made it already)."""
    fixes = [fix for fix in edit.edits.fixes if fix.stage == stage]
    if fixes:
        site = Site(edit, changes, parts_by_path(edit) if parts is None else parts)
        for fix in fixes:
            fix.run(site)
