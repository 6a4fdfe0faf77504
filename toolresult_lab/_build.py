"""Which build of the core is running: compiled with mypyc, or pure Python.

Both behave identically (the test suite runs against each); the compiled one is faster.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES

from .conversion import pipeline

__all__ = ["COMPILED", "build_label"]

#: True when the conversion pipeline runs as mypyc-compiled extension modules.
COMPILED: bool = str(pipeline.__file__).endswith(tuple(EXTENSION_SUFFIXES))


def build_label() -> str:
    """``mypyc-compiled core`` or ``pure-Python core``, for ``--version`` and benchmarks."""
    return "mypyc-compiled core" if COMPILED else "pure-Python core"
