"""How deep and how large a request may be, checked once where it comes in.

``lint``, ``repair`` and ``translate`` (and the views over them) walk a request with code
that recurses, Python's ``json`` included: a request nested deeper than that code can go
raised ``RecursionError`` from whichever walk got there first, and a value that holds
itself (a caller's cycle) never ended or did the same. A value shared by many places (a
list holding one list twice, 40 levels down) is as many values as its JSON would spell,
which no walk finishes. :func:`check_nesting` walks the request once, iteratively and
without recursion, before anything else does, and names the first place that is too
deep, that holds itself, or past which the request is too large, as a ``ValueError``.

The depth allowed is deeper than any request a provider answers needs (the tool
arguments ``ToolCall`` takes are 256 levels: ``encoding.MAX_DEPTH``) and shallower than
Python's default recursion limit of 1,000 less the frames of the walkers and of a
notebook around them, so every walk of the toolkit finishes on what it lets through.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["MAX_NESTING", "MAX_VALUES", "check_nesting"]

#: The deepest a request's containers may nest (the body, or the bare list, is level 1).
MAX_NESTING: Final = 800
#: The most values (containers and scalars) a request's JSON may spell, a shared value
#: counted at every place it sits: 2 ** 25, more than a body of 64 MiB can hold (each
#: value takes two bytes at least), twice the largest request a provider documents
#: (the Claude API's 32 MB: ``rules/sizes.py``).
MAX_VALUES: Final = 2**25
_CONTAINERS: Final = (dict, list, tuple)
#: The steps of a path a message shows before it elides the rest.
_SHOWN_STEPS: Final = 12


def _step(key: Any) -> str:
    return f"[{key}]" if isinstance(key, int) else f".{key}"


def _path(root: str, keys: list[Any]) -> str:
    """The path of ``keys`` under ``root`` (``messages``, or ``""`` for a body), its
    steps after the first :data:`_SHOWN_STEPS` elided with their count."""
    steps = [_step(key) for key in keys[:_SHOWN_STEPS]]
    text = root + "".join(steps)
    if len(keys) > _SHOWN_STEPS:
        text += f"... ({len(keys) - _SHOWN_STEPS} more levels)"
    return text.lstrip(".") or "the request"


def _children(node: Any) -> list[tuple[Any, Any]]:
    if isinstance(node, dict):
        return list(node.items())
    return list(enumerate(node))


def _plain_tree(value: Any) -> bool:
    """Whether ``value`` is a tree (no container in two places, so none holds itself)
    within both bounds: one quick pass over what every request is. Anything else gets
    the walk that names where it fails."""
    seen: set[int] = set()
    values = 1
    level: list[Any] = [value]
    for _ in range(MAX_NESTING):
        below: list[Any] = []
        for node in level:
            if id(node) in seen:
                return False
            seen.add(id(node))
            items = node.values() if isinstance(node, dict) else node
            values += len(items)
            below.extend([item for item in items if isinstance(item, _CONTAINERS)])
        if values > MAX_VALUES:
            return False
        if not below:
            return True
        level = below
    return False


def check_nesting(value: Any, root: str = "") -> None:
    """Refuse ``value`` (a request: JSON values, lists and tuples, dicts) nested deeper
    than :data:`MAX_NESTING`, holding itself, or spelling more than :data:`MAX_VALUES`
    values; in time linear in its distinct containers and items. ``root``: the name of
    a bare list's paths (``messages``), ``""`` for a body. Any other object (an SDK
    model) is a leaf here.

    :raises ValueError: naming the path where the request is too deep, holds itself, or
        grows too large.
    """
    if not isinstance(value, (dict, list, tuple)) or _plain_tree(value):
        return
    # per container: how deep it reaches below itself and how many values it spells,
    # once it is done (a shared one is walked once); on the path: the frames open now
    height: dict[int, int] = {}
    spelled: dict[int, int] = {}
    open_at: dict[int, int] = {id(value): 0}
    # frame: the container, its children, the next child, the key it sits at, its
    # height and its values so far
    frames: list[list[Any]] = [[value, _children(value), 0, None, 1, 1]]
    while frames:
        frame = frames[-1]
        node, children, at = frame[0], frame[1], frame[2]
        if at == len(children):
            frames.pop()
            del open_at[id(node)]
            height[id(node)] = frame[4]
            spelled[id(node)] = frame[5]
            if frames:
                parent = frames[-1]
                parent[4] = max(parent[4], frame[4] + 1)
                parent[5] += frame[5]
                if parent[5] > MAX_VALUES:
                    _too_large(root, frames)
            continue
        frame[2] = at + 1
        key, child = children[at]
        if not isinstance(child, (dict, list, tuple)):
            frame[5] += 1
            continue
        cid = id(child)
        if cid in open_at:
            keys = [f[3] for f in frames[1:]] + [key]
            again = [f[3] for f in frames[1 : open_at[cid] + 1]]
            raise ValueError(
                f"{_path(root, keys)}: the request holds itself (this value is"
                f" {_path(root, again)} again), so it has no JSON form"
            )
        if cid in height:  # shared, and walked already: how deep and large it is here
            frame[4] = max(frame[4], height[cid] + 1)
            frame[5] += spelled[cid]
            if len(frames) + height[cid] > MAX_NESTING:
                _too_deep(root, [f[3] for f in frames[1:]] + [key])
            if frame[5] > MAX_VALUES:
                _too_large(root, frames)
            continue
        if len(frames) >= MAX_NESTING:
            _too_deep(root, [f[3] for f in frames[1:]] + [key])
        open_at[cid] = len(frames)
        frames.append([child, _children(child), 0, key, 1, 1])


def _too_deep(root: str, keys: list[Any]) -> None:
    raise ValueError(
        f"{_path(root, keys)}: the request is nested deeper than {MAX_NESTING} levels"
        " (the deepest the toolkit walks)"
    )


def _too_large(root: str, frames: list[list[Any]]) -> None:
    raise ValueError(
        f"{_path(root, [f[3] for f in frames[1:]])}: the request spells more than"
        f" {MAX_VALUES:,} values as JSON (a value it holds in many places counts at each)"
    )
