"""``compare()``: one result on every wire, side by side, re-rendered as the options change.

The cards are :func:`toolresult_lab.render.card_html`, the same HTML as the static view;
this module only maps controls to the options of :meth:`ToolResult.to` and back.
The DOM contract (class names, control descriptions) is relied on by the browser tests.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from ..facts import WIRES, Wire, wire_facts
from ..options import TRI_STATES, tri_label, tri_value
from ..profiles import PROFILES
from ..render import card_html, style_html
from ..result import ToolResult
from .turn_view import TurnView, as_turn

__all__ = ["NO_PROFILE", "CompareBox", "compare", "profile_controls"]

_WIDE = {"description_width": "initial"}  # show descriptions in full
NO_PROFILE = ""  # the dropdown's "(none)": ipywidgets shows a None value as no selection


def check_wires(wires: Sequence[str] | None) -> list[Wire]:
    """The wires to show, in the given order without repeats; ``ValueError`` for unknown ones."""
    if wires is None:
        return list(WIRES)
    if isinstance(wires, str):
        wires = [wires]
    chosen = list(dict.fromkeys(wire_facts(w).wire for w in wires))
    if not chosen:
        raise ValueError(f"no wires to compare; known wires: {', '.join(WIRES)}")
    return chosen


def profile_controls() -> dict[str, widgets.Widget]:
    """The provider-profile selector and its "model sees images" switch (shared by widgets)."""
    return {
        "profile": widgets.Dropdown(
            description="profile",
            options=[("(none)", NO_PROFILE)] + [(p.label, p.id) for p in PROFILES.values()],
            value=NO_PROFILE,
            style=_WIDE,
        ),
        "vision": widgets.Checkbox(value=True, description="model sees images", indent=False),
    }


def _tri_buttons(name: str, value: Any) -> widgets.ToggleButtons:
    return widgets.ToggleButtons(
        options=list(TRI_STATES),
        value=tri_label(value),
        description=name,
        style={"button_width": "7.5em", **_WIDE},
    )


class CompareBox(widgets.VBox):  # type: ignore[misc]
    """The compare widget: controls on top, one HTML card per wire below.

    ``controls`` maps ``image_input``, ``native_pdf``, ``source_blocks``,
    ``response_tag``, ``profile`` and ``vision`` to their widgets; ``cards`` maps each
    wire to its HTML widget. Both are public so tests can drive the widget as a user would.
    """

    def __init__(
        self, result: ToolResult | TurnView, wires: list[Wire], options: Mapping[str, Any]
    ) -> None:
        turn_controls = result.controls if isinstance(result, TurnView) else {}
        controls: dict[str, widgets.Widget] = {
            "image_input": widgets.Checkbox(
                value=bool(options.get("image_input")), description="image_input", indent=False
            ),
            "native_pdf": _tri_buttons("native_pdf", options.get("native_pdf")),
            "source_blocks": _tri_buttons("source_blocks", options.get("source_blocks")),
            "response_tag": widgets.Text(
                value=options.get("response_tag") or "",
                description="response_tag",
                placeholder="tool_response",
                style=_WIDE,
                layout=widgets.Layout(width="22em"),
            ),
            **profile_controls(),
            **turn_controls,
        }
        cards = {wire: widgets.HTML(layout=widgets.Layout(min_width="0")) for wire in wires}
        style = widgets.HTML(
            value=style_html() + (result.style if isinstance(result, TurnView) else "")
        )
        grid = widgets.GridBox(
            list(cards.values()),
            layout=widgets.Layout(
                grid_template_columns="repeat(3, minmax(0, 1fr))", grid_gap="8px", width="100%"
            ),
        )
        rows = [
            widgets.HBox([controls["profile"], controls["vision"], controls["image_input"]]),
            widgets.HBox([controls["native_pdf"], controls["source_blocks"]]),
            controls["response_tag"],
        ]
        if turn_controls:
            rows.append(widgets.HBox(list(turn_controls.values())))
        super().__init__([style, *rows, grid])
        self.add_class("trl-compare")
        self.result = result
        self.wires = wires
        self.controls = controls
        self.cards = cards
        self.style_widget = style
        self._holding = False
        for name in ("image_input", "native_pdf", "source_blocks", "response_tag", *turn_controls):
            controls[name].observe(self._on_option, names="value")
        controls["profile"].observe(self._on_profile, names="value")
        controls["vision"].observe(self._on_profile, names="value")
        self.render()

    def current_options(self) -> dict[str, Any]:
        """The options the controls stand for, as keywords of :meth:`ToolResult.to`.

        An unticked ``image_input`` and an empty ``response_tag`` mean "not given".
        """
        c = self.controls
        return {
            "image_input": True if c["image_input"].value else None,
            "native_pdf": tri_value(c["native_pdf"].value),
            "source_blocks": tri_value(c["source_blocks"].value),
            "response_tag": c["response_tag"].value or None,
        }

    def render(self) -> None:
        """Re-render every card from the current options."""
        options = self.current_options()
        result = self.result
        for wire, card in self.cards.items():
            if isinstance(result, TurnView):
                card.value = result.card_html(wire, **options)
            else:
                card.value = card_html(result, wire, **options)

    @contextmanager
    def _hold(self) -> Iterator[None]:
        """Set several controls with one re-render at the end instead of one per control."""
        self._holding = True
        try:
            yield
        finally:
            self._holding = False
        self.render()

    def _on_option(self, change: Mapping[str, Any]) -> None:
        if not self._holding:
            self.render()

    def _on_profile(self, change: Mapping[str, Any]) -> None:
        """Apply the chosen profile's options (again when vision flips) and mark its wire."""
        profile_id = self.controls["profile"].value
        profile = PROFILES.get(profile_id)
        for wire, card in self.cards.items():
            if profile is not None and wire == profile.wire:
                card.add_class("trl-selected")
            else:
                card.remove_class("trl-selected")
        if profile is None:
            return
        options = profile.options(bool(self.controls["vision"].value))
        with self._hold():
            self.controls["image_input"].value = bool(options.get("image_input"))
            self.controls["native_pdf"].value = tri_label(options.get("native_pdf"))
            self.controls["source_blocks"].value = tri_label(options.get("source_blocks"))


