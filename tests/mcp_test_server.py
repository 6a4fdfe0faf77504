"""A small MCP server for ``call_tools``' tests (issue 40): a slow tool, a raising tool, a
tool that answers a protocol error, and a name the providers refuse. Run over stdio
(``python tests/mcp_test_server.py``) or imported for the in-memory transport (``SERVER``).
MCP SDK 2.x (``MCPServer``) or 1.x (``FastMCP``)."""

from __future__ import annotations

import anyio

try:
    from mcp.server.mcpserver import MCPServer
    from mcp.shared.exceptions import MCPError
except ImportError:  # the 1.x SDK
    from mcp.server.fastmcp import FastMCP as MCPServer  # type: ignore[no-redef]
    from mcp.shared.exceptions import McpError as MCPError  # type: ignore[no-redef]
    from mcp.types import ErrorData

    def _protocol_error(message: str) -> Exception:
        return MCPError(ErrorData(code=-32602, message=message))
else:

    def _protocol_error(message: str) -> Exception:
        return MCPError(-32602, message)


SERVER = MCPServer("toolresult-lab-call-tools", log_level="CRITICAL")


@SERVER.tool(name="weather.now")
def weather(city: str) -> str:
    """The weather in a city (a dotted name: OpenAI's rule refuses the dot)."""
    return f"Sunny in {city}"


@SERVER.tool()
async def slow(seconds: float) -> str:
    """Answers after ``seconds``."""
    await anyio.sleep(seconds)
    return f"slept {seconds}"


#: How many ``overlap`` calls run now.
_RUNNING = [0]


@SERVER.tool()
async def overlap(seconds: float) -> str:
    """Answers after ``seconds`` with the most ``overlap`` calls it saw running at once
    (itself included): how concurrently the client ran them, without a clock."""
    _RUNNING[0] += 1
    most = _RUNNING[0]
    await anyio.sleep(seconds)
    most = max(most, _RUNNING[0])
    _RUNNING[0] -= 1
    return f"{most} at once"


@SERVER.tool()
def boom() -> str:
    """Raises: the server answers an isError result."""
    raise RuntimeError("kaboom")


@SERVER.tool()
def refuse() -> str:
    """Answers a JSON-RPC error instead of a result."""
    raise _protocol_error("refuse: bad params")


try:  # MCP 2026-07-28's input_required: the 2.x SDK
    from mcp.server.mcpserver import Context
    from mcp.types import ElicitRequest, ElicitRequestFormParams, InputRequiredResult
except ImportError:  # pragma: no cover (the 1.x SDK has no input_required)
    pass
else:
    NAME_FORM = {"type": "object", "properties": {"name": {"type": "string"}}}

    @SERVER.tool()
    def greet(ctx: Context) -> str | InputRequiredResult:
        """Asks the client for a name (input_required), then greets it; says the state
        the client echoed, so a test sees it came back verbatim."""
        answers = ctx.input_responses or {}
        if "name" not in answers:
            form = ElicitRequestFormParams(message="Your name?", requested_schema=NAME_FORM)
            return InputRequiredResult(
                input_requests={"name": ElicitRequest(params=form)}, request_state="round-1"
            )
        answer = answers["name"]
        given = getattr(answer, "content", None) or {}
        return f"Hello, {given.get('name')} ({getattr(answer, 'action', '?')}, {ctx.request_state})"


if __name__ == "__main__":
    SERVER.run()
