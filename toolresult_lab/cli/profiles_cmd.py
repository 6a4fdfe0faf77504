"""``profiles``: the provider profiles, with their wire, the options they pass and their source."""

from __future__ import annotations

import argparse
import csv
import io
import json
from typing import Any

from tabulate import tabulate

from ..conversion.profiles import PROFILES

__all__ = ["add_parsers"]


def add_parsers(commands: Any) -> None:
    profiles = commands.add_parser(
        "profiles",
        help="list the provider profiles (wire, options, source)",
        description="List the provider profiles: which wire each provider speaks, the options"
        " its tool loop passes for a model that does and does not see images, and where the"
        " facts come from. Use one with convert --profile ID.",
    )
    profiles.add_argument(
        "--format", choices=("table", "json", "csv"), default="table", help="default: table"
    )
    profiles.set_defaults(run=_profiles, parser=profiles)


def _rows() -> list[dict[str, Any]]:
    return [
        {
            "id": p.id,
            "provider": p.label,
            "wire": p.wire,
            "options (vision)": p.describe(vision=True),
            "options (text-only)": p.describe(vision=False),
            "source": p.source,
        }
        for p in PROFILES.values()
    ]


def _profiles(args: argparse.Namespace) -> str:
    rows = _rows()
    if args.format == "json":
        full = [
            {
                **{k: row[k] for k in ("id", "provider", "wire", "source")},
                "options": {
                    "vision": PROFILES[row["id"]].options(True),
                    "text-only": PROFILES[row["id"]].options(False),
                },
                "note": PROFILES[row["id"]].note,
            }
            for row in rows
        ]
        return json.dumps(full, indent=2, ensure_ascii=False)
    if args.format == "csv":
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        return buffer.getvalue()
    return str(tabulate(rows, headers="keys"))
