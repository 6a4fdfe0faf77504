"""How turns follow each other: tool results first in their message where the wire's turn
shape says so (``results-after-other-content``), a user message right after a tool
message (``user-after-tool``, for the profiles the rule table names), two messages of a
role in a row where the wire's request shape takes alternating roles
(``roles-not-alternating``), and no message at all (``no-messages``)."""

from __future__ import annotations

from ...wires import Add, ReadRequest, ResultPart, Scope, short, wire_module

__all__ = ["alternation", "no_messages", "results_first", "user_after_tool"]


def results_first(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A user message's result blocks come before its other blocks (on a wire that
    combines consecutive user messages, the run's blocks as one message)."""
    shape = wire_module(scope.wire).turn
    if not shape.results_first:
        return
    merged = shape.merged_roles
    role = None
    results_seen = other_before = False
    for message in read.messages:
        if message.role != role or role not in merged:
            results_seen = other_before = False
        role = message.role
        for part in message.parts:
            if isinstance(part, ResultPart):
                if other_before and not results_seen:
                    add(
                        "results-after-other-content",
                        part.path,
                        f"The tool result for {short(part.id)} comes after another block;"
                        " tool results must come first.",
                        "",
                    )
                    results_seen = True
            else:
                other_before = True


def user_after_tool(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A user message directly after a tool message."""
    listed = read.messages
    for pos in range(1, len(listed)):
        before, message = listed[pos - 1], listed[pos]
        if before.role == "tool" and message.role == "user":
            add(
                "user-after-tool",
                message.path,
                "A user message comes directly after a tool message.",
                "",
            )


def alternation(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A message of the same role as the one before it, on a wire of alternating roles."""
    if not wire_module(scope.wire).request.alternating:
        return
    listed = read.messages
    for pos in range(1, len(listed)):
        role = listed[pos].role
        if role == listed[pos - 1].role:
            add(
                "roles-not-alternating",
                listed[pos].path,
                f"A second {role} message in a row; {scope.wire} takes user and assistant"
                " messages in turn.",
                "",
            )


def no_messages(read: ReadRequest, scope: Scope, add: Add) -> None:
    """An empty list of messages (contents), given as the body's list or as the list."""
    raw = read.raw
    given = raw.get(read.key) if isinstance(raw, dict) else raw
    if isinstance(given, list) and not given:
        add("no-messages", read.key, f"The request's {read.key} list is empty.", "")
