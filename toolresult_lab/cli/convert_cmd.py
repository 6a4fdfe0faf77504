"""``convert`` and ``explain``: one result file on one wire (or all of them)."""

from __future__ import annotations

import argparse
import csv
import io
import json
from typing import TYPE_CHECKING, Any

from tabulate import tabulate

from ..budgets.costs import TokenEstimate, estimate_explained
from ..conversion.explain import Explanations
from ..conversion.facts import FACTS
from ..conversion.profiles import get_profile
from ..conversion.result import ToolResult
from ..views.render import elide_base64
from ._budget import add_budget_arguments
from ._shared import (
    FindingError,
    InputError,
    add_audience_argument,
    add_option_arguments,
    add_profile_arguments,
    add_response_tag_argument,
    given_options,
    one_of,
    options_from,
    read_result,
    warn,
)

if TYPE_CHECKING:
    from ..wires import RequiredField

__all__ = ["add_parsers"]

_FIELDS: dict[RequiredField, tuple[str, str]] = {
    "id": ("call id", "--id"),
    "name": ("tool name", "--name"),
}
_CSV_COLUMNS = ["wire", "record", "index", "type", "item", "outcome", "reason", "part", "tokens"]


def add_parsers(commands: Any) -> None:
    convert = commands.add_parser(
        "convert",
        help="convert a result file to a wire's block (JSON)",
        description="Convert a result file to the block a wire sends (JSON; a string for"
        " hermes). A required field left empty (a call id or tool name the wire's provider"
        " rejects the block without) and a documented provider limit the block meets are"
        " warned about on standard error.",
    )
    _arguments(convert)
    convert.add_argument(
        "--elide",
        action="store_true",
        help="print base64 payloads as <N bytes base64> (for reading; not a block to send)",
    )
    convert.add_argument(
        "--strict",
        action="store_true",
        help="a field a chosen wire needs (--id, --name) left empty is an error, not a warning",
    )
    convert.set_defaults(run=_convert, parser=convert)
    explain = commands.add_parser(
        "explain",
        help="say what happens to each content entry on a wire",
        description="Say what happens to each content entry on a wire, and why; what the wire"
        " does with the result's own fields (notes); the documented provider limits the block"
        " meets (warnings); and its token estimate, each figure naming its rule.",
    )
    _arguments(explain)
    explain.add_argument(
        "--format", choices=("table", "json", "csv"), default="table", help="default: table"
    )
    explain.set_defaults(run=_explain, parser=explain)


def _arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "file",
        help="a ToolResult JSON, an MCP CallToolResult JSON or a JSON-RPC response holding"
        " one; - for standard input",
    )
    sub.add_argument(
        "--wire",
        choices=(*FACTS, "all"),  # the registry's wires when the parser is made
        metavar="WIRE",
        help=f"one of {', '.join(FACTS)}, or all (required unless --profile names the wire)",
    )
    sub.add_argument("--name", default=None, help="tool name (for an MCP result file)")
    sub.add_argument("--id", default=None, help="call id (for an MCP result file)")
    add_response_tag_argument(sub)
    add_audience_argument(sub)
    add_option_arguments(sub)
    add_profile_arguments(sub)
    add_budget_arguments(sub)


def _wires(args: argparse.Namespace) -> tuple[str, ...]:
    """The wires to convert to; a usage error for arguments that do not go together."""
    parser: argparse.ArgumentParser = args.parser
    if args.profile is not None:
        profile = get_profile(args.profile)
        for flag in given_options(args):
            parser.error(f"{flag} does not apply with --profile (the profile sets the options)")
        if args.wire not in (None, profile.wire):
            parser.error(
                f"--profile {profile.id} is for the {profile.wire} wire; --wire {args.wire}"
                " does not apply"
            )
        return (profile.wire,)
    if args.vision is not None:
        parser.error(f"--{'' if args.vision else 'no-'}vision applies only with --profile")
    if args.wire is None:
        parser.error("the following arguments are required: --wire (or --profile)")
    return tuple(FACTS) if args.wire == "all" else (args.wire,)


def _explained(args: argparse.Namespace) -> tuple[ToolResult, dict[str, Explanations]]:
    wires = _wires(args)
    result = read_result(args.file, args.name, args.id)
    options = options_from(args)
    budget = {"max_tokens": args.max_tokens, "keep": args.keep}
    try:
        return result, {wire: result.explain(wire, **budget, **options) for wire in wires}
    except ValueError as error:  # a budget below the result's minimum
        raise InputError(str(error)) from None


def _missing_fields(result: ToolResult, wires: tuple[str, ...]) -> list[str]:
    """One line per required field left empty, naming the wires that need it."""
    lines = []
    for field, (what, flag) in _FIELDS.items():
        if getattr(result, field):
            continue
        needing = [w for w in wires if field in FACTS[w].requires]
        if needing:
            keys = ", ".join(FACTS[w].requires[field] for w in needing)
            verb = "rejects" if len(needing) == 1 else "reject"
            lines.append(
                f"the result has no {what} (give {flag}): {one_of(needing)} {verb} a block"
                f" without one ({keys})"
            )
    return lines


