"""Speed and memory figures of the conversion core (printed, never asserted).

Targets on a 2-core machine: <= 25 us to convert the mixed 7-block result to all
six wires; for a 50 MiB base64 image, the placeholder <= 3x one ``count("=")``
pass over the payload (it never decodes), and peak memory <= 2x the payload.

Run: python benchmarks/bench_core.py
"""

from __future__ import annotations

import base64
import gc
import os
import time
import timeit
import tracemalloc
from collections.abc import Callable
from typing import Any

from toolresult_lab import WIRES, ToolResult

PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(range(64))).decode()
PDF = base64.b64encode(b"%PDF-1.4\n" + bytes(200) + b"%%EOF\n").decode()
WAV = base64.b64encode(b"RIFF" + bytes(100)).decode()

MIXED = [
    {"type": "text", "text": "Here is the chart you asked for."},
    {"type": "image", "mimeType": "image/png", "data": PNG},
    {"type": "resource_link", "name": "data.csv", "uri": "file:///data/data.csv"},
    {
        "type": "resource",
        "resource": {"uri": "file:///a.json", "mimeType": "application/json", "text": '{"a":1}'},
    },
    {"type": "audio", "mimeType": "audio/wav", "data": WAV},
    {
        "type": "resource",
        "resource": {"uri": "file:///r/report.pdf", "mimeType": "application/pdf", "blob": PDF},
    },
    {"type": "text", "text": "Done."},
]
OPTIONS: dict[str, Any] = {"image_input": True, "native_pdf": True}


def best_of(fn: Callable[[], object], number: int, repeat: int = 7) -> float:
    """Seconds per call: the best of ``repeat`` runs of ``number`` calls."""
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def peak_bytes(fn: Callable[[], object]) -> int:
    """Peak memory allocated while ``fn`` runs (what it allocates, not what exists)."""
    gc.collect()
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def bench_mixed() -> None:
    result = ToolResult(name="chart", id="call_1", content=MIXED)

    def six_wires() -> None:
        for wire in WIRES:
            result.to(wire, **OPTIONS)

    def build_and_six_wires() -> None:
        fresh = ToolResult(name="chart", id="call_1", content=MIXED)
        for wire in WIRES:
            fresh.to(wire, **OPTIONS)

    def explain_six_wires() -> None:
        for wire in WIRES:
            result.explain(wire, **OPTIONS)

    print("mixed 7-block result (text, png, resource_link, json resource, audio, pdf, text),")
    print("image_input and native_pdf on, all six wires:")
    for label, fn in (
        ("new ToolResult + to() x6", build_and_six_wires),
        ("to() x6 on one ToolResult", six_wires),
        ("explain() x6 on one ToolResult", explain_six_wires),
    ):
        print(f"  {label:<32} {best_of(fn, 2000) * 1e6:8.1f} us per result   (target <= 25 us)")


def bench_large(mib: int) -> None:
    payload = base64.b64encode(os.urandom(mib * 1024 * 1024 * 3 // 4)).decode()
    size = len(payload)
    content = [{"type": "image", "mimeType": "image/png", "data": payload}]

    floor = best_of(lambda: payload.count("="), 5, repeat=5)

    def placeholder() -> object:
        return ToolResult(content=content).to("openai")

    def native() -> object:
        return ToolResult(content=content).to("responses", image_input=True)

    print(
        f"\n{mib} MiB base64 image ({size:,} chars); floor = payload.count('=') "
        f"= {floor * 1e3:.2f} ms"
    )
    for label, fn, target in (
        ("placeholder on openai", placeholder, "<= 3x floor"),
        ("native input_image on responses", native, "(decodes nothing but the last group)"),
    ):
        seconds = best_of(fn, 3, repeat=5)
        peak = peak_bytes(fn)
        print(
            f"  {label:<32} {seconds * 1e3:8.2f} ms = {seconds / floor:5.2f}x floor {target};"
            f" peak {peak / 2**20:7.1f} MiB = {peak / size:4.2f}x payload (target <= 2x)"
        )
    assert "(" in placeholder()["content"]  # type: ignore[index]


def main() -> None:
    t0 = time.perf_counter()
    bench_mixed()
    bench_large(50)
    print(f"\n(benchmark ran {time.perf_counter() - t0:.1f} s)")


if __name__ == "__main__":
    main()
