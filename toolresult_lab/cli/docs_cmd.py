"""``docs``: write the provider-differences document (generated, never edited by hand)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ._shared import InputError

__all__ = ["add_parsers"]


def add_parsers(commands: Any) -> None:
    docs = commands.add_parser(
        "docs",
        help="write a generated document (Markdown)",
        description="Write docs/provider-differences.md, generated from the capability matrix"
        " and from a tool turn sent through each official client to a local server, or"
        " docs/request-rules.md (--page request-rules), generated from the rule table. The"
        " first needs the official clients: pip install 'toolresult_lab[docs]'.",
    )
    docs.add_argument(
        "--page",
        choices=("provider-differences", "request-rules"),
        default="provider-differences",
        help="which document (default: provider-differences)",
    )
    docs.add_argument("--output", "-o", default="-", help="file to write (default: stdout)")
    docs.set_defaults(run=_docs)


def _docs(args: argparse.Namespace) -> str:
    from ..views import docs  # pandas: imported only when needed

    try:
        text = str(getattr(docs, docs.PAGES[args.page])())
    except ImportError as error:  # the last section sends a turn through the official clients
        raise InputError(
            f"the document needs the official clients ({error.name} is missing):"
            " pip install 'toolresult_lab[docs]'"
        ) from None
    if args.output == "-":
        return text
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot write {args.output}: {error.strerror or error}") from None
    return f"wrote {args.output} ({len(text.encode()):,} bytes)"
