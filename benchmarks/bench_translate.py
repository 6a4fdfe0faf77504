"""``translate`` scales linearly with the messages of a request (printed, never asserted).

Target (issue 26): 20,000 tool messages within 12x the time of 2,000. Two shapes, each read
from one wire and written to another:

- *parallel*: one assistant message with N calls, then N tool messages (openai -> anthropic),
  the run of tool messages the reader once rebuilt for each message it added;
- *items*: N ``function_call`` items, then N ``function_call_output`` items (responses ->
  bedrock), the run of assistant items the reader merges into one turn.

Each figure is the best of three runs. ``translate`` pauses the cycle collector while it
builds (``gc_pause``): before that, 20,000 messages set off four full collections and
2,000 none, and the ratio was 12.5-12.8 on the compiled build (2026-12-02).

Run: python benchmarks/bench_translate.py
"""

from __future__ import annotations

import gc
import time
from typing import Any

from toolresult_lab import translate


def parallel(n: int) -> dict[str, Any]:
    calls = [
        {"id": f"c{i}", "type": "function", "function": {"name": "f", "arguments": "{}"}}
        for i in range(n)
    ]
    messages: list[Any] = [{"role": "user", "content": "go"}]
    messages.append({"role": "assistant", "content": None, "tool_calls": calls})
    messages += [{"role": "tool", "tool_call_id": f"c{i}", "content": f"r{i}"} for i in range(n)]
    return {"messages": messages}


def items(n: int) -> dict[str, Any]:
    calls = [
        {"type": "function_call", "call_id": f"c{i}", "name": "f", "arguments": "{}"}
        for i in range(n)
    ]
    outputs = [
        {"type": "function_call_output", "call_id": f"c{i}", "output": "r"} for i in range(n)
    ]
    return {"input": [{"role": "user", "content": "go"}, *calls, *outputs]}


def seconds(src: str, dst: str, request: dict[str, Any], repeat: int = 3) -> float:
    """The best of ``repeat`` runs (timeit's rule: the others measure the machine's other
    work), each from a collected heap."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        translate(src, dst, request)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    for name, make, src, dst in (
        ("parallel", parallel, "openai", "anthropic"),
        ("items", items, "responses", "bedrock"),
    ):
        small = seconds(src, dst, make(1_000))  # 2,000 tool messages or items
        large = seconds(src, dst, make(10_000))  # 20,000
        print(
            f"{name:8} {src} -> {dst}: 2,000 in {small:.2f} s, 20,000 in {large:.2f} s,"
            f" ratio {large / small:.1f} (target <= 12)"
        )


if __name__ == "__main__":
    main()
