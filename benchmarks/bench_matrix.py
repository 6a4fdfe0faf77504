"""Build time of the whole capability matrix (printed, never asserted; target < 50 ms).

Run: python benchmarks/bench_matrix.py
"""

from __future__ import annotations

from toolresult_lab.views.matrix import build_time, capability_matrix


def main() -> None:
    rows = len(capability_matrix())
    seconds = build_time(repeat=5)
    print(
        f"capability matrix: {rows:,} rows (6 wires x kinds x 18 option sets) built in "
        f"{seconds * 1e3:.0f} ms, best of 5 (target < 50 ms)"
    )


if __name__ == "__main__":
    main()
