"""What ``tool_turn`` adds to the cost of the ``to()`` calls it makes (printed, never asserted).

Target: at most +20%, i.e. ``tool_turn(wire, calls, results)`` takes at most 1.2x the time of
``[r.to(wire) for r in results]`` with the same options. Two turns of three calls each:

- *mixed*: each result is the 7-block result of ``bench_core`` (text, PNG, a resource
  link, a JSON resource, audio, a PDF, text), the shape of a real MCP tool's answer;
- *tiny*: each result is one short text, the worst case: the ``to()`` calls cost least there,
  so the echo, the pairing and the type checks weigh most.

The two are timed alternately, best of many runs, to keep a busy machine's noise out of the
ratio. Run: python benchmarks/bench_turns.py
"""

from __future__ import annotations

import timeit
from collections.abc import Callable
from typing import Any

from bench_core import CONTENT as MIXED  # the Perl bench's 7-block content

from toolresult_lab import WIRES, ToolCall, ToolResult, tool_turn

OPTIONS: dict[str, Any] = {"image_input": True, "native_pdf": True}
CALLS = [
    ToolCall(id=f"call_{i}", name=f"tool_{i}", arguments={"city": "Köln", "day": i})
    for i in range(3)
]
TURNS = {
    "mixed": [ToolResult(name=c.name, id=c.id, content=MIXED) for c in CALLS],
    "tiny": [
        ToolResult(name=c.name, id=c.id, content=[{"type": "text", "text": "Sunny, 22C"}])
        for c in CALLS
    ],
}


def alternating(
    first: Callable[[], object], second: Callable[[], object], number: int
) -> tuple[float, float]:
    """Best seconds per call of each, timed in turns (15 rounds of ``number`` calls)."""
    best = [float("inf"), float("inf")]
    for _ in range(15):
        for index, fn in enumerate((first, second)):
            best[index] = min(best[index], timeit.timeit(fn, number=number) / number)
    return best[0], best[1]


def main() -> None:
    print("tool_turn vs the to() calls it makes (3 calls; image_input, native_pdf on)")
    print(f"  {'turn':<6} {'wire':<10} {'to() x3':>9} {'tool_turn':>10} {'adds':>7}")
    worst: dict[str, float] = {}
    for name, results in TURNS.items():
        for wire in WIRES:
            # hermes: the results use the default tag; options a wire does not read are ignored
            def blocks() -> object:
                return [r.to(wire, **OPTIONS) for r in results]  # noqa: B023

            def turn() -> object:
                return tool_turn(wire, CALLS, results, **OPTIONS)  # noqa: B023

            to_s, turn_s = alternating(blocks, turn, 2000)
            added = turn_s / to_s - 1
            worst[name] = max(worst.get(name, -1.0), added)
            print(f"  {name:<6} {wire:<10} {to_s * 1e6:7.2f}us {turn_s * 1e6:8.2f}us {added:+7.0%}")
    for name, added in worst.items():
        print(f"  worst {name}: tool_turn adds {added:+.0%} (target <= +20%)")


if __name__ == "__main__":
    main()
