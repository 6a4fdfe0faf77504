"""SPEC 9 / issue 26: the rest of a request, beside its conversation.

The model, the output token limit, temperature, top_p, stop sequences, the tool
definitions and ``tool_choice``, read from one wire's body into :class:`Settings` and
written into another's (losses and notes as ``(path, what)`` pairs, which ``translate``
reports). Every top-level field of the source with no counterpart on the
destination is a loss at its path; on the source's own wire every field is kept as given.
Tool schemas go to Gemini as ``parametersJsonSchema``, which takes JSON Schema whole (the
older ``parameters`` takes only an OpenAPI subset).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ..encoding import strict_copy

__all__ = ["CONVERSATION_KEYS", "Note", "Settings", "ToolSpec", "read_settings", "write_settings"]

#: ``(path, what)``: a loss or a note at a path of the source request.
Note = tuple[str, str]

#: The keys of a body that hold the conversation (written by the transcript, not here).
CONVERSATION_KEYS: Final[dict[str, frozenset[str]]] = {
    "openai": frozenset({"messages"}),
    "ollama": frozenset({"messages"}),
    "hermes": frozenset({"messages"}),
    "anthropic": frozenset({"messages", "system"}),
    "gemini": frozenset({"contents", "systemInstruction"}),
    "responses": frozenset({"input", "instructions"}),
    "bedrock": frozenset({"messages", "system"}),
}
_OBJECT: Final = {"type": "object", "properties": {}}


@dataclass(frozen=True)
class ToolSpec:
    """One function the model may call: its name, description and JSON Schema."""

    name: str
    description: str | None = None
    schema: Any = None


@dataclass
class Settings:
    """What a request says beside its conversation, in no wire's shape; ``rest``: the
    source's other top-level fields (path -> value), each a loss unless kept."""

    model: str | None = None
    max_tokens: int | None = None
    temperature: float | None = None
    top_p: float | None = None
    stop: list[str] | None = None
    tools: list[ToolSpec] = field(default_factory=list)
    tool_choice: str | None = None  # "auto", "none", "required" or a tool's name
    choice_is_name: bool = False
    rest: dict[str, Any] = field(default_factory=dict)
    paths: dict[str, str] = field(default_factory=dict)  # setting -> its source path


def _number(value: Any) -> float | None:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _stops(value: Any) -> list[str] | None:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    return None


def _function_tools(tools: Any, flat: bool) -> tuple[list[ToolSpec], list[int]]:
    """OpenAI-style function tools (``flat``: the Responses form); the indexes of others."""
    specs: list[ToolSpec] = []
    others: list[int] = []
    for index, tool in enumerate(tools if isinstance(tools, list) else []):
        fn = tool if flat else (tool.get("function") if isinstance(tool, dict) else None)
        if (
            isinstance(tool, dict)
            and tool.get("type", "function") == "function"
            and isinstance(fn, dict)
            and isinstance(fn.get("name"), str)
        ):
            specs.append(ToolSpec(fn["name"], fn.get("description"), fn.get("parameters")))
        else:
            others.append(index)
    return specs, others


def _choice(settings: Settings, value: Any, path: str) -> bool:
    """Read a ``tool_choice`` of any wire's spelling; False when it has no neutral form."""
    names = {"auto": "auto", "none": "none", "required": "required", "any": "required"}
    names.update({"AUTO": "auto", "NONE": "none", "ANY": "required"})
    if isinstance(value, str) and value in names:
        settings.tool_choice = names[value]
    elif isinstance(value, dict):
        kind = value.get("type") or value.get("mode")
        fn = value.get("function")
        name = value.get("name") or (fn.get("name") if isinstance(fn, dict) else None)
        if kind in ("tool", "function") and isinstance(name, str):
            settings.tool_choice, settings.choice_is_name = name, True
        elif isinstance(kind, str) and kind in names:
            settings.tool_choice = names[kind]
        elif len(value) == 1 and next(iter(value)) in ("auto", "any"):  # bedrock
            settings.tool_choice = names[next(iter(value))]
        elif isinstance(value.get("tool"), dict) and isinstance(value["tool"].get("name"), str):
            settings.tool_choice, settings.choice_is_name = value["tool"]["name"], True
        else:
            return False
    else:
        return False
    settings.paths["tool_choice"] = path
    return True


