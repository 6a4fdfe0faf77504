"""The settings of a Bedrock Converse request (SPEC 9): ``inferenceConfig``
(``maxTokens``, ``temperature``, ``topP``, ``stopSequences``) and ``toolConfig``
(``toolSpec`` tools, ``toolChoice``). The model is in the URL, not the body. Bedrock
takes no tool use without a ``toolConfig``: a called tool without a definition gets a
minimal one, with a note."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

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
    schemas,
    strict_field,
    strict_flag,
    thinking_lost,
    unread,
)
from .._tool_defs import ToolDefs
from .shapes import BedrockInferenceConfig

__all__ = ["SETTINGS", "TOOL_DEFS", "BedrockSettings"]

_OBJECT: Final = {"type": "object", "properties": {}}
_CONFIG: Final = (("maxTokens", "max_tokens"), ("temperature", "temperature"), ("topP", "top_p"))
_CHOICES: Final = {"auto": "auto", "any": "required"}
_OWN: Final = {neutral: own for own, neutral in _CHOICES.items()}
_EXTRA: Final = "additionalModelRequestFields"
#: A cache point in the tools (its ``type``, ``default``: five minutes; a ``ttl`` is its own).
_CACHE_POINT: Final = {"cachePoint": {"type": "default"}}
#: The fields of a ``toolSpec`` and of its ``inputSchema`` the reader takes; any other is a
#: loss on another wire.
_SPEC_KEYS: Final = frozenset({"name", "description", "inputSchema", "strict"})
_SCHEMA_KEYS: Final = frozenset({"json"})
SOURCES: Final = (
    SettingSource(
        "thinking",
        "Extended thinking - Amazon Bedrock User Guide (Claude: thinking {type enabled,"
        " budget_tokens}); Converse passes a model's own parameters in"
        " additionalModelRequestFields (ConverseRequest, AWS SDK reference)",
        "https://docs.aws.amazon.com/bedrock/latest/userguide/claude-messages-extended-thinking.html",
        "2026-12-02",
    ),
    SettingSource(
        "tool cache",
        "Converse prompt caching: a cachePoint {type default} after the tools (or system, or"
        " a message's blocks) to cache, five minutes; Anthropic's cache_control ephemeral",
        "https://repost.aws/questions/QUIuMZAYVBQHuVYl6tMu82rQ/clarification-on-prompt-caching-usage-with-converse-api-in-amazon-bedrock",
        "2026-12-07",
    ),
    SettingSource(
        "strict",
        "ToolSpecification - Amazon Bedrock API Reference: strict, structured output"
        " enforcement on a tool's use",
        "https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html",
        "2026-12-03",
    ),
    SettingSource(
        "tool_choice",
        "Claude on Bedrock passes Anthropic's refusal through: The model returned the following"
        " errors: Thinking may not be enabled when tool_choice forces tool use."
        " (can1357/oh-my-pi#341, amazon-bedrock us.anthropic.claude-sonnet-4-6)",
        "https://github.com/can1357/oh-my-pi/issues/341",
        "2026-12-07",
    ),
)
#: A toolSpec's name: botocore's ``ToolName`` shape (pattern ``[a-zA-Z0-9_-]+``, 1 to 64).
TOOL_NAMES: Final = ToolNames(
    "a-zA-Z0-9_-",
    64,
    SettingSource(
        "tool names",
        "botocore 1.44.18 bedrock-runtime service model: ToolName, pattern [a-zA-Z0-9_-]+,"
        " min 1, max 64",
        "https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html",
        "2026-12-07",
    ),
)


def _loop_without_reasoning(messages: Any) -> bool:
    """The assistant message of the tool loop in progress (the last one, followed only by
    results) uses a tool and starts with no ``reasoningContent`` block: Claude refuses
    thinking on then ("a final 'assistant' message must start with a thinking block",
    https://github.com/RooCodeInc/Roo-Code/pull/11238, read 2026-12-07)."""
    for message in reversed(messages if isinstance(messages, list) else []):
        content = message.get("content") if isinstance(message, dict) else None
        keys = [next(iter(b), None) if isinstance(b, dict) else None for b in content or []]
        if not isinstance(content, list):
            return False
        if message.get("role") == "assistant":
            return "toolUse" in keys and (not keys or keys[0] != "reasoningContent")
        if not keys or any(key != "toolResult" for key in keys):
            return False
    return False


def _with_minimal(
    tools: Sequence[ToolSpec], called: list[str], notes: list[Note]
) -> list[ToolSpec]:
    """``tools`` and a minimal definition of each called tool without one (a note each)."""
    out = list(tools)
    known = {tool.name for tool in tools}
    for name in dict.fromkeys(called):
        if name not in known:
            out.append(ToolSpec(name, None, None))
            notes.append(
                (
                    "",
                    f"tool {name!r} has no definition in the request: a minimal one"
                    " written (Bedrock takes no tool use without a toolConfig)",
                )
            )
    return out


def _inference_config(s: Settings) -> BedrockInferenceConfig:
    """The settings ``inferenceConfig`` holds, in the order written (empty: none given)."""
    config: BedrockInferenceConfig = {}
    if s.max_tokens is not None:
        config["maxTokens"] = s.max_tokens
    if s.temperature is not None:
        config["temperature"] = s.temperature
    if s.top_p is not None:
        config["topP"] = s.top_p
    if s.stop_list is not None:
        config["stopSequences"] = s.stop_list
    return config


def _tool_config(tools: Sequence[ToolSpec]) -> dict[str, Any]:
    """Each definition, a cache point after each one the source marks for caching."""
    written: list[Any] = []
    for t, sc in zip(tools, schemas(tools, _OBJECT), strict=True):
        written.append({"toolSpec": described({"name": t.name}, t, "description") | {
            "inputSchema": {"json": sc}
        } | strict_field(t)})  # fmt: skip
        if t.cache_at:
            written.append({"cachePoint": {"type": "default"}})
    return {"tools": written}


class BedrockSettings(SettingsShape):
    conversation_keys = frozenset({"messages", "system"})
    model_in_body = False
    sources = SOURCES
    takes_strict = True
    takes_tool_cache = True
    tool_names = TOOL_NAMES
    object_schema = SettingSource(
        "tool schema root",
        "ValidationException 'The value at toolConfig.tools.3.toolSpec.inputSchema.json.type"
        " must be one of the following: object.' (user reports: aaif-goose/goose#5064,"
        " kirodotdev/Kiro#11026, earendil-works/pi#8279, the last for a root without type)",
        "https://github.com/aaif-goose/goose/pull/5064",
        "2026-12-07",
    )

    @property
    def wire(self) -> str:
        return "bedrock"

    def read(self, body: dict[str, Any]) -> Settings:
        reader = SettingsReader(body)
        if isinstance(body.get("model"), str):
            reader.take("model", "model", body["model"])
        config = body.get("inferenceConfig")
        if isinstance(config, dict):
            reader.config("inferenceConfig", config, _CONFIG, "stopSequences")
        config = body.get("toolConfig")
        if isinstance(config, dict):
            tools = config.get("tools")
            if tools is not None and not isinstance(tools, list):
                reader.lose("toolConfig.tools", tools)
            for index, tool in enumerate(tools if isinstance(tools, list) else []):
                if tool == _CACHE_POINT and reader.tools and not reader.tools[-1].cache_at:
                    # the tools up to the one before marked for caching
                    cached = replace(reader.tools[-1], cache_at=f"toolConfig.tools[{index}]")
                    reader.tools[-1] = cached
                    continue
                spec = tool.get("toolSpec") if isinstance(tool, dict) else None
                if isinstance(spec, dict) and isinstance(spec.get("name"), str):
                    given = spec.get("inputSchema")
                    marks = unread(tool, frozenset({"toolSpec"})) + unread(
                        spec, _SPEC_KEYS, "toolSpec."
                    )
                    if isinstance(given, dict):
                        marks += unread(given, _SCHEMA_KEYS, "toolSpec.inputSchema.")
                    made = ToolSpec(
                        spec["name"],
                        spec.get("description"),
                        given.get("json") if isinstance(given, dict) else None,
                        f"toolConfig.tools[{index}]",
                        marks,
                        strict_flag(spec.get("strict")),
                        "toolSpec.strict",
                        description_at="toolSpec.description",
                        schema_at="toolSpec.inputSchema.json",
                    )
                    reader.tool(made, spec.get("strict"))
                else:
                    reader.lose(f"toolConfig.tools[{index}]", tool)
            if "toolChoice" in config:
                self._choice(reader, config["toolChoice"])
            for key in unread(config, frozenset({"tools", "toolChoice"})):
                reader.lose(f"toolConfig.{key}", config[key])
            reader.taken.add("toolConfig")
        extra = body.get(_EXTRA)
        if isinstance(extra, dict):
            reader.taken.add(_EXTRA)
            for key, value in extra.items():
                if not (key == "thinking" and self._thinking(reader, value)):
                    reader.lose(f"{_EXTRA}.{key}", value)
        return reader.done()

    @staticmethod
    def _thinking(reader: SettingsReader, thinking: Any) -> bool:
        """Claude's ``{"type": "enabled", "budget_tokens": N}`` as a budget (its other keys
        the source's own); False for any other form."""
        if not isinstance(thinking, dict) or thinking.get("type") != "enabled":
            return False
        budget = thinking.get("budget_tokens")
        if not isinstance(budget, int) or isinstance(budget, bool):
            return False
        reader.take(f"{_EXTRA}.thinking.budget_tokens", "thinking_budget", budget)
        for key, value in thinking.items():
            if key not in ("type", "budget_tokens"):
                reader.lose(f"{_EXTRA}.thinking.{key}", value)
        return True

    @staticmethod
    def _choice(reader: SettingsReader, choice: Any) -> None:
        path = "toolConfig.toolChoice"
        if isinstance(choice, dict) and len(choice) == 1 and next(iter(choice)) in _CHOICES:
            reader.choice("tool_choice", _CHOICES[next(iter(choice))], path)
        elif isinstance(choice, dict) and isinstance(choice.get("tool"), dict):
            name = choice["tool"].get("name")
            if isinstance(name, str):
                reader.choice("tool_choice", name, path, named=True)
            else:
                reader.lose(path, choice)
        else:
            reader.lose(path, choice)

    def write(
        self,
        settings: Settings,
        body: dict[str, Any],
        called: list[str],
        losses: list[Note],
        notes: list[Note],
    ) -> None:
        s = settings
        config = _inference_config(s)
        if config:
            body["inferenceConfig"] = config
        if s.thinking_budget is not None and _loop_without_reasoning(body.get("messages")):
            losses.append(
                (
                    s.paths["thinking_budget"],
                    "the tool loop in progress has no reasoning block, which Claude on bedrock"
                    " requires with thinking on: thinking left off",
                )
            )
        else:
            budget = claude_budget(
                s, s.paths.get("thinking_budget", ""), losses, self.wire
            )  # Claude's thinking, passed through
            if budget is not None:
                body[_EXTRA] = {"thinking": {"type": "enabled", "budget_tokens": budget}}
        losses.extend(thinking_lost(s, self.wire, budget=True, effort=False))
        tools = _with_minimal(s.tools, called, notes)
        if not tools:
            return
        body["toolConfig"] = _tool_config(tools)
        if s.tool_choice is None:
            return
        if s.choice_is_name:
            body["toolConfig"]["toolChoice"] = {"tool": {"name": s.tool_choice}}
        elif s.tool_choice in _OWN:
            body["toolConfig"]["toolChoice"] = {_OWN[s.tool_choice]: {}}
        else:
            losses.append(
                (
                    s.paths["tool_choice"],
                    f"tool_choice {s.tool_choice!r} has no form on bedrock: dropped",
                )
            )

    def complete(self, body: dict[str, Any], called: list[str], notes: list[Note]) -> None:
        if called and "toolConfig" not in body:
            tools = _with_minimal([], called, notes)
            body["toolConfig"] = _tool_config(tools)


SETTINGS: Final = BedrockSettings()

#: What ``tools_for`` needs beside the settings shape: the definitions sit in ``toolConfig``
#: (the name rule is ``TOOL_NAMES``).
TOOL_DEFS: Final = ToolDefs(key="toolConfig")
