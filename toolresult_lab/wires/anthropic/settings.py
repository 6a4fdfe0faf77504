"""The settings of an Anthropic Messages request (SPEC 9): ``model``, ``max_tokens``,
``temperature``, ``top_p``, ``stop_sequences``, ``tools`` (``input_schema``) and
``tool_choice`` (``{"type": "auto" | "any" | "none" | "tool"}``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...budgets.model_lookup import facts_of
from .._claude_thinking import claude_budget
from .._settings import (
    Note,
    Settings,
    SettingSource,
    SettingsReader,
    SettingsShape,
    ToolNames,
    ToolSpec,
    described,
    number,
    schemas,
    stops,
    strict_field,
    strict_flag,
    thinking_lost,
    unread,
)
from .._tool_defs import ToolDefs
from .model_checks import MODELS
from .shapes import AnthropicThinking
from .versions import refused_sampling

__all__ = ["SETTINGS", "TOOL_DEFS", "AnthropicSettings"]

_OBJECT: Final = {"type": "object", "properties": {}}
_PARALLEL: Final = "disable_parallel_tool_use"
_CACHE: Final = "cache_control"
#: The cache mark every wire that marks tools shares (five minutes; a ``ttl`` is its own).
_EPHEMERAL: Final = {"type": "ephemeral"}
#: Anthropic's ``tool_choice`` types and the neutral names (``any``: some tool must be called).
_CHOICES: Final = {"auto": "auto", "any": "required", "none": "none"}
_TYPES: Final = {neutral: own for own, neutral in _CHOICES.items()}
#: Written where the source has no output token limit: Anthropic requires ``max_tokens``
#: and has no default of its own (a note says so; nothing is lost). With a thinking budget,
#: the budget plus this (the budget must be below ``max_tokens``).
DEFAULT_MAX_TOKENS: Final = 4096
#: Why ``top_p`` is not written beside ``temperature``: "Use only temperature OR top_p,
#: not both" ("This will error in Sonnet 4.5"; the 400 says "`temperature` and `top_p`
#: cannot both be specified for this model"), Migrating to Claude 4.5,
#: platform.claude.com/docs/en/about-claude/models/migrating-to-claude-4, read 2026-12-07.
#: Claude 4.5 and later models reject the pair, earlier ones take either alone: written
#: whatever the model, since the destination model may be any of them.
_ONE_SAMPLER: Final = (
    "anthropic: Claude Sonnet 4.5 and later reject temperature and top_p together (use only"
    " one): top_p dropped, temperature kept"
)
#: The fields of a custom tool's definition the reader takes; any other
#: (``cache_control``, ``input_examples``, ...) is a loss on another wire.
_TOOL_KEYS: Final = frozenset({"name", "description", "input_schema", "strict"})
#: Those of a definition whose ``type`` is ``custom`` or absent (any other type is a loss).
_CUSTOM_KEYS: Final = _TOOL_KEYS | {"type"}
SOURCES: Final = (
    SettingSource(
        "thinking",
        "Anthropic SDK: ThinkingConfigEnabled (type enabled, budget_tokens >= 1024 and below"
        " max_tokens)",
        "https://rubydoc.info/github/anthropics/anthropic-sdk-ruby/Anthropic/Models/Beta/BetaThinkingConfigEnabled",
        "2026-12-02",
    ),
    SettingSource(
        "table",
        "Messages API: top_k; tool_choice {type auto|any|tool|none, name,"
        " disable_parallel_tool_use} (at most one tool use when true; not on none)",
        "https://docs.anthropic.com/en/api/messages",
        "2026-12-07",
    ),
    SettingSource(
        "tool_choice",
        "Extended thinking - Claude Docs: thinking is not compatible with forced tool use"
        ' ("Thinking may not be enabled when tool_choice forces tool use.")',
        "https://platform.claude.com/docs/en/build-with-claude/extended-thinking",
        "2026-12-07",
    ),
    SettingSource(
        "strict",
        "Strict tool use: strict true beside name, description and input_schema",
        "https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use",
        "2026-12-03",
    ),
)
#: A custom tool's name: a-z, A-Z, 0-9, ``_`` and ``-``, at most 128 characters (64 in
#: the API's answers until mid-2025, and still in "Define tools": name must match
#: ``^[a-zA-Z0-9_-]{1,64}$``, platform.claude.com/docs/en/agents-and-tools/tool-use/
#: define-tools, read 2026-12-07): lint errs past 128, ``tools_for`` writes 64 at most.
TOOL_NAMES: Final = ToolNames(
    "a-zA-Z0-9_-",
    128,
    SettingSource(
        "tool names",
        "The Messages API: tools.16.custom.name: String should match pattern"
        " '^[a-zA-Z0-9_-]{1,128}$' (modelcontextprotocol/modelcontextprotocol#1345,"
        " 2025-08-14; '{1,64}' in the answers quoted by apify/tester-mcp-client#11, 2025-03)",
        "https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1345",
        "2026-12-07",
    ),
    written=64,
)


def _kinds(content: Any) -> list[Any]:
    blocks = content if isinstance(content, list) else [{"type": "text"}]
    return [block.get("type") if isinstance(block, dict) else None for block in blocks]


def _loop_without_thinking(messages: Any) -> bool:
    """The assistant message of the tool loop in progress (the last one, followed only by
    results) calls a tool and starts with no thinking block: thinking cannot be turned on."""
    for message in reversed(messages if isinstance(messages, list) else []):
        if not isinstance(message, dict):
            return False
        kinds = _kinds(message.get("content"))
        if message.get("role") == "assistant":
            return "tool_use" in kinds and kinds[0] not in ("thinking", "redacted_thinking")
        if not kinds or any(kind != "tool_result" for kind in kinds):
            return False
    return False


class AnthropicSettings(SettingsShape):
    conversation_keys = frozenset({"messages", "system"})
    sources = SOURCES
    takes_strict = True
    takes = frozenset({"parallel_calls", "top_k"})
    takes_tool_cache = True
    tool_names = TOOL_NAMES
    object_schema = SettingSource(
        "tool schema root",
        "anthropic-python InputSchemaTyped: type Required[Literal['object']]; the 400"
        " 'tools.0.custom.input_schema.type: Input should be 'object''",
        "https://github.com/anthropics/anthropic-sdk-python/blob/main/src/anthropic/types/"
        "tool_param.py",
        "2026-12-07",
    )

    def complete(self, body: dict[str, Any], called: list[str], notes: list[Note]) -> None:
        """A whole body kept on its wire whose ``max_tokens`` went (a NaN one, dropped with
        a loss) gets the default, as a body from another wire does: Anthropic requires one
        (``max-tokens-required``: a body naming its model or ``anthropic_version``)."""
        whole = "model" in body or "anthropic_version" in body
        if whole and "max_tokens" not in body:
            body["max_tokens"] = DEFAULT_MAX_TOKENS
            notes.append(
                (
                    "",
                    f"the request has no output token limit: max_tokens {DEFAULT_MAX_TOKENS}"
                    " written (anthropic requires one)",
                )
            )

    @property
    def wire(self) -> str:
        return "anthropic"

    def refused_by_version(
        self,
        body: dict[str, Any],
        headers: Mapping[str, str],
        losses: list[Note],
        paths: Mapping[str, str],
    ) -> None:
        """``anthropic-version: 2026-10-21`` takes no sampling parameter (``versions``)."""
        refused_sampling(body, headers, losses, paths)

    def read(self, body: dict[str, Any]) -> Settings:
        reader = SettingsReader(body)
        if isinstance(body.get("model"), str):
            reader.take("model", "model", body["model"])
        if isinstance(body.get("max_tokens"), int):
            reader.take("max_tokens", "max_tokens", body["max_tokens"])
        reader.take("temperature", "temperature", number(body.get("temperature")))
        reader.take("top_p", "top_p", number(body.get("top_p")))
        reader.take("stop_sequences", "stop", stops(body.get("stop_sequences")))
        if "tools" in body:
            tools = body["tools"]
            for index, tool in enumerate(tools if isinstance(tools, list) else []):
                if (
                    isinstance(tool, dict)
                    and "input_schema" in tool
                    and isinstance(tool.get("name"), str)
                ):
                    cached = tool.get(_CACHE) == _EPHEMERAL
                    known = _CUSTOM_KEYS if tool.get("type", "custom") == "custom" else _TOOL_KEYS
                    spec = ToolSpec(
                        tool["name"],
                        tool.get("description"),
                        tool["input_schema"],
                        f"tools[{index}]",
                        unread(tool, known | {_CACHE} if cached else known),
                        strict_flag(tool.get("strict")),
                        cache_at=f"tools[{index}].{_CACHE}" if cached else "",
                        schema_at="input_schema",
                    )
                    reader.tool(spec, tool.get("strict"))
                else:
                    reader.lose(f"tools[{index}]", tool)
            if isinstance(tools, list):  # else lost whole, at "tools"
                reader.taken.add("tools")
        if isinstance(body.get("top_k"), int):
            reader.take("top_k", "top_k", number(body["top_k"]))
        self._choice(reader, body.get("tool_choice"))
        self._thinking(reader, body.get("thinking"))
        return reader.done()

    @staticmethod
    def _choice(reader: SettingsReader, choice: Any) -> None:
        """``{"type": ..., "name": ..., "disable_parallel_tool_use": ...}``: the choice, and
        the flag as its opposite, ``parallel_calls``; any other key a loss at its path."""
        kind = choice.get("type") if isinstance(choice, dict) else None
        if not isinstance(choice, dict) or not isinstance(kind, str):
            return
        named = kind == "tool" and isinstance(choice.get("name"), str)
        if named:
            reader.choice("tool_choice", choice["name"], "tool_choice", named=True)
        elif kind in _CHOICES:
            reader.choice("tool_choice", _CHOICES[kind], "tool_choice")
        else:
            return  # of no form known: the whole choice the source's own
        reader.taken.add("tool_choice")
        for key, value in choice.items():
            if key == _PARALLEL and isinstance(value, bool):
                reader.take(f"tool_choice.{key}", "parallel_calls", not value)
            elif key != "type" and not (key == "name" and named):
                reader.lose(f"tool_choice.{key}", value)

    @staticmethod
    def _thinking(reader: SettingsReader, thinking: Any) -> None:
        """``{"type": "enabled", "budget_tokens": N}`` as a budget; any other form (adaptive,
        disabled) and any other key of it stay the source's own."""
        if not isinstance(thinking, dict) or thinking.get("type") != "enabled":
            return
        budget = thinking.get("budget_tokens")
        if not isinstance(budget, int) or isinstance(budget, bool):
            return
        reader.take("thinking.budget_tokens", "thinking_budget", budget)
        for key, value in thinking.items():
            if key not in ("type", "budget_tokens"):
                reader.lose(f"thinking.{key}", value)

    def write(
        self,
        settings: Settings,
        body: dict[str, Any],
        called: list[str],
        losses: list[Note],
        notes: list[Note],
    ) -> None:
        s = settings
        if s.model is not None:
            body["model"] = s.model
        budget = claude_budget(s, s.paths.get("thinking_budget", ""), losses)
        limit = s.max_tokens
        if limit is None:
            limit = DEFAULT_MAX_TOKENS + (budget or 0)
            # never over what the destination model writes (its facts, where known)
            facts = facts_of(MODELS, s.model)
            most = facts.output_limit if facts is not None else None
            capped = most is not None and limit > most
            limit = most if capped and most is not None else limit
            notes.append(
                (
                    "",
                    f"the source has no output token limit: max_tokens {limit} written"
                    f"{f' (the output limit of {s.model!r})' if capped else ''}"
                    " (anthropic requires one)",
                )
            )
        top_p = s.top_p
        if s.temperature is not None and top_p is not None:
            top_p = None
            losses.append((s.paths.get("top_p", "top_p"), _ONE_SAMPLER))
        for key, value in (
            ("max_tokens", limit),
            ("temperature", s.temperature),
            ("top_p", top_p),
            ("top_k", s.top_k),
            ("stop_sequences", s.stop_list),
        ):
            if value is not None:
                body[key] = value
        if budget is not None and _loop_without_thinking(body.get("messages")):
            losses.append(
                (
                    s.paths["thinking_budget"],
                    "the tool loop in progress has no thinking block, which anthropic requires"
                    " with thinking on: thinking left off",
                )
            )
        elif budget is not None:
            thinking: AnthropicThinking = {"type": "enabled", "budget_tokens": budget}
            body["thinking"] = thinking
        losses.extend(thinking_lost(s, self.wire, budget=True, effort=False))
        if not s.tools:
            if s.parallel_calls is not None:
                losses.append((s.paths["parallel_calls"], "no tools are given: dropped"))
            return
        body["tools"] = [
            described({"name": t.name}, t, "description")
            | {"input_schema": sc}
            | strict_field(t)
            | ({_CACHE: dict(_EPHEMERAL)} if t.cache_at else {})
            for t, sc in zip(s.tools, schemas(s.tools, _OBJECT), strict=True)
        ]
        if s.tool_choice is not None:
            body["tool_choice"] = (
                {"type": "tool", "name": s.tool_choice}
                if s.choice_is_name
                else {"type": _TYPES.get(s.tool_choice, s.tool_choice)}
            )
        if s.parallel_calls is False and s.tool_choice != "none":  # parallel is the default
            choice = body.setdefault("tool_choice", {"type": "auto"})
            choice[_PARALLEL] = True


SETTINGS: Final = AnthropicSettings()

#: What ``tools_for`` needs beside the settings shape: nothing more (its name rule is
#: ``TOOL_NAMES``).
TOOL_DEFS: Final = ToolDefs()
