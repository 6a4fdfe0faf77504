"""Issue 40: the model's tool calls run on an MCP session, each answered by a ToolResult.

``call_tools`` maps each call's name back to its MCP tool (through ``tools_for``'s names),
runs the calls concurrently (at most ``limit`` at once, each within ``timeout`` seconds)
and returns one :class:`ToolResult` per call, with the call's id and name, in call order:
what ``tool_turn`` takes. Arguments that are not a JSON object, a protocol error, a
timeout, an unknown tool or any other failure
of one call is that call's error result (its message as the text), never an exception that
loses the other calls' results. Runs on asyncio or trio (anyio, which the MCP SDK uses).

A server on MCP 2026-07-28 may answer a call with ``resultType: "input_required"``: it
asks the client (not the model) for input, to be answered and the call retried with the
answers and its ``requestState`` echoed. That is never a result for a model: ``answer``
answers it (an :class:`InputRequired` in, the ``inputResponses`` out) and the call is
retried; without ``answer``, :class:`InputRequiredError` says which calls wait, after
every call ran.
"""

from __future__ import annotations

import inspect
import json
import math
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..conversion.calls import ToolCall
from ..conversion.result import ToolResult
from .tool_definitions import ToolDefinitions

__all__ = ["Answer", "InputRequired", "InputRequiredError", "call_tools"]


@dataclass(frozen=True)
class InputRequired:
    """A call the MCP server paused to ask the client for input (MCP 2026-07-28
    ``resultType: "input_required"``, an ``InputRequiredResult``): no result for a model.

    ``requests`` is the server's ``inputRequests`` as the protocol's JSON (each key's
    ``elicitation/create``, ``sampling/createMessage`` or ``roots/list`` request); the
    answers go back under the same keys, with ``state`` (``requestState``, opaque) echoed
    as given, on a retry of the same call: what ``call_tools(..., answer=...)`` does.
    """

    call: ToolCall
    tool: str
    requests: Mapping[str, Any]
    state: str | None

    @property
    def id(self) -> str:
        """The paused call's id."""
        return self.call.id


#: ``call_tools``' ``answer``: the paused call in, the ``inputResponses`` (each request's
#: key to its result: an ``ElicitResult``, ``CreateMessageResult``, ``ListRootsResult`` or
#: its dict) out.
Answer = Callable[[InputRequired], Awaitable[Mapping[str, Any]]]


class InputRequiredError(Exception):
    """``call_tools`` without ``answer`` met servers asking for input: raised once every
    call ran, so nothing is lost. ``results`` holds every call's outcome in call order (a
    :class:`ToolResult` or an :class:`InputRequired`), ``pending`` the paused calls: answer
    them with ``call_tools(session, [p.call for p in pending], answer=...)``."""

    def __init__(self, results: tuple[ToolResult | InputRequired, ...]) -> None:
        self.results = results
        self.pending = tuple(r for r in results if isinstance(r, InputRequired))
        waiting = ", ".join(f"{p.tool!r} (call {p.id!r})" for p in self.pending)
        super().__init__(
            f"the MCP server asked the client for input before answering {waiting} (MCP"
            " 2026-07-28 input_required): no result a model can read; pass call_tools an"
            " answer= that answers it, or answer .pending and run those calls again"
        )


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


def _paused(call: ToolCall, tool: str, answer: Any) -> InputRequired | None:
    """The call as paused when the server's ``answer`` is an ``input_required`` result (an
    SDK 2.x ``InputRequiredResult`` or its dict form), else ``None``."""
    if isinstance(answer, Mapping):
        data: Mapping[str, Any] = answer
        kind = data.get("resultType", data.get("result_type"))
    else:
        kind = getattr(answer, "result_type", None)
        if kind != "input_required":
            return None
        data = answer.model_dump(by_alias=True, mode="json", exclude_none=True)
    if kind != "input_required":
        return None
    requests = data.get("inputRequests", data.get("input_requests"))
    state = data.get("requestState", data.get("request_state"))
    return InputRequired(
        call=call,
        tool=tool,
        requests=dict(requests) if isinstance(requests, Mapping) else {},
        state=state if isinstance(state, str) else None,
    )


