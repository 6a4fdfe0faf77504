"""Live views of the wire registry: a set or a mapping read anew, on each use, from what
the registry derives of its wires now, so a wire registered later counts (``HEADS``,
``RESULT_BLOCK_TYPES`` in ``wires/__init__.py``). The registry keeps what it derives until
a wire is registered or unregistered, so a lookup costs no more than a dict's."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Set
from typing import TypeVar

__all__ = ["LiveMapping", "LiveSet"]

V = TypeVar("V")


class LiveSet(Set[str]):
    """The set ``read()`` gives now, shown as ``name``."""

    def __init__(self, name: str, read: Callable[[], Set[str]]) -> None:
        self._name = name
        self._read = read

    def __contains__(self, key: object) -> bool:
        return key in self._read()

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())

    def __repr__(self) -> str:
        return f"{self._name}({sorted(self._read())!r})"


class LiveMapping(Mapping[str, V]):
    """The mapping ``read()`` gives now, shown as ``name``."""

    def __init__(self, name: str, read: Callable[[], Mapping[str, V]]) -> None:
        self._name = name
        self._read = read

    def __getitem__(self, key: str) -> V:
        return self._read()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())

    def __repr__(self) -> str:
        return f"{self._name}({dict(self._read())!r})"
