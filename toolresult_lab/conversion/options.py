"""The conversion options: one definition, and how one wire sees them.

:class:`ConvertOptions` is the option set of ``ToolResult.to()`` and of everything built
on it (``explain``, ``compare``, the CLI, the matrix grid, ``tool_turn``). Which options
a wire reads, and their defaults there, belong to that wire's converter.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final, Literal, TypeAlias, TypedDict

__all__ = [
    "AUDIENCES",
    "AUDIENCE_RULE",
    "BOOLEAN_OPTIONS",
    "DEFAULT_RESPONSE_TAG",
    "KEEP_CHOICES",
    "OPTION_HELP",
    "OPTION_NAMES",
    "RESPONSE_TAG_RULE",
    "TRI_STATES",
    "BooleanOption",
    "ConvertOptions",
    "Keep",
    "OptionName",
    "OptionsKey",
    "Resolved",
    "TriState",
    "check_audience",
    "check_option_names",
    "check_response_tag",
    "options_key",
    "tri_label",
    "tri_value",
]


class ConvertOptions(TypedDict, total=False):
    """Keyword options of :meth:`ToolResult.to`. ``None`` (or leaving one out) means
    "not given": the wire's default; any other value counts by its truthiness."""

    image_input: bool | None
    """Send images natively where the wire can (``carries_native``): the model sees images."""
    native_pdf: bool | None
    """Send PDFs natively where the wire can (on by default on anthropic only)."""
    source_blocks: bool | None
    """Anthropic may send document / search_result blocks (on by default)."""
    response_tag: str | None
    """The hermes tag (default ``tool_response``): a plain tag name (``RESPONSE_TAG_RULE``)."""
    audience: Literal["assistant"] | None
    """``"assistant"`` leaves out every entry whose MCP ``annotations.audience`` does not
    include ``"assistant"`` (each reported ``omitted``); ``None``: every entry is sent."""


OptionName = Literal["image_input", "native_pdf", "source_blocks", "response_tag", "audience"]
BooleanOption = Literal["image_input", "native_pdf", "source_blocks"]
OPTION_NAMES: Final[tuple[OptionName, ...]] = (
    "image_input",
    "native_pdf",
    "source_blocks",
    "response_tag",
    "audience",
)
BOOLEAN_OPTIONS: Final[tuple[BooleanOption, ...]] = ("image_input", "native_pdf", "source_blocks")
#: What a token budget (``max_tokens``) keeps first: ``"text"`` replaces images and PDFs by
#: their placeholders before any text is cut, ``"media"`` cuts texts to their minimum first.
Keep = Literal["text", "media"]
KEEP_CHOICES: Final[tuple[Keep, ...]] = ("text", "media")
#: One line per option, for the CLI and the widgets.
OPTION_HELP: Final[Mapping[OptionName, str]] = {
    "image_input": "send images natively on the wires that carry them",
    "native_pdf": "send PDFs natively (default: on for anthropic, off elsewhere)",
    "source_blocks": "anthropic document/search_result blocks (default: on)",
    "response_tag": "the hermes tag (default: tool_response)",
    "audience": "assistant: leave out entries whose annotations.audience leaves out the model",
}
#: The values ``audience`` takes besides ``None`` (not given: every entry is sent).
AUDIENCES: Final[tuple[Literal["assistant"], ...]] = ("assistant",)
#: What ``audience`` accepts, in words (for its ``ValueError``).
AUDIENCE_RULE: Final = (
    '"assistant" (leave out entries whose annotations.audience does not include "assistant")'
    " or None"
)
_SHOWN_AUDIENCE: Final = 40
DEFAULT_RESPONSE_TAG: Final = "tool_response"
#: Which ``response_tag`` is accepted, in words: it is written into the model's text as
#: ``<tag>`` and ``</tag>``, so anything else (``""``, ``<``, ``>``, a space) would break the
#: template or let the caller's text open other tags.
RESPONSE_TAG_RULE: Final = (
    "a plain tag name: an ASCII letter or _ first, then ASCII letters, digits, _, - or ."
)
_TAG_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*\Z")
_SHOWN_TAG: Final = 40  # characters of a rejected tag quoted in the message
_KNOWN: Final = frozenset(OPTION_NAMES)

#: A boolean option as people (CLI flags, widget buttons, matrix columns) name its states.
TriState = Literal["default", "on", "off"]
TRI_STATES: Final[tuple[TriState, ...]] = ("default", "on", "off")
_TRI_VALUES: Final[dict[str, bool | None]] = {"default": None, "on": True, "off": False}


