"""Issue 40: ``call_tools`` runs the model's calls on a real MCP ``ClientSession`` (in memory
and over stdio): one ToolResult per call, its id, in call order, names mapped back through
``tools_for``; a raising tool, a protocol error, a timeout and an unknown name are that
call's error result, and never fail the other calls."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import mcp.types as mt
import pytest
from mcp import (
    Client,  # the 2.x SDK's in-memory client
    ClientSession,
    StdioServerParameters,
    stdio_client,
)
from mcp_test_server import SERVER

from toolresult_lab import (
    InputRequired,
    InputRequiredError,
    ToolCall,
    ToolResult,
    call_tools,
    lint,
    tool_turn,
    tools_for,
)

HERE = Path(__file__).resolve().parent
DEMO = HERE.parent / "notebooks" / "demo_server.py"


def _text(result: ToolResult) -> str:
    [part] = result.to_dict()["content"]
    return str(part["text"])


def in_memory(body: Callable[[ClientSession], Awaitable[Any]]) -> Any:
    async def main() -> Any:
        async with Client(SERVER) as client:
            assert isinstance(client.session, ClientSession)
            return await body(client.session)

    return anyio.run(main)


def over_stdio(script: Path, body: Callable[[ClientSession], Awaitable[Any]]) -> Any:
    async def main() -> Any:
        params = StdioServerParameters(command=sys.executable, args=[str(script)])
        with open(Path("/dev/null"), "w", encoding="utf-8") as quiet:
            async with (
                stdio_client(params, errlog=quiet) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                return await body(session)

    return anyio.run(main)


CALLS = (
    ToolCall(id="c1", name="weather_now", arguments='{"city": "Köln"}'),
    ToolCall(id="c2", name="boom"),
    ToolCall(id="c3", name="nope"),
    ToolCall(id="c4", name="slow", arguments={"seconds": 30}),
    ToolCall(id="c5", name="refuse"),
    ToolCall(id="c6", name="slow", arguments={"seconds": 0.01}),
)


def _expected(timeout: float) -> list[tuple[bool, str]]:
    """(is_error, text) of each of :data:`CALLS`, as the 2.x SDK's server answers."""
    return [
        (False, "Sunny in Köln"),
        (True, "Error executing tool boom"),
        (True, "unknown tool 'nope': no such tool is listed"),
        (True, f"tool 'slow' timed out after {timeout:g} s"),
        (True, "tool 'refuse' failed: refuse: bad params"),
        (False, "slept 0.01"),
    ]


def _mixed(timeout: float) -> Callable[[ClientSession], Awaitable[Any]]:
    async def body(session: ClientSession) -> tuple[Any, tuple[ToolResult, ...]]:
        defs = tools_for("openai", await session.list_tools())
        await call_tools(session, CALLS[:2], names=defs)  # the server's first calls: warm-up
        return defs, await call_tools(session, CALLS, names=defs, timeout=timeout)

    return body


def _check_mixed(defs: Any, results: tuple[ToolResult, ...], timeout: float) -> None:
    assert defs.names["weather_now"] == "weather.now"
    assert [(r.id, r.name) for r in results] == [(c.id, c.name) for c in CALLS]
    assert [(r.is_error, _text(r)) for r in results] == _expected(timeout)


def test_in_memory_each_call_gets_its_result_in_call_order() -> None:
    _check_mixed(*in_memory(_mixed(0.5)), 0.5)


def test_over_stdio_each_call_gets_its_result_in_call_order() -> None:
    _check_mixed(*over_stdio(HERE / "mcp_test_server.py", _mixed(2.0)), 2.0)


def test_the_demo_server_over_stdio_through_tools_for_and_tool_turn() -> None:
    async def body(session: ClientSession) -> Any:
        defs = tools_for("anthropic", await session.list_tools())
        calls = (
            ToolCall(id="toolu_1", name="weather", arguments={"city": "Köln"}),
            ToolCall(id="toolu_2", name="fail"),
        )
        return defs, calls, await call_tools(session, calls, names=defs)

    defs, calls, results = over_stdio(DEMO, body)
    assert [(r.id, r.is_error) for r in results] == [("toolu_1", False), ("toolu_2", True)]
    assert _text(results[1]) == "Error executing tool fail: the demo tool failed on purpose"
    request = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 100,
        "messages": [
            {"role": "user", "content": "Weather in Köln?"},
            *tool_turn("anthropic", calls, results),
        ],
        **defs.body(),
    }
    assert [f for f in lint("anthropic", request) if f.severity == "error"] == []


