"""Where the Result layer reaches the views: functions registered by the package.

``ToolResult._repr_html_`` shows the cards of ``render`` and ``Explanations.warnings``
holds the block against the limits of ``measure``; neither may import them (the value
object would drag the HTML, token and limit machinery into its import). The package's
``__init__`` registers them here when it is imported, which is before any of its modules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["block_warnings", "fit", "fit_turn", "register", "register_fit", "result_html"]

_RESULT_HTML: list[Callable[[Any], str]] = []
_BLOCK_WARNINGS: list[Callable[[str, Sequence[Any], Any, str, str], tuple[Any, ...]]] = []


def register(
    result_html: Callable[[Any], str],
    block_warnings: Callable[[str, Sequence[Any], Any, str, str], tuple[Any, ...]],
) -> None:
    """Register the views (the package ``__init__`` does, once)."""
    _RESULT_HTML[:] = [result_html]
    _BLOCK_WARNINGS[:] = [block_warnings]


_FIT: list[Callable[[Any, str, Any, int, Any], Any]] = []


_FIT_TURN: list[Callable[[str, Any, Any, Any, int, Any], list[Any]]] = []


def register_fit(
    fit: Callable[[Any, str, Any, int, Any], Any],
    fit_turn: Callable[[str, Any, Any, Any, int, Any], list[Any]],
) -> None:
    """Register the fitting to a token budget (``fitting``, ``turn_budget``; the package
    ``__init__`` does, once): it prices blocks with the token rules, a view's machinery."""
    _FIT[:] = [fit]
    _FIT_TURN[:] = [fit_turn]


def fit_turn(
    wire: str, options: Any, calls: Any, results: Any, max_tokens: int, keep: Any
) -> list[Any]:
    """A turn's results, each cut to its share of ``max_tokens`` (``turn_budget``)."""
    found: Callable[[str, Any, Any, Any, int, Any], list[Any]] = _registered(
        _FIT_TURN, "token-budget fitting"
    )
    return found(wire, options, calls, results, max_tokens, keep)


def fit(data: Any, wire: str, options: Any, max_tokens: int, keep: Any) -> Any:
    """``explain()`` of a result cut to ``max_tokens`` (``fitting.fit_explained``)."""
    found: Callable[[Any, str, Any, int, Any], Any] = _registered(_FIT, "token-budget fitting")
    return found(data, wire, options, max_tokens, keep)


def _registered(found: list[Any], what: str) -> Any:
    if not found:
        raise RuntimeError(f"toolresult_lab: no {what} registered (import toolresult_lab first)")
    return found[0]


def result_html(result: Any) -> str:
    """The notebook view of a result (``render.result_html``)."""
    view: Callable[[Any], str] = _registered(_RESULT_HTML, "HTML view")
    return view(result)


def block_warnings(
    wire: str, records: Sequence[Any], block: Any, name: str, id: str
) -> tuple[Any, ...]:
    """The provider warnings of a block (``measure.block_warnings``)."""
    warn: Callable[[str, Sequence[Any], Any, str, str], tuple[Any, ...]] = _registered(
        _BLOCK_WARNINGS, "provider warnings"
    )
    return warn(wire, records, block, name, id)
