"""The audit: what each wire (or provider profile) does with every entry of a log of results.

The matrix shows what a wire does with one probe of each kind; the audit answers the
question a team with millions of logged MCP tool results has: if we send these to
provider X (or switch from X to Y, or turn a text-only model on), what does the model
stop seeing, how often, and how many bytes?

>>> df = audit("logs/*.jsonl.gz")                                 # doctest: +SKIP
>>> df = audit("logs/*.jsonl.gz", profiles=True, vision=False)    # doctest: +SKIP

It reads what the converters report and restates no rule: each result is converted once
per wire with ``explain()``, and each record's outcome is counted under the entry's
probe-catalogue kind (``probes.entry_kind``) with its payload size
(``probes.entry_bytes``); a result with no content entries counts its block's outcome
(``explain().content_note``) under the kind ``empty``.

Running on a cluster
--------------------
``engine="dask"`` reads the input as parts (a file each, plain JSON Lines files also in
byte ranges of ``blocksize``, Parquet files by row groups), audits each part where it is
scheduled and adds the parts' tallies up. It runs on the active ``distributed.Client``
when there is one, unchanged, else on Dask's local process scheduler::

    from dask.distributed import Client
    client = Client("tcp://scheduler:8786")      # or Client(LocalCluster(n_workers=8))
    df = audit("/shared/logs/*.jsonl.gz", engine="dask")

The workers need ``toolresult_lab`` installed (the compiled build: it is the fast one) and
the files at the same paths (a shared filesystem). A DataFrame or an iterable is shipped
to the workers in parts of 10,000 rows.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any, Final, Literal

import numpy as np
import pandas as pd

from ..conversion.encoding import json_encode
from ..conversion.explain import OUTCOME_COLOURS, OUTCOMES
from ..conversion.facts import FACTS, native_needs_vision, wire_facts
from ..conversion.options import ConvertOptions
from ..conversion.profiles import MEDIA_OPTIONS, PROFILES, get_profile, without_vision
from ..conversion.result import ToolResult
from ..views.probes import ENTRY_KINDS, entry_bytes, entry_kind
from .engines import DEFAULT_BLOCKSIZE, Engine, run_parts, source_parts, wants_progress
from .linereader import DEFAULT_MAX_LINE
from .log_parts import (
    BadRecord,
    BadRecordError,
    Part,
    bad_records,
    read_record,
    request_records,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from typing_extensions import Unpack

__all__ = [
    "COUNT_COLUMNS",
    "EMPTY_KIND",
    "BadRecordError",
    "Engine",
    "Source",
    "audit",
    "plot_audit",
    "style_audit",
]

#: What :func:`audit` reads.
Source = (
    str
    | os.PathLike[str]
    | Sequence[str | os.PathLike[str]]
    | pd.DataFrame
    | Iterable[ToolResult | Mapping[str, Any]]
)
Weight = Literal["entries", "results", "payload_bytes"]

#: The kind of a result with no content entries.
EMPTY_KIND: Final = "empty"
#: The counts of each row of an audit.
COUNT_COLUMNS: Final = ("entries", "results", "payload_bytes")
#: How many bad records ``df.attrs["bad_examples"]`` keeps (the first, in input order).
MAX_EXAMPLES: Final = 5
_CHUNK: Final = 2048  # results per aggregation step (bounded memory, few numpy calls)


@dataclass(frozen=True)
class Target:
    """One column value of the audit: a wire with options, or a provider profile."""

    label: str
    wire: str
    options: ConvertOptions = field(default_factory=lambda: ConvertOptions())


@dataclass(frozen=True)
class Plan:
    """What to count (shipped to every worker as is)."""

    targets: tuple[Target, ...]
    column: Literal["wire", "profile"]
    by: tuple[str, ...]
    strict: bool
    #: The wire of logged requests whose tool results are audited (``None``: a log of results).
    requests_of: str | None = None

    @property
    def keys(self) -> list[str]:
        return [*self.by, self.column, "kind", "outcome"]


@dataclass
class Tally:
    """One part's counts: a row per (by..., wire or profile, kind, outcome) seen."""

    frame: pd.DataFrame
    records: int
    bad: int
    examples: list[tuple[int, str]]
    """(line within the part, reason) of its first bad records."""
    lines: int


# -- one part -----------------------------------------------------------------------


def _structured_bytes(result: ToolResult) -> int:
    structured = result.structured_content
    return 0 if structured is None else len(json_encode(structured).encode("utf-8"))


