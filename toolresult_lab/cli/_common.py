"""What every subcommand shares: one-line errors, the conversion options, reading a result."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NoReturn

from ..options import OPTION_HELP, TRI_STATES, ConvertOptions, tri_value
from ..result import ToolResult

__all__ = [
    "EXIT_INPUT",
    "EXIT_USAGE",
    "InputError",
    "Parser",
    "add_option_arguments",
    "options_from",
    "read_json",
    "read_result",
    "read_text",
]

EXIT_USAGE = 2
EXIT_INPUT = 1


class InputError(Exception):
    """A problem with what the user gave us: reported in one line."""


class Parser(argparse.ArgumentParser):
    """Usage errors in one line (``--help`` still shows the usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def add_option_arguments(parser: argparse.ArgumentParser) -> None:
    """``--image-input``, ``--native-pdf``, ``--source-blocks``: the boolean options."""
    parser.add_argument(
        "--image-input",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=OPTION_HELP["image_input"],
    )
    parser.add_argument(
        "--native-pdf", choices=TRI_STATES, default="default", help=OPTION_HELP["native_pdf"]
    )
    parser.add_argument(
        "--source-blocks",
        choices=TRI_STATES,
        default="default",
        help=OPTION_HELP["source_blocks"],
    )


def options_from(args: argparse.Namespace) -> ConvertOptions:
    """The conversion options the arguments stand for."""
    options: ConvertOptions = {
        "image_input": args.image_input,
        "native_pdf": tri_value(args.native_pdf),
        "source_blocks": tri_value(args.source_blocks),
    }
    if getattr(args, "response_tag", None) is not None:
        options["response_tag"] = args.response_tag
    return options


def read_text(path: str) -> str:
    """The text in ``path`` (``-``: standard input); :class:`InputError` in one line."""
    try:
        return sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text") from None


def read_json(path: str) -> Any:
    """The JSON in ``path`` (``-``: standard input); :class:`InputError` in one line."""
    text = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"{path} is not valid JSON: {error}") from None


def read_result(path: str, name: str | None, call_id: str | None) -> ToolResult:
    """A ``ToolResult`` JSON or an MCP ``CallToolResult`` JSON, as a :class:`ToolResult`."""
    data = read_json(path)
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
