"""Tool names a provider refuses (``tool-name``): each wire's rule is its settings'
``tool_names`` (``wires/<wire>/settings.py``, with its source), read here for the
definitions (as the wire's settings reader finds them) and every call."""

from __future__ import annotations

from ...wires import Add, ReadRequest, Scope, settings_of, short, wire_module

__all__ = ["check"]


def check(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Each tool definition and call whose name the wire refuses (SPEC 8 ``tool-name``)."""
    shape = wire_module(scope.wire).settings
    rule = shape.tool_names if shape is not None else None
    if rule is None:
        return
    try:
        settings = settings_of(scope.wire, read.raw)
    except (TypeError, ValueError):  # a setting nested too deeply: not this rule's concern
        settings = None
    for tool in settings.tools if settings is not None else ():
        fault = rule.fault(tool.name)
        if fault is not None:
            add("tool-name", tool.path, f"The tool name {short(tool.name)} {fault}.", "")
    for message in read.messages:
        for call in message.calls:
            fault = rule.fault(call.name) if call.name else None
            if fault is not None:
                add("tool-name", call.path, f"The call's tool name {short(call.name)} {fault}.", "")
