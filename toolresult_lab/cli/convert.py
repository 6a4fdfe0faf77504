"""``convert`` and ``explain``: one result file on one wire (or all of them)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from tabulate import tabulate

from ..facts import WIRES
from ..render import elide_base64
from ._common import add_option_arguments, options_from, read_result

__all__ = ["add_parsers"]


def add_parsers(commands: Any) -> None:
    for name, help_text, run in (
        ("convert", "convert a result file to a wire's block (JSON)", _convert),
        ("explain", "say what happens to each content entry on a wire", _explain),
    ):
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument(
            "file", help="a ToolResult JSON or an MCP CallToolResult JSON; - for stdin"
        )
        sub.add_argument(
            "--wire",
            required=True,
            choices=(*WIRES, "all"),
            metavar="WIRE",
            help=f"one of {', '.join(WIRES)}, or all",
        )
        sub.add_argument("--name", default=None, help="tool name (for an MCP result file)")
        sub.add_argument("--id", default=None, help="call id (for an MCP result file)")
        sub.add_argument("--response-tag", default=None, help="hermes tag (default tool_response)")
        add_option_arguments(sub)
        sub.set_defaults(run=run)


def _convert(args: argparse.Namespace) -> str:
    result = read_result(args.file, args.name, args.id)
    options = options_from(args)
    if args.wire == "all":
        return json.dumps(result.to_all(**options), indent=2, ensure_ascii=False)
    return json.dumps(result.to(args.wire, **options), indent=2, ensure_ascii=False)


def _explain(args: argparse.Namespace) -> str:
    result = read_result(args.file, args.name, args.id)
    options = options_from(args)
    wires = WIRES if args.wire == "all" else (args.wire,)
    rows = []
    for wire in wires:
        for e in result.explain(wire, **options):
            part = (
                e.part
                if isinstance(e.part, str)
                else json.dumps(elide_base64(e.part), ensure_ascii=False)
            )
            part = part.replace("\n", "\\n")  # one line per entry, as in the matrix
            part = part if len(part) <= 60 else part[:59] + "…"
            rows.append([wire, e.index, e.block_type, e.item_kind, e.outcome, e.reason, part])
    if not rows:
        return "(no content entries)"
    return str(tabulate(rows, headers=["wire", "#", "type", "item", "outcome", "reason", "part"]))
