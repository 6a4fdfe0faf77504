"""The conversion options, checked and resolved against one wire's defaults."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .facts import OptionName, WireFacts

__all__ = [
    "DEFAULT_RESPONSE_TAG",
    "TRI_STATES",
    "Options",
    "TriState",
    "resolve_options",
    "tri_label",
    "tri_value",
]

DEFAULT_RESPONSE_TAG = "tool_response"

#: A boolean option as people (CLI flags, widget buttons, matrix columns) name its states.
TriState = Literal["default", "on", "off"]
TRI_STATES: tuple[TriState, ...] = ("default", "on", "off")
_TRI_VALUES: dict[str, bool | None] = {"default": None, "on": True, "off": False}


def tri_label(value: Any) -> TriState:
    """An option value as ``default`` (``None``: not given), ``on`` or ``off`` (truthiness)."""
    return "default" if value is None else "on" if value else "off"


def tri_value(label: str) -> bool | None:
    """The inverse of :func:`tri_label`; ``ValueError`` for anything but the three labels."""
    try:
        return _TRI_VALUES[label]
    except (KeyError, TypeError):
        raise ValueError(f"{label!r} is not one of {', '.join(TRI_STATES)}") from None


@dataclass(frozen=True)
class Options:
    """Options as one wire sees them: booleans with the wire's defaults applied.

    ``unset`` names the options that were not given (``None``), so that a reason
    can say "image_input not set" rather than "image_input off".
    """

    image_input: bool
    native_pdf: bool
    source_blocks: bool
    response_tag: str
    unset: frozenset[OptionName]
    image_gate: str | None = field(default=None, init=False, repr=False, compare=False)
    """Why images are refused on this wire with these options; ``None``: they may go native."""
    pdf_gate: str | None = field(default=None, init=False, repr=False, compare=False)
    """Why PDFs are refused; ``None``: they may go native. Both set by :func:`resolve_options`."""

    def state(self, option: OptionName) -> str:
        """``"not set"``, ``"on by default"``, ``"on"`` or ``"off"``: for reasons."""
        on = bool(getattr(self, option))
        if option in self.unset:
            return "on by default" if on else "not set"
        return "on" if on else "off"


def _resolve(
    facts: WireFacts,
    image_input: bool | None,
    native_pdf: bool | None,
    source_blocks: bool | None,
    response_tag: str | None,
) -> Options:
    given: tuple[tuple[OptionName, object], ...] = (
        ("image_input", image_input),
        ("native_pdf", native_pdf),
        ("source_blocks", source_blocks),
        ("response_tag", response_tag),
    )
    unset = frozenset(name for name, value in given if value is None)
    options = Options(
        image_input=bool(image_input),
        native_pdf=facts.default("native_pdf") if native_pdf is None else native_pdf,
        source_blocks=facts.default("source_blocks") if source_blocks is None else source_blocks,
        response_tag=DEFAULT_RESPONSE_TAG if response_tag is None else response_tag,
        unset=unset,
    )
    from .carriage import gates  # the carriage rules live there (which imports this module)

    image_gate, pdf_gate = gates(facts, options)
    object.__setattr__(options, "image_gate", image_gate)
    object.__setattr__(options, "pdf_gate", pdf_gate)
    return options


def resolve_options(
    facts: WireFacts,
    image_input: Any = None,
    native_pdf: Any = None,
    source_blocks: Any = None,
    response_tag: Any = None,
) -> Options:
    """Apply ``facts``' defaults; ``None`` means not given, anything else counts by truthiness.

    :raises TypeError: ``response_tag`` is given and is not a ``str``.
    """
    if response_tag is not None and type(response_tag) is not str:
        if not isinstance(response_tag, str):
            raise TypeError(f"response_tag must be a str, not {type(response_tag).__name__}")
        response_tag = str(response_tag)
    return _resolve(
        facts,
        None if image_input is None else bool(image_input),
        None if native_pdf is None else bool(native_pdf),
        None if source_blocks is None else bool(source_blocks),
        response_tag,
    )
