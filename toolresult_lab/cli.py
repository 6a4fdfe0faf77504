"""``toolresult-lab``: the capability matrix in the terminal, and conversion of result files.

Bad input (a missing file, invalid JSON, an unknown wire) gives a one-line message
and a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from . import __version__
from .facts import WIRES
from .options import TRI_STATES, tri_label, tri_value
from .probes import PROBES
from .profiles import PROFILES
from .result import ToolResult

__all__ = ["main"]

EXIT_USAGE = 2
EXIT_INPUT = 1


class InputError(Exception):
    """A problem with what the user gave us: reported in one line."""


class _Parser(argparse.ArgumentParser):
    """Usage errors in one line (``--help`` still shows the usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _option_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--image-input",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="send images natively (anthropic, responses, gemini)",
    )
    parser.add_argument(
        "--native-pdf",
        choices=TRI_STATES,
        default="default",
        help="send PDFs natively (default: on for anthropic, off elsewhere)",
    )
    parser.add_argument(
        "--source-blocks",
        choices=TRI_STATES,
        default="default",
        help="anthropic document/search_result blocks (default: on)",
    )


def _options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {
        "image_input": args.image_input,
        "native_pdf": tri_value(args.native_pdf),
        "source_blocks": tri_value(args.source_blocks),
    }
    if getattr(args, "response_tag", None) is not None:
        options["response_tag"] = args.response_tag
    return options


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="toolresult-lab",
        description="Send MCP tool results to every LLM provider in its own shape, and see the"
        " differences.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_Parser
    )

    matrix = commands.add_parser(
        "matrix",
        help="the capability matrix: what every wire sends for every media kind",
        description="Kinds x wires for one option set (or kinds x provider profiles).",
    )
    matrix.add_argument(
        "--format", choices=("table", "markdown", "csv", "html", "json"), default="table"
    )
    matrix.add_argument(
        "--profiles", action="store_true", help="kinds x provider profiles instead of kinds x wires"
    )
    matrix.add_argument(
        "--vision",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="with --profiles: the model sees images (default: yes)",
    )
    matrix.add_argument(
        "--long",
        action="store_true",
        help="every row of the full option grid (long form) instead of a table",
    )
    matrix.add_argument("--wire", action="append", choices=WIRES, help="only this wire")
    matrix.add_argument("--kind", action="append", choices=list(PROBES), help="only this kind")
    _option_arguments(matrix)

    for name, help_text in (
        ("convert", "convert a result file to a wire's block (JSON)"),
        ("explain", "say what happens to each content entry on a wire"),
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
        _option_arguments(sub)

    docs = commands.add_parser("docs", help="write the provider-differences document (Markdown)")
    docs.add_argument("--output", "-o", default="-", help="file to write (default: stdout)")
    return parser


def _read_result(path: str, name: str | None, call_id: str | None) -> ToolResult:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"{path} is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise InputError(f"{path}: expected a JSON object, got {type(data).__name__}")
    try:
        if {"name", "id"} & data.keys() and not {"_meta", "resultType"} & data.keys():
            result = ToolResult.from_dict(data)
            overrides = {k: v for k, v in (("name", name), ("id", call_id)) if v is not None}
            return ToolResult(**{**result.to_dict(), **overrides}) if overrides else result
        return ToolResult.from_mcp(data, name=name or "", id=call_id or "")
    except (TypeError, ValueError) as error:
        raise InputError(f"{path}: {error}") from None


def _convert(args: argparse.Namespace) -> str:
    result = _read_result(args.file, args.name, args.id)
    options = _options(args)
    if args.wire == "all":
        return json.dumps({w: result.to(w, **options) for w in WIRES}, indent=2, ensure_ascii=False)
    return json.dumps(result.to(args.wire, **options), indent=2, ensure_ascii=False)


def _explain(args: argparse.Namespace) -> str:
    from tabulate import tabulate

    from .render import elide_base64

    result = _read_result(args.file, args.name, args.id)
    options = _options(args)
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


def _matrix(args: argparse.Namespace) -> str:
    from tabulate import tabulate

    from . import matrix

    if args.profiles:
        # --wire narrows the profiles to those speaking that wire
        chosen = [p.id for p in PROFILES.values() if not args.wire or p.wire in args.wire]
        table = matrix.profile_matrix(vision=args.vision, kinds=args.kind, profiles=chosen)
    else:
        options = _options(args)
        grid = {
            "image_input": bool(options["image_input"]),
            "native_pdf": tri_label(options["native_pdf"]),
            "source_blocks": tri_label(options["source_blocks"]),
        }
        df = matrix.capability_matrix(
            wires=args.wire, kinds=args.kind, options=None if args.long else grid
        )
        table = (
            df
            if args.long
            else matrix.pivot_outcomes(
                df,
                image_input=bool(options["image_input"]),
                native_pdf=tri_label(options["native_pdf"]),
                source_blocks=tri_label(options["source_blocks"]),
            )
        )
    if args.format == "table":
        heading = _heading(args)
        rows: Any = table  # tabulate reads a DataFrame (its stubs do not say so)
        return heading + "\n\n" + str(tabulate(rows, headers="keys", tablefmt="simple"))
    return matrix.export_matrix(table, args.format)


def _heading(args: argparse.Namespace) -> str:
    if args.profiles:
        return (
            f"What each provider's tool loop sends, for a model that "
            f"{'sees' if args.vision else 'does not see'} images (kinds x profiles)."
        )
    return (
        f"What each wire sends (image_input={'on' if args.image_input else 'off'}, "
        f"native_pdf={args.native_pdf}, source_blocks={args.source_blocks}). "
        "Outcomes: native, passthrough, document, text, placeholder, degraded, omitted."
    )


def _docs(args: argparse.Namespace) -> str:
    from .docs import provider_differences

    text = provider_differences()
    if args.output == "-":
        return text
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot write {args.output}: {error.strerror or error}") from None
    return f"wrote {args.output} ({len(text.encode()):,} bytes)"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    handler = {"matrix": _matrix, "convert": _convert, "explain": _explain, "docs": _docs}
    try:
        output = handler[args.command](args)
    except InputError as error:
        print(f"toolresult-lab: error: {error}", file=sys.stderr)
        return EXIT_INPUT
    except BrokenPipeError:  # e.g. `toolresult-lab matrix | head`
        return 0
    sys.stdout.write(output if output.endswith("\n") else output + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
