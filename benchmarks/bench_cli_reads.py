"""The command line's reads of one input file or standard input (issue 28, item 8): wall time
and peak memory of each command on ``/dev/zero``, an endless pipe and a file past the cap,
each beside its normal case (printed, never asserted).

Each row runs ``toolresult-lab`` as its own process and reads that process's peak RSS from
``wait4``; the cap on one input is 128 MiB (``cli._common.MAX_INPUT_BYTES``).

Run: python benchmarks/bench_cli_reads.py [--only convert lint]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

COMMANDS = {
    "convert": ["convert", "{}", "--wire", "openai"],
    "lint": ["lint", "{}", "--wire", "openai"],
    "translate": ["translate", "{}", "--from", "openai", "--to", "anthropic"],
    "turn": ["turn", "{calls}", "{}", "--wire", "openai"],
}
RESULT = {"content": [{"type": "text", "text": "Sunny, 22C"}]}
REQUEST = {"messages": [{"role": "user", "content": "hi"}]}
CALLS = {
    "role": "assistant",
    "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}],
}


def _feed(stdin: object) -> None:
    """Write zero bytes into ``stdin`` until the reader stops reading."""
    block = bytes(1 << 20)
    try:
        while True:
            stdin.write(block)  # type: ignore[attr-defined]
    except (BrokenPipeError, OSError, ValueError):
        pass


def _run(argv: list[str], pipe: bool) -> tuple[float, int, int, str]:
    """Seconds, peak RSS (MiB), exit status and the first line of stderr of one run."""
    command = [sys.executable, "-m", "toolresult_lab.cli", *argv]
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        child = subprocess.Popen(
            command,
            stdin=subprocess.PIPE if pipe else subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
        feeder = None
        if pipe:
            feeder = threading.Thread(target=_feed, args=(child.stdin,), daemon=True)
            feeder.start()
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.stdin is not None:
            with contextlib.suppress(OSError):
                child.stdin.close()
        seconds = time.perf_counter() - start
        err.seek(0)
        first = err.read().decode("utf-8", "replace").splitlines()[:1]
    return seconds, usage.ru_maxrss // 1024, child.returncode, (first or [""])[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", choices=list(COMMANDS), help="these commands")
    args = parser.parse_args()
    print(__doc__.splitlines()[0])
    print(f"{'command':10} {'input':28} {'time':>8} {'peak':>9} exit  message")
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        calls = tmp / "calls.json"
        calls.write_text(json.dumps(CALLS))
        normal = {
            "convert": RESULT,
            "lint": REQUEST,
            "translate": REQUEST,
            "turn": [RESULT],
        }
        big = tmp / "big.json"
        with open(big, "wb") as file:
            file.truncate(128 * 1024 * 1024 + 1)  # sparse
        for name in args.only or list(COMMANDS):
            good = tmp / f"{name}.json"
            good.write_text(json.dumps(normal[name]))
            cases = [
                ("normal: a small file", str(good), False),
                ("/dev/zero", "/dev/zero", False),
                ("an endless pipe on stdin", "-", True),
                ("a file of 128 MiB + 1 byte", str(big), False),
            ]
            for label, path, pipe in cases:
                argv = [part.replace("{calls}", str(calls)) for part in COMMANDS[name]]
                argv = [path if part == "{}" else part for part in argv]
                seconds, peak, status, message = _run(argv, pipe)
                print(
                    f"{name:10} {label:28} {seconds:>7.2f}s {peak:>5,} MiB {status:>4}"
                    f"  {message[:90]}"
                )


if __name__ == "__main__":
    main()
