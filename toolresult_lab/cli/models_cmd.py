"""``models``: what lint knows of models and from where; ``models refresh`` fetches a newer
models.dev catalog into the user's cache (the only command that reads the network, and
only when asked)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from tabulate import tabulate

from ..budgets.model_catalog import DEFAULT_URL, CatalogError, bundled, cache_file, refresh
from ..budgets.model_table import ROWS
from ..budgets.models import catalog_in_use, forget, model_ids
from ..wires import WIRES
from ._shared import InputError

__all__ = ["add_parsers"]


def add_parsers(commands: Any) -> None:
    models = commands.add_parser(
        "models",
        help="list the model facts lint knows, and where they come from",
        description="list the model facts lint's model-gated rules read: the models.dev"
        " catalog in use (bundled, or refreshed into your cache), and the dated table of the"
        " models released since, each row with its page and the day it was read. Nothing is"
        " fetched unless you run `models refresh`.",
    )
    models.add_argument(
        "--format", choices=("table", "json"), default="table", help="default: table"
    )
    models.set_defaults(run=_list, parser=models)
    actions = models.add_subparsers(dest="action", metavar="ACTION")
    fresh = actions.add_parser(
        "refresh",
        help="fetch the models.dev catalog into your cache",
        description="fetch the models.dev catalog (api.json) into your cache directory,"
        " where lint then reads it before the bundled one.",
    )
    fresh.add_argument(
        "--from",
        dest="source",
        default=DEFAULT_URL,
        metavar="URL|FILE",
        help=f"where to read the catalog (default: {DEFAULT_URL})",
    )
    fresh.set_defaults(run=_refresh, parser=fresh)


def _summary() -> dict[str, Any]:
    used = catalog_in_use()
    kept = cache_file()
    return {
        "catalog": {
            "origin": used.origin,
            "dated": used.dated,
            "fetched": used.fetched,
            "models": used.models,
        },
        "bundled": bundled().origin,
        "cache": str(kept) if kept.exists() else None,
        "table": [_row(row) for row in ROWS],
    }


def _sends(wire: str, maker: str) -> bool:
    """``wire`` sends the models of ``maker`` (its ``ModelIds.makers`` name it)."""
    ids = model_ids(wire)
    return ids is not None and maker in ids.makers


def _row(row: Any) -> dict[str, Any]:
    return {
        "model": row.model,
        "wires": [wire for wire in WIRES if _sends(wire, row.maker)],
        "family": row.family,
        "released": row.released,
        "context": row.context_window,
        "output": row.output_limit,
        "inputs": sorted(row.inputs),
        "reported": sorted(row.reported),
        "source": row.url,
        "checked": row.checked,
    }


def _list(args: argparse.Namespace) -> str:
    summary = _summary()
    if args.format == "json":
        return json.dumps(summary, indent=2)
    used = summary["catalog"]
    fetched = f", fetched {used['fetched']}" if used["fetched"] else ""
    lines = [
        f"catalog: {used['origin']}, entries up to {used['dated']}{fetched}"
        f" ({used['models']} models of the providers lint reads)",
        f"bundled: {summary['bundled']}",
        f"cache: {summary['cache'] or 'none (run `toolresult-lab models refresh`)'}",
        f"table: {len(ROWS)} models the catalog lacks or says too little of:",
        "",
    ]
    rows = [
        {
            "model": r["model"],
            "wires": ",".join(r["wires"]),
            "released": r["released"] or "-",
            "context": f"{r['context']:,}" if r["context"] else "-",
            "output": f"{r['output']:,}" if r["output"] else "-",
            "inputs": ",".join(r["inputs"]) or "-",
            "reported only": ",".join(r["reported"]) or "-",
            "checked": r["checked"],
            "source": r["source"],
        }
        for r in summary["table"]
    ]
    return "\n".join(lines) + str(tabulate(rows, headers="keys"))


def _refresh(args: argparse.Namespace) -> str:
    try:
        got = refresh(args.source)
    except CatalogError as error:
        raise InputError(str(error)) from None
    forget()
    return (
        f"refreshed: {got.models} models of the providers lint reads, entries up to"
        f" {got.dated}, kept in {cache_file()}"
    )
