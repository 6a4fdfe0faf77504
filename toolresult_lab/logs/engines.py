"""Running a job over the parts of a log: on pandas (one core, streaming) or on dask (the
parts in parallel, on the active ``distributed.Client`` when there is one), with a
progress bar that suits where it is watched. ``audit`` and ``lint_logs`` both run here.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, Literal

import pandas as pd

from ..conversion.result import ToolResult
from .linereader import DEFAULT_MAX_LINE
from .log_parts import FilePart, Part, file_parts, file_paths, memory_parts
from .progress import LineWriter, dask_interval, is_live, tqdm_options

__all__ = [
    "DEFAULT_BLOCKSIZE",
    "ROWS_PER_PART",
    "Engine",
    "Job",
    "run_parts",
    "source_parts",
    "wants_progress",
]

Engine = Literal["pandas", "dask"]
#: Bytes of a plain JSON Lines file per part on the dask engine.
DEFAULT_BLOCKSIZE: Final = 32 * 2**20
#: Rows of a DataFrame or an iterable per part on the dask engine.
ROWS_PER_PART: Final = 10_000


def _is_path(value: object) -> bool:
    return isinstance(value, (str, os.PathLike))


def source_parts(
    source: Any,
    split: bool,
    blocksize: int,
    what: str = "audit",
    items: str = "results",
    max_line: int = DEFAULT_MAX_LINE,
) -> list[Part]:
    """``source`` (paths and globs, a DataFrame, an iterable of records) as parts; ``split``:
    in parts for the dask engine. ``what`` and ``items`` name the caller in its errors;
    ``max_line``: the longest JSON line read from a file."""
    if isinstance(source, pd.DataFrame):
        return list(memory_parts(source, "<DataFrame>", ROWS_PER_PART if split else None))
    if isinstance(source, (str, os.PathLike)):
        return list(file_parts(file_paths([source]), blocksize if split else None, max_line))
    if isinstance(source, (Mapping, ToolResult, bytes, bytearray)):
        raise TypeError(
            f"{what} reads paths, a DataFrame or an iterable of {items}, not one"
            f" {type(source).__name__} (wrap a single {items[:-1]} in a list)"
        )
    if isinstance(source, Sequence) and source and all(_is_path(item) for item in source):
        return list(file_parts(file_paths(source), blocksize if split else None, max_line))
    if isinstance(source, Iterable):
        return list(memory_parts(source, "<records>", ROWS_PER_PART if split else None))
    raise TypeError(f"{what} cannot read a {type(source).__name__}")


def _in_kernel() -> bool:
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return getattr(shell, "kernel", None) is not None


def _watched() -> bool:
    """Someone watches the progress as it is drawn: a notebook, or stderr on a terminal."""
    return _in_kernel() or is_live(sys.stderr)


def wants_progress(progress: bool | None) -> bool:
    if progress is not None:
        return bool(progress)
    return _watched()


def _missing_extra(what: str, error: ImportError) -> ImportError:
    return ImportError(
        f"{what} needs the audit extra: pip install 'toolresult_lab[audit]' ({error})"
    )


def _progress_bar(parts: list[Part], desc: str = "audit") -> Any:
    """A ``tqdm`` bar over ``parts`` (bytes of files, else results): a widget in a notebook,
    a live bar on a terminal, a few whole lines in a file or pipe (``progress``)."""
    try:
        from tqdm.auto import tqdm
    except ImportError as error:
        raise _missing_extra("the audit's progress bar", error) from None
    sizes = [part.size for part in parts]
    files = all(isinstance(part, FilePart) for part in parts)
    total = sum(sizes) if files or all(sizes) else None
    unit = (
        {"unit": "B", "unit_scale": True, "unit_divisor": 1024} if files else {"unit": " results"}
    )
    options = tqdm_options(sys.stderr, total, watched=_watched())
    return tqdm(total=total, desc=desc, **unit, **options)


#: What runs on one part: ``job(part, advance=...)`` returns its tally (which has ``bad``);
#: picklable for the dask engine (a ``functools.partial`` of a module function).
Job = Callable[..., Any]


def run_parts(
    parts: list[Part], job: Job, show: bool, strict: bool, engine: Engine, desc: str = "audit"
) -> list[Any]:
    """Every part's tally, in part order, on ``engine`` (``lint_logs`` runs its own job)."""
    if engine == "pandas":
        return _run_pandas(parts, job, show, strict, desc)
    return _run_dask(parts, job, show, desc)


def _run_pandas(parts: list[Part], job: Job, show: bool, strict: bool, desc: str) -> list[Any]:
    bar: Any = _progress_bar(parts, desc) if show else None
    tallies: list[Any] = []
    try:
        for part in parts:
            tally = job(part, advance=None if bar is None else bar.update)
            tallies.append(tally)
            if strict and tally.bad:
                break
    finally:
        if bar is not None:
            bar.close()
    return tallies


def _active_client() -> Any:
    """The active ``distributed.Client``, or ``None`` (distributed is never imported here)."""
    if "distributed" not in sys.modules:
        return None
    from distributed import default_client

    try:
        return default_client()
    except ValueError:  # no client
        return None


def _run_dask(parts: list[Part], job: Job, show: bool, desc: str) -> list[Any]:
    try:
        import dask.bag as db
    except ImportError as error:
        raise _missing_extra("engine='dask'", error) from None
    client = _active_client()
    if client is not None:
        return _run_on_client(client, parts, job, show, desc)
    bag = db.from_sequence(parts, npartitions=max(1, len(parts))).map(job)
    if not show:
        return list(bag.compute(scheduler="processes"))
    from dask.diagnostics.progress import ProgressBar

    watched = _watched()
    out = sys.stderr if watched else LineWriter(sys.stderr)
    with ProgressBar(out=out, dt=dask_interval(watched)):
        return list(bag.compute(scheduler="processes"))


def _run_on_client(client: Any, parts: list[Part], job: Job, show: bool, desc: str) -> list[Any]:
    """One task per part on the cluster; the bar advances here, in the caller's thread, as
    parts finish (distributed's own notebook widget is updated from its event-loop thread and
    stays empty in JupyterLab while the cell waits)."""
    from distributed import as_completed

    futures = client.map(job, parts, pure=False)
    position = {future.key: index for index, future in enumerate(futures)}
    tallies: list[Any] = [None] * len(parts)
    bar: Any = _progress_bar(parts, desc) if show else None
    try:
        for future in as_completed(futures):
            index = position[future.key]
            tallies[index] = future.result()
            if bar is not None:
                bar.update(parts[index].size)
    finally:
        if bar is not None:
            bar.close()
    return [tally for tally in tallies if tally is not None]