def read_settings(wire: str, request: Any) -> Settings:
    """The settings of a request body of ``wire`` (a bare message list has none)."""
    settings = Settings()
    if not isinstance(request, dict):
        return settings
    body = dict(request)
    for key in CONVERSATION_KEYS.get(wire, frozenset()):
        body.pop(key, None)
    taken: set[str] = set()

    def take(key: str, name: str, value: Any) -> None:
        if value is not None:
            setattr(settings, name, value)
            settings.paths[name] = key
            taken.add(key.split(".")[0])

    if isinstance(body.get("model"), str):
        take("model", "model", body["model"])
    if wire in ("openai", "ollama", "hermes", "anthropic", "responses"):
        for key in ("max_tokens", "max_completion_tokens", "max_output_tokens"):
            if isinstance(body.get(key), int):
                take(key, "max_tokens", body[key])
        take("temperature", "temperature", _number(body.get("temperature")))
        take("top_p", "top_p", _number(body.get("top_p")))
        stop_key = "stop_sequences" if wire == "anthropic" else "stop"
        take(stop_key, "stop", _stops(body.get(stop_key)))
        if wire == "anthropic":
            tools = body.get("tools")
            for index, tool in enumerate(tools if isinstance(tools, list) else []):
                if (
                    isinstance(tool, dict)
                    and "input_schema" in tool
                    and isinstance(tool.get("name"), str)
                ):
                    settings.tools.append(
                        ToolSpec(tool["name"], tool.get("description"), tool["input_schema"])
                    )
                else:
                    settings.rest[f"tools[{index}]"] = tool
            taken.add("tools")
        elif "tools" in body:
            specs, others = _function_tools(body["tools"], flat=wire == "responses")
            settings.tools.extend(specs)
            settings.rest.update({f"tools[{i}]": body["tools"][i] for i in others})
            taken.add("tools")
        if "tool_choice" in body and _choice(settings, body["tool_choice"], "tool_choice"):
            taken.add("tool_choice")
    elif wire == "gemini":
        config = body.get("generationConfig")
        if isinstance(config, dict):
            for key, name in (
                ("maxOutputTokens", "max_tokens"),
                ("temperature", "temperature"),
                ("topP", "top_p"),
            ):
                if _number(config.get(key)) is not None:
                    take(f"generationConfig.{key}", name, config[key])
            take("generationConfig.stopSequences", "stop", _stops(config.get("stopSequences")))
            for key in config:
                if key not in ("maxOutputTokens", "temperature", "topP", "stopSequences"):
                    settings.rest[f"generationConfig.{key}"] = config[key]
            taken.add("generationConfig")
        tools = body.get("tools")
        for index, tool in enumerate(tools if isinstance(tools, list) else []):
            declarations = tool.get("functionDeclarations") if isinstance(tool, dict) else None
            if isinstance(declarations, list):
                for fn in declarations:
                    if isinstance(fn, dict) and isinstance(fn.get("name"), str):
                        schema = fn.get("parametersJsonSchema", fn.get("parameters"))
                        settings.tools.append(ToolSpec(fn["name"], fn.get("description"), schema))
            else:
                settings.rest[f"tools[{index}]"] = tool
        if "tools" in body:
            taken.add("tools")
        config = body.get("toolConfig")
        calling = config.get("functionCallingConfig") if isinstance(config, dict) else None
        if isinstance(calling, dict) and _choice(
            settings, calling, "toolConfig.functionCallingConfig"
        ):
            allowed = calling.get("allowedFunctionNames")
            if (
                isinstance(allowed, list)
                and len(allowed) == 1
                and settings.tool_choice == "required"
            ):
                settings.tool_choice, settings.choice_is_name = allowed[0], True
            taken.add("toolConfig")
    elif wire == "bedrock":
        config = body.get("inferenceConfig")
        if isinstance(config, dict):
            for key, name in (
                ("maxTokens", "max_tokens"),
                ("temperature", "temperature"),
                ("topP", "top_p"),
            ):
                if _number(config.get(key)) is not None:
                    take(f"inferenceConfig.{key}", name, config[key])
            take("inferenceConfig.stopSequences", "stop", _stops(config.get("stopSequences")))
            taken.add("inferenceConfig")
        config = body.get("toolConfig")
        if isinstance(config, dict):
            for index, tool in enumerate(config.get("tools") or []):
                spec = tool.get("toolSpec") if isinstance(tool, dict) else None
                if isinstance(spec, dict) and isinstance(spec.get("name"), str):
                    schema = spec.get("inputSchema")
                    schema = schema.get("json") if isinstance(schema, dict) else None
                    settings.tools.append(ToolSpec(spec["name"], spec.get("description"), schema))
                else:
                    settings.rest[f"toolConfig.tools[{index}]"] = tool
            if "toolChoice" in config:
                _choice(settings, config["toolChoice"], "toolConfig.toolChoice")
            taken.add("toolConfig")
    for key, value in body.items():
        if key not in taken:
            settings.rest[key] = value
    return settings


