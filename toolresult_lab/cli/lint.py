"""``lint``: what each provider would reject or lose in a whole request (SPEC 8).

``toolresult-lab lint REQUEST --wire W`` reads a request body, a bare message list, or JSON
lines of requests and prints the findings; the exit status is 1 when an error finding is
present, 0 otherwise (2 for usage errors). ``--log FILES`` counts the findings of logs of
requests instead (``lint_logs.lint_log``).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
from typing import Any

from tabulate import tabulate

from ..facts import WIRES
from ..findings import FRAME_COLUMNS, Finding, Findings
from ..lint import lint as lint_request
from ..profiles import PROFILES
from ._answer import Answer
from ._common import InputError, warn, wire_named
from ._requests import Requests, read_requests

__all__ = ["add_parsers", "add_request_arguments", "checked", "run_checked"]

#: The exit status when an error finding is present.
EXIT_FINDINGS = 1
_HELP = "check a whole request before it is sent: what each provider would reject or lose"


def add_request_arguments(sub: argparse.ArgumentParser) -> None:
    """``--wire``, ``--profile`` and ``--vision`` / ``--no-vision`` (``lint`` and ``repair``)."""
    sub.add_argument(
        "--wire",
        choices=WIRES,
        metavar="WIRE",
        help=f"the request's wire: one of {', '.join(WIRES)} (default: the profile's)",
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
    sub.set_defaults(parser=sub)


def add_parsers(commands: Any) -> None:
    sub = commands.add_parser(
        "lint",
        help=_HELP,
        description=_HELP + ". Exit status: 1 when an error finding is present, 0 otherwise.",
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
    sub.add_argument("--format", choices=("table", "json", "csv"), default="table")
    sub.add_argument(
        "--engine", choices=("pandas", "dask"), default="pandas", help="with --log (default pandas)"
    )
    add_request_arguments(sub)
    sub.set_defaults(run=_lint)


def checked(args: argparse.Namespace) -> str:
    """The wire the arguments name (``--wire``, else the profile's); usage errors exit 2."""
    return wire_named(args, args.wire, "--wire")


def run_checked(wire: str, request: Any, args: argparse.Namespace, where: str) -> Findings:
    """``lint`` of one request; whatever it refuses, one line naming the request."""
    try:
        return lint_request(wire, request, profile=args.profile, vision=args.vision)
    except (TypeError, ValueError) as error:
        raise InputError(f"{where}: {error}") from None
    except RecursionError:
        raise InputError(f"{where}: the request is nested too deeply to check") from None


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
    summary = f"{errors:,} error(s), {len(every) - errors:,} warning(s)"
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
    wire = checked(args)
    if (args.request is None) == (args.log is None):
        args.parser.error("give REQUEST or --log FILES (one of them)")
    if args.log is not None:
        return _lint_log(args, wire)
    if args.engine != "pandas":
        args.parser.error("--engine is for --log")
    requests = read_requests(args.request)
    found = [
        run_checked(wire, request, args, requests.where(line)) for line, request in requests.items
    ]
    text = {"table": _table, "json": _json, "csv": _csv}[args.format](requests, found)
    failed = any(findings.errors for findings in found)
    return Answer(text, EXIT_FINDINGS if failed else 0)


def _lint_log(args: argparse.Namespace, wire: str) -> Answer:
    try:  # pandas: imported only by the subcommand that needs it
        from ..lint_logs import lint_log
    except ImportError as error:
        raise InputError(str(error)) from None
    try:
        df = lint_log(args.log, wire, profile=args.profile, vision=args.vision, engine=args.engine)
    except (OSError, ValueError, TypeError, ImportError) as error:
        raise InputError(str(error)) from None
    attrs = df.attrs
    bad = attrs["bad_records"]
    if bad:
        file, line, reason = attrs["bad_examples"][0]
        warn(
            f"{bad:,} bad record{'s' if bad != 1 else ''} skipped (first: {file}:{line}: {reason})"
        )
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
