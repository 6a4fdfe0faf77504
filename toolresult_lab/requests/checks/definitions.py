"""Tool definitions as the wire's settings reader finds them: names a provider refuses
(``tool-name``; each wire's rule is its settings' ``tool_names``, in
``wires/<wire>/settings.py`` with its source), checked on the definitions and every call,
and a description that is not a string (``shape``: every provider's SDK types it a
string, and translate could only drop it)."""

from __future__ import annotations

from ...wires import Add, ReadRequest, Scope, settings_of, short, wire_module

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
