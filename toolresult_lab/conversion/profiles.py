"""Provider profiles: which wire a provider speaks and which options its tool loop passes.

A profile turns "this provider, with a model that does (not) see images" into the
options of :meth:`ToolResult.to`. The facts are documentation-derived upstream
(Langertha 0.504) unless ``source`` says they were live-verified there; they are
data for people to check, not something this package measured.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from .facts import MEDIA_KINDS, MediaKind, Wire, native_needs_vision, wire_facts
from .options import BooleanOption, ConvertOptions, tri_label

__all__ = [
    "MEDIA_OPTIONS",
    "PROFILES",
    "Gate",
    "ProviderProfile",
    "describe_options",
    "get_profile",
    "without_vision",
]

#: When a profile sends a media kind natively: only for a vision model, always, or never.
Gate = Literal["vision", "always", "never"]


@dataclass(frozen=True)
class ProviderProfile:
    """One provider family's tool loop, as options for its wire."""

    id: str
    label: str
    wire: Wire
    images: Gate = "never"
    """When ``image_input`` is passed."""
    pdf: Gate = "never"
    """When ``native_pdf`` is passed (never: passed as off)."""
    source_blocks: bool | None = None
    """``source_blocks`` as passed (``None``: the wire's default)."""
    source: str = "documentation"
    """Where the facts come from."""
    note: str = ""
    vision: bool = True
    """Whether the provider's models read images by default (``lint``'s ``vision=None``)."""
    base64_only: bool = False
    """The platform takes images and documents only inline (base64): a URL or Files API
    source is refused (``base64-sources-only``)."""

    def options(self, vision: bool) -> ConvertOptions:
        """The options this provider's tool loop passes for a model that (does not) see images."""
        reads = wire_facts(self.wire).reads
        options: ConvertOptions = {}
        if "image_input" in reads:
            options["image_input"] = _gate(self.images, vision)
        if "native_pdf" in reads:
            options["native_pdf"] = _gate(self.pdf, vision)
        if "source_blocks" in reads and self.source_blocks is not None:
            options["source_blocks"] = self.source_blocks
        return options

    def describe(self, vision: bool) -> str:
        """The options for a model that does (not) see images, in words: ``image_input on, ...``."""
        return describe_options(self.options(vision))


#: The option that sends each media kind natively.
MEDIA_OPTIONS: Mapping[MediaKind, BooleanOption] = MappingProxyType(
    {"image": "image_input", "pdf": "native_pdf"}
)


def without_vision(wire: str, options: ConvertOptions) -> ConvertOptions:
    """``options`` for a model that does not see images: every native form that needs vision
    on ``wire`` (``native_needs_vision``: images anywhere, PDFs on responses and gemini) off."""
    gated: ConvertOptions = {**options}
    for kind in MEDIA_KINDS:
        if native_needs_vision(wire, kind):
            gated[MEDIA_OPTIONS[kind]] = False
    return gated


def describe_options(options: Mapping[str, Any]) -> str:
    """Options in words (``image_input on, native_pdf off``); ``-`` for none."""
    shown = [
        f"{name} {value if name == 'response_tag' else tri_label(value)}"
        for name, value in options.items()
        if value is not None
    ]
    return ", ".join(shown) or "-"


def _gate(gate: Gate, vision: bool) -> bool:
    return gate == "always" or (gate == "vision" and vision)


