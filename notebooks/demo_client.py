"""Call every tool of ``demo_server.py`` over stdio and return the raw ``CallToolResult``s.

Usage in a notebook or a script::

    from demo_client import call_all_sync
    results = call_all_sync()          # {"chart_png": CallToolResult(...), ...}

A missing dependency, or a server that stops, is a :class:`DemoServerError` in one line
(IPython shows it without a traceback), naming what is missing and how to install it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import sys
import tempfile
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import mcp.types

DEFAULT_SERVER = Path(__file__).resolve().with_name("demo_server.py")
# Fixed arguments for tools that take any; every other tool is called with none.
TOOL_ARGS: dict[str, dict[str, Any]] = {"weather": {"city": "Quelltown"}}
#: Module -> the package that provides it: what the client and the server import.
REQUIREMENTS = {"mcp": "mcp", "fpdf": "fpdf2", "PIL": "pillow"}
INSTALL = "pip install 'toolresult_lab[notebooks]'"


class DemoServerError(RuntimeError):
    """The demo server cannot run (a package is missing) or stopped; the message says why."""

    def _render_traceback_(self) -> list[str]:  # IPython: one line instead of a traceback
        return [f"{type(self).__name__}: {self}"]


def check_requirements() -> None:
    """:class:`DemoServerError` naming the packages the demo needs and this Python lacks."""
    missing = [package for module, package in REQUIREMENTS.items() if find_spec(module) is None]
    if missing:
        raise DemoServerError(
            f"the demo server needs {', '.join(missing)}, not installed for {sys.executable};"
            f" install it with {INSTALL}"
        )


async def call_all(server_path: str | None = None) -> dict[str, mcp.types.CallToolResult]:
    """Start the server, call each listed tool once, and return the results by tool name.

    The server runs as a subprocess of ``sys.executable``; the stdio client stops it when
    the ``async with`` block exits, also on errors or cancellation.
    """
    check_requirements()
    from mcp import ClientSession, StdioServerParameters, stdio_client

    params = StdioServerParameters(
        command=sys.executable, args=[str(server_path or DEFAULT_SERVER)]
    )
    # The server's stderr goes to a real file: Jupyter's sys.stderr may have no fileno().
    with tempfile.TemporaryFile("w+", encoding="utf-8") as errlog:
        try:
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                tools = (await session.list_tools()).tools
                return {
                    tool.name: await session.call_tool(tool.name, TOOL_ARGS.get(tool.name))
                    for tool in tools
                }
        except Exception as error:
            errlog.seek(0)
            said = [line for line in errlog.read().splitlines() if line.strip()]
            why = said[-1] if said else f"{type(error).__name__}: {error}"
            raise DemoServerError(f"the demo server stopped: {why}") from error


def call_all_sync(server_path: str | None = None) -> dict[str, mcp.types.CallToolResult]:
    """Blocking ``call_all``: works in a plain script and inside Jupyter's running loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # no loop running: a plain script
        return asyncio.run(call_all(server_path))
    # A loop is running (Jupyter): run ours in a worker thread with its own loop.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, call_all(server_path)).result()
