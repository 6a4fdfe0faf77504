"""How the audit shows progress: a live bar where a person watches it (a terminal, a
notebook), a few whole lines where a file or a pipe records it.

A bar redraws itself with ``\\r`` ten times a second; in a log file each redraw is one more
line (409 lines for a 43-second audit, issue 18). Off a terminal, a redraw becomes a line of
its own, at most one per tenth of the work and one per ``SPARSE_SECONDS``.
"""

from __future__ import annotations

from typing import IO, Any, Final

__all__ = [
    "SPARSE_SECONDS",
    "SPARSE_STEPS",
    "LineWriter",
    "dask_interval",
    "is_live",
    "tqdm_options",
]

#: Off a terminal: at most one line per this fraction of the work (1 / SPARSE_STEPS) ...
SPARSE_STEPS: Final = 10
#: ... and at most one line per this many seconds (the first and the last line always).
SPARSE_SECONDS: Final = 10.0
_LIVE_SECONDS: Final = 0.1  # a bar's own pace on a terminal


def is_live(stream: IO[str]) -> bool:
    """True when a person watches ``stream`` as it is written (a terminal)."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):  # a closed or detached stream
        return False


class LineWriter:
    """A stream for a bar drawn with ``\\r``: each redraw is written as one whole line, and
    blank writes (the bar's own line ends) are dropped."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream
        self.encoding = getattr(stream, "encoding", None) or "utf-8"

    def write(self, text: str) -> int:
        line = text.replace("\r", "").rstrip()
        if line:
            self._stream.write(line + "\n")
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return False


def tqdm_options(stream: IO[str], total: float | None, *, watched: bool) -> dict[str, Any]:
    """Keywords for ``tqdm`` writing to ``stream``: its defaults where someone ``watched`` it
    (a terminal, a notebook); else whole lines, at most one per tenth of ``total`` (when
    known) and per ``SPARSE_SECONDS``."""
    if watched:
        return {"file": stream}
    return {
        "file": LineWriter(stream),
        "mininterval": SPARSE_SECONDS,
        "maxinterval": float("inf"),  # tqdm's monitor would otherwise lift miniters to 1
        "miniters": max(1.0, total / SPARSE_STEPS) if total else 1,
        "ncols": 80,
    }


def dask_interval(watched: bool) -> float:
    """Seconds between two redraws of a Dask progress bar."""
    return _LIVE_SECONDS if watched else SPARSE_SECONDS
