"""``turn``: the calls of one assistant turn and their MCP results, as a wire's tool turn.

CALLS is the assistant message (or whole response) in any wire's shape (``--from-wire``;
hermes: the assistant's text); RESULTS holds one MCP ``CallToolResult`` per call, as a JSON
object, a JSON list or JSON lines, each with ``name``/``id`` (paired by id) or bare (paired
by position). The output is the JSON list of messages ``tool_turn`` returns.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..conversion.calls import ToolCall
from ..conversion.encoding import json_type
from ..conversion.facts import FACTS
from ..conversion.mcp_input import not_a_result
from ..conversion.result import ToolResult
from ..conversion.tool_turns import tool_turn
from ..wires import wire_module
from ._budget import add_budget_arguments
from ._shared import (
    InputError,
    NotJSONError,
    add_audience_argument,
    add_option_arguments,
    add_response_tag_argument,
    options_from,
    parse_json,
    read_text,
)

__all__ = ["add_parsers"]

_HELP = "the tool turn of one assistant message on a wire: the echo of its calls, then results"


def add_parsers(commands: Any) -> None:
    sub = commands.add_parser("turn", help=_HELP, description=_HELP + ".")
    sub.add_argument(
        "calls",
        metavar="CALLS",
        help="the assistant message or response holding the calls (JSON in --from-wire's"
        " shape; hermes: its text); - for stdin",
    )
    sub.add_argument(
        "results",
        metavar="RESULTS",
        help="the MCP results: a JSON object or list, or JSON lines (CallToolResult dicts with"
        " name/id, or bare ones paired with the calls by position); - for stdin",
    )
    sub.add_argument(
        "--wire",
        required=True,
        choices=tuple(FACTS),  # the registry's wires when the parser is made
        metavar="WIRE",
        help=f"one of {', '.join(FACTS)}",
    )
    sub.add_argument(
        "--from-wire",
        choices=tuple(FACTS),
        default=None,
        metavar="WIRE",
        help="the provider shape of CALLS (default: --wire)",
    )
    sub.add_argument(
        "--no-echo",
        action="store_true",
        help="leave the echo out (you replay the provider's own assistant message)",
    )
    sub.add_argument(
        "--hoist-images",
        action="store_true",
        help="openai/ollama: also send the results' images in one user message (needs"
        " --image-input)",
    )
    add_response_tag_argument(sub)
    add_audience_argument(sub)
    add_option_arguments(sub)
    add_budget_arguments(sub)
    sub.set_defaults(run=_turn)


def _calls(path: str, wire: str) -> tuple[ToolCall, ...]:
    text = read_text(path)
    message: Any
    try:
        message = parse_json(text, path)
    except NotJSONError:
        if not wire_module(wire).bare_text:  # a hermes turn may be the bare text
            raise
        message = text
    try:
        calls = ToolCall.from_wire(wire, message)
    except (TypeError, ValueError) as error:
        raise InputError(f"{path}: {error}") from None
    if not calls:
        raise InputError(f"{path}: the {wire} message holds no tool calls")
    return calls


def _entries(path: str) -> list[Any]:
    text = read_text(path)
    try:
        data = parse_json(text, path)
    except NotJSONError:
        data = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                data.append(parse_json(line, f"{path} line {number}"))
            except NotJSONError as error:
                raise InputError(
                    f"{path} is neither JSON nor JSON lines (line {number}: {error.detail})"
                ) from None
    return data if isinstance(data, list) else [data]


def _results(path: str) -> list[ToolResult]:
    results = []
    for index, entry in enumerate(_entries(path)):
        where = f"{path}: result {index + 1}"
        if not isinstance(entry, dict):
            raise InputError(f"{where}: expected a JSON object, got {json_type(entry)}")
        problem = not_a_result(entry)
        if problem is not None:
            raise InputError(f"{where}: {problem}")
        fields = {k: v for k, v in entry.items() if k not in ("name", "id")}
        name, call_id = entry.get("name", ""), entry.get("id", "")
        if not isinstance(name, str) or not isinstance(call_id, str):
            raise InputError(f"{where}: name and id must be strings")
        try:
            results.append(ToolResult.from_mcp(fields, name=name, id=call_id))
        except (TypeError, ValueError) as error:
            raise InputError(f"{where}: {error}") from None
    return results


def _turn(args: argparse.Namespace) -> str:
    if args.calls == "-" and args.results == "-":
        raise InputError("CALLS and RESULTS cannot both be read from stdin")  # exit 2: usage
    if args.hoist_images and not args.image_input:
        raise InputError("--hoist-images needs --image-input (the images are for a vision model)")
    calls = _calls(args.calls, args.from_wire or args.wire)
    results = _results(args.results)
    try:
        messages = tool_turn(
            args.wire,
            calls,
            results,
            echo=not args.no_echo,
            hoist_images=args.hoist_images,
            max_tokens=args.max_tokens,
            keep=args.keep,
            **options_from(args),
        )
    except (TypeError, ValueError) as error:
        raise InputError(str(error)) from None
    return json.dumps(messages, indent=2, ensure_ascii=False)
