"""Rules about a request and the one sent before it in the same conversation (issue 38)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from .model import Rule, RuleSource

__all__ = ["ROWS"]

#: The day the preserved-thinking and keep-the-prefix pages were read for these rules.
READ: Final = "2026-12-07"

ROWS: Final[tuple[Rule, ...]] = (
    Rule(
        "prefix-changed",
        "A request that changes what the request before it in the conversation sent (given"
        " lint's previous=): its first change",
        MappingProxyType({"*": "warning"}),
        "messages.N.content.M: Invalid `signature` in `thinking` block. The block is bound"
        " to a different conversation. Remove the block, or set"
        ' `thinking.block_binding.prefix_mismatch_behavior` to "drop_block".',
        (
            RuleSource(
                "Claude Docs: Fix a thinking block bound to a different conversation",
                "https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/"
                "fix-bound-to-a-different-conversation",
            ),
            RuleSource(
                "Claude Docs: Preserved thinking, prefix checks",
                "https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/"
                "prefix-checks",
            ),
            RuleSource(
                "OpenAI: Keep the prefix unchanged",
                "https://developers.openai.com/api/docs/guides/keep-prefix-unchanged",
            ),
        ),
        notes="Checked only when lint is given the request sent before (previous=): the"
        " first place where the request stops repeating it (the model, a tool definition,"
        " the system prompt, message i, block j), cache markers (cache_control, Bedrock"
        " cachePoint blocks) left out. An error where the model binds thinking to its prefix"
        " (Anthropic preserved thinking: Fable 5.1 and later, Opus / Sonnet / Haiku 5.5,"
        " Fable / Mythos 5.2, on the Claude API, Bedrock, Google Cloud and Foundry;"
        " budgets.models.binds_thinking) and a signed thinking block (thinking,"
        " redacted_thinking; Bedrock reasoningContent) stands at or after the change; the"
        " answer's N and M are that block's. Elsewhere a warning naming the loss: every"
        ' token after the change is billed again by the prompt cache ("The cache matches'
        " requests from the beginning, so a change to the prefix can cut cache reuse from"
        " that point onward\", OpenAI's page), with the estimate of those tokens; on the"
        ' Responses API newer models "will drop reasoning items that follow a prefix'
        " change\". Appending, and stopping short of the earlier request's end, are no"
        " change. That cache_control markers are not compared is from the research notes"
        " of 2026-12-04 (LiteLLM's preserved-thinking page), not read again here.",
        checked=READ,
    ),
)
