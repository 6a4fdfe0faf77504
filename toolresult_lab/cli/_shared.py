"""What every subcommand shares: one-line errors, the conversion options, reading a result."""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from ..conversion.encoding import json_type
from ..conversion.mcp_input import not_a_result
from ..conversion.options import (
    AUDIENCES,
    BOOLEAN_OPTIONS,
    OPTION_HELP,
    TRI_STATES,
    ConvertOptions,
    check_response_tag,
    tri_value,
)
from ..conversion.profiles import PROFILES, get_profile
from ..conversion.result import ToolResult

__all__ = [
    "EXIT_FINDINGS",
    "EXIT_INPUT",
    "EXIT_USAGE",
    "MAX_INPUT_BYTES",
    "STDIN",
    "FindingError",
    "InputError",
    "NotJSONError",
    "Parser",
    "add_audience_argument",
    "add_option_arguments",
    "add_profile_arguments",
    "add_response_tag_argument",
    "exit_help",
    "flag_options",
    "given_options",
    "one_of",
    "options_from",
    "parse_json",
    "read_bytes",
    "read_json",
    "read_result",
    "read_text",
    "warn",
]

#: The exit status scheme every subcommand shares (shown in each ``--help``): 0 done and
#: clean, 1 findings (what a command counts as one is in its help), 2 a usage error or an
#: input that could not be read (missing, a directory or device, not JSON, not what the
#: command reads). A CI step tells "the request is broken" (1) from "the file is not
#: there" (2).
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_INPUT = 2
#: How standard input is named in messages (``-`` on the command line).
STDIN = "standard input"
#: The most a single input file (or standard input) may hold: read whole, it is bounded so
#: that ``/dev/zero`` or an endless pipe is a one-line error, not gigabytes of memory.
#: Logs larger than this are read by ``audit`` and ``lint --log``, which stream.
MAX_INPUT_BYTES = 128 * 1024 * 1024
_MAX_SHOWN = "128 MiB"
#: The first bytes of files that are logs, not one JSON value.
_LOG_MAGIC = ((b"\x1f\x8b", "a gzip file"), (b"PAR1", "a Parquet file"))
_FLAGS = {name: "--" + name.replace("_", "-") for name in BOOLEAN_OPTIONS}
#: Keys only an MCP SDK dump has (2.x always writes ``resultType``); with one, the file is read
#: as a ``CallToolResult``, whose other envelope fields are not for the model.
_MCP_ENVELOPE = frozenset({"_meta", "resultType"})


class InputError(Exception):
    """A problem with what the user gave us: reported in one line, exit status 2."""

    status = EXIT_INPUT


class FindingError(InputError):
    """What the command checks failed (``convert --strict``): one line, exit status 1."""

    status = EXIT_FINDINGS


def exit_help(findings: str | None) -> str:
    """The exit-status line of a subcommand's ``--help``; ``findings`` says what counts as
    one (``None``: the command has none, so it never exits 1)."""
    one = f"1 {findings}" if findings else "1 is not used"
    return f"exit status: 0 done and clean; {one}; 2 a usage error or an unreadable input."


class NotJSONError(InputError):
    """Text that is not valid JSON (a command may read it some other way); ``detail`` is
    the parser's own words."""

    def __init__(self, shown: str, detail: str) -> None:
        super().__init__(f"{shown} is not valid JSON: {detail}")
        self.detail = detail