def tri_label(value: Any) -> TriState:
    """An option value as ``default`` (``None``: not given), ``on`` or ``off`` (truthiness)."""
    return "default" if value is None else "on" if value else "off"


def tri_value(label: str) -> bool | None:
    """The inverse of :func:`tri_label`; ``ValueError`` for anything but the three labels."""
    try:
        return _TRI_VALUES[label]
    except (KeyError, TypeError):
        raise ValueError(f"{label!r} is not one of {', '.join(TRI_STATES)}") from None


def check_option_names(options: Mapping[str, Any]) -> None:
    """``TypeError`` for an option name that no wire knows (SPEC section 1)."""
    for name in options:
        if name not in _KNOWN:
            raise TypeError(f"unknown option {name!r}; known options: {', '.join(OPTION_NAMES)}")


def check_response_tag(tag: object) -> str:
    """``tag`` when it is a plain tag name (:data:`RESPONSE_TAG_RULE`).

    :raises TypeError: ``tag`` is not a ``str`` (SPEC section 1).
    :raises ValueError: it is not a plain tag name (``""`` included): this port's rule
        (issue 18), stricter than SPEC 1's "used as given".
    """
    if not isinstance(tag, str):
        raise TypeError(f"response_tag must be a str, not {type(tag).__name__}")
    if _TAG_NAME.match(tag) is None:
        shown = tag if len(tag) <= _SHOWN_TAG else tag[: _SHOWN_TAG - 1] + "…"
        raise ValueError(f"response_tag must be {RESPONSE_TAG_RULE}; got {shown!r}")
    return str(tag)


def check_audience(value: object) -> Literal["assistant"] | None:
    """``value`` when it is ``None`` or ``"assistant"``.

    :raises TypeError: ``value`` is neither ``None`` nor a ``str``.
    :raises ValueError: any other string (this port's option, issue 18).
    """
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"audience must be a str or None, not {type(value).__name__}")
    if value != "assistant":
        shown = value if len(value) <= _SHOWN_AUDIENCE else value[: _SHOWN_AUDIENCE - 1] + "…"
        raise ValueError(f"audience must be {AUDIENCE_RULE}; got {shown!r}")
    return "assistant"


def _flag(value: Any) -> bool | None:
    return None if value is None else bool(value)


OptionsKey: TypeAlias = tuple[bool | None, bool | None, bool | None, str | None, str | None]


def options_key(options: Mapping[str, Any]) -> OptionsKey:
    """The options as a hashable key: booleans by truthiness, ``None`` for "not given".

    :raises TypeError: an unknown option, ``response_tag`` that is not a ``str``, or
        ``audience`` that is neither ``None`` nor a ``str``.
    :raises ValueError: ``response_tag`` is not a plain tag name; ``audience`` is a string
        other than ``"assistant"``.
    """
    check_option_names(options)
    tag = options.get("response_tag")
    if tag is not None:
        tag = check_response_tag(tag)
    return (
        _flag(options.get("image_input")),
        _flag(options.get("native_pdf")),
        _flag(options.get("source_blocks")),
        tag,
        check_audience(options.get("audience")),
    )


class Resolved:
    """The options as one wire sees them: its defaults applied, and what was not given.

    Reasons say "image_input not set" rather than "image_input off", so the state of
    each option as given is kept (:meth:`state`).
    """

    def __init__(self, key: OptionsKey, defaults: Mapping[OptionName, bool]) -> None:
        image_input, native_pdf, source_blocks, tag, audience = key
        self._given: dict[str, bool | None] = {
            "image_input": image_input,
            "native_pdf": native_pdf,
            "source_blocks": source_blocks,
        }
        self._defaults = defaults
        self.image_input = self.value("image_input")
        self.native_pdf = self.value("native_pdf")
        self.source_blocks = self.value("source_blocks")
        self.response_tag = DEFAULT_RESPONSE_TAG if tag is None else tag
        self.audience = audience
        """``"assistant"``: entries not meant for the model are left out; ``None``: none is."""

    def value(self, option: BooleanOption) -> bool:
        """The option's value on this wire (its default where not given)."""
        given = self._given[option]
        return self._defaults.get(option, False) if given is None else given

    def state(self, option: BooleanOption) -> str:
        """``"not set"``, ``"on by default"``, ``"on"`` or ``"off"``: for reasons."""
        on = self.value(option)
        if self._given[option] is None:
            return "on by default" if on else "not set"
        return "on" if on else "off"