def _add_chunk(
    totals: np.ndarray, codes: list[int], owners: list[int], sizes: list[int], width: int
) -> np.ndarray:
    """``totals`` (entries, results, payload bytes by key code) plus one chunk's rows.

    ``owners`` numbers the results within the chunk: a result counts once per key.
    """
    code = np.asarray(codes, dtype=np.int64)
    owner = np.asarray(owners, dtype=np.int64)
    chunk = np.zeros((3, width), dtype=np.int64)
    chunk[0] = np.bincount(code, minlength=width)
    chunk[1] = np.bincount(np.unique(owner * width + code) % width, minlength=width)
    np.add.at(chunk[2], code, np.asarray(sizes, dtype=np.int64))
    if totals.shape[1] < width:
        totals = np.pad(totals, ((0, 0), (0, width - totals.shape[1])))
    return totals + chunk


def tally_part(part: Part, plan: Plan, advance: Callable[[int], object] | None = None) -> Tally:
    """Audit one part (runs on a worker for the dask engine).

    :param advance: called with the progress made (in the units of ``part.size``).
    """
    targets = [(target.label, target.wire, target.options) for target in plan.targets]
    by, strict = plan.by, plan.strict
    keys: dict[tuple[Any, ...], int] = {}
    codes: list[int] = []
    owners: list[int] = []
    sizes: list[int] = []
    totals = np.zeros((3, 0), dtype=np.int64)
    records = bad = owner = reported = 0
    examples: list[tuple[int, str]] = []
    reader = part.reader()
    for line, value in reader:
        if value is None:  # a blank line
            continue
        try:
            if isinstance(value, BadRecord):
                raise value
            found = (
                [read_record(value, by)]
                if plan.requests_of is None
                else request_records(value, by, plan.requests_of)
            )
        except BadRecord as error:
            bad += 1
            if len(examples) < MAX_EXAMPLES:
                examples.append((line, str(error)))
            if strict:
                break
            continue
        for result, group in found:
            records += 1
            owner = _count(result, group, targets, keys, codes, owners, sizes, owner)
            if owner == _CHUNK:
                totals = _add_chunk(totals, codes, owners, sizes, len(keys))
                codes, owners, sizes, owner = [], [], [], 0
                if advance is not None:
                    position = reader.position()
                    advance(position - reported)
                    reported = position
    if codes:
        totals = _add_chunk(totals, codes, owners, sizes, len(keys))
    if advance is not None:
        advance(part.size - reported)
    return Tally(_keyed(totals, keys, plan), records, bad, examples, reader.lines)


def _count(
    result: ToolResult,
    group: tuple[str, ...],
    targets: list[tuple[str, str, ConvertOptions]],
    keys: dict[tuple[Any, ...], int],
    codes: list[int],
    owners: list[int],
    sizes: list[int],
    owner: int,
) -> int:
    """One result's entries counted for every target; the next owner."""
    items = result._items
    if items:
        kinds = [entry_kind(item) for item in items]
        weights = [entry_bytes(item) for item in items]
        for label, wire, options in targets:
            for record in result.explain(wire, **options):
                index = record.index
                key = (group, label, kinds[index], record.outcome)
                code = keys.get(key)
                if code is None:
                    code = keys[key] = len(keys)
                codes.append(code)
                owners.append(owner)
                sizes.append(weights[index])
    else:
        weight = _structured_bytes(result)
        for label, wire, options in targets:
            note = result.explain(wire, **options).content_note
            outcome = "omitted" if note is None else note.outcome
            key = (group, label, EMPTY_KIND, outcome)
            code = keys.get(key)
            if code is None:
                code = keys[key] = len(keys)
            codes.append(code)
            owners.append(owner)
            sizes.append(weight)
    return owner + 1


def _keyed(totals: np.ndarray, keys: dict[tuple[Any, ...], int], plan: Plan) -> pd.DataFrame:
    """The counts with their key columns instead of key codes (codes are positions)."""
    frame = pd.DataFrame(
        [(*group, label, kind, outcome) for group, label, kind, outcome in keys],
        columns=plan.keys,
        dtype=object,
    )
    for row, column in enumerate(COUNT_COLUMNS):
        frame[column] = totals[row] if len(keys) else pd.Series(dtype="int64")
    keyed: pd.DataFrame = frame
    return keyed


# -- the whole audit ------------------------------------------------------------------