def test_calls_run_concurrently_within_the_limit() -> None:
    # the server counts the calls running at once (no clock: timing is benchmarks' business)
    calls = [ToolCall(id=f"c{i}", name="overlap", arguments={"seconds": 0.5}) for i in range(3)]

    async def body(session: ClientSession) -> list[list[str]]:
        seen = []
        for limit in (3, 2, 1):
            results = await call_tools(session, calls, limit=limit)
            assert [r.id for r in results] == ["c0", "c1", "c2"]
            seen.append(sorted(_text(r) for r in results))
        return seen

    together, two, one_at_a_time = in_memory(body)
    assert max(together) == "3 at once"
    assert max(two) == "2 at once"
    assert one_at_a_time == ["1 at once"] * 3


def test_without_names_a_call_goes_as_named_and_the_server_answers_an_unknown_one() -> None:
    calls = [ToolCall(id="a", name="weather.now", arguments={"city": "Bonn"}), ToolCall(name="x")]
    results = in_memory(lambda session: call_tools(session, calls))
    assert [(r.is_error, _text(r)) for r in results] == [
        (False, "Sunny in Bonn"),
        (True, "Unknown tool: x"),
    ]
    names = {"weather": "weather.now"}
    [result] = in_memory(lambda session: call_tools(session, calls[:1], names=names))
    assert _text(result) == "unknown tool 'weather.now': no such tool is listed"


def test_arguments_that_are_no_json_object_are_an_error_result_not_a_run() -> None:
    calls = [
        ToolCall(id="a", name="weather.now", arguments='{"city": '),
        ToolCall(id="b", name="weather.now", arguments="[1]"),
        ToolCall(id="c", name="boom", arguments=""),
    ]
    results = in_memory(lambda session: call_tools(session, calls))
    assert [(r.id, r.is_error, _text(r)) for r in results] == [
        ("a", True, "the arguments of 'weather.now' are not a JSON object"),
        ("b", True, "the arguments of 'weather.now' are not a JSON object"),
        ("c", True, "Error executing tool boom"),  # run: no arguments written
    ]


def test_no_calls_no_results() -> None:
    assert in_memory(lambda session: call_tools(session, [])) == ()


class _Broken:
    """A session whose transport fails in an unexpected way (no message)."""

    async def call_tool(self, name: str, arguments: Any) -> Any:
        raise ConnectionResetError()


def test_any_failure_of_one_call_is_its_error_result() -> None:
    results = anyio.run(lambda: call_tools(_Broken(), [ToolCall(id="z", name="t")]))
    assert [(r.id, r.is_error, _text(r)) for r in results] == [
        ("z", True, "tool 't' failed: ConnectionResetError")
    ]


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ({"session": object()}, TypeError, "session: expected an MCP ClientSession"),
        ({"calls": "call"}, TypeError, "calls: expected a sequence of ToolCall"),
        ({"calls": [{"name": "t"}]}, TypeError, r"calls\[0\]: expected a ToolCall"),
        ({"limit": 0}, ValueError, "limit: expected an int of at least 1"),
        ({"limit": True}, ValueError, "limit: expected an int of at least 1"),
        ({"timeout": 0}, ValueError, "timeout: expected a positive number"),
        ({"timeout": float("nan")}, ValueError, "timeout: expected a positive number"),
        ({"names": ["t"]}, TypeError, "names: expected ToolDefinitions or a mapping"),
        ({"answer": "yes"}, TypeError, "answer: expected an async callable or None, got str"),
        ({"rounds": 0}, ValueError, "rounds: expected an int of at least 1"),
    ],
)
def test_bad_arguments_are_clear_errors_naming_them(
    args: dict[str, Any], error: type[Exception], message: str
) -> None:
    given: dict[str, Any] = {"session": _Broken(), "calls": [ToolCall(name="t")], **args}
    session, calls = given.pop("session"), given.pop("calls")
    with pytest.raises(error, match=message):
        anyio.run(lambda: call_tools(session, calls, **given))


