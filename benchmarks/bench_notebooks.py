"""Run time of each notebook, kernel start included (printed, never asserted; target < 60 s).

The notebooks are the documentation a new user runs first; a slow one is a defect, but a
timed assertion in a test would fail on a busy machine, so the figure lives here.

Run: python benchmarks/bench_notebooks.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import nbformat
from ipykernel.kernelspec import write_kernel_spec
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TARGET = 60.0


def run(path: Path, specs: KernelSpecManager) -> float:
    """Executes one notebook in a fresh kernel of this interpreter; its seconds."""
    nb = nbformat.read(path, as_version=4)
    km = KernelManager(kernel_name="python3", kernel_spec_manager=specs)
    client = NotebookClient(
        nb, km=km, timeout=180, resources={"metadata": {"path": str(NOTEBOOKS)}}
    )
    start = time.perf_counter()
    try:
        client.execute()
    finally:
        if km.has_kernel:  # a kernel manager we pass in is ours to shut down
            km.shutdown_kernel(now=True)
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as kernels:
        write_kernel_spec(path=str(Path(kernels) / "python3"))
        specs = KernelSpecManager(kernel_dirs=[kernels])
        assert specs.get_kernel_spec("python3").argv[0] == sys.executable
        for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
            seconds = run(path, specs)
            mark = "ok" if seconds < TARGET else "SLOW"
            print(f"{path.stem:<24} {seconds:6.1f} s  (target < {TARGET:.0f} s) {mark}")


if __name__ == "__main__":
    main()