class Parser(argparse.ArgumentParser):
    """Usage errors in one line (``--help`` still shows the usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def warn(message: str) -> None:
    """One warning line on standard error (the output itself stays on standard output)."""
    print(f"toolresult-lab: warning: {message}", file=sys.stderr)


def add_option_arguments(parser: argparse.ArgumentParser) -> None:
    """``--image-input``, ``--native-pdf``, ``--source-blocks``: the boolean options.

    Each defaults to ``None`` (not given), so a command can tell an option given as
    ``default`` from one not given at all.
    """
    parser.add_argument(
        _FLAGS["image_input"],
        action=argparse.BooleanOptionalAction,
        default=None,
        help=OPTION_HELP["image_input"],
    )
    for name in ("native_pdf", "source_blocks"):
        parser.add_argument(_FLAGS[name], choices=TRI_STATES, default=None, help=OPTION_HELP[name])


def _response_tag(value: str) -> str:
    try:
        return check_response_tag(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_response_tag_argument(parser: argparse.ArgumentParser) -> None:
    """``--response-tag TAG``, checked as the core checks it (a one-line usage error)."""
    parser.add_argument(
        "--response-tag", type=_response_tag, default=None, help=OPTION_HELP["response_tag"]
    )


def add_audience_argument(parser: argparse.ArgumentParser) -> None:
    """``--audience assistant``: leave out entries not meant for the model (a profile's
    options take it too: it is about the result, not the provider)."""
    parser.add_argument("--audience", choices=AUDIENCES, default=None, help=OPTION_HELP["audience"])


def _result_options(args: argparse.Namespace, options: ConvertOptions) -> ConvertOptions:
    """``options`` with the options about the result given (``--response-tag``,
    ``--audience``), which apply with or without a profile."""
    if getattr(args, "response_tag", None) is not None:
        options["response_tag"] = args.response_tag
    if getattr(args, "audience", None) is not None:
        options["audience"] = args.audience
    return options


def add_profile_arguments(parser: argparse.ArgumentParser) -> None:
    """``--profile ID`` and ``--vision`` / ``--no-vision``."""
    parser.add_argument(
        "--profile",
        choices=list(PROFILES),
        metavar="ID",
        help="the options a provider's tool loop passes (toolresult-lab profiles lists them);"
        " its wire is the default --wire",
    )
    parser.add_argument(
        "--vision",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="with --profile: the model sees images (default: yes)",
    )


def wire_named(args: argparse.Namespace, given: str | None, flag: str) -> str:
    """The wire ``flag`` names (``given``), else the ``--profile``'s; a flag that contradicts
    the profile, or neither given, is a usage error (exit 2) from ``args.parser``."""
    parser: argparse.ArgumentParser = args.parser
    if args.profile is not None:
        wire = get_profile(args.profile).wire
        if given is not None and given != wire:
            article = "an" if wire[0] in "aeiou" else "a"
            parser.error(f"--profile {args.profile} is {article} {wire} profile, not {given}")
        return wire
    if given is None:
        parser.error(f"give {flag} (or --profile)")
    return given


def given_options(args: argparse.Namespace) -> list[str]:
    """The boolean option flags given on the command line (``--no-image-input`` included)."""
    flags = []
    for name in BOOLEAN_OPTIONS:
        value = getattr(args, name, None)
        if value is not None:
            flags.append("--no-image-input" if value is False else _FLAGS[name])
    return flags


def flag_options(args: argparse.Namespace) -> ConvertOptions:
    """The conversion options the option flags stand for (``None``: not given)."""
    options: ConvertOptions = {
        "image_input": args.image_input,
        "native_pdf": tri_value(args.native_pdf or "default"),
        "source_blocks": tri_value(args.source_blocks or "default"),
    }
    return _result_options(args, options)


def options_from(args: argparse.Namespace) -> ConvertOptions:
    """The conversion options the arguments stand for: a profile's (``--profile``, see
    :func:`add_profile_arguments`), or the flags given."""
    profile = getattr(args, "profile", None)
    if profile is None:
        return flag_options(args)
    return _result_options(args, get_profile(profile).options(args.vision is not False))


def _shown(path: str) -> str:
    return STDIN if path == "-" else path


def _file_kind(mode: int) -> str | None:
    """What a file that is not regular is (``None`` for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a socket" if stat.S_ISSOCK(mode) else "not a regular file"


def _too_large(shown: str) -> InputError:
    return InputError(
        f"{shown} holds more than {_MAX_SHOWN}, the most one input may hold (logs of any size:"
        " `toolresult-lab audit` or `toolresult-lab lint --log`)"
    )


def read_bytes(path: str) -> bytes:
    """The bytes in ``path`` (``-``: standard input), at most :data:`MAX_INPUT_BYTES`.

    Only a regular file is opened (a FIFO or a device would block or never end); standard
    input, a pipe as a rule, is read up to the cap and no further.

    :raises InputError: missing, unreadable, not a regular file, or over the cap (one line).
    """
    shown = _shown(path)
    try:
        if path == "-":
            buffer = getattr(sys.stdin, "buffer", None)
            if buffer is None:  # a text stream put in place of stdin (an embedding program)
                data = sys.stdin.read(MAX_INPUT_BYTES + 1).encode("utf-8", "surrogatepass")
            else:
                data = buffer.read(MAX_INPUT_BYTES + 1)
        else:
            kind = _file_kind(os.stat(path).st_mode)
            if kind is not None:
                raise InputError(f"{shown} is {kind}: give a regular file, or - for standard input")
            with open(path, "rb") as file:
                data = file.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise InputError(f"cannot read {shown}: {error.strerror or error}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise _too_large(shown)
    return data


def read_text(path: str) -> str:
    """The text in ``path`` (``-``: standard input; a UTF-8 BOM is skipped), read as
    :func:`read_bytes` reads it; :class:`InputError` in one line."""
    shown = _shown(path)
    data = read_bytes(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        for magic, what in _LOG_MAGIC:
            if data.startswith(magic):
                raise InputError(
                    f"{shown} is {what}, not UTF-8 text: a log? `toolresult-lab audit` (results)"
                    " and `toolresult-lab lint --log` (requests) read gzip and Parquet logs"
                ) from None
        raise InputError(f"{shown} is not UTF-8 text") from None
    return text.removeprefix("\ufeff")


def read_json(path: str) -> Any:
    """The one JSON value in ``path`` (``-``: standard input; a UTF-8 BOM is skipped);
    :class:`InputError` in one line that says what the file is instead (empty, JSON Lines)."""
    shown = _shown(path)
    text = read_text(path)
    if not text.strip():
        raise InputError(f"{shown} is empty (expected one JSON object)")
    try:
        return parse_json(text, shown)
    except NotJSONError:
        if not text.strip():
            raise InputError(f"{shown} is empty (expected one JSON object)") from None
        try:
            json.loads(text)
        except json.JSONDecodeError as error:
            if error.msg == "Extra data" and _starts_a_value(text, error.pos):
                raise InputError(
                    f"{shown} holds more than one JSON value (another starts on line"
                    f" {error.lineno}):"
                    " convert and explain read one result; for JSON Lines use"
                    " `toolresult-lab turn` (the results of one turn) or `toolresult-lab audit`"
                    " (a log)"
                ) from None
        except (ValueError, RecursionError):
            pass
        raise


def parse_json(text: str, shown: str) -> Any:
    """``json.loads`` with every failure an :class:`InputError` in one line, ``shown``
    naming the input: JSON nested deeper than Python's parser goes is no traceback."""
    if not text.strip():
        raise InputError(f"{shown} is empty (expected JSON)")
    try:
        return json.loads(text)
    except RecursionError:
        raise InputError(f"{shown} is nested too deeply to read as JSON") from None
    except ValueError as error:  # JSONDecodeError, or an integer past Python's digit limit
        raise NotJSONError(shown, str(error)) from None


def _starts_a_value(text: str, position: int) -> bool:
    """True when a whole JSON value starts at ``position`` (JSON Lines, not trailing junk)."""
    try:
        json.JSONDecoder().raw_decode(text, position)
    except (json.JSONDecodeError, RecursionError):
        return False
    return True


def _unwrap_jsonrpc(data: dict[str, Any], shown: str) -> Any:
    """A JSON-RPC response is read as its ``result`` (an ``error`` is reported)."""
    if "error" in data:
        error = data["error"]
        if isinstance(error, dict):
            detail = f"{error.get('code', '?')} {error.get('message', '')}".strip()
        else:
            detail = json.dumps(error, ensure_ascii=False)
        raise InputError(f"{shown}: a JSON-RPC error response, not a tool result: {detail}")
    if "result" not in data:
        raise InputError(f"{shown}: a JSON-RPC message without a result")
    return data["result"]


def read_result(path: str, name: str | None, call_id: str | None) -> ToolResult:
    """A ``ToolResult`` JSON, an MCP ``CallToolResult`` JSON or a JSON-RPC response holding
    one, as a :class:`ToolResult`.

    The file's top-level ``name`` and ``id`` count whenever present (an MCP SDK dump has
    ``resultType`` and ``_meta`` beside them); ``name`` and ``call_id`` (``--name``,
    ``--id``) replace them."""
    shown = _shown(path)
    data = read_json(path)
    if isinstance(data, dict) and "jsonrpc" in data:
        data = _unwrap_jsonrpc(data, shown)
    if not isinstance(data, dict):
        raise InputError(f"{shown}: expected a JSON object, got {json_type(data)}")
    problem = not_a_result(data)
    try:
        if {"name", "id"} & data.keys() and not _MCP_ENVELOPE & data.keys():
            result = ToolResult.from_dict(data)  # a ToolResult's dict: unknown keys are errors
        elif problem is None:  # an MCP CallToolResult: its envelope left out, name and id kept
            result = ToolResult.from_mcp(
                data, name=_top_level(data, "name"), id=_top_level(data, "id")
            )
    except (TypeError, ValueError) as error:
        raise InputError(f"{shown}: {error}") from None
    if problem is not None:  # the rule the audit counts bad records by
        raise InputError(f"{shown}: {problem}{_block_hint(data)}")
    try:
        overrides = {k: v for k, v in (("name", name), ("id", call_id)) if v is not None}
        return ToolResult(**{**result.to_dict(), **overrides}) if overrides else result
    except (TypeError, ValueError) as error:
        raise InputError(f"{shown}: {error}") from None


def _block_hint(data: dict[str, Any]) -> str:
    """A hint for a content block given where a result belongs."""
    if isinstance(data.get("type"), str):
        return (
            f" (this looks like one content block, of type {data['type']!r}: wrap it as"
            ' {"content": [...]})'
        )
    return ""


def _top_level(data: dict[str, Any], field: str) -> Any:
    """A result file's own ``name`` or ``id`` (``null`` or missing: ``""``; another type is
    left for ``ToolResult`` to reject, naming the field)."""
    value = data.get(field)
    return "" if value is None else value


def one_of(names: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
