"""Tool definitions as the wire's settings reader finds them: names a provider refuses
(``tool-name``; each wire's rule is its settings' ``tool_names``, in
``wires/<wire>/settings.py`` with its source), checked on the definitions and every call,
a description that is not a string (``shape``: every provider's SDK types it a string,
and translate could only drop it), and an input schema whose root is not an object where
the wire takes only that (``tool-schema-root``; each wire's ``object_schema``, with its
source, in ``wires/<wire>/settings.py``)."""

from __future__ import annotations

from ...wires import Add, ReadRequest, Scope, ToolSpec, settings_of, short, wire_module

__all__ = ["check"]


def check(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Each tool definition and call whose name the wire refuses (SPEC 8 ``tool-name``),
    and each definition whose description is not a string (``shape``)."""
    shape = wire_module(scope.wire).settings
    if shape is None:
        return
    rule = shape.tool_names
    try:
        settings = settings_of(scope.wire, read.raw)
    except (TypeError, ValueError):  # a setting nested too deeply: not this rule's concern
        settings = None
    for tool in settings.tools if settings is not None else ():
        if shape.object_schema is not None:
            _schema_root(tool, add)
        fault = rule.fault(tool.name) if rule is not None else None
        if fault is not None:
            add("tool-name", tool.path, f"The tool name {short(tool.name)} {fault}.", "")
        if tool.description is not None and not isinstance(tool.description, str):
            add(
                "shape",
                f"{tool.path}.{tool.description_at}",
                f"A tool's description is a string, not {type(tool.description).__name__}.",
                "",
            )
    if rule is None:
        return
    for message in read.messages:
        for call in message.calls:
            fault = rule.fault(call.name) if call.name else None
            if fault is not None:
                add("tool-name", call.path, f"The call's tool name {short(call.name)} {fault}.", "")


def _schema_root(tool: ToolSpec, add: Add) -> None:
    """``tool-schema-root``: the tool's input schema has a root ``type`` other than
    ``object`` (the case ``""``; in any case of letters: Gemini's OpenAPI schemas spell it
    ``OBJECT``), or none (``untyped``); a missing or non-object schema is the wire's own
    concern (a default, or ``shape``)."""
    schema = tool.schema
    if not isinstance(schema, dict):
        return
    path = f"{tool.path}.{tool.schema_at}" if tool.schema_at else tool.path
    if "type" not in schema:
        add(
            "tool-schema-root",
            path,
            f"The input schema of tool {short(tool.name)} has no root type; the provider"
            " takes a schema whose root is type object.",
            "untyped",
        )
    elif not isinstance(schema["type"], str) or schema["type"].lower() != "object":
        add(
            "tool-schema-root",
            f"{path}.type",
            f"The input schema of tool {short(tool.name)} has the root type"
            f" {short(schema['type'])}; the provider takes only object.",
            "",
        )
