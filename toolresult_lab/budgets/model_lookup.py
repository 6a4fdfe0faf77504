"""Model facts looked up by what a wire declares (:class:`ModelIds`: the models.dev catalog
providers its ``model`` ids belong to, the model makers whose rows of the dated table
apply, the models its catalog lacks), never by a wire's name: the wires declare their
:class:`ModelIds` in their own packages (``WireChecks.models``), and ``budgets.models``
looks a wire's up in the registry. This module sits below the wires so that a wire's own
settings can read a model's facts by its declaration.

>>> ids = ModelIds(("openai", "azure"), makers=("OpenAI",))
>>> facts = facts_of(ids, "gpt-5-mini")
>>> sorted(facts.inputs), facts.context_window
(['image', 'text'], 400000)
>>> facts_of(ids, "my-own-model") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache
from types import MappingProxyType
from typing import Any, Final

from .model_catalog import Catalog, Entry, catalog, reset
from .model_table import CHECKED, ROWS, TABLE, Maker, ModelBehaviour, TableRow

__all__ = [
    "BINDS_THINKING",
    "ModelFacts",
    "ModelIds",
    "Override",
    "binding_of",
    "catalog_in_use",
    "facts_of",
    "forget",
]


@dataclass(frozen=True)
class ModelFacts(ModelBehaviour):
    """What a model takes: ``inputs`` among ``text``, ``image``, ``audio``, ``video``,
    ``pdf``; ``context_window`` in tokens (``None``: not known); ``source`` where the facts
    come from (the catalog entry and its version, the table row's page and date, or both);
    ``input_limit`` the most input tokens where a figure below the window is given
    (gpt-5: 272,000 of 400,000; ``None``: the window bounds the input).

    The rest (keyword-only, declared once in ``model_table.ModelBehaviour``) come from the
    dated table (``model_table.TableRow`` says what each means;
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
    family: str | None = None

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


@dataclass(frozen=True)
class ModelIds:
    """Whose model ids a wire's ``model`` is, as the wire declares it.

    - ``catalog``: the models.dev providers its ids are looked up in, in the order tried
      (Anthropic bodies also go to Bedrock InvokeModel, whose ids are Bedrock's).
    - ``makers``: the model makers whose rows of the dated table (``model_table``) the
      wire sends (Bedrock sends Anthropic's Claude models).
    - ``overrides``: models the catalog lacks and the table gives no inputs of, each with
      its facts (model id, :class:`Override`).
    """

    catalog: tuple[str, ...]
    makers: tuple[Maker, ...] = ()
    overrides: tuple[tuple[str, Override], ...] = ()


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


def _row(ids: ModelIds, model: str) -> TableRow | None:
    for candidate in _row_ids(model):
        for maker in ids.makers:
            row = TABLE.get((maker, candidate))
            if row is not None:
                return row
    return None


def _entry(ids: ModelIds, model: str, found: Catalog) -> tuple[str, str, Entry] | None:
    """The catalog entry of ``model`` among ``ids``' providers: its provider, id and entry."""
    for candidate in _candidates(model):
        for provider in ids.catalog:
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
    facts_of.cache_clear()


@cache
def facts_of(ids: ModelIds, model: str | None) -> ModelFacts | None:
    """The facts of ``model`` on a wire that declares ``ids`` (``None``: no model, or one
    neither the catalog, the table nor ``ids.overrides`` knows)."""
    if not isinstance(model, str) or not model:
        return None
    overrides = dict(ids.overrides)
    for candidate in _candidates(model):
        override = overrides.get(candidate)
        if override is not None:
            return ModelFacts(
                model,
                override.inputs,
                override.context_window,
                f"{override.url} (checked {override.checked})",
            )
    found = catalog()
    entry = _entry(ids, model, found)
    row = _row(ids, model)
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
            input_limit=listed.input_limit,
            output_limit=listed.output_limit,
            released=listed.released,
            family=listed.family,
            reasoning=listed.reasoning,
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


def binding_of(ids: ModelIds, model: str | None) -> tuple[str, str] | None:
    """Where ``model`` on a wire that declares ``ids`` binds each returned thinking block
    to its prefix (Anthropic's preserved thinking): the page and the day it was read;
    ``None`` where it does not, or is not known to."""
    if not isinstance(model, str):
        return None
    row = _row(ids, model)  # the rows say which makers' models the wire sends
    return BINDS_THINKING.get(row.model) if row is not None else None
