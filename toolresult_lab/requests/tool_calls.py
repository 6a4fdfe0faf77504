"""Issue 40: the model's tool calls run on an MCP session, each answered by a ToolResult.

``call_tools`` maps each call's name back to its MCP tool (through ``tools_for``'s names),
runs the calls concurrently (at most ``limit`` at once, each within ``timeout`` seconds)
and returns one :class:`ToolResult` per call, with the call's id and name, in call order:
what ``tool_turn`` takes. Arguments that are not a JSON object, a protocol error, a
timeout, an unknown tool or any other failure
of one call is that call's error result (its message as the text), never an exception that
loses the other calls' results. Runs on asyncio or trio (anyio, which the MCP SDK uses).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..conversion.calls import ToolCall
from ..conversion.result import ToolResult
from .tool_definitions import ToolDefinitions

__all__ = ["call_tools"]


def _arguments(call: ToolCall) -> dict[str, Any] | None:
    """The call's arguments as an object; None when the model wrote text that is not a
    JSON object (the tool is then not run with arguments made up: ``{}``)."""
    raw = call.arguments
    if isinstance(raw, dict):
        return raw
    if not raw.strip():  # no arguments written: a tool without parameters
        return {}
    try:
        parsed = json.loads(raw)
    except ValueError:
        return None
    return parsed if isinstance(parsed, dict) else None


def _failed(call: ToolCall, message: str) -> ToolResult:
    return ToolResult(
        id=call.id, name=call.name, content=[{"type": "text", "text": message}], is_error=True
    )


def _checked(
    session: Any,
    calls: Sequence[ToolCall],
    names: ToolDefinitions | Mapping[str, str] | None,
    limit: int,
    timeout: float | None,
) -> Mapping[str, str] | None:
    """The name mapping, each argument checked (a TypeError/ValueError naming it)."""
    if not callable(getattr(session, "call_tool", None)):
        raise TypeError(
            f"session: expected an MCP ClientSession (with call_tool), got {type(session).__name__}"
        )
    if isinstance(calls, (str, bytes)) or not isinstance(calls, Sequence):
        raise TypeError(f"calls: expected a sequence of ToolCall, got {type(calls).__name__}")
    for index, call in enumerate(calls):
        if not isinstance(call, ToolCall):
            raise TypeError(f"calls[{index}]: expected a ToolCall, got {type(call).__name__}")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit: expected an int of at least 1, got {limit!r}")
    if timeout is not None and (
        isinstance(timeout, bool)
        or not isinstance(timeout, (int, float))
        or not math.isfinite(timeout)
        or timeout <= 0
    ):
        raise ValueError(f"timeout: expected a positive number of seconds or None, got {timeout!r}")
    mapping = names.names if isinstance(names, ToolDefinitions) else names
    if mapping is not None and not isinstance(mapping, Mapping):
        raise TypeError(
            f"names: expected ToolDefinitions or a mapping, got {type(mapping).__name__}"
        )
    return mapping


async def call_tools(
    session: Any,
    calls: Sequence[ToolCall],
    *,
    names: ToolDefinitions | Mapping[str, str] | None = None,
    limit: int = 8,
    timeout: float | None = 60.0,
) -> tuple[ToolResult, ...]:
    """Run ``calls`` (``ToolCall.from_wire``'s) on ``session`` (an MCP ``ClientSession``,
    SDK 1.x or 2.x, or anything with its ``call_tool``): one :class:`ToolResult` per call,
    with its id and name, in call order.

    ``names``: ``tools_for``'s result (or its ``names``, provider name -> MCP name): a
    call's name is mapped back, and a name it does not hold is an error result without a
    request to the server; ``None``: names are sent as called. ``limit``: calls running at
    once; ``timeout``: seconds one call may take (``None``: no limit).

    :raises TypeError: naming the argument, for a value of a wrong type.
    :raises ValueError: naming the argument: a ``limit`` under 1, a ``timeout`` not positive.
    """
    import anyio  # the MCP SDK's own dependency: a session implies it

    mapping = _checked(session, calls, names, limit, timeout)
    results: list[ToolResult | None] = [None] * len(calls)
    gate = anyio.Semaphore(limit)

    async def run(index: int, call: ToolCall) -> None:
        tool = call.name if mapping is None else mapping.get(call.name)
        if tool is None:
            results[index] = _failed(call, f"unknown tool {call.name!r}: no such tool is listed")
            return
        arguments = _arguments(call)
        if arguments is None:
            results[index] = _failed(call, f"the arguments of {call.name!r} are not a JSON object")
            return
        async with gate:
            try:
                answer = None
                with anyio.move_on_after(timeout) as scope:
                    answer = await session.call_tool(tool, arguments)
                if scope.cancelled_caught:
                    results[index] = _failed(call, f"tool {tool!r} timed out after {timeout:g} s")
                else:
                    results[index] = ToolResult.from_mcp(answer, name=call.name, id=call.id)
            except Exception as error:
                said = str(error) or type(error).__name__
                results[index] = _failed(call, f"tool {tool!r} failed: {said}")

    async with anyio.create_task_group() as group:
        for index, call in enumerate(calls):
            group.start_soon(run, index, call)
    return tuple(result for result in results if result is not None)
