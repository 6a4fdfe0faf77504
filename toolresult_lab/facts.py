"""SPEC section 5: what each wire can carry natively, and which options it reads.

Every other module asks these facts instead of restating them: the converters,
``explain()``, the capability matrix and the widgets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Literal, get_args

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

Wire = Literal["openai", "anthropic", "gemini", "ollama", "responses", "hermes"]
MediaKind = Literal["image", "pdf"]
OptionName = Literal["image_input", "native_pdf", "source_blocks", "response_tag"]

#: The six wire formats, in the order the SPEC lists them.
WIRES: tuple[Wire, ...] = get_args(Wire)
MEDIA_KINDS: tuple[MediaKind, ...] = get_args(MediaKind)
OPTION_NAMES: tuple[OptionName, ...] = get_args(OptionName)

_IMAGE_MIMES = frozenset({"image/jpeg", "image/png", "image/gif", "image/webp"})


@dataclass(frozen=True, eq=False)
class WireFacts:
    """The facts of one wire: its native forms and the options it reads.

    One instance per wire (compared and hashed by identity).
    """

    wire: Wire
    title: str
    image_mimes: frozenset[str] = frozenset()
    carries_pdf: bool = False
    pdf_needs_vision: bool = False
    reads: frozenset[OptionName] = frozenset()
    structured_response: bool = False
    """Sends an object ``structured_content`` itself as the response (instead of the text)."""
    defaults: Mapping[OptionName, bool] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def carries_image(self) -> bool:
        return bool(self.image_mimes)

    @cached_property
    def no_image_reason(self) -> str:
        return f"{self.wire} has no native image form"

    @cached_property
    def no_pdf_reason(self) -> str:
        return f"{self.wire} has no native PDF form"

    def default(self, option: OptionName) -> bool:
        """The value a boolean option has on this wire when it is not given."""
        return self.defaults.get(option, False)


FACTS: Mapping[Wire, WireFacts] = MappingProxyType(
    {
        "openai": WireFacts("openai", "OpenAI Chat Completions tool message"),
        "anthropic": WireFacts(
            "anthropic",
            "Anthropic Messages tool_result block",
            image_mimes=_IMAGE_MIMES,
            carries_pdf=True,
            pdf_needs_vision=False,
            reads=frozenset({"image_input", "native_pdf", "source_blocks"}),
            defaults=MappingProxyType({"native_pdf": True, "source_blocks": True}),
        ),
        "gemini": WireFacts(
            "gemini",
            "Gemini functionResponse part",
            image_mimes=_IMAGE_MIMES - {"image/gif"},
            carries_pdf=True,
            pdf_needs_vision=True,
            reads=frozenset({"image_input", "native_pdf"}),
            structured_response=True,
        ),
        "ollama": WireFacts("ollama", "Ollama tool message"),
        "responses": WireFacts(
            "responses",
            "OpenAI Responses function_call_output item",
            image_mimes=_IMAGE_MIMES,
            carries_pdf=True,
            pdf_needs_vision=True,
            reads=frozenset({"image_input", "native_pdf"}),
        ),
        "hermes": WireFacts(
            "hermes",
            "Hermes <tool_response> text",
            reads=frozenset({"response_tag"}),
        ),
    }
)


_BY_NAME: dict[str, WireFacts] = {facts.wire: facts for facts in FACTS.values()}


def _lookup(wire: object) -> WireFacts | None:
    return _BY_NAME.get(wire) if isinstance(wire, str) else None


def wire_facts(wire: str) -> WireFacts:
    """The facts of ``wire``; ``ValueError`` naming it and listing the known wires."""
    facts = _lookup(wire)
    if facts is None:
        raise ValueError(f"unknown wire {wire!r}; known wires: {', '.join(WIRES)}")
    return facts


def _check_kind(kind: str) -> None:
    if kind not in MEDIA_KINDS:
        raise ValueError(f"unknown media kind {kind!r}; known kinds: {', '.join(MEDIA_KINDS)}")


def carries_native(wire: str | None, kind: str) -> bool:
    """True when ``wire`` has a native form for ``kind`` (``image`` or ``pdf``).

    False for a wire without native forms, an unknown wire and ``None``.
    """
    _check_kind(kind)
    facts = _lookup(wire)
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
    facts = _lookup(wire)
    return kind == "image" or (facts is not None and facts.pdf_needs_vision)
