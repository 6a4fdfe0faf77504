"""Claude's thinking budget, as Anthropic's API and Bedrock (which passes Claude's
thinking through ``additionalModelRequestFields``) take it: at least 1,024 tokens, below
``max_tokens``, and no thinking beside a forced tool choice. Shared by the two wires'
settings writers (the sources: each wire's ``SOURCES``, ``thinking`` and ``tool_choice``).
"""

from __future__ import annotations

from typing import Final

from ._settings import Note, Settings

__all__ = ["MIN_BUDGET", "claude_budget"]

#: The smallest thinking budget Anthropic takes (the SDK's ThinkingConfigEnabled).
MIN_BUDGET: Final = 1024
_NO_THINKING_FORCED: Final = "takes no thinking beside a forced tool choice (any or tool)"


def _forced(settings: Settings) -> bool:
    """The tool choice written makes the model call a tool (``any`` or ``tool``)."""
    return bool(settings.tools) and (settings.choice_is_name or settings.tool_choice == "required")


def claude_budget(
    settings: Settings, path: str, losses: list[Note], wire: str = "anthropic"
) -> int | None:
    """The thinking budget Claude takes for ``settings`` (``None``: thinking left off; on
    ``wire``: Anthropic's API, or Bedrock's, which passes Claude's thinking through),
    each change a loss at ``path`` (the budget's in the source): no thinking beside a
    forced tool choice; a budget below :data:`MIN_BUDGET` raised to it; one not below the
    source's output limit lowered under it, or thinking left off where the limit leaves no
    room for the minimum."""
    budget = settings.thinking_budget
    if budget is None:
        return None
    if _forced(settings):
        losses.append((path, f"{wire} {_NO_THINKING_FORCED}: thinking left off"))
        return None
    limit = settings.max_tokens
    if limit is not None and limit <= MIN_BUDGET:  # one loss: nothing is written
        what = f"max_tokens {limit} leaves no room for {wire}'s minimum budget"
        losses.append((path, f"{what} ({MIN_BUDGET}): thinking left off"))
        return None
    if budget < MIN_BUDGET:
        losses.append((path, f"{budget} is below {wire}'s minimum budget: {MIN_BUDGET} written"))
        budget = MIN_BUDGET
    if limit is not None and budget >= limit:
        losses.append(
            (
                path,
                f"{budget} is not below max_tokens {limit}, as {wire} requires:"
                f" {limit - 1} written",
            )
        )
        budget = limit - 1
    return budget