@pytest.fixture(scope="module")
def served_tools() -> list[Any]:
    """The tools two real servers list: the notebooks' demo server (over stdio) and this
    file's test server (in memory): pydantic-made schemas, output schemas, dotted names."""

    async def listed(session: ClientSession) -> list[Any]:
        return list((await session.list_tools()).tools)

    return over_stdio(DEMO, listed) + in_memory(listed)


WIRES = ("openai", "responses", "anthropic", "gemini", "bedrock", "ollama", "hermes")


@pytest.mark.parametrize("wire", WIRES)
def test_real_servers_tools_give_valid_lint_clean_definitions_on_every_wire(
    wire: str, served_tools: list[Any]
) -> None:
    from request_strict import check_request_body
    from test_tools_for import _request

    defs = tools_for(wire, served_tools)
    assert sorted(defs.names.values()) == sorted(tool.name for tool in served_tools)
    request = _request(wire, defs)
    check_request_body(wire, request)
    assert [f for f in lint(wire, request) if f.severity == "error"] == []


_CONVERSATION = {"responses": "input", "gemini": "contents"}


@pytest.mark.parametrize("wire", WIRES)
def test_the_loop_gives_a_next_request_that_passes_its_sdk_type_and_lints_clean(
    wire: str,
) -> None:
    """list_tools -> tools_for -> the model's calls (by provider name) -> call_tools ->
    tool_turn -> the next request, on every wire, in memory."""
    from request_strict import check_request_body
    from test_tools_for import _request

    async def body(session: ClientSession) -> Any:
        defs = tools_for(wire, await session.list_tools())
        calls = (
            ToolCall(
                id="call_1", name=defs.provider_name("weather.now"), arguments={"city": "Köln"}
            ),
            ToolCall(id="call_2", name="boom"),
        )
        return defs, calls, await call_tools(session, calls, names=defs)

    defs, calls, results = in_memory(body)
    assert [(r.is_error, _text(r)) for r in results] == [
        (False, "Sunny in Köln"),
        (True, "Error executing tool boom"),
    ]
    request = _request(wire, defs)
    request[_CONVERSATION.get(wire, "messages")] += tool_turn(wire, calls, results)
    check_request_body(wire, request)
    assert [f for f in lint(wire, request) if f.severity == "error"] == []


# -- MCP 2026-07-28 input_required: the server asks the client, never the model ------------------

GREET = ToolCall(id="g1", name="greet")
ASKED = {
    "name": {
        "method": "elicitation/create",
        "params": {
            "mode": "form",
            "message": "Your name?",
            "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}},
        },
    }
}


def test_input_required_is_answered_and_the_call_retried_with_its_state() -> None:
    asked: list[InputRequired] = []

    async def answer(paused: InputRequired) -> dict[str, Any]:
        asked.append(paused)
        return {"name": {"action": "accept", "content": {"name": "Ada"}}}

    calls = [GREET, ToolCall(id="w1", name="weather.now", arguments={"city": "Bonn"})]
    results = in_memory(lambda session: call_tools(session, calls, answer=answer))
    assert [(r.id, r.name, r.is_error, _text(r)) for r in results] == [
        ("g1", "greet", False, "Hello, Ada (accept, round-1)"),  # the state came back as sent
        ("w1", "weather.now", False, "Sunny in Bonn"),
    ]
    [paused] = asked
    assert (paused.call, paused.id, paused.tool, dict(paused.requests)) == (
        GREET, "g1", "greet", ASKED
    )  # fmt: skip
    assert paused.state is not None and paused.state.startswith("v1.")  # sealed by the server


