"""``--max-tokens`` and ``--keep``: a token budget for convert, explain and turn."""

from __future__ import annotations

import argparse

from ..conversion.options import KEEP_CHOICES

__all__ = ["add_budget_arguments", "add_max_tokens_argument"]


def _tokens(text: str) -> int:
    """A budget as the user typed it: a whole number, ``8000`` or ``8_000``, not negative."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a whole number of tokens, got {text!r}"
        ) from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, got {value}")
    return value


def add_max_tokens_argument(parser: argparse.ArgumentParser, help: str) -> None:
    """``--max-tokens N``: a whole number of tokens (``None`` when not given)."""
    parser.add_argument("--max-tokens", type=_tokens, default=None, metavar="N", help=help)


def add_budget_arguments(parser: argparse.ArgumentParser) -> None:
    """``--max-tokens N`` (cut each block to N tokens by the wire's estimate; on ``turn``,
    N shared by the results) and ``--keep`` (what goes first)."""
    add_max_tokens_argument(
        parser,
        "cut to at most N tokens by the wire's estimate (JSON stays JSON, images and PDFs"
        " are never cut; on turn, N is shared by the results)",
    )
    parser.add_argument(
        "--keep",
        choices=KEEP_CHOICES,
        default="text",
        help="with --max-tokens, what is kept first: text (images and PDFs become placeholders"
        " first; the default) or media (texts are cut to their minimum first)",
    )
