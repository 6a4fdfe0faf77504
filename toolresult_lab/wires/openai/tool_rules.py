"""OpenAI's tool definition facts, which the responses wire takes too (its ``ToolDefs`` say
``same_as="openai"``; issue 40): whether a JSON Schema qualifies for strict mode (Structured
Outputs): a schema that does not is sent without ``strict: true``, since OpenAI answers a
400 to it.

The subset, from "Structured Outputs: Supported schemas"
(https://platform.openai.com/docs/guides/structured-outputs#supported-schemas, read
2026-12-07): the root is an object, not ``anyOf``; every object sets
``additionalProperties: false`` and lists every property in ``required``; the keywords are
those below; at most 5,000 properties and 10 levels of nesting. ``$defs`` and ``$ref``
(recursion included) are taken. Anything outside the subset does not qualify: the test is
conservative, never a strict flag the API refuses.
"""

from __future__ import annotations

from typing import Any, Final

from .._settings import SettingSource
from .._tool_defs import ToolDefs

__all__ = ["STRICT_SOURCE", "TOOL_DEFS", "qualifies"]

STRICT_SOURCE: Final = SettingSource(
    "strict",
    "Structured Outputs, supported schemas: what strict function calling takes",
    "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas",
    "2026-12-07",
)
#: The keywords of the subset (``title``/``description`` annotate; the rest constrain).
_KEYWORDS: Final = frozenset({
    "type", "properties", "required", "additionalProperties", "items", "enum", "const",
    "anyOf", "$ref", "$defs", "definitions", "description", "title", "pattern", "format",
    "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "minItems",
    "maxItems",
})  # fmt: skip
_MAX_PROPERTIES: Final = 5000
_MAX_NESTING: Final = 10


class _Walk:
    def __init__(self) -> None:
        self.properties = 0

    def node(self, schema: Any, level: int) -> bool:
        if not isinstance(schema, dict) or level > _MAX_NESTING:
            return False
        if not set(schema) <= _KEYWORDS:
            return False
        is_object = schema.get("type") == "object" or "properties" in schema
        if is_object and not self.closed(schema, level):
            return False
        if "items" in schema and not self.node(schema["items"], level + 1):
            return False
        branches = schema.get("anyOf", [])
        if not isinstance(branches, list) or not all(self.node(b, level + 1) for b in branches):
            return False
        defs = [schema.get(key, {}) for key in ("$defs", "definitions")]
        return all(
            isinstance(d, dict) and all(self.node(v, level + 1) for v in d.values()) for d in defs
        )

    def closed(self, schema: dict[str, Any], level: int) -> bool:
        props = schema.get("properties", {})
        if not isinstance(props, dict) or schema.get("additionalProperties") is not False:
            return False
        self.properties += len(props)
        required = schema.get("required", [])
        if not isinstance(required, list) or set(required) != set(props):
            return False
        return self.properties <= _MAX_PROPERTIES and all(
            self.node(v, level + 1) for v in props.values()
        )


def qualifies(schema: Any) -> bool:
    """``schema`` is inside OpenAI's strict subset (an object at the root)."""
    if not isinstance(schema, dict) or schema.get("type") != "object" or "anyOf" in schema:
        return False
    return _Walk().node(schema, 1)


#: What ``tools_for`` needs beside the settings shape: the name rule, and strict where the
#: schema qualifies.
TOOL_DEFS: Final = ToolDefs(strict=qualifies, sources=(STRICT_SOURCE,))