def _convert(args: argparse.Namespace) -> str:
    result, explained = _explained(args)
    missing = _missing_fields(result, tuple(explained))
    if missing and args.strict:
        raise FindingError(missing[0])
    for line in missing:
        warn(line)
    for explanations in explained.values():
        for warning in explanations.warnings:
            if warning.field is None:
                warn(str(warning))
    blocks = {wire: e.block for wire, e in explained.items()}
    if args.elide:
        blocks = {wire: elide_base64(block) for wire, block in blocks.items()}
    shown: Any = blocks if args.wire == "all" else next(iter(blocks.values()))
    return json.dumps(shown, indent=2, ensure_ascii=False)


# -- explain ---------------------------------------------------------------------------------


def _part_text(part: Any) -> str:
    if part is None:
        return ""
    return part if isinstance(part, str) else json.dumps(elide_base64(part), ensure_ascii=False)


def _entry_tokens(estimate: TokenEstimate, index: int) -> int | None:
    """The tokens of one entry (its figures summed); ``None`` when one has no figure."""
    figures = [e.tokens for e in estimate.entries if e.index == index]
    if any(t is None for t in figures):
        return None
    return sum(t for t in figures if t is not None)


def _records(explained: dict[str, Explanations]) -> dict[str, Any]:
    """Everything ``explain`` reports, by wire, as plain JSON values."""
    out: dict[str, Any] = {}
    for wire, explanations in explained.items():
        estimate = estimate_explained(explanations)
        out[wire] = {
            "entries": [
                {
                    "index": e.index,
                    "type": e.block_type,
                    "item": e.item_kind,
                    "outcome": e.outcome,
                    "reason": e.reason,
                    "part": elide_base64(e.part),
                    "tokens": _entry_tokens(estimate, e.index),
                }
                for e in explanations
            ],
            "notes": [
                {"field": n.field, "outcome": n.outcome, "reason": n.reason}
                for n in explanations.notes
            ],
            "warnings": [
                {"index": w.index, "field": w.field, "text": w.text} for w in explanations.warnings
            ],
            "tokens": {
                "total": estimate.total,
                "complete": estimate.complete,
                "label": estimate.label(),
                "figures": [
                    {
                        "index": f.index,
                        "what": f.what,
                        "tokens": f.tokens,
                        "name": f.name,
                        "rule": f.rule,
                        "source": f.source,
                    }
                    for f in estimate.entries
                ],
            },
        }
    return out


def _one_line(text: str, limit: int = 60) -> str:
    text = text.replace("\n", "\\n")  # one line per entry, as in the matrix
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _table(records: dict[str, Any]) -> str:
    rows = [
        [
            wire,
            e["index"],
            e["type"],
            e["item"],
            e["outcome"],
            e["reason"],
            _one_line(_part_text(e["part"])),
            "?" if e["tokens"] is None else f"{e['tokens']:,}",
        ]
        for wire, record in records.items()
        for e in record["entries"]
    ]
    headers = ["wire", "#", "type", "item", "outcome", "reason", "part", "tokens"]
    lines = [str(tabulate(rows, headers=headers)) if rows else "(no content entries)"]
    notes = [
        f"  {wire}: {n['field']} {n['outcome']} — {n['reason']}"
        for wire, record in records.items()
        for n in record["notes"]
    ]
    warnings = [
        f"  {'' if w['index'] is None else '#' + str(w['index']) + ': '}{w['text']}"
        for record in records.values()
        for w in record["warnings"]
    ]
    tokens = []
    for wire, record in records.items():
        names = dict.fromkeys(f["name"] for f in record["tokens"]["figures"])
        tokens.append(f"  {wire}: {record['tokens']['label']} ({'; '.join(names)})")
    for title, section in (("notes", notes), ("warnings", warnings), ("tokens", tokens)):
        if section:
            lines += ["", f"{title}:", *section]
    return "\n".join(lines)


def _csv(records: dict[str, Any]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(_CSV_COLUMNS)
    for wire, record in records.items():
        for e in record["entries"]:
            tokens = "" if e["tokens"] is None else e["tokens"]
            writer.writerow(
                [wire, "entry", e["index"], e["type"], e["item"], e["outcome"], e["reason"],
                 _part_text(e["part"]), tokens]
            )  # fmt: skip
        for n in record["notes"]:
            writer.writerow([wire, "note", "", n["field"], "", n["outcome"], n["reason"], "", ""])
        for w in record["warnings"]:
            index = "" if w["index"] is None else w["index"]
            writer.writerow([wire, "warning", index, w["field"] or "", "", "", w["text"], "", ""])
        total = record["tokens"]
        rules = "; ".join(dict.fromkeys(f["name"] for f in total["figures"]))
        writer.writerow([wire, "tokens", "", "", "", total["label"], rules, "", total["total"]])
    return buffer.getvalue()


def _explain(args: argparse.Namespace) -> str:
    _, explained = _explained(args)
    records = _records(explained)
    if args.format == "json":
        return json.dumps(records, indent=2, ensure_ascii=False)
    if args.format == "csv":
        return _csv(records)
    return _table(records)