def _choice_for(wire: str, settings: Settings) -> Any:
    choice, named = settings.tool_choice, settings.choice_is_name
    if wire == "anthropic":
        return (
            {"type": "tool", "name": choice}
            if named
            else {"type": {"required": "any"}.get(choice or "", choice)}
        )
    if wire == "responses":
        return {"type": "function", "name": choice} if named else choice
    if wire == "gemini":
        if named:
            return {"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": [choice]}}
        return {
            "functionCallingConfig": {
                "mode": {"required": "ANY"}.get(choice or "", (choice or "").upper())
            }
        }
    if wire == "bedrock":
        if named:
            return {"tool": {"name": choice}}
        return {"auto": {}} if choice == "auto" else {"any": {}} if choice == "required" else None
    return {"type": "function", "function": {"name": choice}} if named else choice


def write_settings(
    src: str,
    dst: str,
    request: Any,
    body: dict[str, Any],
    called: list[str],
    losses: list[Note],
    notes: list[Note],
    model: str | None = None,
) -> None:
    """Write the settings of ``request`` (of ``src``) into ``body`` (the destination's, in
    place); each one the destination has no field for a loss at its source path. On its
    own wire every field is kept as given. ``called``: the names of the calls written
    (Bedrock takes no tool use without a ``toolConfig``); ``model`` replaces the model."""
    if src == dst:
        if isinstance(request, dict):
            skip = CONVERSATION_KEYS.get(dst, frozenset())
            body.update(
                {key: strict_copy(value, key) for key, value in request.items() if key not in skip}
            )
        if model is not None:
            body["model"] = model
        if dst == "bedrock" and called and "toolConfig" not in body:
            _write_tools(dst, Settings(), body, called, losses, notes)
        return
    settings = read_settings(src, request)
    if model is not None:
        settings.model = model
        settings.paths["model"] = "model"
    for path in settings.rest:
        losses.append((path, f"has no counterpart on {dst}: dropped"))
    _write_known(dst, settings, body, called, losses, notes)


