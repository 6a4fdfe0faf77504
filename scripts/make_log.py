#!/usr/bin/env python3
"""Write a synthetic log of MCP tool results for the audit (see ``toolresult_lab.logs.synthetic``).

python scripts/make_log.py logs/calls.jsonl.gz --results 100000
python scripts/make_log.py logs/calls.jsonl.gz --results 200000 --shards 8
    # logs/calls-000.jsonl.gz ... logs/calls-007.jsonl.gz, one seed each
toolresult-lab audit 'logs/calls-*.jsonl.gz' --engine dask
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from toolresult_lab.logs.synthetic import synthetic_log


def shard_path(path: Path, shard: int) -> Path:
    """``calls.jsonl.gz`` -> ``calls-003.jsonl.gz``."""
    stem, dot, suffixes = path.name.partition(".")
    return path.with_name(f"{stem}-{shard:03d}{dot}{suffixes}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path, help="the log to write (.gz: gzip)")
    parser.add_argument("--results", type=int, default=10_000, help="tool results in all")
    parser.add_argument("--shards", type=int, default=1, help="split into this many files")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bad-every", type=int, default=200, help="~1 bad line per N results")
    parser.add_argument("--payload-bytes", type=int, default=1024, help="median decoded image size")
    args = parser.parse_args(argv)
    if args.shards < 1 or args.results < 0:
        parser.error("--shards must be >= 1 and --results >= 0")
    args.path.parent.mkdir(parents=True, exist_ok=True)
    bar = None
    if sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(total=args.results, unit=" results", desc="writing")
    done = 0
    for shard in range(args.shards):
        path = args.path if args.shards == 1 else shard_path(args.path, shard)
        count = args.results // args.shards + (shard < args.results % args.shards)
        base = done

        def progress(written: int, base: int = base) -> None:
            if bar is not None:
                bar.update(base + written - bar.n)

        stats = synthetic_log(
            path,
            count,
            seed=args.seed + shard,
            bad_every=args.bad_every,
            payload_bytes=args.payload_bytes,
            progress=progress,
        )
        done += stats.results
        print(
            f"{path}: {stats.results:,} results, {stats.entries:,} entries,"
            f" {stats.bad_lines:,} bad lines, {stats.file_bytes / 2**20:,.1f} MiB"
        )
    if bar is not None:
        bar.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
