"""What makes a tool's input schema one a provider refuses at its root, where the wire
takes only an object schema there (``SettingsShape.object_schema``): lint's
``tool-schema-root`` reports it, and translate writes an empty object schema instead, with
a loss (never the schema the destination refuses)."""

from __future__ import annotations

from typing import Any

__all__ = ["schema_fault"]


def schema_fault(schema: Any) -> str | None:
    """Why ``schema`` is no object schema at its root (``None``: it is one, has no root
    type, or there is none): not a JSON object, a root ``type`` other than ``object`` (in
    any case of letters: Gemini spells it ``OBJECT``), ``properties`` not an object, or
    ``required`` not a list of names."""
    if schema is None:
        return None
    if not isinstance(schema, dict):
        return f"is {type(schema).__name__}, not a JSON Schema object"
    kind = schema.get("type", "object")
    if not isinstance(kind, str) or kind.lower() != "object":
        return f"has the root type {kind!r}, not object"
    if not isinstance(schema.get("properties", {}), dict):
        return "has properties that are not an object"
    required = schema.get("required", [])
    if not isinstance(required, list) or not all(isinstance(n, str) for n in required):
        return "has a required that is not a list of names"
    return None
