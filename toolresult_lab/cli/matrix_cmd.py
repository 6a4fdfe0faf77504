"""``matrix``: the capability matrix in the terminal (kinds x wires, or kinds x profiles)."""

from __future__ import annotations

import argparse
from typing import Any

from tabulate import tabulate

from ..conversion.facts import FACTS
from ..conversion.options import tri_label
from ..conversion.profiles import PROFILES
from ..views.probes import PROBES
from ._shared import add_option_arguments, given_options, options_from

__all__ = ["add_parsers"]

_KINDS = {**{p.label: p.id for p in PROBES.values()}, **{p.id: p.id for p in PROBES.values()}}


def _kind(value: str) -> str:
    """A probe kind by its id (``image_png``) or by the label the tables print (``image/png``)."""
    try:
        return _KINDS[value]
    except KeyError:
        known = ", ".join(PROBES)
        raise argparse.ArgumentTypeError(
            f"invalid choice: {value!r} (choose an id or its label: {known})"
        ) from None


def add_parsers(commands: Any) -> None:
    matrix = commands.add_parser(
        "matrix",
        help="the capability matrix: what every wire sends for every media kind",
        description="What every wire sends for every kind of content: kinds x wires for one"
        " option set (the default), kinds x provider profiles (--profiles), or every row of"
        " the whole option grid (--long). --tokens prints token estimates instead of outcomes.",
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
        default=None,
        help="with --profiles: the model sees images (default: yes)",
    )
    matrix.add_argument(
        "--long",
        action="store_true",
        help="every row of the full option grid (long form) instead of a table",
    )
    matrix.add_argument(
        "--tokens",
        action="store_true",
        help="kinds x wires of token estimates (estimate_tokens) for the option set",
    )
    matrix.add_argument("--wire", action="append", choices=tuple(FACTS), help="only this wire")
    matrix.add_argument(
        "--kind",
        action="append",
        type=_kind,
        metavar="KIND",
        help="only this kind: an id (image_png) or its label (image/png)",
    )
    add_option_arguments(matrix)
    matrix.set_defaults(run=_matrix, parser=matrix)


def _check(args: argparse.Namespace) -> None:
    """Options that do not apply to the table asked for are a usage error, never ignored."""
    parser: argparse.ArgumentParser = args.parser
    vision = None if args.vision is None else f"--{'' if args.vision else 'no-'}vision"
    if args.long:
        for flag in (
            *given_options(args),
            *(["--profiles"] if args.profiles else []),
            *(["--tokens"] if args.tokens else []),
            *([vision] if vision else []),
        ):
            parser.error(f"{flag} does not apply with --long (it lists every option set)")
    if args.profiles:
        for flag in (*given_options(args), *(["--tokens"] if args.tokens else [])):
            parser.error(f"{flag} does not apply with --profiles (each profile sets its options)")
    elif vision:
        parser.error(f"{vision} applies only with --profiles")


def _matrix(args: argparse.Namespace) -> str:
    from ..views import matrix  # pandas: imported only by the subcommands that need it

    _check(args)
    kinds = None if args.kind is None else list(dict.fromkeys(args.kind))
    heading = ""
    if args.profiles:
        # --wire narrows the profiles to those speaking that wire
        chosen = [p.id for p in PROFILES.values() if not args.wire or p.wire in args.wire]
        vision = args.vision is not False
        table = matrix.profile_matrix(vision=vision, kinds=kinds, profiles=chosen)
        heading = (
            f"What each provider's tool loop sends, for a model that "
            f"{'sees' if vision else 'does not see'} images (kinds x profiles)."
        )
    elif args.long:
        table = matrix.capability_matrix(wires=args.wire, kinds=kinds)
    else:
        options = options_from(args)
        image_input = bool(options.get("image_input"))
        native_pdf = tri_label(options.get("native_pdf"))
        source_blocks = tri_label(options.get("source_blocks"))
        grid = {
            "image_input": image_input,
            "native_pdf": native_pdf,
            "source_blocks": source_blocks,
        }
        df = matrix.capability_matrix(wires=args.wire, kinds=kinds, options=grid)
        table = (
            matrix.token_table(df)
            if args.tokens
            else matrix.pivot_outcomes(
                df, image_input=image_input, native_pdf=native_pdf, source_blocks=source_blocks
            )
        )
        heading = matrix.pivot_caption(image_input, native_pdf, source_blocks, tokens=args.tokens)
    if args.format == "table":
        rows: Any = table  # tabulate reads a DataFrame (its stubs do not say so)
        if args.long:
            plain: Any = matrix.blank_missing(table)
            return str(tabulate(plain, headers="keys", showindex=False))
        return heading + "\n\n" + str(tabulate(rows, headers="keys", tablefmt="simple"))
    return matrix.export_matrix(table, args.format)
