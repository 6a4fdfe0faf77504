"""Against the peers on their own ground: from an official MCP ``CallToolResult`` to a
provider's tool-result block, beside the provider SDK's own MCP helper (printed, never
asserted).

    python benchmarks/bench_peers.py [--also OTHER_PYTHON ...] [--rounds N]

Targets (issue 20): on the compiled build, ``ToolResult.from_mcp(r, id=...)`` then
``.to("anthropic", image_input=True)`` at least as fast as the anthropic SDK's
``anthropic.lib.tools.mcp.mcp_content`` per content block wrapped in a ``tool_result``
dict, and ``from_mcp`` then ``.to("gemini", image_input=True)`` at least as fast as
google-genai's ``FunctionResponse.from_mcp_response`` on the same result. The content is
what both helpers accept (the anthropic helper raises on audio, resource links and an
``application/json`` resource): a text block, a PNG image, a text resource and a PDF blob
resource. The same result from its JSON dict form is printed for information.

The MCP SDK is the installed one (``mcp`` 1.x spells the fields ``mimeType`` / ``isError``,
2.x ``mime_type`` / ``is_error``); the script says which. ``--also`` runs the same
measurements under another interpreter (the pure-Python build's venv) so both builds are
printed side by side. Figures are the best of several interleaved rounds of CPU time,
because this machine's speed drifts and it is shared.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import timeit
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

#: A 1x1 PNG and a minimal PDF, as base64.
PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9aw"
    "AAAABJRU5ErkJggg=="
)
PDF = (
    "JVBERi0xLjQKJeLjz9MKMSAwIG9iago8PC9UeXBlL0NhdGFsb2c+PgplbmRvYmoKdHJhaWxlcgo8PC9Sb290"
    "IDEgMCBSPj4KJSVFT0YK"
)
ROUNDS = 5
CALLS = 5000


def best_of(fn: Callable[[], object], number: int = CALLS, repeat: int = 3) -> float:
    """Microseconds per call: the best of ``repeat`` runs of ``number`` calls, in CPU time
    of this process (what other work on a shared machine takes counts less)."""
    runs = timeit.repeat(fn, number=number, repeat=repeat, timer=time.process_time)
    return min(runs) / number * 1e6


def _two_x() -> bool:
    """True for MCP SDK 2.x (snake_case fields), False for 1.x (camelCase)."""
    import mcp.types as mt

    return "is_error" in mt.CallToolResult.model_fields


def sdk_generation() -> str:
    """The installed MCP SDK and how its types spell their fields."""
    spelling = "mime_type, is_error" if _two_x() else "mimeType, isError"
    return f"mcp {version('mcp')} ({version('mcp').split('.')[0]}.x SDK: {spelling})"


def mcp_result() -> Any:
    """The benchmark's ``CallToolResult``, built with whichever SDK generation is installed."""
    import mcp.types as mt

    mime = "mime_type" if _two_x() else "mimeType"
    return mt.CallToolResult(
        content=[
            mt.TextContent(type="text", text="Sunny, 22C; wind 12 km/h from the west."),
            mt.ImageContent(type="image", data=PNG, **{mime: "image/png"}),
            mt.EmbeddedResource(
                type="resource",
                resource=mt.TextResourceContents(
                    uri="file:///notes.txt", text="Meeting at 10.", **{mime: "text/plain"}
                ),
            ),
            mt.EmbeddedResource(
                type="resource",
                resource=mt.BlobResourceContents(
                    uri="file:///r/q3.pdf", blob=PDF, **{mime: "application/pdf"}
                ),
            ),
        ]
    )


