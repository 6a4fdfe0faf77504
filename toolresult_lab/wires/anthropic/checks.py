"""The checks of Anthropic Messages' own shapes: empty messages, the final assistant message
(prefill), where a mid-conversation system message may stand, content after an assistant
message's last ``tool_use``, a ``server_tool_use`` of a tool the request no longer has and
without its result, the thinking block a tool loop's assistant message must start with when
thinking is on, a computer or browser use member's result, and what a ``tool_result`` may
hold. :data:`CHECKS` is what ``lint`` reads."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Final

from .._check import (
    Add,
    Check,
    PrefixFacts,
    Scope,
    WireChecks,
    blocks,
    entries,
    short,
    typed_blocks,
)
from .._claude_thinking import MIN_BUDGET
from .._read import Message, ReadRequest, ResultPart, TextPart
from . import model_checks
from .caching import breakpoints
from .convert import FACTS
from .read import ends_in_server_result
from .sources import base64_sources_only
from .versions import api_version

__all__ = ["BLOCK_TYPES", "CHECKS", "RESULT_TYPES"]

_THINKING: Final = frozenset({"thinking", "redacted_thinking"})
#: The block types a ``tool_result``'s content takes (SPEC 8 ``tool-result-content``).
RESULT_TYPES: Final = frozenset(
    {"text", "image", "document", "search_result", "tool_reference", "browser_state"}
)


#: The block types a message's content takes: the anthropic SDK 2.15.0's
#: ``BetaContentBlockParam`` union (checked 2026-12-02), which holds every type of the
#: accepted requests of the real-requests corpus.
BLOCK_TYPES: Final = frozenset(
    {
        "advisor_tool_result",
        "bash_code_execution_tool_result",
        "code_execution_tool_result",
        "compaction",
        "container_upload",
        "document",
        "fallback",
        "image",
        "mcp_tool_listing",
        "mcp_tool_result",
        "mcp_tool_use",
        "redacted_thinking",
        "search_result",
        "server_tool_use",
        "text",
        "text_editor_code_execution_tool_result",
        "thinking",
        "tool_addition",
        "tool_removal",
        "tool_result",
        "tool_search_tool_result",
        "tool_use",
        "web_fetch_tool_result",
        "web_search_tool_result",
    }
)


def _type(block: dict[str, Any]) -> str:
    kind = block.get("type")
    return kind if isinstance(kind, str) else ""


def _empty(message: Message) -> bool:
    raw = message.raw if isinstance(message.raw, dict) else {}
    content = raw.get("content")
    return content == "" or content == []


def messages(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Empty messages (but a final assistant one), where system messages stand, and the
    final assistant message (a prefill; ending in whitespace is an error)."""
    listed = read.messages
    for pos, message in enumerate(listed):
        last = pos == len(listed) - 1
        if _empty(message) and not (last and message.role == "assistant"):
            add("empty-message", message.path, "The message has no content.", "")
        if message.role == "system" and (pos == 0 or listed[pos - 1].role != "system"):
            _system_placement(read, pos, add)
    if listed and listed[-1].role == "assistant":
        final = listed[-1]
        texts = [part.text for part in final.parts if isinstance(part, TextPart)]
        if texts and texts[-1] != texts[-1].rstrip():
            add(
                "final-assistant",
                final.path,
                "The request ends with an assistant message whose text ends in whitespace.",
                "whitespace",
            )
        elif scope.model is not None and scope.model.prefill is False:
            add(
                "final-assistant",
                final.path,
                f"The request ends with an assistant message (prefill), which"
                f" {scope.model.model!r} rejects ({scope.model.source}).",
                "rejects-prefill",
            )
        else:
            add(
                "final-assistant",
                final.path,
                "The request ends with an assistant message (prefill).",
                "",
            )


