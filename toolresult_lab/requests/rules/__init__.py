"""SPEC 8's request rules as data: each rule once, with where it applies, how bad it is,
what the provider answers, where that is written down, and when it was checked.

``lint`` reads a rule's severity from here (:meth:`Rule.level`) and names its source in
every finding; ``docs/request-rules.md`` is generated from this table. Figures that
already live elsewhere (the Anthropic image and request limits in ``limits.py``, the image
types a wire takes in its facts) are read from there, not restated. Where the research of
2026-12-01 (``docs/research/request-rules-sources.md``) differs from SPEC 8, the table
follows the SPEC and says so in the rule's ``notes``.

The rows sit in one module per rule group (``pairing``, ``content``, ``sizes``,
``rejections``, ``by_model`` for the rules read from the model's facts, and ``versions``
for those of an API version named in a header); :data:`RULES` joins them in the SPEC's
order. ``model`` holds the records, ``sources`` the sources cited more than once,
``figures`` the figures checks read, ``where`` on which wires each rule applies (derived
from what each wire declares, never a list of wire names), and ``unchecked``
(:data:`UNCHECKED`) the provider rules no check implements yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from . import by_model, content, pairing, prefix_rules, rejections, sizes, versions
from .figures import (
    GEMINI_IMAGE_MIMES,
    GEMINI_RESPONSE_MIMES,
    ID_FORMATS,
    MAX_DOCUMENTS,
    IdFormat,
    id_format_for,
)
from .model import CHECKED, Rule, RuleSource, Unchecked
from .unchecked import UNCHECKED
from .where import wire_severities, wires_of

__all__ = [
    "CHECKED",
    "GEMINI_IMAGE_MIMES",
    "GEMINI_RESPONSE_MIMES",
    "ID_FORMATS",
    "MAX_DOCUMENTS",
    "RULES",
    "UNCHECKED",
    "IdFormat",
    "Rule",
    "RuleSource",
    "Unchecked",
    "get_rule",
    "id_format_for",
    "wire_severities",
    "wires_of",
]

#: Every rule by id, in the SPEC's order.
RULES: Final[Mapping[str, Rule]] = MappingProxyType(
    {
        rule.id: rule
        for rule in (
            *pairing.ROWS,
            *content.ROWS,
            *sizes.ROWS,
            *rejections.ROWS,
            *by_model.ROWS,
            *versions.ROWS,
            *prefix_rules.ROWS,
        )
    }
)


def get_rule(rule_id: str) -> Rule:
    """The rule ``rule_id``; ``ValueError`` listing the known ids."""
    try:
        return RULES[rule_id]
    except KeyError:
        raise ValueError(f"unknown rule {rule_id!r}; known rules: {', '.join(RULES)}") from None
