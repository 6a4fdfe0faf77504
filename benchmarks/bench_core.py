"""Speed and memory figures of the conversion core, beside the Perl reference (printed,
never asserted).

    python benchmarks/bench_core.py [--also OTHER_PYTHON ...] [--perl-reference DIR]

Targets (issue 8, raised by issue 20): the compiled core >= 7x the Perl reference per
result for six wires (new ToolResult + six ``to()``, the Perl bench's own 7-block content
and calls, same run); ``explain()`` x6 <= 1.5x ``to()`` x6; for a 50 MiB base64 image the
placeholder <= 3x one ``count("=")`` pass and peak memory <= 2x the payload.

``--also`` runs the same measurements under another interpreter (e.g. the pure-Python
build's venv) so both builds are printed side by side. The Perl reference is
``../shared/perl-reference`` beside the clone (or ``--perl-reference``); when it or
``perl`` is missing, its column is left out and the script says why. Figures are the
best of several interleaved rounds, because this machine's speed drifts.
"""

from __future__ import annotations

import argparse
import base64
import gc
import json
import os
import re
import shutil
import subprocess
import sys
import time
import timeit
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The Perl bench's content (bench/bench.pl), block for block.
CONTENT: list[dict[str, Any]] = [
    {"type": "text", "text": "first", "annotations": {"priority": 1}},
    {"type": "image", "data": "iVBORw0KGgoAAAANSUhEUgAA", "mimeType": "image/png"},
    {"type": "resource_link", "uri": "file:///r.txt", "name": "r.txt"},
    {
        "type": "resource",
        "resource": {"uri": "mem://j", "mimeType": "application/json", "text": '{"a":1}'},
    },
    {"type": "audio", "data": "UklGRg==", "mimeType": "audio/wav"},
    {
        "type": "resource",
        "resource": {
            "uri": "file:///docs/report.pdf",
            "mimeType": "application/pdf",
            "blob": "JVBERi0xLjQK",
        },
    },
    {"type": "text", "text": "last"},
]
OPTIONS: dict[str, Any] = {"image_input": True, "native_pdf": True}
#: The wires the Perl reference converts to (the ratio compares the same work).
PERL_WIRES = ("openai", "anthropic", "gemini", "ollama", "responses", "hermes")
ROUNDS = 5  # this machine class has bursts of noise lasting seconds: more rounds, fairer best
REPO = Path(__file__).resolve().parent.parent


def best_of(fn: Callable[[], object], number: int, repeat: int = 5) -> float:
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


def measure_mixed() -> dict[str, float]:
    """Microseconds per result for the Perl bench's content, this interpreter's build: the
    six wires the Perl reference has (bedrock, the seventh, would make the ratio unfair)."""
    from toolresult_lab import WIRES, ToolResult

    wires = [wire for wire in WIRES if wire in PERL_WIRES]

    def new_and_six() -> None:
        result = ToolResult(id="c1", name="snap", content=CONTENT)
        for wire in wires:
            result.to(wire, **OPTIONS)

    result = ToolResult(id="c1", name="snap", content=CONTENT)

    def six() -> None:
        for wire in wires:
            result.to(wire, **OPTIONS)

    def explain_six() -> None:
        for wire in wires:
            result.explain(wire, **OPTIONS)

    return {
        "new_to6": best_of(new_and_six, 2000) * 1e6,
        "to6": best_of(six, 2000) * 1e6,
        "explain6": best_of(explain_six, 2000) * 1e6,
    }


