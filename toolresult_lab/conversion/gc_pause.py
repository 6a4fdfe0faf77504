"""Pause Python's cycle collector while one call builds a large, acyclic result.

Why: ``translate`` builds a transcript and a request of some 25 container objects per
message. Each object allocated counts towards the collector's thresholds, so a 20,000-message
conversation sets off full collections that walk the whole heap (four of them, about 12 % of
the run, measured 2026-12-02 on the compiled build), while a 2,000-message one sets off none:
the run grows faster than the conversation. Nothing is freed by those passes (reference
counting frees the acyclic records). Mercurial's ``util.nogc`` pauses the collector around
its large builds for the same reason.

The pause is process-wide, so it lasts only for the one call and puts back the state it
found: a collector another thread turned off stays off.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused_cycle_collector"]


@contextmanager
def paused_cycle_collector() -> Iterator[None]:
    """The cycle collector off for the ``with`` block, as it was before afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
