"""``context-window``: a request whose estimated input is over its model's context window.

The window is the model's input limit in the catalog (``models.ModelFacts.input_window``:
the catalog's input figure where it gives one below the window, as gpt-5's 272,000 of
400,000; else its context window). The request's input is estimated as a whole
(``request_tokens.read_tokens``: text counted in the model's encoding for an OpenAI model
with the ``exact`` extra, else at about 4 characters per token; images by their provider's
rule; a request too small to be near the window is not counted). Over the window is an
error; over :data:`WARN_SHARE` of it a warning, since the estimate is not a count and the
reply's own tokens need room too. An unknown model, or one without a window, gives no
finding; nor does a request with a value that holds itself, which has no JSON to measure
(``request_tokens`` says where).
"""

from __future__ import annotations

from typing import Final

from ...budgets.request_tokens import read_tokens
from ...wires import Add, ReadRequest, Scope

__all__ = ["WARN_SHARE", "check"]

#: The share of the window over which the estimate gets a warning (90 %: a text estimate
#: of 4 characters per token is off by about a tenth on ordinary English and JSON).
WARN_SHARE: Final = 0.9


def check(read: ReadRequest, scope: Scope, add: Add) -> None:
    """An error when the estimate is over the model's window, a warning over 90 % of it."""
    facts = scope.model
    window = None if facts is None else facts.input_window
    if facts is None or not window:
        return
    try:
        estimate = read_tokens(read, model=facts.model, within=int(WARN_SHARE * window))
    except ValueError:  # a value that holds itself: no JSON, no size (lint still returns)
        return
    total = estimate.total
    if total <= WARN_SHARE * window:
        return
    over = total > window
    share = f"{total / window:.0%}"
    said = "over" if over else f"{share} of"
    add(
        "context-window",
        "",
        f"The request's input is {estimate.label()} (estimated), {said} the input window of"
        f" {window:,} tokens of the model {facts.model!r} ({facts.source}).",
        "" if over else "near",
    )
