"""``lint`` at scale: the findings of a log of requests, counted by wire, rule and severity.

A gateway or an agent framework that logs the requests it sends can ask which of them a
provider would have rejected, and why, before switching providers or after a wave of HTTP
400s::

    df = lint_log("requests/*.jsonl.gz", "anthropic")
    df = lint_log("requests/*.jsonl.gz", "openai", profile="mistral", engine="dask")

It reads the log as the audit does (``logs``: JSON Lines, plain or gzip, Parquet, a
DataFrame or an iterable; streamed, bad lines counted and never fatal) and runs on the
audit's engines (``engines.run_parts``: pandas on one core, or dask, on the active
``distributed.Client`` if there is one). Each request is checked by ``lint`` once; nothing
here restates a rule.

A record is a request (a body, or a bare list of messages), or an object
``{"request": ..., "wire"?: ..., "profile"?: ...}`` naming its own wire and profile (a log of
several providers' requests; ``request`` may be JSON text, as a table column holds it).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final

import pandas as pd

from ..conversion.facts import FACTS
from ..conversion.profiles import get_profile
from ..requests.findings import SEVERITIES
from ..requests.linting import context, lint_read
from ..wires import read_request
from .auditing import MAX_EXAMPLES
from .engines import DEFAULT_BLOCKSIZE, Engine, run_parts, source_parts, wants_progress
from .log_parts import BadRecord, Part, bad_records, line_offsets

__all__ = ["LINT_COLUMNS", "lint_log", "style_lint_log"]

#: The columns of :func:`lint_log`'s frame.
LINT_COLUMNS: Final = ("wire", "profile", "rule", "severity", "findings", "requests", "example")

Key = tuple[str, str, str, str]  # wire, profile ("" for none), rule, severity
_NO_WIRE: Final = "the record names no wire (give wire= or a 'wire' key)"


@dataclass
class LintTally:
    """One part's counts: per (wire, rule, severity), the findings and the requests with
    one, and the first example (line within the part, path, message)."""

    counts: dict[Key, list[int]] = field(default_factory=dict)
    examples: dict[Key, tuple[int, str, str]] = field(default_factory=dict)
    requests: int = 0
    clean: int = 0
    bad: int = 0
    bad_examples: list[tuple[int, str]] = field(default_factory=list)
    lines: int = 0


def request_record(
    value: Any, wire: str | None, profile: str | None
) -> tuple[str, str | None, Any]:
    """The wire, the profile and the request a record holds.

    :raises BadRecord: not a request, or no wire for it.
    """
    if isinstance(value, dict) and "request" in value:
        request = value["request"]
        if isinstance(request, str):
            try:
                request = json.loads(request)
            except (ValueError, RecursionError) as error:
                raise BadRecord(f"request is not valid JSON text: {error}") from None
        named = value.get("wire", wire)
        if not isinstance(named, str):
            raise BadRecord(_NO_WIRE)
        chosen = value.get("profile", profile)
        if chosen is not None and not isinstance(chosen, str):
            raise BadRecord(f"profile must be a string, not {type(chosen).__name__}")
        return named, chosen, request
    if not isinstance(value, (dict, list)):
        raise BadRecord(f"not a request (an object or a list) but {type(value).__name__}")
    if wire is None:
        raise BadRecord(_NO_WIRE)
    return wire, profile, value


def lint_part(
    part: Part,
    wire: str | None,
    profile: str | None,
    vision: bool | None,
    strict: bool,
    advance: Callable[[int], object] | None = None,
) -> LintTally:
    """Lint every request of one part (runs on a worker for the dask engine)."""
    tally = LintTally()
    contexts: dict[tuple[str, str | None], Any] = {}
    reader = part.reader()
    for line, value in reader:
        if value is None:  # a blank line
            continue
        try:
            if isinstance(value, BadRecord):
                raise value
            named = request_record(value, wire, profile)
            try:
                ctx = contexts.get(named[:2])
                if ctx is None:
                    ctx = contexts[named[:2]] = context(named[0], named[1], vision)
                findings = lint_read(read_request(ctx.wire, named[2]), ctx)
            except (TypeError, ValueError, RecursionError) as error:
                raise BadRecord(str(error) or type(error).__name__) from None
        except BadRecord as error:
            tally.bad += 1
            if len(tally.bad_examples) < MAX_EXAMPLES:
                tally.bad_examples.append((line, str(error)))
            if strict:
                break
            continue
        tally.requests += 1
        if not findings:
            tally.clean += 1
        seen: set[Key] = set()
        for finding in findings:
            key = (ctx.wire, named[1] or "", finding.rule, finding.severity)
            counts = tally.counts.get(key)
            if counts is None:
                counts = tally.counts[key] = [0, 0]
                tally.examples[key] = (line, finding.path, finding.message)
            counts[0] += 1
            if key not in seen:
                counts[1] += 1
                seen.add(key)
    if advance is not None:
        advance(part.size)
    tally.lines = reader.lines
    return tally


def _combine(parts: list[Part], tallies: list[LintTally], strict: bool) -> pd.DataFrame:
    bad_examples = bad_records(
        parts,
        [tally.lines for tally in tallies],
        [tally.bad_examples for tally in tallies],
        MAX_EXAMPLES,
        strict,
    )
    offsets = line_offsets(parts[: len(tallies)], [tally.lines for tally in tallies])
    counts: dict[Key, list[int]] = {}
    examples: dict[Key, str] = {}
    for part, tally, offset in zip(parts, tallies, offsets, strict=False):
        for key, (found, requests) in tally.counts.items():
            total = counts.setdefault(key, [0, 0])
            total[0] += found
            total[1] += requests
            if key not in examples:
                line, path, message = tally.examples[key]
                examples[key] = f"{part.label}:{offset + line}: {path or '(request)'}: {message}"
    order: dict[str, int] = {wire: n for n, wire in enumerate(FACTS)}
    ranks: dict[str, int] = {severity: n for n, severity in enumerate(SEVERITIES)}
    keys = sorted(
        counts, key=lambda k: (order.get(k[0], 99), ranks[k[3]], -counts[k][0], k[2], k[1])
    )
    frame: pd.DataFrame = pd.DataFrame(
        [[*key, counts[key][0], counts[key][1], examples[key]] for key in keys],
        columns=list(LINT_COLUMNS),
    )
    for column in ("findings", "requests"):
        frame[column] = frame[column].astype("int64")
    frame.attrs = {
        "requests": sum(tally.requests for tally in tallies),
        "clean": sum(tally.clean for tally in tallies),
        "bad_records": sum(tally.bad for tally in tallies),
        "bad_examples": bad_examples,
    }
    return frame


def lint_log(
    source: Any,
    wire: str | None = None,
    *,
    profile: str | None = None,
    vision: bool | None = None,
    engine: Engine = "pandas",
    strict: bool = False,
    progress: bool | None = None,
    blocksize: int = DEFAULT_BLOCKSIZE,
) -> pd.DataFrame:
    """The findings of every request of a log, counted.

    :param source: a path, a glob or a list of them (JSON Lines, plain or gzip, or
        Parquet), a DataFrame (a ``request`` column, and ``wire`` and ``profile`` if the
        log mixes them), or an iterable of records. A record is a request (a body, or a
        bare list) or ``{"request": ..., "wire"?: ..., "profile"?: ...}``.
    :param wire: the wire of the requests (``None``: every record names its own; the
        profile's wire when only ``profile`` is given).
    :param profile, vision: as :func:`~toolresult_lab.lint` takes them (a record's own
        ``profile`` wins).
    :param engine: ``"pandas"`` (streams, one core) or ``"dask"`` (parts in parallel).
    :param strict: raise :class:`~toolresult_lab.logs.log_parts.BadRecordError` at the first bad
        record instead of counting it.
    :returns: one row per (``wire``, ``profile``, ``rule``, ``severity``) found (``profile``
        as the record or the call named it, ``""`` for none: a Mistral ``call-id-format``
        error is not an OpenAI one): ``findings``, ``requests`` (with at least one such
        finding) and an ``example`` (``file:line: path: message``, the first, whole;
        :func:`style_lint_log` shows it unclipped in a notebook). ``attrs``: ``requests`` (checked),
        ``clean`` (without findings), ``bad_records``, ``bad_examples`` (``(file, line,
        reason)``).
    :raises ValueError: unknown wire, profile or engine; no files match.
    :raises TypeError: a source that is not a log (one request dict: wrap it in a list).
    """
    if engine not in ("pandas", "dask"):
        raise ValueError(f"unknown engine {engine!r}; known engines: pandas, dask")
    if not isinstance(blocksize, int) or blocksize < 1:
        raise ValueError(f"blocksize must be a positive int, not {blocksize!r}")
    if wire is not None or profile is not None:  # bad arguments fail here, before any reading
        wire = context(wire if wire is not None else _profile_wire(profile), profile, vision).wire
    parts = source_parts(source, engine == "dask", blocksize, "lint_log", "requests")
    job = partial(lint_part, wire=wire, profile=profile, vision=vision, strict=bool(strict))
    show = wants_progress(progress)
    tallies: list[LintTally] = run_parts(parts, job, show, bool(strict), engine, "lint")
    return _combine(parts, tallies, bool(strict))


def _profile_wire(profile: str | None) -> str:
    return get_profile(str(profile)).wire


def style_lint_log(df: pd.DataFrame) -> Any:
    """A Styler of a :func:`lint_log` frame that shows every example whole, wrapped (a
    DataFrame's own display clips a cell to 50 characters), escaped, counts with separators."""
    counts = [column for column in ("findings", "requests") if column in df.columns]
    styler = df.style.hide(axis="index").format(escape="html")  # the log's text is not HTML
    styler = styler.format("{:,}", subset=counts)
    if "example" in df.columns:
        styler = styler.set_properties(
            subset=["example"], **{"white-space": "pre-wrap", "text-align": "left"}
        )
    return styler