def test_over_stdio_an_input_required_call_is_answered_through_tools_for_names() -> None:
    """The 2.x SDK's ``Client`` over stdio speaks 2026-07-28 (``server/discover``); a bare
    ``ClientSession.initialize()`` negotiates 2025-11-25, where no input_required exists."""

    async def answer(paused: InputRequired) -> dict[str, Any]:
        return {"name": mt.ElicitResult(action="decline")}

    async def main() -> tuple[str | None, tuple[ToolResult, ...]]:
        params = StdioServerParameters(
            command=sys.executable, args=[str(HERE / "mcp_test_server.py")]
        )
        async with Client(params) as client:
            defs = tools_for("openai", await client.session.list_tools())
            results = await call_tools(client.session, [GREET], names=defs, answer=answer)
            return client.session.protocol_version, results

    version, [result] = anyio.run(main)
    assert (version, result.id, result.is_error, _text(result)) == (
        "2026-07-28", "g1", False, "Hello, None (decline, round-1)"
    )  # fmt: skip


def test_without_answer_input_required_is_raised_after_every_call_ran_never_a_result() -> None:
    calls = [ToolCall(id="w1", name="weather.now", arguments={"city": "Bonn"}), GREET]

    async def body(session: ClientSession) -> InputRequiredError:
        with pytest.raises(InputRequiredError) as raised:
            await call_tools(session, calls)
        return raised.value

    error = in_memory(body)
    assert str(error) == (
        "the MCP server asked the client for input before answering 'greet' (call 'g1') (MCP"
        " 2026-07-28 input_required): no result a model can read; pass call_tools an answer="
        " that answers it, or answer .pending and run those calls again"
    )
    done, paused = error.results
    assert isinstance(done, ToolResult) and (done.id, _text(done)) == ("w1", "Sunny in Bonn")
    assert isinstance(paused, InputRequired) and error.pending == (paused,)
    assert (paused.call, dict(paused.requests)) == (GREET, ASKED)


def test_a_server_that_keeps_asking_is_an_error_result_after_the_rounds() -> None:
    count = 0

    async def answer(paused: InputRequired) -> dict[str, Any]:
        nonlocal count
        count += 1
        return {"other": {"action": "cancel"}}  # not the key asked: the server asks again

    [result] = in_memory(lambda session: call_tools(session, [GREET], answer=answer, rounds=2))
    assert (result.is_error, _text(result), count) == (
        True, "tool 'greet' still asked for input after 2 answered rounds", 2
    )  # fmt: skip


class _Asking:
    """A session whose server answers the protocol's dict form of input_required (no SDK
    2.x objects), then a result once answered, each time recording what was sent."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def call_tool(self, name: str, arguments: Any, **more: Any) -> Any:
        self.sent.append(more)
        if "input_responses" not in more:
            return {"resultType": "input_required", "inputRequests": ASKED, "requestState": "s1"}
        return {"content": [{"type": "text", "text": "done"}], "resultType": "complete"}


def test_the_dict_form_of_input_required_is_read_too_and_the_answer_sent_back() -> None:
    session = _Asking()

    async def answer(paused: InputRequired) -> dict[str, Any]:
        return {"name": {"action": "accept", "content": {"name": "Ada"}}}

    [result] = anyio.run(lambda: call_tools(session, [GREET], answer=answer))
    assert _text(result) == "done"
    assert session.sent == [
        {},  # this session takes no allow_input_required: none is passed
        {"input_responses": {"name": {"action": "accept", "content": {"name": "Ada"}}},
         "request_state": "s1"},
    ]  # fmt: skip


def test_what_answer_raises_or_a_non_mapping_it_returns_propagates() -> None:
    async def refuses(paused: InputRequired) -> dict[str, Any]:
        raise KeyboardInterruptLike("the user closed the form")

    async def wrong(paused: InputRequired) -> Any:
        return [("name", "Ada")]

    with pytest.raises(KeyboardInterruptLike, match="the user closed the form"):
        anyio.run(lambda: call_tools(_Asking(), [GREET], answer=refuses))
    with pytest.raises(TypeError, match="answer: expected a mapping of inputResponses, got list"):
        anyio.run(lambda: call_tools(_Asking(), [GREET], answer=wrong))


class KeyboardInterruptLike(Exception):
    """The caller's own reason to stop answering."""
