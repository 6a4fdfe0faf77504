"""The conversion options, checked and resolved against one wire's defaults."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .facts import OptionName, WireFacts

__all__ = ["DEFAULT_RESPONSE_TAG", "Options", "resolve_options"]

DEFAULT_RESPONSE_TAG = "tool_response"


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
    image_input_reason: str = field(init=False, repr=False, compare=False)
    native_pdf_reason: str = field(init=False, repr=False, compare=False)
    source_blocks_pdf_reason: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        init = object.__setattr__
        init(self, "image_input_reason", f"image_input {self.state('image_input')}")
        init(self, "native_pdf_reason", f"native_pdf {self.state('native_pdf')}")
        init(
            self,
            "source_blocks_pdf_reason",
            f"source_blocks {self.state('source_blocks')}: PDF not sent as a document",
        )

    def state(self, option: OptionName) -> str:
        """``"not set"``, ``"on by default"``, ``"on"`` or ``"off"``: for reasons."""
        on = bool(getattr(self, option))
        if option in self.unset:
            return "on by default" if on else "not set"
        return "on" if on else "off"


@lru_cache(maxsize=256)
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
    return Options(
        image_input=bool(image_input),
        native_pdf=facts.default("native_pdf") if native_pdf is None else native_pdf,
        source_blocks=facts.default("source_blocks") if source_blocks is None else source_blocks,
        response_tag=DEFAULT_RESPONSE_TAG if response_tag is None else response_tag,
        unset=unset,
    )


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
