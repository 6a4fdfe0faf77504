"""The conversion options, checked and resolved against one wire's defaults."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .facts import OptionName, WireFacts

__all__ = ["DEFAULT_RESPONSE_TAG", "Options", "resolve_options"]

DEFAULT_RESPONSE_TAG = "tool_response"


@dataclass(frozen=True, slots=True)
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

    def state(self, option: OptionName) -> str:
        """``"not set"``, ``"on by default"``, ``"on"`` or ``"off"``: for reasons."""
        on = getattr(self, option)
        if option in self.unset:
            return "on by default" if on else "not set"
        return "on" if on else "off"


def resolve_options(
    facts: WireFacts,
    image_input: Any = None,
    native_pdf: Any = None,
    source_blocks: Any = None,
    response_tag: Any = None,
) -> Options:
    """Apply ``facts``' defaults; ``None`` means not given, anything else counts by truthiness."""
    if response_tag is not None and not isinstance(response_tag, str):
        raise TypeError(f"response_tag must be a str, not {type(response_tag).__name__}")
    unset: set[OptionName] = set()
    if image_input is None:
        unset.add("image_input")
    if native_pdf is None:
        unset.add("native_pdf")
    if source_blocks is None:
        unset.add("source_blocks")
    return Options(
        image_input=bool(image_input),
        native_pdf=facts.default("native_pdf") if native_pdf is None else bool(native_pdf),
        source_blocks=(
            facts.default("source_blocks") if source_blocks is None else bool(source_blocks)
        ),
        response_tag=DEFAULT_RESPONSE_TAG if response_tag is None else response_tag,
        unset=frozenset(unset),
    )
