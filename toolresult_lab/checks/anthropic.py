"""Anthropic Messages checks: content after an assistant message's last ``tool_use``, a
``server_tool_use`` of a tool the request no longer has and without its result, and the
thinking block a tool loop's assistant message must start with when thinking is on."""

from __future__ import annotations

from typing import Any, Final

from ..wires import FIELDS, ReadRequest
from ._scope import Add, Check, Scope, blocks, entries

__all__ = ["CHECKS"]

_THINKING: Final = frozenset({"thinking", FIELDS.redacted_thinking})


def _type(block: dict[str, Any]) -> str:
    kind = block.get("type")
    return kind if isinstance(kind, str) else ""


def content_after_tool_use(read: ReadRequest, scope: Scope, add: Add) -> None:
    """An assistant block after the message's last ``tool_use``."""
    for index, message, content in entries(read, "content"):
        if message.get("role") != "assistant":
            continue
        uses = [i for i, block in blocks(content) if _type(block) == FIELDS.tool_use]
        if not uses:
            continue
        after = [
            i for i, block in blocks(content) if i > uses[-1] and _type(block) != FIELDS.tool_use
        ]
        if after:
            add(
                "content-after-tool-use",
                f"{read.key}[{index}].content[{after[0]}]",
                "A block after the assistant message's last tool_use; the tool_result blocks"
                " must come right after the calls.",
                "",
            )


def _tool_names(read: ReadRequest) -> set[str] | None:
    """The names of the request's tools (``None``: a bare list of messages)."""
    if not isinstance(read.raw, dict):
        return None
    tools = read.raw.get("tools")
    return {
        tool["name"]
        for tool in (tools if isinstance(tools, list) else [])
        if isinstance(tool, dict) and isinstance(tool.get("name"), str)
    }


def server_tool_without_result(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A ``server_tool_use`` with no ``*_tool_result`` of its id in its message, whose tool
    the request's ``tools`` no longer hold."""
    names = _tool_names(read)
    if names is None:
        return
    for index, message, content in entries(read, "content"):
        if message.get("role") != "assistant":
            continue
        answered = {
            block.get(FIELDS.tool_use_id)
            for _, block in blocks(content)
            if _type(block).endswith("_tool_result")
        }
        for position, block in blocks(content):
            if (
                _type(block) == "server_tool_use"
                and block.get("id") not in answered
                and block.get("name") not in names
            ):
                add(
                    "server-tool-without-result",
                    f"{read.key}[{index}].content[{position}]",
                    f"The server_tool_use {block.get('id')!r} ({block.get('name')!r}) has no"
                    " result block, and the request's tools no longer hold that tool.",
                    "",
                )


def _thinking_on(read: ReadRequest) -> bool:
    thinking = read.raw.get("thinking") if isinstance(read.raw, dict) else None
    return isinstance(thinking, dict) and thinking.get("type") in ("enabled", "adaptive")


def thinking_first(read: ReadRequest, scope: Scope, add: Add) -> None:
    """With thinking on, the assistant message of the tool loop in progress (the last
    assistant message, followed only by user messages of tool results) that calls a tool
    must start with a thinking block."""
    if not _thinking_on(read):
        return
    listed = list(entries(read, "content"))
    for index, message, content in reversed(listed):
        if message.get("role") == "assistant":
            kinds = [_type(block) for _, block in blocks(content)]
            if FIELDS.tool_use in kinds and kinds and kinds[0] not in _THINKING:
                add(
                    "thinking-first",
                    f"{read.key}[{index}].content[0]",
                    "Thinking is on, and the assistant message of the current tool loop starts"
                    f" with a {kinds[0]} block, not a thinking block.",
                    "",
                )
            return
        if not content or any(_type(block) != FIELDS.tool_result for _, block in blocks(content)):
            return


CHECKS: Final[tuple[Check, ...]] = (
    content_after_tool_use,
    server_tool_without_result,
    thinking_first,
)
