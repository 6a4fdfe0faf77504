"""Speed and memory figures of the log audit (printed, never asserted).

Targets: >= 10,000 results per second per core for six wires on the pandas engine (the
synthetic log averages 3 entries a result); Dask with 2 local workers >= 1.6x the pandas
engine on 200,000 results on an otherwise idle 2-core machine (the machine's load is
printed beside the figure); peak RSS grows by < 100 MiB from 100,000 to 1,000,000 results
(each measured in a fresh subprocess).

The throughput targets are for the compiled core: run it against ``pip install .`` (not an
editable install), or ``PYTHONPATH=/tmp/trl-compiled`` after ``scripts/compile_inplace.sh``.

Run: python benchmarks/bench_audit.py [--quick]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psutil  # comes with distributed

from toolresult_lab.conversion import pipeline
from toolresult_lab.logs.auditing import audit
from toolresult_lab.logs.synthetic import synthetic_log

RSS_PROBE = """
import resource, sys
from toolresult_lab.logs.auditing import audit
df = audit(sys.argv[1], progress=False)
assert df.attrs["records"] == int(sys.argv[2]), df.attrs
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} (1 min) {five:.2f} (5 min) on {os.cpu_count()} cores"


def _busy() -> float:
    times = psutil.cpu_times()
    return float(
        times.user + times.system + getattr(times, "nice", 0.0) + getattr(times, "irq", 0.0)
    )


def _own() -> float:
    """CPU seconds of this process and its children (the cluster's workers)."""
    me = psutil.Process()
    total = 0.0
    for process in (me, *me.children(recursive=True)):
        with contextlib.suppress(psutil.Error):
            cpu = process.cpu_times()
            total += cpu.user + cpu.system
    return total


@contextlib.contextmanager
def others() -> Iterator[list[str]]:
    """Says, after the block, how many cores other processes kept busy meanwhile."""
    said: list[str] = []
    busy, own, start = _busy(), _own(), time.perf_counter()
    yield said
    seconds = time.perf_counter() - start
    other = max(0.0, (_busy() - busy) - (_own() - own)) / seconds
    said.append(f"other processes kept {other:.2f} of {os.cpu_count()} cores busy meanwhile")


def build() -> str:
    compiled = pipeline.__file__.endswith((".so", ".pyd"))
    return (
        "compiled core" if compiled else "PURE-PYTHON core (the targets are for the compiled one)"
    )


def timed(source: str, **kwargs: object) -> tuple[float, int]:
    start = time.perf_counter()
    df = audit(source, progress=False, **kwargs)  # type: ignore[arg-type]
    return time.perf_counter() - start, int(df.attrs["records"])


def bench_pandas(work: Path, results: int) -> float:
    print(f"pandas engine, six wires, {results:,} results ({build()}):")
    best = 0.0
    for name in ("calls.jsonl", "calls.jsonl.gz"):
        stats = synthetic_log(work / name, results, seed=1)
        timed(str(work / name), wires="openai")  # warm up: imports, page cache
        print(f"  {load()}")
        with others() as said:
            seconds, count = min(timed(str(work / name)) for _ in range(3))
        rate = count / seconds
        best = max(best, rate)
        print(
            f"  {name:<15} {stats.entries / stats.results:.2f} entries a result:"
            f" {rate:9,.0f} results/s   (target >= 10,000 per core); {said[0]}"
        )
    return best


def bench_dask(work: Path, results: int, shards: int) -> None:
    from distributed import Client, LocalCluster

    for shard in range(shards):
        synthetic_log(work / f"day-{shard:02d}.jsonl.gz", results // shards, seed=10 + shard)
    glob = str(work / "day-*.jsonl.gz")
    print(f"\ndask engine vs pandas engine, {results:,} results in {shards} gzip files:")
    timed(glob, wires="openai")
    print(f"  {load()}")
    with others() as said:
        pandas_seconds, count = timed(glob)
    rate = count / pandas_seconds
    print(f"  pandas engine            {pandas_seconds:6.2f} s   {rate:9,.0f} results/s; {said[0]}")
    started = time.perf_counter()
    with (
        LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,
    ):
        client.run(lambda: __import__("toolresult_lab.logs.auditing"))  # workers import it once
        print(f"  (LocalCluster of 2 worker processes up in {time.perf_counter() - started:.1f} s)")
        print(f"  {load()}")
        with others() as said:
            dask_seconds, dask_count = timed(glob, engine="dask")
    assert dask_count == count
    print(
        f"  dask, 2 local workers    {dask_seconds:6.2f} s   {count / dask_seconds:9,.0f} results/s"
        f" = {pandas_seconds / dask_seconds:.2f}x the pandas engine (target >= 1.6x); {said[0]}"
    )


def peak_rss(path: Path, results: int) -> int:
    """Peak RSS in bytes of a fresh interpreter that audits ``path``."""
    done = subprocess.run(
        [sys.executable, "-c", RSS_PROBE, str(path), str(results)],
        capture_output=True,
        text=True,
        check=True,
        cwd=path.parent,  # never the source tree: the build under test is the installed one
    )
    return int(done.stdout.split()[-1]) * 1024


def bench_memory(work: Path, sizes: tuple[int, int]) -> None:
    print("\npeak RSS of a fresh process auditing one gzipped JSON Lines file (six wires;")
    print("64-byte payloads, so a million results fit in little disk space):")
    peaks = []
    for results in sizes:
        path = work / f"rss-{results}.jsonl.gz"
        # gzip level 1: the same lines, written a fifth faster (the probe measures the reader)
        stats = synthetic_log(path, results, seed=2, payload_bytes=64, compresslevel=1)
        peak = peak_rss(path, results)
        peaks.append(peak)
        print(
            f"  {results:>9,} results ({stats.file_bytes / 2**20:7,.0f} MiB):"
            f" peak RSS {peak / 2**20:6.1f} MiB"
        )
        path.unlink()
    print(
        f"  growth {(peaks[1] - peaks[0]) / 2**20:+.1f} MiB from {sizes[0]:,} to {sizes[1]:,}"
        " results (target < 100 MiB)"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="a tenth of the sizes")
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    work = Path(tempfile.mkdtemp(prefix="bench-audit-"))
    t0 = time.perf_counter()
    try:
        bench_pandas(work, 50_000 // scale)
        bench_dask(work, 200_000 // scale, 8)
        bench_memory(work, (100_000 // scale, 1_000_000 // scale))
    finally:
        shutil.rmtree(work)
    print(f"\n(benchmark ran {time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
