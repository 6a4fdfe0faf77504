"""Path tracking for ``repair``: where each object of the working copy sat in the request
as given, so every change names its place in the request the user gave (SPEC 8), whichever
round made it; and the order of paths in a request."""

from __future__ import annotations

import re
from typing import Any, Final

from ..lint import path_order

__all__ = ["INDEX", "Origins", "at_index", "at_key", "given_path", "request_order"]

#: A path's last index (``[3]`` of ``messages[3]``).
INDEX: Final = re.compile(r"\[(\d+)\]$")


def request_order(path: str, key: str) -> tuple[Any, ...]:
    """A path's place in the request (``key``: the body's message list): lint's order."""
    return path_order(path, key)


def at_key(prefix: str, key: str) -> str:
    """The path of member ``key`` of the object at ``prefix``."""
    return key if not prefix else f"{prefix}.{key}"


def at_index(prefix: str, index: int) -> str:
    """The path of element ``index`` of the list at ``prefix``."""
    return f"{prefix}[{index}]"


class Origins:
    """Where each object (dict, list) of the working copy sat in the request as given, so a
    change a later round makes is reported at a path of the given request (SPEC 8: a
    change's path points into the request the user gave). The rounds edit the copy in
    place and move objects rather than copying them, so an object keeps its origin; one a
    round adds has none, and is reported at the place it was inserted, relative to the
    given request (the index of the given element it went before)."""

    def __init__(self, given: Any, copied: dict[int, Any], key: str) -> None:
        self.key = key
        # id of a copy -> (the copy, kept alive so its id is not reused; its path as given)
        self.origin: dict[int, tuple[Any, str]] = {}
        self.lengths: dict[int, int] = {}  # a given list's length, by the id of its copy
        stack = [(given, key if isinstance(given, list) else "")]
        while stack:
            item, where = stack.pop()
            if not isinstance(item, (dict, list)) or id(item) not in copied:
                continue
            mine = copied[id(item)]
            self.origin[id(mine)] = (mine, where)
            if isinstance(item, dict):
                stack.extend((value, at_key(where, str(k))) for k, value in item.items())
            else:
                self.lengths[id(mine)] = len(item)
                stack.extend((value, at_index(where, n)) for n, value in enumerate(item))

    def _given(self, node: Any) -> str | None:
        found = self.origin.get(id(node))
        return found[1] if found is not None and found[0] is node else None

    def paths(self, root: Any) -> dict[str, str]:
        """Each object's path in ``root`` (the working copy now) -> its path as given."""
        out: dict[str, str] = {}
        start = self.key if isinstance(root, list) else ""
        stack = [(root, start, start)]
        while stack:
            item, here, there = stack.pop()
            out[here] = there
            if isinstance(item, dict):
                for k, value in item.items():
                    if isinstance(value, (dict, list)):
                        given = self._given(value)
                        mapped = given if given is not None else at_key(there, str(k))
                        stack.append((value, at_key(here, str(k)), mapped))
            elif isinstance(item, list):
                # from the end: an added element went before the next given one (or at the
                # end of the given list); in a list the rounds made, indices are its own
                known = self._given(item) is not None
                before = self.lengths.get(id(item), len(item))
                for n in range(len(item) - 1, -1, -1):
                    value = item[n]
                    if not isinstance(value, (dict, list)):
                        continue
                    given = self._given(value)
                    found = INDEX.search(given) if given is not None else None
                    if found is not None and given is not None and given[: found.start()] == there:
                        before = int(found.group(1))  # a given element of this very list
                    elif given is None:
                        given = at_index(there, before if known else n)
                    stack.append((value, at_index(here, n), given))
        return out


def given_path(given_paths: dict[str, str], path: str) -> str:
    """``path`` (in the working copy as a round read it) in the request as given: its
    longest prefix that names an object, mapped, and the rest as it is."""
    cut = len(path)
    while True:
        found = given_paths.get(path[:cut])
        if found is not None:
            return found + path[cut:]
        cut = max(path.rfind(".", 0, cut), path.rfind("[", 0, cut))
        if cut <= 0:
            return given_paths.get("", "") + path if "" in given_paths else path
