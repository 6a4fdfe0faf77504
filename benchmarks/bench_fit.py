"""Fitting a 10 MB JSON tool result into a token budget (issue 27; printed, never asserted).

Target: at most 50 ms per ``to(wire, max_tokens=8000)`` on the compiled build. The result is
a long search listing (30,000 hits of six fields, ~10 MB of JSON text), the shape of the
real outputs that overflow context windows. Printed per wire: the best of several runs of
``to(wire, max_tokens=8000)``, the tokens before and after (``estimate_tokens``), and the
parts of the time: the JSON parse of the text (``json.loads``), the check the fitting
does instead (``json_array.read_array``: the same C decoder, no dict built; only the kept
head and tail items are built after it) and the estimate of the whole block; and what
orjson (the ``fast`` extra) would give for the parse. Measured 2026-12-02 (pure build, a
loaded 2-core machine): orjson.loads is only 15-20 % faster than json.loads on this shape
(30,000 objects: building them is the cost, not the scanning), and it reads an integer of
2**64 or more as a float where json keeps it exact, so the cutting keeps json's decoder.
With the ``fast`` extra, pysimdjson does the check instead (``read_array``'s figure is
then simdjson's): 16 ms against json.loads' 186 ms on this text, same run, loaded machine
(2026-12-02). Its parser is kept between checks (a new one cost 36 ms of page faults
against 12 ms), and the whole block's estimate measures the text in 64 KiB pieces
(``encoding.json_string_chars``): compiled, 2026-12-02, the fit went from 68-83 ms to
45-47 ms per wire but hermes (110 ms: its block is the text escaped as a JSON string,
built whole to be measured; the C encoder alone takes 65 ms of it). Hermes now says what a
text takes in its block (``text_chars``), so the fit measures the text instead: 46 ms
compiled, 2026-12-02 (loaded machine, json.loads 179 ms in the same run). The same hits
inside ``{"query", "results", "total"}`` went through a whole ``json.loads`` (145 ms); the
object's members are now read around the lazy array (``json_object``).
Run: python benchmarks/bench_fit.py
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from toolresult_lab import WIRES, ToolResult, __version__
from toolresult_lab.budgets.costs import estimate_tokens
from toolresult_lab.budgets.json_array import read_array

BUDGET = 8000
RUNS = 3
HITS = [
    {
        "id": i,
        "title": f"Result number {i} about something",
        "url": f"https://example.com/x/{i}",
        "snippet": "lorem ipsum dolor sit amet " * 8,
        "score": i * 0.5,
        "tags": ["a", "b"],
    }
    for i in range(30_000)
]
TEXT = json.dumps(HITS)
RESULT = ToolResult(id="call_1", name="search", content=[{"type": "text", "text": TEXT}])
#: The same hits as most APIs answer them: an object around the array.
WRAPPED = ToolResult(
    id="call_1",
    name="search",
    content=[
        {
            "type": "text",
            "text": json.dumps({"query": "something", "results": HITS, "total": len(HITS)}),
        }
    ],
)


def best(run: Callable[[], object]) -> float:
    """The fastest of ``RUNS`` runs, in milliseconds."""
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    print(
        f"toolresult_lab {__version__}: fit {len(TEXT) / 1e6:.1f} MB of JSON into {BUDGET:,} tokens"
    )
    print(f"  json.loads of the text alone: {best(lambda: json.loads(TEXT)):.0f} ms")
    print(f"  read_array (the fitting's check): {best(lambda: read_array(TEXT)):.0f} ms")
    try:
        import orjson
    except ImportError:
        print("  orjson.loads: orjson is not installed (pip install toolresult-lab[fast])")
    else:
        print(f"  orjson.loads of the text alone: {best(lambda: orjson.loads(TEXT)):.0f} ms")
    print(f"  {'wire':<10} {'fit ms':>8} {'estimate ms':>12} {'tokens before':>14} {'after':>6}")
    for wire in WIRES:
        fit_ms = best(lambda wire=wire: RESULT.to(wire, max_tokens=BUDGET))
        estimate_ms = best(lambda wire=wire: estimate_tokens(RESULT, wire))
        before = estimate_tokens(RESULT, wire).total
        after = estimate_tokens(RESULT, wire, max_tokens=BUDGET).total
        print(f"  {wire:<10} {fit_ms:>8.0f} {estimate_ms:>12.0f} {before:>14,} {after:>6,}")
    print('  the same hits as {"query", "results": [...], "total"} (json_object):')
    for wire in WIRES:
        fit_ms = best(lambda wire=wire: WRAPPED.to(wire, max_tokens=BUDGET))
        after = estimate_tokens(WRAPPED, wire, max_tokens=BUDGET).total
        print(f"  {wire:<10} {fit_ms:>8.0f} {'':>12} {'':>14} {after:>6,}")
    print("  target: fit <= 50 ms per wire on the compiled build")


if __name__ == "__main__":
    main()
