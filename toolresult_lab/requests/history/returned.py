"""What the provider returned to the request sent before: is it in the new request as
returned? (``previous_response=``, issue 38.)

A signed thinking block is checked against what the model returned, byte for byte, and
Anthropic's preserved thinking also refuses one left out or moved; OpenAI's Responses API
needs each reasoning item sent back to reason on. The earlier request does not hold them
(they came back in its answer), so only the answer says whether the new request replays
them: where each wire's answer holds them is its ``PrefixFacts.answer`` (Anthropic's
Message content, Bedrock Converse's output message, the Responses API's output items).
Other wires return no bound reasoning: nothing to check.
"""

from __future__ import annotations

from typing import Any

from ...wires import PrefixFacts
from .raw_walk import same

__all__ = ["plain_response", "returned_change"]


def plain_response(response: Any) -> Any:
    """``response`` as JSON (an SDK object dumped as its client reads it)."""
    dump = getattr(response, "model_dump", None)
    if callable(dump) and not isinstance(response, (dict, list, str)):
        return dump(mode="json", exclude_none=True)
    return response


def returned_change(
    facts: PrefixFacts, key: str, items: list[Any], start: int, response: Any
) -> tuple[str, str, str, int] | None:
    """The first signed thinking block or reasoning item of ``response`` that the new
    request's ``items`` (from ``start``, the first message after the earlier request's)
    does not replay as returned: (kind, path, what, message index); ``None``: all are."""
    answer = facts.answer
    returned = answer(response) if answer is not None else None
    if not returned:
        return None
    if facts.reasoning is not None:
        return _reasoning(facts, key, items, start, returned)
    signed = facts.signed
    if signed is None:
        return None
    kept = [(j, block) for j, block in enumerate(returned) if signed(block)]
    if not kept:
        return None
    here = f"{key}[{start}]"
    message = items[start] if start < len(items) else None
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(content, list):
        what = (
            f"The answer to the previous request is not replayed at {here}: its signed"
            " thinking is left out"
        )
        return "thinking-removed", here, what, start
    sent = [(j, block) for j, block in enumerate(content) if signed(block)]
    for n, (j, block) in enumerate(kept):
        if n >= len(sent):
            what = f"The thinking block returned at content[{j}] is left out of {here}"
            return "thinking-removed", f"{here}.content[{j}]", what, start
        k, replayed = sent[n]
        if not same(block, replayed, facts):
            if any(same(block, other, facts) for _, other in sent):
                what = f"The thinking block returned at content[{j}] is moved in {here}"
                return "thinking-moved", f"{here}.content[{k}]", what, start
            what = f"The thinking block at {here}.content[{k}] differs from the one returned"
            return "thinking-altered", f"{here}.content[{k}]", what, start
        if k != j:
            what = f"The thinking block returned at content[{j}] stands at content[{k}] in {here}"
            return "thinking-moved", f"{here}.content[{k}]", what, start
    return None


def _reasoning(
    facts: PrefixFacts, key: str, items: list[Any], start: int, returned: list[Any]
) -> tuple[str, str, str, int] | None:
    reasoning = facts.reasoning
    assert reasoning is not None
    ids = [item.get("id") for item in returned if reasoning(item)]
    sent = {item.get("id") for item in items[start:] if reasoning(item)}
    for found in ids:
        if found not in sent:
            what = f"The reasoning item {found!r} the previous response returned is left out"
            return "thinking-removed", f"{key}[{start}]", what, start
    return None
