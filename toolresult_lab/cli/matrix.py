"""``matrix``: the capability matrix in the terminal (kinds x wires, or kinds x profiles)."""

from __future__ import annotations

import argparse
from typing import Any

from tabulate import tabulate

from ..facts import WIRES
from ..options import tri_label
from ..probes import PROBES
from ..profiles import PROFILES
from ._common import add_option_arguments, options_from

__all__ = ["add_parsers"]


def add_parsers(commands: Any) -> None:
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
    add_option_arguments(matrix)
    matrix.set_defaults(run=_matrix)


def _matrix(args: argparse.Namespace) -> str:
    from .. import matrix  # pandas: imported only by the subcommands that need it

    if args.profiles:
        # --wire narrows the profiles to those speaking that wire
        chosen = [p.id for p in PROFILES.values() if not args.wire or p.wire in args.wire]
        table = matrix.profile_matrix(vision=args.vision, kinds=args.kind, profiles=chosen)
    else:
        options = options_from(args)
        image_input = bool(options["image_input"])
        native_pdf = tri_label(options["native_pdf"])
        source_blocks = tri_label(options["source_blocks"])
        grid = {
            "image_input": image_input,
            "native_pdf": native_pdf,
            "source_blocks": source_blocks,
        }
        df = matrix.capability_matrix(
            wires=args.wire, kinds=args.kind, options=None if args.long else grid
        )
        table = (
            df
            if args.long
            else matrix.pivot_outcomes(
                df, image_input=image_input, native_pdf=native_pdf, source_blocks=source_blocks
            )
        )
    if args.format == "table":
        rows: Any = table  # tabulate reads a DataFrame (its stubs do not say so)
        return _heading(args) + "\n\n" + str(tabulate(rows, headers="keys", tablefmt="simple"))
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