def measure_large(mib: int = 50) -> dict[str, float]:
    """The 50 MiB image figures: placeholder and native form, time and peak memory."""
    from toolresult_lab import ToolResult

    payload = base64.b64encode(os.urandom(mib * 1024 * 1024 * 3 // 4)).decode()
    content = [{"type": "image", "mimeType": "image/png", "data": payload}]
    floor = best_of(lambda: payload.count("="), 5, repeat=5)

    def placeholder() -> object:
        return ToolResult(content=content).to("openai")

    def native() -> object:
        return ToolResult(content=content).to("responses", image_input=True)

    assert "bytes)" in placeholder()["content"]  # type: ignore[index]
    return {
        "payload_chars": float(len(payload)),
        "floor_ms": floor * 1e3,
        "placeholder_ms": best_of(placeholder, 3, repeat=5) * 1e3,
        "placeholder_peak": float(peak_bytes(placeholder)),
        "native_ms": best_of(native, 3, repeat=5) * 1e3,
        "native_peak": float(peak_bytes(native)),
    }


def _here() -> dict[str, Any]:
    from toolresult_lab import COMPILED, __version__

    return {"compiled": COMPILED, "version": __version__, "python": sys.version.split()[0]}


def _run_elsewhere(python: str, what: str) -> dict[str, Any]:
    """Run one measurement under another interpreter (a subprocess), as JSON."""
    if os.sep in python:  # a path given relative to where the bench was started
        python = os.path.abspath(python)  # not resolve(): a venv's python is a symlink
    out = subprocess.run(
        [python, __file__, "--json", what],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parent,  # never the repo root: the installed build
    ).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def _perl(reference: Path) -> tuple[str | None, str]:
    """The Perl bench script, or ``None`` and why it cannot run."""
    script = reference / "bench" / "bench.pl"
    if shutil.which("perl") is None:
        return None, "perl is not installed"
    if not script.is_file():
        return None, f"no Perl reference at {reference}"
    probe = subprocess.run(
        ["perl", "-I", str(reference / "lib"), "-MLangertha::ToolResult", "-e", "1"],
        capture_output=True,
        text=True,
    )
    if probe.returncode != 0:
        return None, "the Perl module does not load (see its README for the Debian packages)"
    return str(script), ""


def _perl_mixed(script: str) -> float:
    out = subprocess.run(
        ["perl", script, "2000", "mixed"], capture_output=True, text=True, check=True
    ).stdout
    found = re.search(r"us/result=([\d.]+)", out)
    if found is None:
        raise RuntimeError(f"unexpected Perl bench output: {out!r}")
    return float(found.group(1))


def _perl_blob(script: str) -> tuple[float, float]:
    out = subprocess.run(
        ["perl", script, "1", "blob"], capture_output=True, text=True, check=True
    ).stdout
    found = re.search(r"placeholder=([\d.]+) ms native=([\d.]+) ms", out)
    if found is None:
        raise RuntimeError(f"unexpected Perl bench output: {out!r}")
    return float(found.group(1)), float(found.group(2))


def _label(info: dict[str, Any]) -> str:
    build = "compiled" if info["compiled"] else "pure Python"
    return f"{build} (Python {info['python']})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--also", action="append", default=[], metavar="PYTHON")
    parser.add_argument(
        "--perl-reference", type=Path, default=REPO.parent / "shared" / "perl-reference"
    )
    parser.add_argument(
        "--rounds", type=int, default=ROUNDS, help=f"interleaved rounds (default {ROUNDS})"
    )
    parser.add_argument("--json", choices=("info", "mixed", "large"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        measure = {"info": _here, "mixed": measure_mixed, "large": measure_large}[args.json]
        print(json.dumps(measure()))
        return

    started = time.perf_counter()
    builds: list[tuple[str, dict[str, Any]]] = [(sys.executable, _here())]
    builds += [(python, _run_elsewhere(python, "info")) for python in args.also]
    script, why_not = _perl(args.perl_reference)

    # Interleaved rounds: Perl, then each build; the best of each is kept.
    perl_us: list[float] = []
    mixed: dict[str, list[dict[str, float]]] = {python: [] for python, _ in builds}
    for _ in range(args.rounds):
        if script:
            perl_us.append(_perl_mixed(script))
        for python, _info in builds:
            figures = (
                measure_mixed() if python == sys.executable else _run_elsewhere(python, "mixed")
            )
            mixed[python].append(figures)

    print("Perl bench content (7 blocks), image_input and native_pdf on, six wires;")
    print(f"best of {args.rounds} interleaved rounds, microseconds per result:")
    header = f"  {'':42}{'new+to() x6':>12}{'to() x6':>10}{'explain x6':>12}{'explain/to':>12}"
    print(header + ("  vs Perl" if script else ""))
    best_perl = min(perl_us) if perl_us else None
    if best_perl is not None:
        print(f"  {'Perl reference (Langertha 0.503)':42}{best_perl:>12.1f}")
    for python, info in builds:
        best = {key: min(f[key] for f in mixed[python]) for key in mixed[python][0]}
        ratio = f"  {best_perl / best['new_to6']:.2f}x faster" if best_perl else ""
        print(
            f"  {_label(info):42}{best['new_to6']:>12.1f}{best['to6']:>10.1f}"
            f"{best['explain6']:>12.1f}{best['explain6'] / best['to6']:>11.2f}x{ratio}"
        )
    if not script:
        print(f"  (Perl reference not measured: {why_not})")
    print("  targets: compiled >= 7x Perl (issue 20); explain/to <= 1.5x")

    perl_blob = _perl_blob(script) if script else None
    for python, info in builds:
        large = measure_large() if python == sys.executable else _run_elsewhere(python, "large")
        size = large["payload_chars"]
        floor = large["floor_ms"]
        print(
            f"\n50 MiB base64 image, {_label(info)}; floor = one payload.count('=') "
            f"= {floor:.2f} ms"
        )
        for name, key, target in (
            ("placeholder on openai", "placeholder", "<= 3x floor"),
            ("native input_image on responses", "native", "(decodes only the last group)"),
        ):
            ms, peak = large[f"{key}_ms"], large[f"{key}_peak"]
            print(
                f"  {name:32} {ms:8.2f} ms = {ms / floor:5.2f}x floor {target}; "
                f"peak {peak / 2**20:6.1f} MiB = {peak / size:4.2f}x payload (<= 2x)"
            )
    if perl_blob:
        print(f"  Perl reference: placeholder {perl_blob[0]:.1f} ms, native {perl_blob[1]:.1f} ms")
    print(f"\n(benchmark ran {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