def _system_placement(read: ReadRequest, pos: int, add: Add) -> None:
    """A mid-conversation system message follows a user turn (or an assistant turn
    ending in a server tool's result) and precedes an assistant turn or ends the list."""
    listed = read.messages
    # consecutive system messages are combined, as consecutive user turns are: the run
    # (from its first message, ``pos``) stands where its first one does
    first, last = pos, pos
    while last + 1 < len(listed) and listed[last + 1].role == "system":
        last += 1
    before = listed[first - 1] if first else None
    after = listed[last + 1] if last + 1 < len(listed) else None
    follows = before is not None and (
        before.role == "user" or (before.role == "assistant" and ends_in_server_result(before.raw))
    )
    if follows and (after is None or after.role == "assistant"):
        return
    other = before if not follows else after
    article = "an" if other is not None and other.role[0] in "aeiou" else "a"
    where = (
        "is the first message"
        if other is None
        else f"follows {article} {other.role} message"
        if not follows
        else f"is followed by {article} {other.role} message"
    )
    add(
        "system-message-placement",
        listed[pos].path,
        f"The system message {where}; it must follow a user turn and precede an assistant"
        " turn or end the messages.",
        "",
    )


def known_blocks(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A message block of a type the API does not know (``image_url``: another wire's
    block). A block without a type is the reader's ``shape`` finding already."""
    for index, _, content in entries(read, "content"):
        for position, block in blocks(content):
            kind = block.get("type")
            if isinstance(kind, str) and kind not in BLOCK_TYPES:
                add(
                    "shape",
                    f"{read.key}[{index}].content[{position}]",
                    f"a content block of type {short(kind)}, which the Messages API does not take.",
                    "",
                )


def content_after_tool_use(read: ReadRequest, scope: Scope, add: Add) -> None:
    """An assistant block after the message's last ``tool_use``."""
    for index, message, content in entries(read, "content"):
        if message.get("role") != "assistant":
            continue
        uses = [i for i, block in blocks(content) if _type(block) == "tool_use"]
        if not uses:
            continue
        after = [i for i, block in blocks(content) if i > uses[-1] and _type(block) != "tool_use"]
        if after:
            add(
                "content-after-tool-use",
                f"{read.key}[{index}].content[{after[0]}]",
                "A block after the assistant message's last tool_use; the tool_result blocks"
                " must come right after the calls.",
                "",
            )


def _tool_names(read: ReadRequest) -> set[str] | None:
    """The names of the request's tools (``None``: a bare list of messages)."""
    if not isinstance(read.raw, dict):
        return None
    tools = read.raw.get("tools")
    return {
        tool["name"]
        for tool in (tools if isinstance(tools, list) else [])
        if isinstance(tool, dict) and isinstance(tool.get("name"), str)
    }


def server_tool_without_result(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A ``server_tool_use`` with no ``*_tool_result`` of its id in its message, whose tool
    the request's ``tools`` no longer hold."""
    names = _tool_names(read)
    if names is None:
        return
    for index, message, content in entries(read, "content"):
        if message.get("role") != "assistant":
            continue
        # an id or name that is not a string (a list, an object) answers nothing and
        # names no tool: it is never looked up in a set (it may not hash)
        answered = {
            block.get("tool_use_id")
            for _, block in blocks(content)
            if _type(block).endswith("_tool_result") and isinstance(block.get("tool_use_id"), str)
        }
        for position, block in blocks(content):
            use_id, name = block.get("id"), block.get("name")
            if (
                _type(block) == "server_tool_use"
                and not (isinstance(use_id, str) and use_id in answered)
                and not (isinstance(name, str) and name in names)
            ):
                add(
                    "server-tool-without-result",
                    f"{read.key}[{index}].content[{position}]",
                    f"The server_tool_use {block.get('id')!r} ({block.get('name')!r}) has no"
                    " result block, and the request's tools no longer hold that tool.",
                    "",
                )


def _thinking_on(read: ReadRequest) -> bool:
    thinking = read.raw.get("thinking") if isinstance(read.raw, dict) else None
    return isinstance(thinking, dict) and thinking.get("type") in ("enabled", "adaptive")


def thinking_first(read: ReadRequest, scope: Scope, add: Add) -> None:
    """With thinking on, the assistant message of the tool loop in progress (the last
    assistant message, followed only by user messages of tool results) that calls a tool
    must start with a thinking block."""
    if not _thinking_on(read):
        return
    listed = list(entries(read, "content"))
    for index, message, content in reversed(listed):
        if message.get("role") == "assistant":
            kinds = [_type(block) for _, block in blocks(content)]
            if "tool_use" in kinds and kinds and kinds[0] not in _THINKING:
                add(
                    "thinking-first",
                    f"{read.key}[{index}].content[0]",
                    "Thinking is on, and the assistant message of the current tool loop starts"
                    f" with a {kinds[0]} block, not a thinking block.",
                    "",
                )
            return
        if not content or any(_type(block) != "tool_result" for _, block in blocks(content)):
            return


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def thinking_settings(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Thinking of type ``enabled``: a budget of at least 1,024 tokens, below
    ``max_tokens``, and no tool choice that forces a tool."""
    body = read.raw if isinstance(read.raw, dict) else {}
    thinking = body.get("thinking")
    if not isinstance(thinking, dict) or thinking.get("type") != "enabled":
        return
    budget, limit = _int(thinking.get("budget_tokens")), _int(body.get("max_tokens"))
    if budget is not None and budget < MIN_BUDGET:
        add(
            "thinking-budget",
            "thinking.budget_tokens",
            f"The thinking budget is {budget} tokens; anthropic takes {MIN_BUDGET} at least.",
            "",
        )
    elif budget is not None and limit is not None and budget >= limit:
        add(
            "thinking-budget",
            "thinking.budget_tokens",
            f"The thinking budget ({budget}) is not below max_tokens ({limit}).",
            "",
        )
    choice = body.get("tool_choice")
    if isinstance(choice, dict) and choice.get("type") in ("any", "tool"):
        add(
            "thinking-forced-tool",
            "tool_choice",
            f"Thinking is enabled and tool_choice {short(choice.get('type'))} forces a tool.",
            "",
        )


#: The blocks a computer or browser use member's result takes, by its toolset
#: (handle-tool-calls, 2026-08-21: text and image; a browser result may add browser_state).
_MEMBER_BLOCKS: Final = {
    "computer": frozenset({"text", "image"}),
    "browser": frozenset({"text", "image", "browser_state"}),
}
_TOOLSET: Final = "toolset_name"


def toolset_results(read: ReadRequest, scope: Scope, add: Add) -> None:
    """The result of a member call (a ``tool_use`` with a ``toolset_name``) echoes that
    ``toolset_name`` and holds the blocks a member result takes."""
    members: dict[str, str] = {}
    for _, entry, content in entries(read, "content"):
        if entry.get("role") != "assistant":
            continue
        for _, block in blocks(content):
            toolset = block.get(_TOOLSET)
            if _type(block) == "tool_use" and isinstance(toolset, str) and toolset:
                members[str(block.get("id"))] = toolset
    if not members:
        return
    for index, entry, content in entries(read, "content"):
        if entry.get("role") != "user":
            continue
        for position, block in blocks(content):
            toolset = members.get(str(block.get("tool_use_id")))
            if _type(block) != "tool_result" or toolset is None:
                continue
            path = f"{read.key}[{index}].content[{position}]"
            if block.get(_TOOLSET) != toolset:
                add(
                    "toolset-result",
                    path,
                    f"The result of the {short(toolset)} member call"
                    f" {short(block.get('tool_use_id'))} does not echo its toolset_name.",
                    "",
                )
            allowed = _MEMBER_BLOCKS.get(toolset, _MEMBER_BLOCKS["computer"])
            inner = block.get("content")
            for at, part in blocks(inner if isinstance(inner, list) else []):
                if _type(part) not in allowed:
                    add(
                        "toolset-result",
                        f"{path}.content[{at}]",
                        f"The result of a {short(toolset)} member call holds a"
                        f" {short(_type(part))} block; it takes"
                        f" {', '.join(sorted(allowed))} blocks only.",
                        "",
                    )


def result_content(result: ResultPart, scope: Scope, add: Add) -> None:
    """The blocks a ``tool_result`` takes, and text only in an error result."""
    raw = result.raw if isinstance(result.raw, dict) else {}
    content = typed_blocks(raw.get("content"), result, RESULT_TYPES, "content", add)
    if result.is_error:
        for index, block in enumerate(content):
            kind = block.get("type") if isinstance(block, dict) else None
            if kind != "text":
                add(
                    "error-result-not-text",
                    f"{result.path}.content[{index}]",
                    f"The error result for {short(result.id)} holds a"
                    f" {short(kind)} block; an error result takes text only.",
                    "",
                )


#: The members that make a body a whole request (``max-tokens-required``).
_WHOLE: Final = frozenset({"model", "anthropic_version"})


def max_tokens_required(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A whole request body (it names its ``model``, or its ``anthropic_version`` as
    Bedrock's InvokeModel body does) without ``max_tokens``; a body without either is a
    part of the call (the SDK's other arguments given apart) and is not checked."""
    raw = read.raw
    if not isinstance(raw, dict) or "max_tokens" in raw or not _WHOLE.intersection(raw):
        return
    add("max-tokens-required", "max_tokens", "The request body has no max_tokens.", "")


RULES: Final[tuple[Check, ...]] = (
    breakpoints,
    max_tokens_required,
    known_blocks,
    messages,
    content_after_tool_use,
    server_tool_without_result,
    thinking_first,
    thinking_settings,
    toolset_results,
    model_checks.forced_tool_choice,
    api_version,
    base64_sources_only,
)


def _content(answer: Any) -> list[Any] | None:
    found = answer.get("content") if isinstance(answer, dict) else None
    return found if isinstance(found, list) else None


#: Preserved thinking binds a thinking or redacted_thinking block to what precedes it; a
#: Message's content is the turn the next request replays; cache_control is left out.
PREFIX: Final = PrefixFacts(
    fields=(("model", "model"), ("tools", "tools"), ("system", "system")),
    marker_keys=frozenset({"cache_control"}),
    signed=lambda block: isinstance(block, dict) and block.get("type") in _THINKING,
    answer=_content,
)

CHECKS: Final = WireChecks(
    prefix=PREFIX,
    rules=RULES,
    sampling=model_checks.SAMPLING,
    result_content=result_content,
    result_blocks=RESULT_TYPES,
    image_types=FACTS.image_mimes,
    # anthropic 2.17.0 types/base64_image_source_param.py: media_type is a Literal of the
    # four lower-case types, generated from the API's OpenAPI enum (checked 2026-12-07)
    exact_types=True,
    reports=frozenset(
        {
            "error-result-not-text",
            "empty-message",
            "final-assistant",
            "system-message-placement",
            "max-tokens-required",
            "content-after-tool-use",
            "toolset-result",
            "server-tool-without-result",
            "thinking-first",
            "thinking-budget",
            "thinking-forced-tool",
            "forced-tool-choice",
            "version-sampling",
            "version-assistant-document",
            "version-user-citations",
            "base64-sources-only",
            "too-many-cache-breakpoints",
        }
    ),
    # where its severities differ (the rules' notes give each source): an id twice in one
    # message and a second result are errors, an image over 5 MB a warning (an error with
    # the cloud platforms' profiles), a changed prefix before signed thinking an error
    severities=MappingProxyType(
        {
            "duplicate-call-id:same-message": "error",
            "duplicate-result": "error",
            "image-too-large:over-5mb": "warning",
            "prefix-changed:bound": "error",
        }
    ),
    call_ids=True,
    base64_media=True,
    media_limits=True,
    models=model_checks.MODELS,
    unchecked=frozenset({"replayed-thinking", "oversized-image-error"}),
    empty_rejected=True,
    empty_text_rejected=True,
)