_PROFILES = (
    ProviderProfile(
        "anthropic",
        "Anthropic (first-party)",
        "anthropic",
        images="vision",
        pdf="always",
        source_blocks=True,
        note="Every Claude 3+ model sees images; a PDF document block is read as text even"
        " without vision.",
    ),
    ProviderProfile(
        "minimax",
        "MiniMax /anthropic",
        "anthropic",
        images="vision",
        pdf="always",
        source_blocks=True,
        source="documentation; PDF block live-verified upstream",
        note="Its PDF document block is read even by text-only models (live-verified upstream).",
    ),
    ProviderProfile(
        "moonshot",
        "Moonshot / Kimi /anthropic",
        "anthropic",
        images="vision",
        pdf="never",
        source_blocks=False,
        note="Rejects document / search_result blocks inside a tool_result: source blocks off.",
    ),
    ProviderProfile(
        "lmstudio",
        "LM Studio /anthropic",
        "anthropic",
        images="vision",
        pdf="never",
        source_blocks=False,
        source="documentation (conservative, not live-verified)",
        note="Source blocks off, conservatively.",
    ),
    ProviderProfile(
        "akiio",
        "AKI.IO /anthropic",
        "anthropic",
        images="never",
        pdf="never",
        source_blocks=False,
        source="live-verified upstream",
        note="Its models do not see tool-result images; rejects document blocks.",
    ),
    ProviderProfile(
        "openai-chat", "OpenAI Chat Completions", "openai", note="No native form in a tool message."
    ),
    ProviderProfile(
        "deepseek",
        "DeepSeek (text-only models)",
        "openai",
        source="documentation (DeepSeek Vision guide, checked 2026-12-01); its 400 in user reports",
        note="Text-only models refuse any image part (vision off unless asked for).",
        vision=False,
    ),
    ProviderProfile(
        "mistral",
        "Mistral",
        "openai",
        source="Mistral's validator (mistral-common) and user reports, checked 2026-12-01",
        note="9-character [a-zA-Z0-9] call ids; no user message right after a tool message.",
    ),
    ProviderProfile(
        "openai-responses",
        "OpenAI Responses",
        "responses",
        images="vision",
        pdf="vision",
        note="input_image and input_file; PDFs are read through vision.",
    ),
    ProviderProfile(
        "perplexity",
        "Perplexity /v1/agent",
        "responses",
        images="vision",
        pdf="never",
        note="Takes input_image but no input_file.",
    ),
    ProviderProfile(
        "gemini-3",
        "Gemini 3 and later",
        "gemini",
        images="vision",
        pdf="vision",
        note="Images (no GIF) and PDFs in functionResponse.parts for vision models.",
    ),
    ProviderProfile(
        "gemini-2.5", "Gemini 2.5", "gemini", note="No tool-result parts before Gemini 3."
    ),
    ProviderProfile("ollama", "Ollama", "ollama", note="No native form in a tool message."),
    ProviderProfile(
        "hermes",
        "Hermes-style (vLLM, SGLang, llama.cpp)",
        "hermes",
        note="<tool_response> text in the chat template; no native form.",
    ),
    ProviderProfile(
        "bedrock-claude",
        "Amazon Bedrock Converse: Anthropic Claude 3+ (Opus 4.6 and earlier)",
        "bedrock",
        images="vision",
        pdf="always",
        source="AWS Bedrock API reference (ToolResultContentBlock.image: Nova and Claude 3"
        " and 4) and User Guide 'Supported models and model features', checked 2026-12-01",
        note="Images and PDFs inside toolResult; Claude 3.5 Haiku has no vision on Bedrock."
        " Images up to 5 MB base64 each. Converse is the legacy path, for Opus 4.6 and"
        " earlier ('Claude on Amazon Bedrock (Opus 4.6 and earlier)', Claude Docs, read"
        " 2026-12-07); later Claude models take the Messages API: anthropic-bedrock.",
    ),
    ProviderProfile(
        "bedrock-nova",
        "Amazon Bedrock Converse: Amazon Nova",
        "bedrock",
        images="vision",
        pdf="vision",
        source="AWS Bedrock API reference and Nova User Guide (modalities), checked"
        " 2026-12-01; PDFs inside toolResult reported accepted on Nova Pro (not documented)",
        note="Nova Pro, Lite, Premier and 2 Lite read images and PDFs; Nova Micro is"
        " text-only (no vision, no document chat).",
    ),
    ProviderProfile(
        "bedrock-llama4",
        "Amazon Bedrock Converse: Meta Llama 4",
        "bedrock",
        images="vision",
        pdf="never",
        source="user report (images in toolResult accepted live on Llama 4 Maverick,"
        " 2026-09; not on AWS's documented list), checked 2026-12-01",
        note="Images in a tool result work (undocumented); documents there are not known.",
    ),
    ProviderProfile(
        "bedrock-text",
        "Amazon Bedrock Converse: text in tool results (Llama 3.x, Mistral, Cohere, others)",
        "bedrock",
        images="never",
        pdf="never",
        source="AWS User Guide 'Supported models and model features' (Vision: No) and user"
        " reports of Pixtral, OpenAI, Qwen, Gemma rejecting toolResult images, checked"
        " 2026-12-01",
        note="Text-only families, and vision models that reject an image inside toolResult"
        " ('This model doesn't support the image field').",
    ),
    ProviderProfile(
        "anthropic-bedrock",
        "Claude on Amazon Bedrock (Messages API)",
        "anthropic",
        images="vision",
        pdf="always",
        source_blocks=True,
        source="Claude in Amazon Bedrock and Claude on Amazon Bedrock (Opus 4.6 and earlier),"
        " Claude Docs; API overview (request size) and Images and vision (5 MB, base64 only),"
        " checked 2026-12-07",
        note="The Messages API on Bedrock (/anthropic/v1/messages), which Claude models after"
        " Opus 4.6 take; 20 MB per request, 5 MB per image, base64 sources only. Opus 4.6 and"
        " earlier through InvokeModel / Converse: bedrock-claude.",
        base64_only=True,
    ),
    ProviderProfile(
        "anthropic-google-cloud",
        "Claude on Google Cloud (Vertex AI)",
        "anthropic",
        images="vision",
        pdf="always",
        source_blocks=True,
        source="Claude Docs API overview (request size) and Images and vision (5 MB, base64"
        " only), checked 2026-12-07",
        note="30 MB per request, 5 MB per image, base64 sources only.",
        base64_only=True,
    ),
)

#: Every profile by id, in display order.
PROFILES: Mapping[str, ProviderProfile] = MappingProxyType({p.id: p for p in _PROFILES})


def get_profile(profile_id: str) -> ProviderProfile:
    """The profile ``profile_id``; ``ValueError`` listing the known ids."""
    try:
        return PROFILES[profile_id]
    except KeyError:
        raise ValueError(
            f"unknown provider profile {profile_id!r}; known profiles: {', '.join(PROFILES)}"
        ) from None
