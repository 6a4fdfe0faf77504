"""``translate``: a request of one wire as a request of another (SPEC 9), and what was lost.

``toolresult-lab translate REQUEST --from W --to W2 [--profile P] [--model NAME]
[--header K:V ...] [options] [-o OUT]`` writes the translated request as JSON (JSON lines
for JSON lines) on standard output or to OUT, each loss on standard error, one a line, then
each note (a change in form only, or a field written for the destination) as
``note: ...``; the exit status is 1 when a translated request has lint errors (section 8,
with the destination's profile and headers), 0 otherwise (2 for usage errors and
unreadable input).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..conversion.facts import FACTS
from ..conversion.options import ConvertOptions
from ..conversion.profiles import PROFILES
from ..requests.translating import Translated
from ..requests.translating import translate as translate_request
from ._answer import Answer
from ._requests import read_requests
from ._shared import EXIT_FINDINGS, InputError, add_option_arguments, flag_options, warn, wire_named
from .lint_cmd import add_context_arguments, headers_of

__all__ = ["add_parsers"]

_HELP = "move a whole request to another provider's wire, and say what was lost"


def add_parsers(commands: Any) -> None:
    sub = commands.add_parser(
        "translate",
        help=_HELP,
        description=_HELP + ". The request goes to standard output (or -o), the losses to"
        " standard error.",
    )
    sub.add_argument(
        "request",
        metavar="REQUEST",
        help="a request body, its list of messages, or JSON lines of requests; - for stdin",
    )
    sub.add_argument("--from", dest="src", choices=tuple(FACTS), required=True, metavar="WIRE",
                     help=f"the request's wire: one of {', '.join(FACTS)}")  # fmt: skip
    sub.add_argument("--to", dest="dst", choices=tuple(FACTS), metavar="WIRE",
                     help="the wire to write (default: the profile's)")  # fmt: skip
    sub.add_argument(
        "--profile",
        choices=list(PROFILES),
        metavar="ID",
        help="the destination's provider (toolresult-lab profiles lists them): its options and"
        " its rules",
    )
    sub.add_argument(
        "--vision",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="the destination model reads images (default: the profile's; yes without one)",
    )
    sub.add_argument(
        "--hoist-images",
        action="store_true",
        help="on openai and ollama, also send the tool results' images in a user message"
        " (needs --image-input)",
    )
    sub.add_argument(
        "--model",
        metavar="NAME",
        help="the destination's model, as given (default: the source's, never guessed)",
    )
    sub.add_argument("--response-tag", metavar="TAG", help="the hermes result tag")
    add_context_arguments(sub)
    add_option_arguments(sub)
    sub.add_argument("-o", "--output", metavar="OUT", help="write the translated request here")
    sub.set_defaults(run=_translate, parser=sub)


def _destination(args: argparse.Namespace) -> str:
    return wire_named(args, args.dst, "--to")


def _options(args: argparse.Namespace) -> ConvertOptions:
    given = flag_options(args)
    return {name: value for name, value in given.items() if value is not None}  # type: ignore[return-value]


def _one(src: str, dst: str, request: Any, args: argparse.Namespace, where: str) -> Translated:
    try:
        out = translate_request(
            src,
            dst,
            request,
            profile=args.profile,
            vision=args.vision,
            hoist_images=args.hoist_images,
            model=args.model,
            headers=headers_of(args),
            **_options(args),
        )
    except (TypeError, ValueError) as error:
        raise InputError(f"{where}: {error}") from None
    except RecursionError:
        raise InputError(f"{where}: the request is nested too deeply to translate") from None
    for loss in out.losses:
        print(f"{where}: {loss}", file=sys.stderr)
    for note in out.notes:
        print(f"{where}: note: {note}", file=sys.stderr)
    errors = out.findings.errors
    if errors:
        rules = ", ".join(dict.fromkeys(f.rule for f in errors))
        warn(f"{where}: the translated request has {len(errors):,} lint error(s) ({rules})")
    return out


def _translate(args: argparse.Namespace) -> Answer:
    dst = _destination(args)
    requests = read_requests(args.request)
    done = [
        _one(args.src, dst, request, args, requests.where(line)) for line, request in requests.items
    ]
    if requests.lines:
        text = "".join(json.dumps(t.request, ensure_ascii=False) + "\n" for t in done)
    else:
        text = json.dumps(done[0].request, indent=2, ensure_ascii=False) + "\n"
    status = EXIT_FINDINGS if any(t.findings.errors for t in done) else 0
    if args.output is not None:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as error:
            raise InputError(f"cannot write {args.output}: {error.strerror or error}") from None
        text = ""
    return Answer(text, status)
