"""Call every tool of ``demo_server.py`` over stdio and return the raw ``CallToolResult``s.

Usage in a notebook or a script::

    from demo_client import call_all_sync
    results = call_all_sync()          # {"chart_png": CallToolResult(...), ...}
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import sys
import tempfile
from pathlib import Path
from typing import Any

import mcp.types
from mcp import ClientSession, StdioServerParameters, stdio_client

DEFAULT_SERVER = Path(__file__).resolve().with_name("demo_server.py")
# Fixed arguments for tools that take any; every other tool is called with none.
TOOL_ARGS: dict[str, dict[str, Any]] = {"weather": {"city": "Quelltown"}}


async def call_all(server_path: str | None = None) -> dict[str, mcp.types.CallToolResult]:
    """Start the server, call each listed tool once, and return the results by tool name.

    The server runs as a subprocess of ``sys.executable``; the stdio client stops it when
    the ``async with`` block exits, also on errors or cancellation.
    """
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
        except BaseException:
            errlog.seek(0)
            sys.stderr.write(f"demo server stderr:\n{errlog.read()}\n")
            raise


def call_all_sync(server_path: str | None = None) -> dict[str, mcp.types.CallToolResult]:
    """Blocking ``call_all``: works in a plain script and inside Jupyter's running loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # no loop running: a plain script
        return asyncio.run(call_all(server_path))
    # A loop is running (Jupyter): run ours in a worker thread with its own loop.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, call_all(server_path)).result()