def _takes_input(session: Any) -> bool:
    """Whether the session's ``call_tool`` returns an ``input_required`` result when asked
    (``allow_input_required``, the SDK 2.x's; without it the SDK raises instead)."""
    try:
        parameters = inspect.signature(session.call_tool).parameters
    except (TypeError, ValueError):  # pragma: no cover (a builtin without a signature)
        return False
    return "allow_input_required" in parameters


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
    answer: Answer | None,
    rounds: int,
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
    if answer is not None and not callable(answer):
        raise TypeError(f"answer: expected an async callable or None, got {type(answer).__name__}")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds: expected an int of at least 1, got {rounds!r}")
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
    answer: Answer | None = None,
    rounds: int = 10,
) -> tuple[ToolResult, ...]:
    """Run ``calls`` (``ToolCall.from_wire``'s) on ``session`` (an MCP ``ClientSession``,
    SDK 1.x or 2.x, or anything with its ``call_tool``): one :class:`ToolResult` per call,
    with its id and name, in call order.

    ``names``: ``tools_for``'s result (or its ``names``, provider name -> MCP name): a
    call's name is mapped back, and a name it does not hold is an error result without a
    request to the server; ``None``: names are sent as called. ``limit``: calls running at
    once; ``timeout``: seconds one request to the server may take (``None``: no limit).

    ``answer``: awaited with an :class:`InputRequired` when the server asks for input (MCP
    2026-07-28), it returns the ``inputResponses``; the call is retried with them and the
    ``requestState``, at most ``rounds`` times (then the call's error result). Its time is
    not the call's ``timeout``, and what it raises propagates.

    :raises InputRequiredError: a server asked for input and no ``answer`` was given
        (after every call ran; it holds every outcome).
    :raises TypeError: naming the argument, for a value of a wrong type; ``answer``
        returned no mapping.
    :raises ValueError: naming the argument: a ``limit`` or ``rounds`` under 1, a
        ``timeout`` not positive.
    """
    import anyio  # the MCP SDK's own dependency: a session implies it

    mapping = _checked(session, calls, names, limit, timeout, answer, rounds)
    results: list[ToolResult | InputRequired | None] = [None] * len(calls)
    gate = anyio.Semaphore(limit)
    allow = {"allow_input_required": True} if _takes_input(session) else {}
    stopped: list[Exception] = []  # what ``answer`` raised

    async def ask(tool: str, arguments: dict[str, Any], more: dict[str, Any]) -> Any:
        """One request to the server; ``_TIMED_OUT`` when it took longer than ``timeout``."""
        async with gate:
            with anyio.move_on_after(timeout) as scope:
                return await session.call_tool(tool, arguments, **allow, **more)
            return _TIMED_OUT if scope.cancelled_caught else None

    async def run(index: int, call: ToolCall) -> None:
        tool = call.name if mapping is None else mapping.get(call.name)
        if tool is None:
            results[index] = _failed(call, f"unknown tool {call.name!r}: no such tool is listed")
            return
        arguments = _arguments(call)
        if arguments is None:
            results[index] = _failed(call, f"the arguments of {call.name!r} are not a JSON object")
            return
        more: dict[str, Any] = {}
        for attempt in range(rounds + 1):
            try:
                got = await ask(tool, arguments, more)
                if got is _TIMED_OUT:
                    results[index] = _failed(call, f"tool {tool!r} timed out after {timeout:g} s")
                    return
                paused = _paused(call, tool, got)
                if paused is None:
                    results[index] = ToolResult.from_mcp(got, name=call.name, id=call.id)
                    return
            except Exception as error:
                said = str(error) or type(error).__name__
                results[index] = _failed(call, f"tool {tool!r} failed: {said}")
                return
            if answer is None:
                results[index] = paused
                return
            if attempt == rounds:
                break
            try:  # the caller's own code: what it raises stops the calls and propagates
                responses = await answer(paused)
                if not isinstance(responses, Mapping):
                    raise TypeError(
                        "answer: expected a mapping of inputResponses, got"
                        f" {type(responses).__name__}"
                    )
            except Exception as error:
                stopped.append(error)
                group.cancel_scope.cancel()
                return
            more = {"input_responses": dict(responses), "request_state": paused.state}
        results[index] = _failed(
            call, f"tool {tool!r} still asked for input after {rounds} answered rounds"
        )

    async with anyio.create_task_group() as group:
        for index, call in enumerate(calls):
            group.start_soon(run, index, call)
    if stopped:
        raise stopped[0]
    outcomes = tuple(result for result in results if result is not None)
    if any(isinstance(outcome, InputRequired) for outcome in outcomes):
        raise InputRequiredError(outcomes)
    return tuple(outcome for outcome in outcomes if isinstance(outcome, ToolResult))


#: What one request to the server gives when it timed out (``None`` is no server's answer).
_TIMED_OUT: Any = object()
