"""``diff``: where a request first changes the one sent before it (issue 38).

``toolresult-lab diff A B --wire W`` reads two requests of one wire (A sent first) and
prints the first change B makes to what A sent, the tokens after it and what the provider
binds after it, or that B only appends. The exit status is 1 when B changes what A sent, 0
when it only appends (2 for usage errors and unreadable input).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..requests.history import diff_requests
from ._answer import Answer
from ._shared import EXIT_FINDINGS, InputError
from .lint_cmd import add_request_arguments, checked, one_request

__all__ = ["add_parsers"]

_HELP = "where a request first changes the one sent before it, and what that costs"


def add_parsers(commands: Any) -> None:
    sub = commands.add_parser(
        "diff",
        help=_HELP,
        description=_HELP + ": B, sent after A in the same conversation, only appends to it or"
        " changes something A sent (the first change, the input tokens after it, the signed"
        " thinking and reasoning items after it).",
    )
    sub.add_argument("before", metavar="A", help="the request sent first (JSON; - for stdin)")
    sub.add_argument("after", metavar="B", help="the request sent after it")
    sub.add_argument("--format", choices=("text", "json"), default="text")
    add_request_arguments(sub)
    sub.set_defaults(run=_diff)


def _diff(args: argparse.Namespace) -> Answer:
    wire = checked(args)
    if args.before == "-" and args.after == "-":
        args.parser.error("only one of A and B can be - (stdin)")
    before, after = one_request(args.before), one_request(args.after)
    try:
        found = diff_requests(wire, before, after, model=args.model)
    except (TypeError, ValueError) as error:
        raise InputError(f"{args.before} / {args.after}: {error}") from None
    except RecursionError:
        raise InputError("a request is nested too deeply to compare") from None
    change = found.change
    if args.format == "json":
        shown: dict[str, Any] = {
            "wire": found.wire,
            "append_only": found.append_only,
            "kept": found.kept,
            "appended": found.appended,
            "dropped": found.dropped,
            "continues": found.continues,
            "change": None
            if change is None
            else {
                "kind": change.kind,
                "path": change.path,
                "old_path": change.old_path,
                "what": change.what,
                "index": change.index,
            },
            "tokens_after": found.tokens_after,
            "bound": list(found.bound),
            "reasoning": list(found.reasoning),
        }
        text = json.dumps(shown, indent=1, ensure_ascii=False)
    else:
        text = str(found)
    return Answer(text, 0 if change is None else EXIT_FINDINGS)