def compare(
    result: ToolResult | tuple[Sequence[Any], Sequence[Any]],
    wires: Sequence[str] | None = None,
    *,
    image_input: Any = None,
    native_pdf: Any = None,
    source_blocks: Any = None,
    response_tag: str | None = None,
    echo: bool = True,
    hoist_images: bool = False,
) -> CompareBox:
    """A widget showing ``result`` on each wire, with controls for the conversion options.

    The keywords are those of :meth:`ToolResult.to` and set the controls' initial state.
    ``result`` may also be a turn, ``(calls, results)``: each card then shows the whole
    tool turn of that wire (``echo`` and ``hoist_images`` as in ``tool_turn``).

    :raises TypeError: ``result`` is neither a ToolResult nor a turn, or ``response_tag``
        is not a str.
    :raises ValueError: an unknown wire (the message lists the known ones).
    """
    shown: ToolResult | TurnView | None = (
        result
        if isinstance(result, ToolResult)
        else as_turn(result, echo=echo, hoist_images=hoist_images)
    )
    if shown is None:
        raise TypeError(
            "compare() expects a ToolResult or a turn (calls, results),"
            f" not {type(result).__name__}"
        )
    chosen = check_wires(wires)
    ToolResult().to("hermes", response_tag=response_tag)  # the core checks the option's type
    options = {
        "image_input": image_input,
        "native_pdf": native_pdf,
        "source_blocks": source_blocks,
        "response_tag": response_tag,
    }
    return CompareBox(shown, chosen, options)
