"""``prefix-changed``: what a request changed in the one sent before it (issue 38).

Runs only when ``lint`` is given ``previous=``. The difference itself is
``history.diff_reads`` (the first change, the tokens after it, what the provider binds
after it); this check weighs it: an error where the model binds thinking to its prefix
(``budgets.models.binds_thinking``) and a signed thinking block stands at or after the
change (the provider answers 400 there), else a warning naming what is lost.
"""

from __future__ import annotations

from ...budgets.models import binds_thinking
from ...wires import Add, ReadRequest, Scope, plain_request
from ..history import RequestDiff, diff_reads
from ..history.bound import provider_path

__all__ = ["check", "weigh"]

_BINDING = (
    "a model that binds thinking to its prefix (Anthropic preserved thinking: Fable 5.1 and"
    " later, Opus / Sonnet / Haiku 5.5, Fable / Mythos 5.2)"
)


def check(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Compare ``read`` with ``scope.previous`` (when given) and report the first change."""
    if scope.previous is None:
        return
    try:
        earlier = plain_request(scope.wire, scope.previous)
    except ValueError as error:  # too deep or too large to read: say so, on the request
        add("prefix-changed", "", f"The previous request could not be read: {error}.", "")
        return
    found = diff_reads(earlier, read, model=scope.named, response=scope.previous_response)
    weighed = weigh(found, scope.named)
    if weighed is not None:
        case, message = weighed
        assert found.change is not None
        add("prefix-changed", found.change.path, message, case)


def weigh(found: RequestDiff, model: str | None) -> tuple[str, str] | None:
    """The severity case (``bound`` or ``""``) and the message of a difference; ``None``
    when the later request only appends."""
    change = found.change
    if change is None:
        return None
    head = f"{change.what}, in what the previous request sent"
    tokens = f"about {found.tokens_after:,} input tokens"
    binding = binds_thinking(found.wire, model)
    if binding is not None and found.bound:
        block = found.bound[0]
        return (
            "bound",
            f"{head}: {model} binds each signed thinking block to everything before it, and"
            f" the one at {block} follows the change, so the provider answers 400"
            f' "{provider_path(block)}: Invalid `signature` in `thinking` block. The block is'
            ' bound to a different conversation". Send the history as it was sent (append'
            " only), or set thinking.block_binding.prefix_mismatch_behavior to"
            ' "drop_block" (anthropic-beta thinking-binding-controls-2026-08-01) to drop'
            f" the bound blocks; either way the prompt cache bills {tokens} again.",
        )
    losses = [f"{tokens} from here on are billed again by the prompt cache"]
    if found.reasoning:
        count = len(found.reasoning)
        losses.append(
            f"newer OpenAI models drop the {count} reasoning item{'s' if count > 1 else ''}"
            " after it, so the model may reason again"
        )
    if found.bound:
        count = len(found.bound)
        losses.append(
            f"on {_BINDING} the {count} signed thinking block{'s' if count > 1 else ''} after"
            f" it ({found.bound[0]} first) would make this a 400"
        )
    return "", f"{head}: {'; '.join(losses)}."
