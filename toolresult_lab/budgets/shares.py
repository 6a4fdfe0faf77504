"""Sharing one budget among pieces in proportion to their size, with a floor for each."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["share"]


def share(sizes: Sequence[int], total: int, floors: Sequence[int] | None = None) -> list[int]:
    """``total`` split among pieces of ``sizes``: each first gets its floor (at most its
    size), then what is left in proportion to what each still lacks, never more than its
    size. Every share is an ``int`` and their sum is at most ``total`` (or the sizes' sum).

    >>> share([100, 300], 200)
    [50, 150]
    >>> share([100, 300], 200, floors=[80, 0])
    [87, 112]
    """
    given = [
        min(size, floor) for size, floor in zip(sizes, floors or [0] * len(sizes), strict=True)
    ]
    left = total - sum(given)
    lacking = [size - got for size, got in zip(sizes, given, strict=True)]
    want = sum(lacking)
    if left <= 0 or want == 0:
        return given
    if want <= left:
        return list(sizes)
    return [got + lack * left // want for got, lack in zip(given, lacking, strict=True)]
