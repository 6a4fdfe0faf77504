"""A tool turn (calls + results) as ``compare()`` shows it: one turn card per wire.

``compare((calls, results))`` draws the same controls as for one result, plus ``echo`` and
``hoist_images``; each card is :func:`toolresult_lab.views.render_turn.turn_card_html`. This
module only holds the turn and maps its own two controls to ``build_turn``'s keywords.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from ...conversion.calls import ToolCall
from ...conversion.options import ConvertOptions
from ...conversion.result import ToolResult
from ...wires import neutral_calls, neutral_results
from ..render_turn import TURN_STYLE, turn_card_html

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["TurnView", "as_turn"]


class TurnView:
    """The calls and results of one turn, and the turn's own controls.

    ``controls`` maps ``echo`` and ``hoist_images`` to checkboxes (``hoist_images`` is
    disabled while ``image_input`` is off: hoisting needs it).
    """

    style = f"<style>{TURN_STYLE}</style>"

    def __init__(
        self,
        calls: Sequence[ToolCall],
        results: Sequence[ToolResult],
        *,
        echo: bool = True,
        hoist_images: bool = False,
    ) -> None:
        neutral_calls(calls, "compare")  # the same TypeErrors as tool_turn
        neutral_results(results, "compare")
        for name, value in (("echo", echo), ("hoist_images", hoist_images)):
            if not isinstance(value, bool):
                raise TypeError(f"compare: {name} must be a bool, not {type(value).__name__}")
        self.calls: tuple[ToolCall, ...] = tuple(calls)
        self.results: tuple[ToolResult, ...] = tuple(results)
        self.controls: dict[str, widgets.Widget] = {
            "echo": widgets.Checkbox(value=echo, description="echo", indent=False),
            "hoist_images": widgets.Checkbox(
                value=hoist_images, description="hoist_images", indent=False
            ),
        }

    def card_html(self, wire: str, **options: Unpack[ConvertOptions]) -> str:
        """The turn card of ``wire`` for the conversion options and this view's controls."""
        hoist = bool(self.controls["hoist_images"].value) and bool(options.get("image_input"))
        return turn_card_html(
            self.calls,
            self.results,
            wire,
            echo=bool(self.controls["echo"].value),
            hoist_images=hoist,  # hoisting needs image_input: off on a card without it
            **options,
        )


def as_turn(value: Any, *, echo: bool = True, hoist_images: bool = False) -> TurnView | None:
    """A :class:`TurnView` of ``(calls, results)``; ``None`` when ``value`` is not a pair of
    lists or tuples."""
    if (
        isinstance(value, tuple)
        and len(value) == 2
        and isinstance(value[0], (list, tuple))
        and isinstance(value[1], (list, tuple))
    ):
        return TurnView(value[0], value[1], echo=echo, hoist_images=hoist_images)
    return None
