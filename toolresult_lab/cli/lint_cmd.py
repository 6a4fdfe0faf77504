"""``lint``: what each provider would reject or lose in a whole request (SPEC 8).

``toolresult-lab lint REQUEST --wire W`` reads a request body, a bare message list, or JSON
lines of requests and prints the findings; the exit status is 1 when an error finding is
present, 0 otherwise (2 for usage errors and unreadable input). ``--log FILES`` counts the
findings of logs of requests instead (``lint_logs.lint_log``): a log from which no request
was read exits 2, as ``audit`` does.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
from typing import Any

from tabulate import tabulate

from ..conversion.facts import FACTS
from ..conversion.profiles import PROFILES
from ..requests.findings import FRAME_COLUMNS, Finding, Findings
from ..requests.linting import lint as lint_request
from ..wires import read_request
from ._answer import Answer
from ._hints import log_hint
from ._requests import Requests, read_requests
from ._shared import EXIT_FINDINGS, InputError, one_of, warn, wire_named

__all__ = [
    "add_context_arguments",
    "add_parsers",
    "add_request_arguments",
    "checked",
    "header_pair",
    "headers_of",
    "one_request",
    "run_checked",
]

_HELP = "check a whole request before it is sent: what each provider would reject or lose"


def add_request_arguments(sub: argparse.ArgumentParser) -> None:
    """``--wire``, ``--profile``, ``--vision`` / ``--no-vision``, ``--model`` and
    ``--header`` (``lint`` and ``repair``)."""
    sub.add_argument(
        "--wire",
        choices=tuple(FACTS),  # the registry's wires when the parser is made: a registered one too
        metavar="WIRE",
        help=f"the request's wire: one of {', '.join(FACTS)} (default: the profile's)",
    )
    sub.add_argument(
        "--profile",
        choices=list(PROFILES),
        metavar="ID",
        help="the provider behind the wire (toolresult-lab profiles lists them): its own rules",
    )
    sub.add_argument(
        "--vision",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="the model reads images (default: the profile's; yes without one)",
    )
    sub.add_argument(
        "--model",
        metavar="NAME",
        help="the model the request is for (default: the body's own model)",
    )
    add_context_arguments(sub)
    sub.set_defaults(parser=sub)


def add_context_arguments(sub: argparse.ArgumentParser) -> None:
    """``--header K:V`` (repeatable): the request's HTTP headers, where the API version
    travels (``lint``, ``repair``, ``translate``)."""
    sub.add_argument(
        "--header",
        dest="headers",
        action="append",
        type=header_pair,
        metavar="K:V",
        help="an HTTP header the request is sent with, e.g. anthropic-version:2026-10-21 (the"
        " API version and betas travel there); repeatable",
    )


def header_pair(text: str) -> tuple[str, str]:
    """``NAME:VALUE`` as a pair (blanks around both dropped); a usage error (one line)
    when there is no ``:`` or no name."""
    name, colon, value = text.partition(":")
    if not colon or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME:VALUE, got {text!r}")
    return name.strip(), value.strip()


def headers_of(args: argparse.Namespace) -> dict[str, str] | None:
    """The headers of ``--header`` (a later one of a name wins; ``None``: none given)."""
    given = getattr(args, "headers", None)
    return dict(given) if given else None


def add_parsers(commands: Any) -> None:
    sub = commands.add_parser(
        "lint",
        help=_HELP,
        description=_HELP + ". With --log, --wire is the wire of the records that name none"
        ' (a {"request", "wire"} record\'s own wire wins), and may be left out when every'
        " record names its own.",
    )
    sub.add_argument(
        "request",
        nargs="?",
        metavar="REQUEST",
        help="a request body, its list of messages, or JSON lines of requests; - for stdin",
    )
    sub.add_argument(
        "--log",
        nargs="+",
        metavar="FILE",
        help="count the findings of logs of requests instead (JSON lines, plain or gzip, or"
        " Parquet; globs too): by wire, rule and severity, with examples",
    )
    sub.add_argument(
        "--previous",
        metavar="FILE",
        help="the request sent before REQUEST in the same conversation (one request): report"
        " the first change REQUEST makes to it (prefix-changed)",
    )
    sub.add_argument(
        "--previous-response",
        metavar="FILE",
        help="with --previous: the provider's answer to it (JSON), whose signed thinking and"
        " reasoning items REQUEST must replay as returned",
    )
    sub.add_argument("--format", choices=("table", "json", "csv"), default="table")
    sub.add_argument(
        "--engine", choices=("pandas", "dask"), default="pandas", help="with --log (default pandas)"
    )
    sub.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="with --log --engine dask: run on this Dask scheduler (tcp://host:8786)",
    )
    sub.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="with --log: show progress (default: when stderr is a terminal)",
    )
    add_request_arguments(sub)
    sub.set_defaults(run=_lint)


def checked(args: argparse.Namespace) -> str:
    """The wire the arguments name (``--wire``, else the profile's); usage errors exit 2."""
    return wire_named(args, args.wire, "--wire")


def run_checked(
    wire: str,
    request: Any,
    args: argparse.Namespace,
    where: str,
    previous: Any = None,
    answer: Any = None,
) -> Findings:
    """``lint`` of one request; whatever it refuses, one line naming the request."""
    try:
        return lint_request(
            wire,
            request,
            profile=args.profile,
            vision=args.vision,
            model=getattr(args, "model", None),
            headers=headers_of(args),
            previous=previous,
            previous_response=answer,
        )
    except (TypeError, ValueError) as error:
        raise InputError(f"{where}: {error}") from None
    except RecursionError:
        raise InputError(f"{where}: the request is nested too deeply to check") from None


def one_request(path: str) -> Any:
    """The one request in ``path`` (``--previous``, ``diff``'s files): JSON lines of several
    are a usage error, one line naming the file."""
    requests = read_requests(path)
    if len(requests.items) != 1:
        raise InputError(
            f"{requests.shown} holds {len(requests.items):,} requests: expected one (the"
            " request sent before)"
        )
    return requests.items[0][1]


def _wire_guess(request: Any, wire: str) -> list[str]:
    """The other wires that read ``request`` without a shape problem, those that find the
    most tool results in it first (a guess for a request linted on the wrong wire)."""
    read = []
    for other in tuple(FACTS):
        if other == wire:
            continue
        try:
            found = read_request(other, request)
        except (TypeError, ValueError, RecursionError):
            continue
        if not found.problems:
            read.append((len(found.results), other))
    if not read:
        return []
    most = max(count for count, _ in read)
    return [other for count, other in read if count == most]


def _rows(requests: Requests, found: list[Findings]) -> tuple[list[str], list[list[Any]]]:
    columns = list(FRAME_COLUMNS)
    rows = []
    for (line, _), findings in zip(requests.items, found, strict=True):
        for finding in findings:
            cells = [getattr(finding, column) for column in columns]
            rows.append([line, *cells] if requests.lines else cells)
    return (["line", *columns] if requests.lines else columns), rows


def _table(requests: Requests, found: list[Findings]) -> str:
    columns, rows = _rows(requests, found)
    every: list[Finding] = [f for findings in found for f in findings]
    errors = sum(1 for f in every if f.severity == "error")
    infos = sum(1 for f in every if f.severity == "info")
    summary = f"{errors:,} error(s), {len(every) - errors - infos:,} warning(s)"
    if infos:
        summary += f", {infos:,} info"
    if requests.lines:
        summary += f" in {len(found):,} request(s)"
    if not rows:
        return f"no findings ({summary})."
    shown = [c for c in columns if c != "source"]
    keep = [columns.index(c) for c in shown]
    table = tabulate([[row[i] for i in keep] for row in rows], headers=shown, tablefmt="simple")
    return f"{table}\n\n{summary}."


def _csv(requests: Requests, found: list[Findings]) -> str:
    columns, rows = _rows(requests, found)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows(rows)
    return out.getvalue()


def _json(requests: Requests, found: list[Findings]) -> str:
    columns, rows = _rows(requests, found)
    return json.dumps(
        [dict(zip(columns, row, strict=True)) for row in rows], indent=1, ensure_ascii=False
    )


def _lint(args: argparse.Namespace) -> Answer:
    if (args.request is None) == (args.log is None):
        args.parser.error("give REQUEST or --log FILES (one of them)")
    if args.log is not None:
        if args.scheduler and args.engine != "dask":
            args.parser.error("--scheduler needs --engine dask")
        if getattr(args, "previous", None) is not None:
            args.parser.error("--previous is for one REQUEST, not --log")
        wire = None if args.wire is None and args.profile is None else checked(args)
        return _lint_log(args, wire)
    wire = checked(args)
    previous = one_request(args.previous) if args.previous is not None else None
    answer = None
    if args.previous_response is not None:
        if previous is None:
            args.parser.error("--previous-response needs --previous")
        answer = one_request(args.previous_response)
    for flag, given in (
        ("--engine", args.engine != "pandas"),
        ("--scheduler", args.scheduler is not None),
        ("--progress", args.progress is not None),
    ):
        if given:
            args.parser.error(f"{flag} is for --log")
    requests = read_requests(args.request)
    found = [
        run_checked(wire, request, args, requests.where(line), previous, answer)
        for line, request in requests.items
    ]
    for (line, request), findings in zip(requests.items, found, strict=True):
        if any(f.rule == "shape" and f.severity == "error" for f in findings):
            guess = _wire_guess(request, wire)
            if guess:
                warn(
                    f"{requests.where(line)}: the request does not have the {wire} shape; it reads"
                    f" as {one_of(guess)} without a problem (--wire {guess[0]}?)"
                )
                break  # one hint is enough
    text = {"table": _table, "json": _json, "csv": _csv}[args.format](requests, found)
    failed = any(findings.errors for findings in found)
    return Answer(text, EXIT_FINDINGS if failed else 0)


def _lint_log(args: argparse.Namespace, wire: str | None) -> Answer:
    if args.model is not None or args.headers:  # a log's records name their own models
        raise InputError("--model and --header are for one request, not with --log")
    try:  # pandas: imported only by the subcommand that needs it
        from ..logs.lint_logs import lint_log
    except ImportError as error:
        raise InputError(str(error)) from None
    try:
        if args.scheduler:
            df = _on_scheduler(args, wire, lint_log)
        else:
            df = lint_log(
                args.log,
                wire,
                profile=args.profile,
                vision=args.vision,
                engine=args.engine,
                progress=args.progress,
            )
    except (OSError, ValueError, TypeError, ImportError) as error:
        raise InputError(str(error)) from None
    attrs = df.attrs
    bad = attrs["bad_records"]
    first = ""
    if bad:
        file, line, reason = attrs["bad_examples"][0]
        first = f" (first: {file}:{line}: {reason})"
    if not attrs["requests"]:  # nothing checked is an unreadable input, not a clean log
        raise InputError(
            f"no request was read from {' '.join(args.log)}"
            + (f": {bad:,} bad record{'s' if bad != 1 else ''}{first}" if bad else ": no records")
            + log_hint(args.log, "toolresult-lab lint FILE --wire WIRE")
        )
    if bad:
        warn(f"{bad:,} bad record{'s' if bad != 1 else ''} skipped{first}")
    if args.format == "csv":
        text = str(df.to_csv(index=False))
    elif args.format == "json":
        text = json.dumps(df.to_dict(orient="records"), indent=1, ensure_ascii=False)
    else:
        rows: Any = df
        table = str(tabulate(rows, headers="keys", tablefmt="simple", showindex=False, intfmt=","))
        text = (
            f"{table}\n\n{attrs['requests']:,} requests checked, {attrs['clean']:,} without"
            f" findings, {attrs['bad_records']:,} bad records skipped."
        )
    failed = bool((df["severity"] == "error").any()) if len(df) else False
    return Answer(text, EXIT_FINDINGS if failed else 0)


def _on_scheduler(args: argparse.Namespace, wire: str | None, lint_log: Any) -> Any:
    """``lint_log`` with ``engine="dask"`` on the Dask scheduler at ``--scheduler``."""
    try:
        from distributed import Client
    except ImportError as error:
        raise InputError(f"--scheduler needs dask[distributed] ({error})") from None
    try:
        client = Client(args.scheduler, timeout="10s")
    except OSError as error:
        raise InputError(f"cannot reach the Dask scheduler at {args.scheduler}: {error}") from None
    with client:
        return lint_log(
            args.log,
            wire,
            profile=args.profile,
            vision=args.vision,
            engine="dask",
            progress=args.progress,
        )