def _by_keys(by: str | Sequence[str] | None, column: str) -> tuple[str, ...]:
    keys = () if by is None else (by,) if isinstance(by, str) else tuple(by)
    reserved = {column, "kind", "outcome", *COUNT_COLUMNS}
    for key in keys:
        if not isinstance(key, str) or not key:
            raise TypeError(f"by must name top-level keys (non-empty str), not {key!r}")
        if key in reserved:
            raise ValueError(f"by={key!r} would shadow the audit's own column {key!r}")
    if len(set(keys)) != len(keys):
        raise ValueError(f"by names a key twice: {list(keys)}")
    return keys


def _text_only(wire: str, options: ConvertOptions) -> ConvertOptions:
    """``options`` for a model that sees no images (``profiles.without_vision``); asking
    for a native form that needs vision on ``wire`` is a contradiction, not a wish."""
    for kind, option in MEDIA_OPTIONS.items():
        if native_needs_vision(wire, kind) and options.get(option):
            raise ValueError(
                f"{option}={options[option]!r} contradicts vision=False: on {wire} that"
                f" sends {kind}s only a vision model sees"
            )
    return without_vision(wire, options)


def _plan(
    wires: str | Sequence[str] | None,
    profiles: bool | str | Sequence[str] | None,
    vision: bool,
    by: str | Sequence[str] | None,
    strict: bool,
    options: ConvertOptions,
) -> Plan:
    if not isinstance(vision, bool):
        raise TypeError(f"vision must be a bool, not {type(vision).__name__}")
    if profiles is None or profiles is False:
        names = list(FACTS) if wires is None else [wires] if isinstance(wires, str) else list(wires)
        targets = tuple(
            Target(
                facts.wire,
                facts.wire,
                _text_only(facts.wire, options) if not vision else options,
            )
            for facts in map(wire_facts, names)
        )
        column: Literal["wire", "profile"] = "wire"
    else:
        if wires is not None:
            raise ValueError("give wires or profiles, not both (a profile names its wire)")
        if options:
            raise ValueError(
                f"a provider profile sets its own options; got {', '.join(options)}"
                " (audit wires to choose options)"
            )
        ids = (
            list(PROFILES)
            if profiles is True
            else [profiles]
            if isinstance(profiles, str)
            else list(profiles)
        )
        chosen = [get_profile(profile_id) for profile_id in ids]
        targets = tuple(Target(p.id, p.wire, p.options(vision)) for p in chosen)
        column = "profile"
    labels = [target.label for target in targets]
    if not labels:
        raise ValueError(f"no {column}s to audit")
    if len(set(labels)) != len(labels):
        raise ValueError(f"a {column} is given twice: {labels}")
    empty = ToolResult()
    for target in targets:  # unknown options and bad values fail here, before any reading
        empty.explain(target.wire, **target.options)
    return Plan(targets, column, _by_keys(by, column), bool(strict))


def _empty_frame(plan: Plan) -> pd.DataFrame:
    columns: dict[str, Any] = {key: pd.Series(dtype=object) for key in plan.keys}
    columns.update({column: pd.Series(dtype="int64") for column in COUNT_COLUMNS})
    empty: pd.DataFrame = pd.DataFrame(columns)
    return empty


def _combine(parts: Sequence[Part], tallies: list[Tally], plan: Plan) -> pd.DataFrame:
    """The parts' tallies as one frame, in a fixed order (whatever the engine)."""
    examples = bad_records(
        parts,
        [tally.lines for tally in tallies],
        [tally.examples for tally in tallies],
        MAX_EXAMPLES,
        plan.strict,
    )
    keys = plan.keys
    frames = [tally.frame for tally in tallies if len(tally.frame)]
    if frames:
        grouped = pd.concat(frames, ignore_index=True).groupby(keys, sort=False)
        frame = grouped[list(COUNT_COLUMNS)].sum().reset_index()
    else:
        frame = _empty_frame(plan)
    for key in plan.by:
        frame[key] = frame[key].astype(str)
    frame[plan.column] = pd.Categorical(
        frame[plan.column], categories=[target.label for target in plan.targets]
    )
    frame["kind"] = pd.Categorical(frame["kind"], categories=list(ENTRY_KINDS))
    frame["outcome"] = pd.Categorical(frame["outcome"], categories=list(OUTCOMES))
    for column in COUNT_COLUMNS:
        frame[column] = frame[column].astype("int64")
    ordered: pd.DataFrame = frame.sort_values(keys, kind="stable", ignore_index=True)
    result: pd.DataFrame = ordered[[*keys, *COUNT_COLUMNS]]
    result.attrs = {
        "records": sum(tally.records for tally in tallies),
        "bad_records": sum(tally.bad for tally in tallies),
        "bad_examples": examples,
    }
    return result


