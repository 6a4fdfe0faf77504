"""One token budget shared by a turn's results (``tool_turn(..., max_tokens=N)``).

Each result gets a share in proportion to its block's estimate, with a floor (its own
minimum, and up to a quarter of the budget split evenly, so a small result is not starved
by a large one), then is cut to its share as ``to(wire, max_tokens=share)`` cuts it. The
budget bounds the sum of the results' blocks by ``estimate_tokens``; the echo of the calls
and the messages around the blocks are the caller's, not cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..conversion.explain import Explanations
from ..conversion.options import ConvertOptions, Keep
from ..conversion.pipeline import explain_into
from ..conversion.result import ToolResult, result_of
from ..wires import turn
from .costs import estimate_explained
from .fitting import check_budget, fit_source, minimum_tokens
from .shares import share

__all__ = ["FIT_TURN", "fit_turn_results"]


def fit_turn_results(
    wire: str,
    options: ConvertOptions,
    calls: Sequence[Any],
    results: Sequence[ToolResult],
    max_tokens: int,
    keep: Keep = "text",
) -> list[ToolResult]:
    """``results`` as paired with ``calls`` (each under its call's id and name where it
    had none), each cut to its share of ``max_tokens``; the same results where they fit.

    :raises ValueError: the results' minima add up to more than ``max_tokens`` (named);
        a pairing problem, as for ``tool_turn``.
    """
    budget = check_budget(max_tokens, keep)
    paired = turn(wire, options, calls, results, False, False, "tool_turn").paired
    sizes = []
    for source in paired:
        explained = Explanations()
        explain_into(explained, source, wire, options)
        sizes.append(estimate_explained(explained).total)
    if sum(sizes) <= budget:
        return list(results)
    minima = [minimum_tokens(source, wire, options) for source in paired]
    if sum(minima) > budget:
        raise ValueError(
            f"max_tokens={budget:,} is below the minimum of {sum(minima):,} tokens these "
            f"{len(paired)} results take on {wire} together (each text cut to its marker, "
            f"each image and PDF replaced by its placeholder)"
        )
    even = budget // (4 * max(1, len(paired)))
    floors = [max(least, min(size, even)) for least, size in zip(minima, sizes, strict=True)]
    if sum(floors) > budget:
        floors = minima
    shares = share(sizes, budget, floors)
    return [
        result_of(fit_source(source, wire, options, each, keep))
        for source, each in zip(paired, shares, strict=True)
    ]


#: What ``hooks`` calls: the turn's fitting, registered by the package.
FIT_TURN = fit_turn_results