def _write_known(
    dst: str,
    settings: Settings,
    body: dict[str, Any],
    called: list[str],
    losses: list[Note],
    notes: list[Note],
) -> None:
    s = settings
    if s.model is not None:
        if dst in ("gemini", "bedrock"):  # the model is in the URL there
            losses.append(
                (s.paths["model"], f"the model goes in {dst}'s URL, not its body: dropped")
            )
        else:
            body["model"] = s.model
    if dst == "gemini":
        config = {
            key: value
            for key, value in (
                ("maxOutputTokens", s.max_tokens),
                ("temperature", s.temperature),
                ("topP", s.top_p),
                ("stopSequences", s.stop),
            )
            if value is not None
        }
        if config:
            body["generationConfig"] = config
    elif dst == "bedrock":
        config = {
            key: value
            for key, value in (
                ("maxTokens", s.max_tokens),
                ("temperature", s.temperature),
                ("topP", s.top_p),
                ("stopSequences", s.stop),
            )
            if value is not None
        }
        if config:
            body["inferenceConfig"] = config
    else:
        limit = {"anthropic": "max_tokens", "responses": "max_output_tokens"}.get(dst, "max_tokens")
        if dst == "ollama":
            options = {
                k: v
                for k, v in (
                    ("num_predict", s.max_tokens),
                    ("temperature", s.temperature),
                    ("top_p", s.top_p),
                    ("stop", s.stop),
                )
                if v is not None
            }
            if options:
                body["options"] = options
        else:
            for key, value in (
                (limit, s.max_tokens),
                ("temperature", s.temperature),
                ("top_p", s.top_p),
            ):
                if value is not None:
                    body[key] = value
            if s.stop is not None:
                if dst == "responses":
                    losses.append((s.paths["stop"], "responses has no stop sequences: dropped"))
                else:
                    body["stop_sequences" if dst == "anthropic" else "stop"] = s.stop
    _write_tools(dst, s, body, called, losses, notes)


def _write_tools(
    dst: str,
    s: Settings,
    body: dict[str, Any],
    called: list[str],
    losses: list[Note],
    notes: list[Note],
) -> None:
    tools = list(s.tools)
    if dst == "bedrock" and called:
        known = {tool.name for tool in tools}
        for name in dict.fromkeys(called):
            if name not in known:
                tools.append(ToolSpec(name, None, None))
                notes.append(
                    (
                        "",
                        f"tool {name!r} has no definition in the request: a minimal one"
                        " written (Bedrock takes no tool use without a toolConfig)",
                    )
                )
    if not tools:
        return
    schema = [
        strict_copy(tool.schema, "tools") if isinstance(tool.schema, dict) else dict(_OBJECT)
        for tool in tools
    ]
    if dst == "anthropic":
        body["tools"] = [
            _described({"name": t.name}, t) | {"input_schema": sc}
            for t, sc in zip(tools, schema, strict=True)
        ]
    elif dst == "responses":
        body["tools"] = [
            _described({"type": "function", "name": t.name}, t) | {"parameters": sc}
            for t, sc in zip(tools, schema, strict=True)
        ]
    elif dst == "gemini":
        body["tools"] = [
            {
                "functionDeclarations": [
                    _described({"name": t.name}, t) | {"parametersJsonSchema": sc}
                    for t, sc in zip(tools, schema, strict=True)
                ]
            }
        ]
    elif dst == "bedrock":
        body["toolConfig"] = {
            "tools": [
                {"toolSpec": _described({"name": t.name}, t) | {"inputSchema": {"json": sc}}}
                for t, sc in zip(tools, schema, strict=True)
            ]
        }
    else:
        body["tools"] = [
            {"type": "function", "function": _described({"name": t.name}, t) | {"parameters": sc}}
            for t, sc in zip(tools, schema, strict=True)
        ]
    if s.tool_choice is not None:
        choice = _choice_for(dst, s)
        if choice is None:
            losses.append(
                (
                    s.paths["tool_choice"],
                    f"tool_choice {s.tool_choice!r} has no form on {dst}: dropped",
                )
            )
        elif dst == "gemini":
            body["toolConfig"] = choice
        elif dst == "bedrock":
            body["toolConfig"]["toolChoice"] = choice
        else:
            body["tool_choice"] = choice


def _described(out: dict[str, Any], tool: ToolSpec) -> dict[str, Any]:
    if isinstance(tool.description, str) and tool.description:
        out["description"] = tool.description
    return out