def audit(
    source: Source,
    wires: str | Sequence[str] | None = None,
    profiles: bool | str | Sequence[str] | None = None,
    vision: bool = True,
    engine: Engine = "pandas",
    by: str | Sequence[str] | None = None,
    *,
    strict: bool = False,
    progress: bool | None = None,
    blocksize: int = DEFAULT_BLOCKSIZE,
    max_line_bytes: int = DEFAULT_MAX_LINE,
    requests_of: str | None = None,
    **options: Unpack[ConvertOptions],
) -> pd.DataFrame:
    """What each wire (or provider profile) does with every content entry of a log.

    :param source: a path, a glob or a list of them (JSON Lines, plain or gzip, or
        Parquet; told apart by their first bytes), a DataFrame (a row per record), or an
        iterable of ``ToolResult``s or record dicts. A record is an MCP ``CallToolResult``
        object (``content``, ``structuredContent``, ``isError``) with optional ``name``
        and ``id``; other keys are ignored unless named in ``by``; a JSON-RPC response is
        unwrapped. The input is only read.
    :param wires: the wires to audit (default: every wire of ``FACTS``, a registered one
        too), each with ``options``.
    :param profiles: audit provider profiles instead (``True``: all; or ids), each with its
        own options.
    :param vision: the model sees images. ``False``: each profile's options for a text-only
        model; on wires, every native form that needs vision is turned off (images; PDFs
        on responses and gemini), and asking for one anyway is a ``ValueError``.
    :param engine: ``"pandas"`` (streams, one core) or ``"dask"`` (parts in parallel; on
        the active ``distributed.Client`` if there is one, see the module docs).
    :param by: top-level key(s) to group by as well, e.g. ``"name"`` or ``"server"``; a
        record without the key groups under ``""``.
    :param strict: raise :class:`BadRecordError` at the first bad record instead of
        counting it.
    :param progress: show progress (default: on a terminal or in a notebook).
    :param blocksize: bytes per part of a plain JSON Lines file on the dask engine.
    :param max_line_bytes: the longest JSON line read (default 64 MiB), and the most one
        Parquet row may hold once read; a longer one is skipped without being held and
        counted as one bad record.
    :param requests_of: the log holds requests of this wire (section 8's input forms) instead
        of results: every tool result in each is read back (``ToolResult.from_wire``, with
        images and PDFs native) and audited as a record; ``by`` reads the request's keys.
    :returns: one row per (``by``..., ``wire`` or ``profile``, ``kind``, ``outcome``) with
        ``entries`` (content entries), ``results`` (records with at least one such entry)
        and ``payload_bytes`` (decoded size of base64 payloads, UTF-8 length of text).
        ``attrs``: ``records`` (results audited), ``bad_records`` and ``bad_examples``
        (the first few as ``(file, line, reason)``, lines from 1).
    :raises ValueError: unknown wire, profile or engine; no files match; a path names a
        FIFO, a device or a socket (only regular files are read).
    :raises TypeError: an unknown option.
    """
    if engine not in ("pandas", "dask"):
        raise ValueError(f"unknown engine {engine!r}; known engines: pandas, dask")
    if not isinstance(blocksize, int) or blocksize < 1:
        raise ValueError(f"blocksize must be a positive int, not {blocksize!r}")
    if not isinstance(max_line_bytes, int) or max_line_bytes < 1:
        raise ValueError(f"max_line_bytes must be a positive int, not {max_line_bytes!r}")
    plan = _plan(wires, profiles, vision, by, strict, options)
    if requests_of is not None:
        plan = replace(plan, requests_of=wire_facts(requests_of).wire)
    parts = source_parts(source, engine == "dask", blocksize, max_line=max_line_bytes)
    show = wants_progress(progress)
    tallies = run_parts(parts, partial(tally_part, plan=plan), show, plan.strict, engine)
    return _combine(parts, tallies, plan)


# -- views ---------------------------------------------------------------------------


def _column(df: pd.DataFrame) -> str:
    for column in ("wire", "profile"):
        if column in df.columns:
            return column
    raise ValueError("not an audit frame: it has no wire or profile column")


