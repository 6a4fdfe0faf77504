"""``compare()``: one result on every wire, side by side, re-rendered as the options change.

The cards are :func:`toolresult_lab.views.render.card_html`, the same HTML as the static view;
this module only maps controls to the options of :meth:`ToolResult.to` and back.
The DOM contract (class names, control descriptions) is relied on by the browser tests.

How the controls combine (each card says which options it was made with):

- The option controls are the options of every card.
- A provider profile belongs to its wire. Choosing one sets the option controls to the
  options that provider's tool loop passes and applies them to its wire's card only (the
  card is outlined and named after the profile); every other card keeps the options it had.
- Changing an option afterwards means the profile no longer holds: the selector shows
  ``(custom)`` and the controls apply to every card again. ``(none)`` goes back to the
  options from before the profile.
- "model sees images" applies to every card, with or without a profile: unticked, no card
  sends a native form that needs vision on its wire (``profiles.without_vision``).
- For a turn, ``compare((calls, results))``, each card shows the wire's whole tool turn
  (``turn_view``), with two more controls: ``echo`` and ``hoist_images``.
- ``compare(result, max_tokens=N)`` shows each wire's block cut to ``N`` tokens (as
  ``to(wire, max_tokens=N)`` cuts it), its estimate against the budget in the caption; a
  wire where ``N`` is below the block's minimum says so on its card.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from ...budgets.costs import estimate_explained
from ...budgets.fitting import check_budget
from ...conversion.explain import Explanations
from ...conversion.options import ConvertOptions, Keep, options_key, tri_label, tri_value
from ...conversion.profiles import PROFILES, ProviderProfile, describe_options, without_vision
from ...conversion.result import ToolResult
from ...requests.transcripts import Transcript
from ..render import card_html, options_caption, style_html
from .controls import (
    CUSTOM,
    NO_PROFILE,
    check_wires,
    option_controls,
    profile_controls,
    response_tag_value,
)
from .transcript_view import TranscriptView
from .turn_view import TurnView, as_turn

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["CUSTOM", "NO_PROFILE", "CompareBox", "compare", "profile_controls"]

_BOOLEAN = ("image_input", "native_pdf", "source_blocks")


class Budgeted:
    """A result seen through a token budget: ``explain(wire, **options)`` is the result's
    ``explain(wire, max_tokens=..., keep=..., **options)`` (the last one kept, since the
    caption and the card read the same explanation)."""

    def __init__(self, result: ToolResult, max_tokens: int, keep: Keep) -> None:
        self.result = result
        self.max_tokens = max_tokens
        self.keep: Keep = keep
        self._last: tuple[Any, Explanations] | None = None

    @property
    def name(self) -> str:
        return self.result.name

    @property
    def id(self) -> str:
        return self.result.id

    @property
    def is_error(self) -> bool:
        return self.result.is_error

    @property
    def structured_content(self) -> Any:
        return self.result.structured_content

    def explain(self, wire: str, **options: Unpack[ConvertOptions]) -> Explanations:
        key = (wire, options_key(options))
        if self._last is None or self._last[0] != key:
            found = self.result.explain(wire, max_tokens=self.max_tokens, keep=self.keep, **options)
            self._last = (key, found)
        return self._last[1]

    def caption(self, wire: str, **options: Unpack[ConvertOptions]) -> str:
        """``budget: ~7,990 of 8,000 tokens (99.9 %)`` for the block ``wire`` cuts."""
        estimate = estimate_explained(self.explain(wire, **options))
        share = estimate.total / self.max_tokens if self.max_tokens else 0.0
        return (
            f"budget: {estimate.label()} of max_tokens={self.max_tokens:,} ({share:.1%};"
            f" keep {self.keep})"
        )


class CompareBox(widgets.VBox):  # type: ignore[misc]
    """The compare widget: controls on top, one HTML card per wire below.

    ``controls`` maps ``image_input``, ``native_pdf``, ``source_blocks``,
    ``response_tag``, ``audience``, ``profile`` and ``vision`` to their widgets; ``cards`` maps each
    wire to its HTML widget. Both are public so tests can drive the widget as a user would.
    """

    def __init__(
        self,
        result: ToolResult | TurnView | TranscriptView,
        wires: list[str],
        options: Mapping[str, Any],
        budget: tuple[int, Keep] | None = None,
    ) -> None:
        turn_controls = result.controls if isinstance(result, (TurnView, TranscriptView)) else {}
        controls: dict[str, widgets.Widget] = {
            **option_controls(options),
            **profile_controls(),
            **turn_controls,
        }
        cards = {wire: widgets.HTML(layout=widgets.Layout(min_width="0")) for wire in wires}
        tag_note = widgets.HTML()  # why the response_tag typed is not used, if it is not
        tag_note.add_class("trl-tag-note")
        style = widgets.HTML(
            value=style_html() + (result.style if isinstance(result, TurnView) else "")
        )
        grid = widgets.GridBox(
            list(cards.values()),
            layout=widgets.Layout(
                grid_template_columns="repeat(auto-fill, minmax(22em, 1fr))",
                grid_gap="8px",
                width="100%",
            ),
        )
        rows = [
            widgets.HBox(
                [controls["profile"], controls["vision"], controls["image_input"]],
                layout=widgets.Layout(flex_flow="row wrap"),
            ),
            widgets.HBox(
                [controls["native_pdf"], controls["source_blocks"]],
                layout=widgets.Layout(flex_flow="row wrap"),
            ),
            widgets.HBox(
                [controls["response_tag"], tag_note], layout=widgets.Layout(align_items="center")
            ),
            controls["audience"],
        ]
        if turn_controls:
            rows.append(widgets.HBox(list(turn_controls.values())))
        super().__init__([style, *rows, grid])
        self.add_class("trl-compare")
        self.result = result
        self.budgeted = (
            Budgeted(result, *budget)
            if budget is not None and isinstance(result, ToolResult)
            else None
        )
        self.wires = wires
        self.controls = controls
        self.cards = cards
        self.tag_note = tag_note
        self.style_widget = style
        self._base: ConvertOptions | None = None  # the other cards' options while a profile holds
        self._applying = False
        for name in _BOOLEAN:
            controls[name].observe(self._on_option, names="value")
        for name in ("response_tag", "audience", *turn_controls):
            controls[name].observe(self._on_tag, names="value")
        controls["profile"].observe(self._on_profile, names="value")
        controls["vision"].observe(self._on_vision, names="value")
        self.render()

    # -- what each card shows ----------------------------------------------------------

    def current_options(self) -> ConvertOptions:
        """The options the controls stand for, as keywords of :meth:`ToolResult.to`.

        An unticked ``image_input`` and an empty ``response_tag`` mean "not given"; so does a
        ``response_tag`` that is not a tag name (``tag_note`` says why).
        """
        c = self.controls
        return {
            "image_input": True if c["image_input"].value else None,
            "native_pdf": tri_value(c["native_pdf"].value),
            "source_blocks": tri_value(c["source_blocks"].value),
            "response_tag": response_tag_value(c["response_tag"].value)[0],
            "audience": "assistant" if c["audience"].value else None,
        }

    def profile(self) -> ProviderProfile | None:
        """The provider profile that holds (``None`` for ``(none)`` and ``(custom)``)."""
        return PROFILES.get(self.controls["profile"].value)

    def card_options(self, wire: str) -> ConvertOptions:
        """The options ``wire``'s card is made with (see the module docstring)."""
        options = self.current_options()
        profile = self.profile()
        if profile is not None:
            vision = bool(self.controls["vision"].value)
            own = profile.options(vision) if wire == profile.wire else self._base or {}
            options = {
                **own,
                "response_tag": options.get("response_tag"),
                "audience": options.get("audience"),
            }
        if not self.controls["vision"].value:
            options = without_vision(wire, options)
        return options

    def card_caption(self, wire: str) -> str:
        """The line under a card's title: the profile it shows, and its options."""
        options = self.card_options(wire)
        line = options_caption(wire, options)
        profile = self.profile()
        if profile is not None and wire == profile.wire:
            line = f"profile {profile.label}: {line.removeprefix('options: ')}"
        elif profile is not None:  # the controls show the profile's options, not this card's
            line = (
                f"options from before the profile (the controls show {profile.label}'s):"
                f" {line.removeprefix('options: ')}"
            )
        if not self.controls["vision"].value:
            line += " (the model does not see images)"
        return line

    def render(self) -> None:
        """Re-render every card from its options, and say why a response_tag is not used."""
        profile = self.profile()
        result = self.result
        why = response_tag_value(self.controls["response_tag"].value)[1]
        self.tag_note.value = f'<span style="color: #b3261e">{escape(why)}</span>' if why else ""
        if isinstance(result, (TurnView, TranscriptView)):  # hoisting needs image_input
            result.controls["hoist_images"].disabled = not self.controls["image_input"].value
        for wire, card in self.cards.items():
            if isinstance(result, (TurnView, TranscriptView)):
                card.value = result.card_html(wire, **self.card_options(wire))
            elif self.budgeted is not None:
                card.value = self._budget_card(self.budgeted, wire)
            else:
                card.value = card_html(
                    result, wire, caption=self.card_caption(wire), **self.card_options(wire)
                )
            if profile is not None and wire == profile.wire:
                card.add_class("trl-selected")
            else:
                card.remove_class("trl-selected")

    def _budget_card(self, budgeted: Budgeted, wire: str) -> str:
        """The card of the block cut to the budget, or why it cannot be cut to it."""
        options = self.card_options(wire)
        try:
            caption = f"{self.card_caption(wire)} · {budgeted.caption(wire, **options)}"
        except ValueError as error:  # the budget is below this block's minimum
            return (
                f'<div class="trl-card trl-budget-error" data-wire="{escape(wire)}">'
                f'<div><span class="trl-wire">{escape(wire)}</span></div>'
                f'<div class="trl-options">{escape(str(error))}</div></div>'
            )
        return card_html(budgeted, wire, caption=caption, **options)

    # -- events ------------------------------------------------------------------------------

    @contextmanager
    def _setting(self) -> Iterator[None]:
        """Set option controls from code: no re-render per control, no ``(custom)``."""
        self._applying = True
        try:
            yield
        finally:
            self._applying = False

    def _set_options(self, options: Mapping[str, Any]) -> None:
        with self._setting():
            self.controls["image_input"].value = bool(options.get("image_input"))
            self.controls["native_pdf"].value = tri_label(options.get("native_pdf"))
            self.controls["source_blocks"].value = tri_label(options.get("source_blocks"))

    def _on_option(self, change: Mapping[str, Any]) -> None:
        if self._applying:
            return
        if self.profile() is not None:  # the profile no longer holds
            self.controls["profile"].value = CUSTOM  # re-renders (_on_profile)
        else:
            self.render()

    def _on_tag(self, change: Mapping[str, Any]) -> None:
        self.render()  # no profile sets the hermes tag, the audience or a turn's echo

    def _on_profile(self, change: Mapping[str, Any]) -> None:
        chosen = change["new"]
        profile = PROFILES.get(chosen)
        if profile is not None:
            if self._base is None:
                self._base = self.current_options()
            self._set_options(profile.options(bool(self.controls["vision"].value)))
        elif chosen in (NO_PROFILE, None) and self._base is not None:
            base, self._base = self._base, None
            self._set_options(base)
        else:  # (custom): the controls apply to every card
            self._base = None
        self.render()

    def _on_vision(self, change: Mapping[str, Any]) -> None:
        profile = self.profile()
        if profile is not None:
            self._set_options(profile.options(bool(change["new"])))
        self.render()

    def __repr__(self) -> str:
        shown = {wire: describe_options(self.card_options(wire)) for wire in self.wires}
        return f"CompareBox({shown})"