def measure() -> dict[str, float]:
    """Microseconds per result, each helper and this interpreter's build, on one result."""
    from anthropic.lib.tools.mcp import mcp_content
    from google.genai import types as genai

    from toolresult_lab import ToolResult

    result = mcp_result()
    as_dict = result.model_dump(by_alias=True, mode="json", exclude_none=True)

    def anthropic_sdk() -> dict[str, Any]:
        return {
            "type": "tool_result",
            "tool_use_id": "toolu_1",
            "content": [mcp_content(block) for block in result.content],
        }

    def anthropic_ours() -> object:
        return ToolResult.from_mcp(result, id="toolu_1").to("anthropic", image_input=True)

    def anthropic_dict() -> object:
        return ToolResult.from_mcp(as_dict, id="toolu_1").to("anthropic", image_input=True)

    def gemini_sdk() -> object:
        return genai.FunctionResponse.from_mcp_response(name="get_weather", response=result)

    def gemini_ours() -> object:
        return ToolResult.from_mcp(result, name="get_weather").to("gemini", image_input=True)

    def gemini_dict() -> object:
        return ToolResult.from_mcp(as_dict, name="get_weather").to("gemini", image_input=True)

    # the same block as the SDK helper makes, so the race is a fair one
    assert anthropic_ours() == anthropic_sdk() == anthropic_dict(), anthropic_ours()
    assert gemini_ours() == gemini_dict()
    return {
        "anthropic_sdk": best_of(anthropic_sdk),
        "anthropic_ours": best_of(anthropic_ours),
        "anthropic_dict": best_of(anthropic_dict),
        "gemini_sdk": best_of(gemini_sdk),
        "gemini_ours": best_of(gemini_ours),
        "gemini_dict": best_of(gemini_dict),
    }


def _here() -> dict[str, Any]:
    from toolresult_lab import COMPILED

    return {"compiled": COMPILED, "python": sys.version.split()[0], "sdk": sdk_generation()}


def _run_elsewhere(python: str, what: str) -> dict[str, Any]:
    """One measurement under another interpreter (a subprocess), as JSON."""
    if os.sep in python:  # a path given relative to where the bench was started
        python = os.path.abspath(python)  # not resolve(): a venv's python is a symlink
    out = subprocess.run(
        [python, __file__, "--json", what],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parent,  # never the repo root: the installed build
    ).stdout
    found: dict[str, Any] = json.loads(out)
    return found


def _label(info: dict[str, Any]) -> str:
    build = "compiled" if info["compiled"] else "pure Python"
    return f"toolresult_lab, {build} build (Python {info['python']})"


def _versus(ours: float, sdk: float) -> str:
    return f"{sdk / ours:.2f}x faster" if ours <= sdk else f"{ours / sdk:.2f}x slower"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--also", action="append", default=[], metavar="PYTHON")
    parser.add_argument(
        "--rounds", type=int, default=ROUNDS, help=f"interleaved rounds (default {ROUNDS})"
    )
    parser.add_argument("--json", choices=("info", "measure"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        print(json.dumps(_here() if args.json == "info" else measure()))
        return

    started = time.perf_counter()
    builds: list[tuple[str, dict[str, Any]]] = [(sys.executable, _here())]
    builds += [(python, _run_elsewhere(python, "info")) for python in args.also]
    rounds: dict[str, list[dict[str, float]]] = {python: [] for python, _ in builds}
    for _ in range(args.rounds):
        for python, _info in builds:
            here = python == sys.executable
            rounds[python].append(measure() if here else _run_elsewhere(python, "measure"))

    print(
        f"{builds[0][1]['sdk']}; anthropic {version('anthropic')}, "
        f"google-genai {version('google-genai')}, pydantic {version('pydantic')}"
    )
    print("One CallToolResult (text, PNG image, text resource, PDF blob resource), image_input on;")
    print(f"best of {args.rounds} interleaved rounds, microseconds per result:")
    print(f"  {'':36}{'anthropic':>10}{'':15}{'gemini':>10}")
    # the helpers do not depend on the build: their best over every build's rounds
    sdk = {
        key: min(r[key] for python, _ in builds for r in rounds[python])
        for key in ("anthropic_sdk", "gemini_sdk")
    }
    print(f"  {'the SDK helper':36}{sdk['anthropic_sdk']:>10.2f}{'':15}{sdk['gemini_sdk']:>10.2f}")
    for python, info in builds:
        best = {key: min(r[key] for r in rounds[python]) for key in rounds[python][0]}
        print(f"  {_label(info)}")
        for what, key in (
            ("from_mcp(CallToolResult) + to()", "ours"),
            ("from_mcp(dict) + to()", "dict"),
        ):
            anthropic, gemini = best[f"anthropic_{key}"], best[f"gemini_{key}"]
            print(
                f"    {what:34}{anthropic:>10.2f} {_versus(anthropic, sdk['anthropic_sdk']):14}"
                f"{gemini:>10.2f} {_versus(gemini, sdk['gemini_sdk'])}"
            )
    print("  target: compiled from_mcp(CallToolResult) + to() <= the SDK helper, on both wires")
    print(f"\n(benchmark ran {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