def _by_columns(df: pd.DataFrame, column: str) -> list[str]:
    """The ``by`` keys of an audit frame: its columns before ``wire`` / ``profile``."""
    columns = [str(c) for c in df.columns]
    return columns[: columns.index(column)]


def outcome_totals(df: pd.DataFrame, weight: Weight = "entries") -> pd.DataFrame:
    """Wires (or profiles) x outcomes: the sum of ``weight`` (for tables and the plot).

    An audit grouped ``by`` keys has a row per (key values..., wire or profile).
    """
    if weight not in COUNT_COLUMNS:
        raise ValueError(f"unknown weight {weight!r}; known: {', '.join(COUNT_COLUMNS)}")
    column = _column(df)
    index = [*_by_columns(df, column), column]
    table = df.pivot_table(
        index=index, columns="outcome", values=weight, aggfunc="sum", observed=True, fill_value=0
    )
    present = [outcome for outcome in OUTCOMES if outcome in table.columns]
    ordered: pd.DataFrame = table[present].astype("int64")
    ordered.columns = pd.Index([str(c) for c in ordered.columns], name="outcome")
    if len(index) == 1:
        ordered.index = pd.Index([str(i) for i in ordered.index], name=column)
    else:
        keys = [tuple(str(v) for v in key) for key in ordered.index]
        ordered.index = pd.MultiIndex.from_tuples(keys, names=index)
    return ordered


def plot_audit(
    df: pd.DataFrame,
    weight: Weight = "entries",
    *,
    ax: Axes | None = None,
    title: str | None = None,
    top: int | None = 20,
) -> Axes:
    """A stacked bar per wire (or profile): its outcomes, by entries or by payload bytes.

    An audit grouped ``by`` keys (``by="server"``) has a bar per key value and wire or profile.
    ``top``: at most that many bars, the largest by ``weight``, largest first (``None``: all);
    the title says how many were left out (160 servers x profiles made unreadable bars).

    Drawn by pandas with matplotlib, in the outcome palette of the matrix.
    """
    from matplotlib.ticker import FuncFormatter  # matplotlib: only when a plot is drawn

    if top is not None and (not isinstance(top, int) or isinstance(top, bool) or top < 1):
        raise ValueError(f"top must be a positive int or None, not {top!r}")
    table = outcome_totals(df, weight)
    column = _column(df)
    by = _by_columns(df, column)
    if by:  # one bar per (key values..., wire or profile), labelled "browser · openai-chat"
        table.index = pd.Index([" · ".join(key) for key in table.index], name=column)
    bars = len(table.index)
    if top is not None and bars > top:
        totals = table.sum(axis=1).sort_values(ascending=False, kind="stable")
        table = table.loc[totals.index[:top]]
    colours: Any = [OUTCOME_COLOURS[outcome] for outcome in table.columns]  # type: ignore[index]
    if title is None:
        title = {
            "entries": "content entries",
            "results": "results",
            "payload_bytes": "payload bytes",
        }[weight]
        grouped = f" by {', '.join(by)}" if by else ""
        title = f"What each {column} sends{grouped}: {title} by outcome"
        if len(table.index) < bars:
            title += (
                f"\n(the top {len(table.index)} of {bars} bars; {bars - len(table.index)} left out)"
            )
    crowded = len(table.index) > 6  # profile ids are long: slant them
    axes: Axes = table.plot.bar(
        stacked=True, color=colours, ax=ax, title=title, rot=30 if crowded else 0
    )
    if crowded:
        for label in axes.get_xticklabels():
            label.set_horizontalalignment("right")
    axes.set_xlabel(" · ".join([*by, column]))
    axes.set_ylabel(weight.replace("_", " "))
    # whole numbers with separators: matplotlib's default puts a "1e6" offset above the axis,
    # where it ran into the title (issue 28, item 15)
    axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:,.0f}"))
    axes.legend(title="outcome", bbox_to_anchor=(1.0, 1.0), loc="upper left")
    return axes


def style_audit(df: pd.DataFrame) -> Any:
    """A Styler of an audit frame: each outcome in its matrix colour, counts with separators."""

    def colour(value: Any) -> str:
        background = OUTCOME_COLOURS.get(str(value))  # type: ignore[call-overload]
        return f"background-color: {background}; color: white" if background else ""

    counts = [column for column in COUNT_COLUMNS if column in df.columns]
    styler = df.style.map(colour, subset=["outcome"]).format("{:,}", subset=list[Any](counts))
    return styler.bar(subset=["entries"], color="#d0d7de") if "entries" in df.columns else styler
