"""SPEC section 5: what each wire can carry natively (read from the wire converters).

Each wire module declares its own facts; this module answers the public questions
about them, so ``carries_native`` can never disagree with what a converter does.
"""

from __future__ import annotations

from typing import Final

from ..wires import FACTS, WIRES, Wire, WireFacts, wire_facts
from .options import OPTION_NAMES, OptionName
from .steps import MediaKind

__all__ = [
    "FACTS",
    "MEDIA_KINDS",
    "OPTION_NAMES",
    "WIRES",
    "MediaKind",
    "OptionName",
    "Wire",
    "WireFacts",
    "carries_native",
    "native_needs_vision",
    "wire_facts",
]

MEDIA_KINDS: Final[tuple[MediaKind, ...]] = ("image", "pdf")


def _check_kind(kind: str) -> None:
    if kind not in MEDIA_KINDS:
        raise ValueError(f"unknown media kind {kind!r}; known kinds: {', '.join(MEDIA_KINDS)}")


def _known(wire: object) -> WireFacts | None:
    return FACTS.get(wire) if isinstance(wire, str) else None


def carries_native(wire: str | None, kind: str) -> bool:
    """True when ``wire`` has a native form for ``kind`` (``image`` or ``pdf``).

    False for a wire without native forms, an unknown wire and ``None``.
    """
    _check_kind(kind)
    facts = _known(wire)
    if facts is None:
        return False
    return facts.carries_image if kind == "image" else facts.carries_pdf


def native_needs_vision(wire: str | None, kind: str) -> bool:
    """True when the native form of ``kind`` on ``wire`` reaches only a vision model.

    Images need vision wherever they are carried; a PDF needs it on responses and
    gemini but not on anthropic, which reads a PDF as extracted text.
    """
    if not carries_native(wire, kind):
        return False
    facts = _known(wire)
    return kind == "image" or (facts is not None and facts.pdf_needs_vision)
