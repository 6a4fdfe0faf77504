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

__all__ = ["BETA_1M", "BETA_1M_RETIRED", "WARN_SHARE", "betas_named", "check"]

#: The beta that gave Claude Sonnet 4 and 4.5 a 1,000,000-token window over their 200,000.
#: It no longer does: "the context-1m-2025-08-07 beta was retired for Sonnet 4/4.5, the
#: header now has no effect, and requests over the standard 200K window error" (the Claude
#: release notes of 2026-04-30, as quoted in earendil-works/pi#6885, 2026-07-20); the
#: current model page gives Claude Sonnet 4.5 "Context window: 200K tokens"
#: (platform.claude.com/docs/en/models/sonnet-4-5/overview, read 2026-12-07). Sonnet 4.6,
#: Opus 4.6 and later have 1M without it. So the window stays the catalog's, and a finding
#: over it on a model the beta covered says the beta no longer helps.
BETA_1M: Final = "context-1m-2025-08-07"
BETA_1M_RETIRED: Final = "2026-04-30"
#: The model ids the beta covered (a prefix; dated ids and Bedrock's ``anthropic.`` ids too).
_BETA_1M_MODELS: Final = ("claude-sonnet-4-5", "claude-sonnet-4-2", "claude-sonnet-4@")

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
    beta = ""
    if BETA_1M in betas_named(read, scope) and _beta_covered(facts.model):
        beta = (
            f" The {BETA_1M} beta the request names no longer extends it: retired for Claude"
            f" Sonnet 4 and 4.5 on {BETA_1M_RETIRED}."
        )
    add(
        "context-window",
        "",
        f"The request's input is {estimate.label()} (estimated), {said} the input window of"
        f" {window:,} tokens of the model {facts.model!r} ({facts.source}).{beta}",
        "" if over else "near",
    )


def betas_named(read: ReadRequest, scope: Scope) -> frozenset[str]:
    """The betas a request names: the ``anthropic-beta`` header (comma-separated), the
    body's ``betas`` (the SDK's beta namespace sends it as the header) and
    ``anthropic_beta`` (Bedrock's InvokeModel body)."""
    named = {part.strip() for part in scope.headers.get("anthropic-beta", "").split(",")}
    raw = read.raw
    if isinstance(raw, dict):
        for key in ("betas", "anthropic_beta"):
            listed = raw.get(key)
            if isinstance(listed, list):
                named.update(item for item in listed if isinstance(item, str))
    named.discard("")
    return frozenset(named)


def _beta_covered(model: str) -> bool:
    """The model is one the 1M beta covered (Claude Sonnet 4 or 4.5, any id form)."""
    name = model.lower().rpartition("anthropic.")[2] + "@"
    return name.startswith(_BETA_1M_MODELS)
