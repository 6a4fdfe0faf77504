"""The edits ``repair`` refuses: a round's findings and pairing without those at, inside or
around the results whose output an edit lost (:func:`.outputs.breaches`), so the rounds
leave those results as given (their findings are reported unfixed by :mod:`.core`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ..answers import Checked
from .paths import given_path

__all__ = ["overlaps", "refusing"]


def overlaps(path: str, other: str) -> bool:
    """Whether ``path`` and ``other`` are one element, or one holds the other."""
    if len(path) < len(other):
        path, other = other, path
    return path == other or (path.startswith(other) and path[len(other)] in ".[")


def refusing(
    check: Checked, refused: Mapping[str, str], given_paths: dict[str, str] | None
) -> Checked:
    """``check`` without the findings and the pairing's entries at a path (in the request
    as given: ``given_paths`` maps this round's paths there; ``None``: they are the same)
    that overlaps one of ``refused``."""

    def kept(path: str) -> bool:
        where = given_path(given_paths, path) if given_paths is not None else path
        return not any(overlaps(where, bad) for bad in refused)

    pairing = check.pairing
    return Checked(
        tuple(f for f in check.found if kept(f.path)),
        dataclasses.replace(
            pairing,
            misplaced={i: m for i, m in pairing.misplaced.items() if kept(m[1].path)},
            dropped=tuple(d for d in pairing.dropped if kept(d.result.path)),
            orphans=tuple(r for r in pairing.orphans if kept(r.path)),
        ),
    )
