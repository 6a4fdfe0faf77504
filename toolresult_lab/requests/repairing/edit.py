"""JSON editing for ``repair``: one round's working copy of the request, and the few
operations the rounds make on it (find the element at a path, replace or remove it, drop
the messages a removal emptied). What a wire's blocks look like, the rounds ask the wire's
:class:`~toolresult_lab.wires.RequestEdits`."""

from __future__ import annotations

import re
from typing import Any, Final

from ...wires import CallPart, ReadRequest, ResultPart, wire_module
from ..answers import Checked
from ..findings import Change
from ..linting import Context
from .paths import INDEX

__all__ = ["EMPTIED", "REMOVED", "Edit", "strip_removed"]

#: A message a removal emptied (dropped from the list by :meth:`Edit.drop_emptied`).
EMPTIED: Final = object()
#: A block removed in this round (dropped from its list by :meth:`Edit.strip`).
REMOVED: Final = object()
_STEP: Final = re.compile(r"\[(\d+)\]|([^.\[\]]+)")


class Edit:
    """One round of changes to a copy of the request."""

    def __init__(self, read: ReadRequest, check: Checked, ctx: Context, request: Any) -> None:
        self.read = read
        self.pairing = check.pairing
        self.ctx = ctx
        self.wire = ctx.wire
        self.edits = wire_module(ctx.wire).edits
        self.turn = wire_module(ctx.wire).turn
        self.request = request
        if isinstance(request, list):
            self.entries: list[Any] = request
        elif isinstance(request, dict) and isinstance(request.get(read.key), list):
            self.entries = request[read.key]
        else:
            self.entries = []
        self.findings = check.found
        #: the messages a removal took a block from (only these may be dropped as emptied)
        self.touched: set[int] = set()
        #: each message's read position by its path (made when :meth:`message_pos` first asks)
        self.message_positions: dict[str, int] | None = None
        #: the fixes this round refused, with the reason (they would lose a tool output)
        self.unfixed: list[Change] = []

    def raw_index(self, pos: int) -> int:
        """The index in the request's list of the message at read position ``pos``."""
        found = INDEX.search(self.read.messages[pos].path)
        return int(found.group(1)) if found else -1

    def rules(self, rule: str, *, errors_only: bool = False) -> list[str]:
        """The paths of the findings of ``rule``."""
        return [
            f.path
            for f in self.findings
            if f.rule == rule and (not errors_only or f.severity == "error")
        ]

    def message_pos(self, path: str) -> int:
        """The read position of the message that holds ``path`` (-1: none): looked up by the
        path's first step (``messages[3]`` of ``messages[3].content[1]``), once per finding."""
        by_path = self.message_positions
        if by_path is None:
            by_path = self.message_positions = {}
            for pos, message in enumerate(self.read.messages):
                by_path.setdefault(message.path, pos)
        return by_path.get(path.split(".", 1)[0], -1)  # message paths hold no dot

    def element(self, path: str) -> Any:
        """The element at ``path`` (``messages[3].content[1]``, ``contents[2].parts[0]``) of
        the request copy; ``None`` when the path does not lead to one."""
        node: Any = self.request
        for index, key in _STEP.findall(path):
            if key:
                if isinstance(node, list) and key == self.read.key:
                    continue  # a bare list: its paths start with the body's key
                node = node.get(key) if isinstance(node, dict) else None
            else:
                node = (
                    node[int(index)] if isinstance(node, list) and int(index) < len(node) else None
                )
            if node is None:
                return None
        return node

    def set_id(self, part: CallPart | ResultPart, new: str) -> None:
        """Write ``new`` as the id of a call or result, in the wire's field."""
        target = self.element(part.path)
        if isinstance(target, dict):
            self.edits.set_id(target, isinstance(part, CallPart), new)

    def replace(self, path: str, value: Any) -> None:
        """Put ``value`` at ``path``: an element of a list (:data:`REMOVED` marks it for
        :meth:`strip`)."""
        found = INDEX.search(path)
        if found is None:
            return
        parent = self.element(path[: found.start()])
        if isinstance(parent, list) and int(found.group(1)) < len(parent):
            parent[int(found.group(1))] = value

    def set_member(self, path: str, text: str) -> None:
        """Put ``text`` at ``path``, a member of an object (a message's string content)."""
        if "." not in path:
            return
        parent = self.element(path.rsplit(".", 1)[0])
        if isinstance(parent, dict):
            parent[path.rsplit(".", 1)[1]] = text

    def remove(self, path: str) -> None:
        """Remove the result at ``path``: its block, or (a tool message, an item) its
        message; a message left without blocks is dropped by :meth:`drop_emptied`."""
        found = INDEX.search(path)
        if found is None:
            return
        parent_path = path[: found.start()]
        parent = self.element(parent_path) if parent_path != self.read.key else self.entries
        if isinstance(parent, list) and int(found.group(1)) < len(parent):
            if parent is self.entries:
                parent[int(found.group(1))] = EMPTIED
            else:
                del parent[int(found.group(1))]
                self.touched.add(id(self.element(path.split(".", 1)[0])))

    def strip(self) -> None:
        """Drop the blocks set to :data:`REMOVED` from every content list."""
        strip_removed(self.entries, REMOVED)

    def drop_emptied(self) -> None:
        """Remove messages a removal marked, or (where results are blocks) left without
        blocks; the wire may keep an emptied final assistant message (a prefill)."""
        keep = [entry for entry in self.entries if entry is not EMPTIED]
        edits = self.edits
        if edits.result_blocks:
            key = edits.content_key
            last = len(keep) - 1
            keep = [
                entry
                for index, entry in enumerate(keep)
                if not (
                    isinstance(entry, dict)
                    and id(entry) in self.touched
                    and entry.get(key) == []
                    and not (
                        edits.keeps_final_assistant
                        and index == last
                        and entry.get("role") == "assistant"
                    )
                )
            ]
        self.entries[:] = keep


def strip_removed(entries: list[Any], removed: object) -> None:
    """Drop the values set to ``removed`` from every list at any depth of ``entries``
    (a block of a message, of a tool result's content, of a function response's parts),
    whatever the wire calls the list."""
    todo: list[Any] = list(entries)
    while todo:  # a stack, not recursion: a deep request never hits the recursion limit
        node = todo.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(value, list) and any(v is removed for v in value):
                    node[key] = value = [v for v in value if v is not removed]
                if isinstance(value, (dict, list)):
                    todo.append(value)
        elif isinstance(node, list):
            todo.extend(v for v in node if isinstance(v, (dict, list)))
