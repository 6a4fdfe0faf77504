"""``repair``: a request with what can be fixed safely fixed (SPEC 8), and what was changed.

``toolresult-lab repair REQUEST --wire W [--max-tokens N] [-o OUT]`` writes the repaired
request as JSON (JSON lines for JSON lines) on standard output or to OUT, and the changes on
standard error, one a line; the errors ``repair`` leaves (limits, bad base64, shapes) are
warned about there too, and make the exit status 1. ``--max-tokens N`` also cuts the tool
results' texts, the largest first, until the request's estimate is at most N (each cut is a
change).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..requests.repairing import repair as repair_request
from ._answer import Answer
from ._budget import add_max_tokens_argument
from ._json_out import json_text, lone_surrogate_paths
from ._requests import read_requests
from ._shared import EXIT_FINDINGS, InputError, warn
from .lint_cmd import add_request_arguments, checked, headers_of, one_request, run_checked

__all__ = ["add_parsers"]

_HELP = "repair a whole request: fix what a provider would reject, where that is safe"


def add_parsers(commands: Any) -> None:
    sub = commands.add_parser(
        "repair",
        help=_HELP,
        description=_HELP + ". The repaired request goes to standard output (or -o), the"
        " changes to standard error.",
    )
    sub.add_argument(
        "request",
        metavar="REQUEST",
        help="a request body, its list of messages, or JSON lines of requests; - for stdin",
    )
    sub.add_argument("-o", "--output", metavar="OUT", help="write the repaired request here")
    sub.add_argument(
        "--previous",
        metavar="FILE",
        help="the request sent before REQUEST in the same conversation (one request): repair"
        " changes nothing it held (those fixes are reported unfixed)",
    )
    add_request_arguments(sub)
    add_max_tokens_argument(
        sub,
        "also cut the tool results' texts, the largest first (the oldest among equals), until"
        " the request's estimate is at most N tokens (JSON stays JSON; no message, image or"
        " PDF is cut)",
    )
    sub.set_defaults(run=_repair)


def _repaired(
    wire: str, request: Any, args: argparse.Namespace, where: str, previous: Any = None
) -> tuple[Any, bool]:
    """The repaired request, and whether error findings are left in it."""
    try:
        fixed = repair_request(
            wire,
            request,
            profile=args.profile,
            vision=args.vision,
            max_tokens=args.max_tokens,
            model=args.model,
            headers=headers_of(args),
            previous=previous,
        )
    except (TypeError, ValueError) as error:
        raise InputError(f"{where}: {error}") from None
    except RecursionError:
        raise InputError(f"{where}: the request is nested too deeply to repair") from None
    for change in fixed.changes:
        print(f"{where}: {change}", file=sys.stderr)
    for refused in fixed.unfixed:  # a fix that would lose a tool output, or change the sent part
        print(f"{where}: unfixed: {refused}", file=sys.stderr)
    for path in lone_surrogate_paths(fixed.request):
        warn(f"{where}: {path}: a lone surrogate (no UTF-8 encodes it): written as its \\u escape")
    left = run_checked(wire, fixed.request, args, where, previous).errors
    if left:
        rules = ", ".join(dict.fromkeys(f.rule for f in left))
        warn(f"{where}: {len(left):,} error finding(s) left that repair does not fix ({rules})")
    return fixed.request, bool(left)


def _repair(args: argparse.Namespace) -> Answer:
    wire = checked(args)
    previous = one_request(args.previous) if args.previous is not None else None
    requests = read_requests(args.request)
    done = [
        _repaired(wire, request, args, requests.where(line), previous)
        for line, request in requests.items
    ]
    fixed = [request for request, _ in done]
    status = EXIT_FINDINGS if any(left for _, left in done) else 0
    if requests.lines:
        text = "".join(json_text(r) + "\n" for r in fixed)
    else:
        text = json_text(fixed[0], indent=2) + "\n"
    if args.output is None:
        return Answer(text, status)
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot write {args.output}: {error.strerror or error}") from None
    return Answer("", status)
