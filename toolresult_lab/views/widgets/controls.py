"""The controls the widgets share: the conversion options, the provider profile and the
"model sees images" switch, each made from the one definition of the options
(``options.OPTION_NAMES``, ``TRI_STATES``) and of the profiles (``profiles.PROFILES``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from ...conversion.facts import FACTS, wire_facts
from ...conversion.options import (
    DEFAULT_RESPONSE_TAG,
    OPTION_HELP,
    TRI_STATES,
    BooleanOption,
    check_response_tag,
    tri_label,
)
from ...conversion.profiles import PROFILES

__all__ = [
    "CUSTOM",
    "NO_PROFILE",
    "WIDE",
    "check_wires",
    "option_controls",
    "profile_controls",
    "response_tag_value",
    "tri_buttons",
]

WIDE = {"description_width": "initial"}  # show descriptions in full
NO_PROFILE = ""  # the dropdown's "(none)": ipywidgets shows a None value as no selection
#: The dropdown's "(custom)": an option was changed after a profile was chosen.
CUSTOM = "(custom)"


def check_wires(wires: Sequence[str] | None) -> list[str]:
    """The wires to show, in the given order without repeats (``None``: every wire the
    registry knows, a registered one too); ``ValueError`` for unknown ones."""
    if wires is None:
        return list(FACTS)
    if isinstance(wires, str):
        wires = [wires]
    chosen: list[str] = list(dict.fromkeys(wire_facts(w).wire for w in wires))
    if not chosen:
        raise ValueError(f"no wires to compare; known wires: {', '.join(FACTS)}")
    return chosen


def tri_buttons(name: BooleanOption, value: Any) -> widgets.ToggleButtons:
    """``default`` / ``on`` / ``off`` for a boolean option (``None`` shows as ``default``)."""
    return widgets.ToggleButtons(
        options=list(TRI_STATES),
        value=tri_label(value),
        description=name,
        tooltips=[OPTION_HELP[name]] * len(TRI_STATES),
        style={"button_width": "7.5em", **WIDE},
    )


def option_controls(options: Mapping[str, Any]) -> dict[str, widgets.Widget]:
    """``image_input`` (ticked: on; unticked: not given), ``native_pdf`` and
    ``source_blocks`` (default / on / off), ``response_tag`` (empty: not given) and
    ``audience`` (ticked: ``"assistant"``; unticked: not given)."""
    return {
        "image_input": widgets.Checkbox(
            value=bool(options.get("image_input")),
            description="image_input",
            tooltip=OPTION_HELP["image_input"],
            indent=False,
        ),
        "native_pdf": tri_buttons("native_pdf", options.get("native_pdf")),
        "source_blocks": tri_buttons("source_blocks", options.get("source_blocks")),
        "response_tag": widgets.Text(
            value=options.get("response_tag") or "",
            description="response_tag",
            placeholder=DEFAULT_RESPONSE_TAG,
            style=WIDE,
            layout=widgets.Layout(width="22em"),
        ),
        "audience": widgets.Checkbox(
            value=options.get("audience") == "assistant",
            description='audience="assistant"',
            tooltip=OPTION_HELP["audience"],
            indent=False,
            layout=widgets.Layout(width="auto"),
        ),
    }


def response_tag_value(text: str) -> tuple[str | None, str]:
    """The tag a ``response_tag`` text box stands for (``None``: not given) and, when its text
    is not a tag the core accepts, why (the cards then use the default tag)."""
    if not text:
        return None, ""
    try:
        return check_response_tag(text), ""
    except ValueError as error:
        return None, f"{error}; the cards use {DEFAULT_RESPONSE_TAG}"


def profile_controls(*, custom: bool = True) -> dict[str, widgets.Widget]:
    """The provider-profile selector (with ``(custom)`` when ``custom``) and the "model sees
    images" switch."""
    choices = [("(none)", NO_PROFILE)]
    if custom:
        choices.append(("(custom)", CUSTOM))
    choices += [(f"{p.label} [{p.wire}]", p.id) for p in PROFILES.values()]
    return {
        "profile": widgets.Dropdown(
            description="profile", options=choices, value=NO_PROFILE, style=WIDE
        ),
        "vision": widgets.Checkbox(value=True, description="model sees images", indent=False),
    }
