"""Speed of ``lint_log``: requests per second on one core (printed, never asserted).

Target (issue 15): >= 2,000 requests/s per core on the compiled build, pandas engine, for a
log of typical tool-loop requests (here: a user message and 3 tool turns of 2 parallel calls
each, on openai, anthropic and gemini; one request in four broken: results missing, an id too
long).

The target is for the compiled core: run it against ``pip install .`` (not an editable
install), or ``PYTHONPATH=/tmp/trl-compiled`` after ``scripts/compile_inplace.sh``.

Run: python benchmarks/bench_lint_log.py [--requests N]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from toolresult_lab import COMPILED, ToolCall, ToolResult, tool_turn
from toolresult_lab.logs.lint_logs import lint_log

WIRES = ("openai", "anthropic", "gemini")


def _request(wire: str, n: int) -> list[Any]:
    """A user message and three tool turns of two parallel calls (``n`` varies the ids)."""
    messages: list[Any] = [
        {"role": "user", "content": "Compare the weather in these cities."}
        if wire != "gemini"
        else {"role": "user", "parts": [{"text": "Compare the weather in these cities."}]}
    ]
    for turn in range(3):
        calls = [
            ToolCall(id=f"call{n}x{turn}x{k}", name="get_weather", arguments={"city": f"C{k}"})
            for k in range(2)
        ]
        results = [
            ToolResult(content=[{"type": "text", "text": f"{20 + k} C, sunny"}]) for k in range(2)
        ]
        messages += tool_turn(wire, calls, results)
    return messages


def _broken(wire: str, request: list[Any], n: int) -> list[Any]:
    """Every fourth request broken: the last result dropped (on openai an id over 64 chars)."""
    if n % 4:
        return request
    if wire == "openai":
        request[1]["tool_calls"][0]["id"] = "x" * 70
        return request
    return request[:-1]


def write_log(path: Path, count: int) -> int:
    """Writes the log; returns the messages in it."""
    messages = 0
    with path.open("w", encoding="utf-8") as out:
        for n in range(count):
            wire = WIRES[n % len(WIRES)]
            request = _broken(wire, _request(wire, n), n)
            messages += len(request)
            out.write(json.dumps({"wire": wire, "request": request}) + "\n")
    return messages


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=20_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "requests.jsonl"
        messages = write_log(path, args.requests)
        size = path.stat().st_size
        start = time.perf_counter()
        df = lint_log(str(path), progress=False)
        seconds = time.perf_counter() - start
    one, _, _ = os.getloadavg()
    rate = df.attrs["requests"] / seconds
    print(f"build: {'compiled' if COMPILED else 'pure Python'}; load {one:.2f} (1 min)")
    print(
        f"lint_log, pandas engine: {df.attrs['requests']:,} requests ({size / 2**20:.1f} MiB,"
        f" {messages / args.requests:.1f} messages each) in {seconds:.2f} s ="
        f" {rate:,.0f} requests/s (target >= 2,000)"
    )
    print(df[["wire", "rule", "severity", "findings", "requests"]].to_string(index=False))


if __name__ == "__main__":
    main()
