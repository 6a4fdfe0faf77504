"""Path tracking for ``repair``: where each object of the working copy sat in the request
as given, so every change names its place in the request the user gave (SPEC 8), whichever
round made it; and the order of paths in a request."""

from __future__ import annotations

import copy
import re
import sys
from typing import Any, Final

from ..linting import path_order

__all__ = ["INDEX", "Origins", "at_index", "at_key", "given_path", "request_order"]

#: A path's last index (``[3]`` of ``messages[3]``).
INDEX: Final = re.compile(r"\[(\d+)\]$")


def request_order(path: str, key: str) -> tuple[Any, ...]:
    """A path's place in the request (``key``: the body's message list): lint's order."""
    return path_order(path, key)


#: Values a copy keeps as they are (immutable).
_SCALARS: Final = frozenset({str, int, float, bool})


def _empty(value: Any) -> dict[Any, Any] | list[Any] | None:
    """An empty container for the copy of ``value`` (a list of its length); ``None`` for
    anything but a dict or a list."""
    if isinstance(value, dict):
        return {}
    if isinstance(value, list):
        return [None] * len(value)
    return None


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
    given request (the index of the given element it went before).

    Made by :meth:`copy`, which copies the given request as a tree: an object the caller
    put in two places (``content=[use, use]``) becomes two objects, so an edit of one place
    never shows in another (``copy.deepcopy`` keeps them one object, and a merge of a
    result into its twin doubled it at every place it sat: 2**n)."""

    def __init__(self, key: str) -> None:
        self.key = key
        # id of a copy -> (the copy, kept alive so its id is not reused; its path as given)
        self.origin: dict[int, tuple[Any, str]] = {}
        self.lengths: dict[int, int] = {}  # a given list's length, by the id of its copy

    @classmethod
    def copy(cls, given: Any, key: str) -> tuple[Any, Origins]:
        """A copy of ``given`` (JSON values; anything else is ``copy.deepcopy``'d) sharing
        no dict or list with it or within itself, and each copied object's origin.

        :raises ValueError: ``given`` is nested deeper than Python's recursion limit (what
            ``json`` and the rounds could walk), or holds itself.
        """
        origins = cls(key)
        limit = sys.getrecursionlimit()
        root = _empty(given)
        if root is None:
            return copy.deepcopy(given), origins
        stack: list[tuple[Any, Any, str, int]] = [
            (given, root, key if isinstance(given, list) else "", 1)
        ]
        while stack:
            source, target, where, depth = stack.pop()
            origins.origin[id(target)] = (target, where)
            if isinstance(source, dict):
                for name, value in source.items():
                    target[name] = origins._child(value, at_key(where, str(name)), depth, stack)
            else:
                origins.lengths[id(target)] = len(source)
                for n, value in enumerate(source):
                    target[n] = origins._child(value, at_index(where, n), depth, stack)
            if depth > limit:
                raise ValueError(
                    "the request is nested too deeply to repair (its copy passes Python's"
                    f" recursion limit of {limit} levels); lint reads it"
                )
        return root, origins

    @staticmethod
    def _child(value: Any, where: str, depth: int, stack: list[tuple[Any, Any, str, int]]) -> Any:
        """The copy of ``value``: a scalar as it is, a dict or list empty until its turn."""
        if value is None or type(value) in _SCALARS:
            return value
        fresh = _empty(value)
        if fresh is None:
            return copy.deepcopy(value)
        stack.append((value, fresh, where, depth + 1))
        return fresh

    def given(self, node: Any) -> str | None:
        """The path ``node`` (an object of the working copy) had in the request as given;
        ``None`` for one a round made."""
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
                        given = self.given(value)
                        mapped = given if given is not None else at_key(there, str(k))
                        stack.append((value, at_key(here, str(k)), mapped))
            elif isinstance(item, list):
                # from the end: an added element went before the next given one (or at the
                # end of the given list); in a list the rounds made, indices are its own
                known = self.given(item) is not None
                before = self.lengths.get(id(item), len(item))
                for n in range(len(item) - 1, -1, -1):
                    value = item[n]
                    if not isinstance(value, (dict, list)):
                        continue
                    given = self.given(value)
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
