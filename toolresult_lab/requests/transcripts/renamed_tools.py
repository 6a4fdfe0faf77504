"""SPEC 9 / issue 36: a tool name the destination refuses is renamed, the same way
everywhere it occurs.

``files.read`` is a fine Gemini name and a 400 on OpenAI, Anthropic and Bedrock. Each
wire says which names it takes (``SettingsShape.tool_names``); a name it refuses is
written as the nearest one it takes (``ToolNames.fixed``, made unique among the request's
names) in the definition, every call, every result and the tool choice, so the request
still pairs. Each rename is a note (nothing is lost: the mapping is on the result, to
map the model's calls back).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ...conversion.calls import ToolCall
from ...conversion.result import ToolResult
from ...wires import Settings, ToolNames
from .conversation import AssistantTurn, Loss, ToolResults, Turn

__all__ = ["rename_tools"]


def _unique(name: str, taken: set[str], longest: int | None) -> str:
    """``name``, or it with the first free ``_2``, ``_3``... (cut to ``longest``)."""
    out, n = name, 1
    while out in taken:
        n += 1
        suffix = f"_{n}"
        base = name if longest is None else name[: longest - len(suffix)]
        out = base + suffix
    return out


def _places(turns: list[Turn], settings: Settings | None) -> dict[str, str]:
    """Every tool name of the request and the path it is first defined (else used) at."""
    found: dict[str, str] = {}
    if settings is not None:
        for tool in settings.tools:
            found.setdefault(tool.name, tool.path)
    for turn in turns:
        if isinstance(turn, AssistantTurn):
            for index, call in enumerate(turn.calls):
                at = turn.call_paths[index] if index < len(turn.call_paths) else turn.path
                found.setdefault(call.name, at)
        elif isinstance(turn, ToolResults):
            for index, result in enumerate(turn.results):
                at = turn.result_paths[index] if index < len(turn.result_paths) else turn.path
                if result.name:
                    found.setdefault(result.name, at)
    if settings is not None and settings.choice_is_name and settings.tool_choice is not None:
        found.setdefault(settings.tool_choice, "")  # a choice of a tool defined nowhere
    return found


def _call(call: ToolCall, name: str) -> ToolCall:
    return ToolCall(id=call.id, name=name, arguments=call.arguments, extra=call.extra or None)


def _result(result: ToolResult, name: str) -> ToolResult:
    return ToolResult(
        name=name,
        id=result.id,
        content=result.content,
        is_error=result.is_error,
        structured_content=result.structured_content,
    )


def _turn(turn: Turn, names: Mapping[str, str]) -> Turn:
    if isinstance(turn, AssistantTurn) and any(c.name in names for c in turn.calls):
        calls = tuple(_call(c, names[c.name]) if c.name in names else c for c in turn.calls)
        return replace(turn, calls=calls)
    if isinstance(turn, ToolResults) and any(r.name in names for r in turn.results):
        results = tuple(_result(r, names[r.name]) if r.name in names else r for r in turn.results)
        return replace(turn, results=results)
    return turn


def rename_tools(
    rule: ToolNames | None,
    wire: str,
    turns: list[Turn],
    settings: Settings | None,
    notes: list[Loss],
) -> tuple[list[Turn], Settings | None, dict[str, str]]:
    """``turns`` and ``settings`` with each tool name ``rule`` refuses renamed (a note
    each, at its definition, else its first use); and the renames, source name -> name
    written. Unchanged (and ``{}``) where ``rule`` takes every name or is ``None``."""
    if rule is None:
        return turns, settings, {}
    places = _places(turns, settings)
    taken = {name for name in places if rule.fault(name) is None}
    names: dict[str, str] = {}
    for name, at in places.items():
        fault = rule.fault(name)
        if fault is None:
            continue
        names[name] = _unique(rule.fixed(name), taken, rule.longest)
        taken.add(names[name])
        notes.append(
            Loss(
                at,
                f"tool name {name!r} {fault}, which {wire} refuses: written {names[name]!r}"
                " in its definition, calls, results and tool choice",
            )
        )
    if not names:
        return turns, settings, {}
    if settings is not None:
        tools = tuple(replace(t, name=names.get(t.name, t.name)) for t in settings.tools)
        choice = settings.tool_choice
        if settings.choice_is_name and choice is not None:
            choice = names.get(choice, choice)
        settings = replace(settings, tools=tools, tool_choice=choice)
    return [_turn(turn, names) for turn in turns], settings, names