def compare(
    result: ToolResult | Transcript | tuple[Sequence[Any], Sequence[Any]],
    wires: Sequence[str] | None = None,
    *,
    echo: bool = True,
    hoist_images: bool = False,
    max_tokens: int | None = None,
    keep: Keep = "text",
    **options: Unpack[ConvertOptions],
) -> CompareBox:
    """A widget showing ``result`` on each wire, with controls for the conversion options.

    ``options`` are those of :meth:`ToolResult.to` and set the controls' initial state.
    ``result`` may also be a turn, ``(calls, results)``: each card then shows the whole
    tool turn of that wire (``echo`` and ``hoist_images`` as in ``tool_turn``); or a
    :class:`~toolresult_lab.Transcript`: each card shows the whole conversation as that wire's
    request, its losses badged.

    ``max_tokens`` (and ``keep``, as in ``to()``) cuts a ToolResult's block on each card
    to that budget and shows its estimate against it.

    :raises TypeError: ``result`` is neither a ToolResult nor a turn, an unknown option, or
        ``response_tag`` is not a str; ``max_tokens`` not an int.
    :raises ValueError: an unknown wire (the message lists the known ones); ``max_tokens``
        negative, or given for a turn or a Transcript (it budgets one result).
    """
    shown: ToolResult | TurnView | TranscriptView | None = (
        result
        if isinstance(result, ToolResult)
        else TranscriptView(result, hoist_images=hoist_images)
        if isinstance(result, Transcript)
        else as_turn(result, echo=echo, hoist_images=hoist_images)
    )
    if shown is None:
        raise TypeError(
            "compare() expects a ToolResult or a turn (calls, results), or a Transcript,"
            f" not {type(result).__name__}"
        )
    chosen = check_wires(wires)
    ToolResult().to("hermes", **options)  # the core checks the option names and types
    budget = None
    if max_tokens is not None:
        if not isinstance(shown, ToolResult):
            raise ValueError("max_tokens budgets one ToolResult, not a turn or a Transcript")
        budget = (check_budget(max_tokens, keep), keep)
    return CompareBox(shown, chosen, options, budget)
