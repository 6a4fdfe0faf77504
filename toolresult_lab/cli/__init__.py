"""``toolresult-lab``: the capability matrix in the terminal, conversion of result files,
the audit of logged results, and the check and repair of whole requests.

Each subcommand lives in its own module (``matrix``, ``convert``, ``turn``, ``profiles``,
``models``, ``docs``, ``audit``, ``lint``, ``repair``) and adds its parser here. Bad input (a
missing file, invalid JSON, an unknown wire) gives a one-line message and a non-zero exit
status, never a traceback.

Exit status, the same scheme for every subcommand (each ``--help`` says it): 0 done and clean,
1 findings (lint errors, a translated request with lint errors, ...), 2 a usage error or an
input that could not be read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .. import __version__
from .._build import build_label
from . import (
    audit_cmd as audit,
)
from . import (
    convert_cmd as convert,
)
from . import (
    diff_cmd as diff,
)
from . import (
    docs_cmd as docs,
)
from . import (
    lint_cmd as lint,
)
from . import (
    matrix_cmd as matrix,
)
from . import (
    models_cmd as models,
)
from . import (
    profiles_cmd as profiles,
)
from . import (
    repair_cmd as repair,
)
from . import (
    translate_cmd as translate,
)
from . import (
    turn_cmd as turn,
)
from ._answer import Answer
from ._shared import InputError, Parser, exit_help

__all__ = ["main"]

_SUBCOMMANDS = (
    matrix,
    convert,
    turn,
    profiles,
    models,
    docs,
    audit,
    lint,
    diff,
    repair,
    translate,
)
#: What exit status 1 means for each subcommand that has findings (the others never exit 1).
_FINDINGS = {
    "convert": "with --strict, a field a chosen wire needs is empty",
    "diff": "B changes what A sent (not only appends to it)",
    "lint": "an error finding is present",
    "repair": "error findings are left that repair does not fix",
    "translate": "a translated request has lint errors",
}


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="toolresult-lab",
        description="Send MCP tool results to every LLM provider in its own shape, and see the"
        " differences.",
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__} ({build_label()})"
    )
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=Parser
    )
    for module in _SUBCOMMANDS:
        module.add_parsers(commands)
    for name, sub in commands.choices.items():
        sub.epilog = exit_help(_FINDINGS.get(name))
        if sub.description:  # a sentence, as argparse's own lines are; the short help is not
            sub.description = sub.description[0].upper() + sub.description[1:]
    parser.epilog = (
        "exit status, for every command: 0 done and clean; 1 findings (see each command's"
        " --help); 2 a usage error or an unreadable input."
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        answer: str | Answer = args.run(args)
    except InputError as error:
        print(f"toolresult-lab: error: {error}", file=sys.stderr)
        return error.status
    except BrokenPipeError:  # e.g. `toolresult-lab matrix | head`
        return 0
    if isinstance(answer, str):
        answer = Answer(answer)
    output = answer.text
    if not output:  # written to a file (-o): nothing to print
        return answer.status
    try:
        sys.stdout.write(output if output.endswith("\n") else output + "\n")
    except BrokenPipeError:
        return answer.status
    return answer.status
