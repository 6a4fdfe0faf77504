"""The Chat Completions settings shape that the OpenAI-compatible wires share (openai, and
with their own changes ollama and hermes; responses reads tools with its reader).

The settings of an OpenAI Chat Completions request (SPEC 9): ``model``, ``max_tokens``
(or ``max_completion_tokens``), ``temperature``, ``top_p``, ``stop``, function ``tools``
and ``tool_choice``. Ollama's and hermes' OpenAI-compatible bodies read the same way.
Each wire that speaks the shape names its keys (:class:`ChatKeys`, in its own
``settings.py``); this module holds the shape, not the names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ._settings import (
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

__all__ = ["ChatKeys", "ChatSettings", "function_tools", "write_chat_tools"]

#: ``tool_choice`` strings and their neutral names (``any``: Mistral's spelling of
#: ``required``, which OpenAI-compatible servers accept).
_CHOICES: Final = {"auto": "auto", "none": "none", "required": "required", "any": "required"}
_OBJECT: Final = {"type": "object", "properties": {}}
#: The keys of a Chat Completions tool and of its ``function`` that the reader takes.
_TOOL_KEYS: Final = frozenset({"type", "function"})
_FUNCTION_KEYS: Final = frozenset({"name", "description", "parameters", "strict"})
#: The keys of a flat (Responses) function tool that the reader takes.
_FLAT_KEYS: Final = _FUNCTION_KEYS | {"type"}
_THINKING: Final = SettingSource(
    "thinking",
    "Chat Completions: reasoning_effort, an effort level (none, minimal, low, medium,"
    " high, xhigh by model); no token budget",
    "https://platform.openai.com/docs/api-reference/chat/create",
    "2026-12-02",
)
_STRICT: Final = SettingSource(
    "strict",
    "Chat Completions: tools[].function.strict, strict schema adherence (default false)",
    "https://platform.openai.com/docs/api-reference/chat/create",
    "2026-12-03",
)


def function_tools(reader: SettingsReader, tools: Any, flat: bool) -> None:
    """OpenAI-style function tools (``flat``: the Responses form) as tool specs; any
    other tool (a hosted one) a loss at its index."""
    for index, tool in enumerate(tools if isinstance(tools, list) else []):
        fn = tool if flat else (tool.get("function") if isinstance(tool, dict) else None)
        if (
            isinstance(tool, dict)
            and tool.get("type", "function") == "function"
            and isinstance(fn, dict)
            and isinstance(fn.get("name"), str)
        ):
            marks = (
                unread(fn, _FLAT_KEYS)
                if flat
                else unread(tool, _TOOL_KEYS) + unread(fn, _FUNCTION_KEYS, "function.")
            )
            spec = ToolSpec(
                fn["name"],
                fn.get("description"),
                fn.get("parameters"),
                f"tools[{index}]",
                marks,
                strict_flag(fn.get("strict")),
                "strict" if flat else "function.strict",
                description_at="description" if flat else "function.description",
                schema_at="parameters" if flat else "function.parameters",
            )
            reader.tool(spec)
        else:
            reader.lose(f"tools[{index}]", tool)
    if isinstance(tools, list):  # else lost whole, at "tools"
        reader.taken.add("tools")


@dataclass(frozen=True)
class ChatKeys:
    """The keys of one wire's Chat Completions body (beside ``model``, ``stop`` and
    ``tools``), each with the :class:`Settings` field it is read into."""

    limits: tuple[str, ...]
    """The output token limit's keys: the last one given is read (another one given beside
    it with a different value is a loss), the first is written."""
    numbers: tuple[tuple[str, str], ...]
    """``(key, neutral name)`` of each sampling number (temperature, top_p), in order."""
    choice: tuple[str, str]
    """``(key, neutral name)`` of the tool choice."""
    effort: tuple[str, str]
    """``(key, neutral name)`` of the reasoning effort level (read on every wire of the
    shape; written where the wire takes it)."""


def write_chat_tools(s: Settings, body: dict[str, Any], choice: str, strict: bool) -> None:
    """Function tools and the tool choice (at key ``choice``) in the Chat Completions form
    (``strict``: the wire takes each function's ``strict``, written where the source says)."""
    if not s.tools:
        return
    body["tools"] = [
        {"type": "function", "function": described({"name": t.name}, t, "description") | {
            "parameters": sc
        } | (strict_field(t) if strict else {})}
        for t, sc in zip(s.tools, schemas(s.tools, _OBJECT), strict=True)
    ]  # fmt: skip
    if s.tool_choice is not None:
        body[choice] = (
            {"type": "function", "function": {"name": s.tool_choice}}
            if s.choice_is_name
            else s.tool_choice
        )


class ChatSettings(SettingsShape):
    """OpenAI's settings shape; ``name``: the wire that speaks it, ``keys``: its keys."""

    conversation_keys = frozenset({"messages"})

    def __init__(
        self,
        name: str,
        keys: ChatKeys,
        effort: bool = True,
        strict: bool = False,
        takes: frozenset[str] = frozenset(),
        sources: tuple[SettingSource, ...] = (),
        tool_names: ToolNames | None = None,
        object_schema: SettingSource | None = None,
    ) -> None:
        self._name = name
        self.tool_names = tool_names
        self.object_schema = object_schema
        self.keys = keys
        self._effort = effort  # the wire takes an effort level (``keys.effort``)
        self.takes_strict = strict
        self.takes = takes  # its table (what :meth:`write_own` writes)
        said = tuple(s for s, given in ((_THINKING, effort), (_STRICT, strict)) if given)
        named = tuple(
            s for s in (tool_names.source if tool_names else None, object_schema) if s is not None
        )
        self.sources = said + sources + named

    @property
    def wire(self) -> str:
        return self._name

    def read(self, body: dict[str, Any]) -> Settings:
        keys = self.keys
        reader = SettingsReader(body)
        if isinstance(body.get("model"), str):
            reader.take("model", "model", body["model"])
        limits = [key for key in keys.limits if isinstance(body.get(key), int)]
        for key in limits:  # the last one given is read; another of a different value lost
            if body[key] != body[limits[-1]]:
                reader.lose(key, body[key], f"another value than {limits[-1]}'s, which is read")
            reader.take(key, "max_tokens", body[key])
        for key, name in keys.numbers:
            reader.take(key, name, number(body.get(key)))
        reader.take("stop", "stop", stops(body.get("stop")))
        if "tools" in body:
            function_tools(reader, body["tools"], flat=False)
        at, name = keys.choice
        choice = body.get(at)
        if isinstance(choice, str) and choice in _CHOICES:
            reader.choice(name, _CHOICES[choice], at)
            reader.taken.add(at)
        elif isinstance(choice, dict) and choice.get("type") == "function":
            fn = choice.get("function")
            if isinstance(fn, dict) and isinstance(fn.get("name"), str):
                reader.choice(name, fn["name"], at, named=True)
                reader.taken.add(at)
        at, name = keys.effort
        effort = body.get(at)
        if isinstance(effort, str):
            reader.take(at, name, effort)
        self.read_own(reader, body)
        return reader.done()

    def read_own(self, reader: SettingsReader, body: dict[str, Any]) -> None:
        """The settings of this wire's table beyond the shared ones (:attr:`takes`): none
        here; a wire that has some reads them in its own package."""

    def write_own(self, settings: Settings, body: dict[str, Any], losses: list[Note]) -> None:
        """The settings of this wire's table beyond the shared ones, written after the
        tools: none here."""

    def write_limits(self, s: Settings, body: dict[str, Any], losses: list[Note]) -> None:
        """The token limit, the sampling numbers and the stop sequences."""
        numbers = [(key, getattr(s, name)) for key, name in self.keys.numbers]
        for key, value in [(self.keys.limits[0], s.max_tokens), *numbers, ("stop", s.stop_list)]:
            if value is not None:
                body[key] = value

    def write(
        self,
        settings: Settings,
        body: dict[str, Any],
        called: list[str],
        losses: list[Note],
        notes: list[Note],
    ) -> None:
        if settings.model is not None:
            body["model"] = settings.model
        self.write_limits(settings, body, losses)
        if self._effort and settings.reasoning_effort is not None:
            body[self.keys.effort[0]] = settings.reasoning_effort
        losses.extend(thinking_lost(settings, self.wire, budget=False, effort=self._effort))
        write_chat_tools(settings, body, self.keys.choice[0], self.takes_strict)
        self.write_own(settings, body, losses)
