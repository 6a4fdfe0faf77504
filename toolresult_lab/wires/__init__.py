"""The wire registry: one converter module per wire, looked up by name."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..facts import Wire
from . import anthropic, gemini, hermes, ollama, openai, responses
from ._base import Converter, Outcome, Source, Step

__all__ = ["CONVERTERS", "Converter", "Outcome", "Source", "Step"]

CONVERTERS: Mapping[Wire, Converter] = MappingProxyType(
    {
        "openai": openai.convert,
        "anthropic": anthropic.convert,
        "gemini": gemini.convert,
        "ollama": ollama.convert,
        "responses": responses.convert,
        "hermes": hermes.convert,
    }
)
