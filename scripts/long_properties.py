"""The invariant properties of issue 36 (``tests/test_invariants_*.py``) run long.

    .venv/bin/python scripts/long_properties.py --examples 2000 [--seed 1] [--only repair,lint]
        [--by-mutation]

Runs each property of ``tests/invariants.py`` over mutated corpus requests with
``--examples`` random examples (from ``--seed``) and hypothesis's shrinking, and prints, per
property: examples run, pass or FAIL, and the smallest failing example found (seed, wire,
each mutation with its path, the destination) with what broke. ``--by-mutation`` runs each
property once per mutation kind (``--examples`` each), so one kind of breach does not hide
another. Exit 1 when any property fails. Needs the shared corpus (``../shared/real-requests``
or ``TRL_REAL_REQUESTS``).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import invariant_runs
from invariant_runs import Run, property_run
from invariants import PROPERTIES
from mutations import MUTATIONS


def _one(name: str, examples: int, seed: int, kinds: tuple[str, ...] | None) -> Run:
    run = Run(name)
    if kinds is not None:
        invariant_runs.KINDS[name] = kinds
    with contextlib.suppress(Exception):  # a failing property: run.failure is its example
        property_run(name, examples, seed=seed, run=run)()
    return run


def _report(label: str, run: Run, seconds: float) -> None:
    verdict = "FAIL" if run.failure else "pass"
    print(f"{verdict}  {label}: {run.examples} examples, {seconds:.0f} s", flush=True)
    if run.failure:
        print(f"      smallest: {run.failure}", flush=True)
        print(f"      broke:    {(run.error or '').splitlines()[0][:400]}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=1000, help="examples per property")
    parser.add_argument("--seed", type=int, default=1, help="hypothesis seed")
    parser.add_argument(
        "--only", default="", help="properties whose name starts with one of these (a,b,...)"
    )
    parser.add_argument("--by-mutation", action="store_true", help="one run per mutation kind")
    args = parser.parse_args(argv)
    prefixes = tuple(args.only.split(","))
    names = [name for name in PROPERTIES if name.startswith(prefixes)]
    failed = 0
    started = time.perf_counter()
    for name in names:
        default = invariant_runs.KINDS.get(name)
        for kinds in [(k,) for k in (default or MUTATIONS)] if args.by_mutation else [None]:
            began = time.perf_counter()
            run = _one(name, args.examples, args.seed, kinds)
            label = f"{name} [{kinds[0]}]" if kinds else name
            _report(label, run, time.perf_counter() - began)
            failed += run.failure is not None
        if default is not None:
            invariant_runs.KINDS[name] = default
        else:
            invariant_runs.KINDS.pop(name, None)
    runs = len(names) * (len(MUTATIONS) if args.by_mutation else 1)
    print(
        f"{failed} of {runs} runs failed ({args.examples} examples each, seed {args.seed},"
        f" {time.perf_counter() - started:.0f} s)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
