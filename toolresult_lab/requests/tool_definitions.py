"""Issue 40: MCP tools (``session.list_tools()``) as each wire's tool definitions.

Each wire's settings shape writes the definitions (the same code ``translate`` writes a
request's tools with); the wire's ``ToolDefs`` add its name rule, where strict adherence
may be asked for, its last-definition mark and its prompt text. A name the provider's rule
refuses is rewritten, collisions get a numbered suffix (in input order, a valid name never
changes), and the result maps each provider name back to its MCP tool. What no wire's
definition holds (``title``, ``outputSchema``, ``annotations``, ...) is a :class:`Loss`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from ..conversion.encoding import strict_copy
from ..wires import Settings, ToolNames, ToolSpec, tool_defs
from .transcripts.conversation import Loss

__all__ = ["ToolDefinitions", "mcp_tools", "tools_for"]

#: The keys of an MCP ``Tool`` a definition carries (the rest are losses).
_CARRIED: Final = frozenset({"name", "description", "inputSchema"})


@dataclass(frozen=True)
class ToolDefinitions:
    """MCP tools written for one wire: ``tools``, the value of the body's ``key`` (Bedrock's
    ``toolConfig``, every other wire's ``tools``), ready to send; ``names``: provider name
    -> MCP name, for every tool; ``losses``: what the wire's definitions cannot hold;
    ``prompt``: the tools' prompt text where the wire's template writes one (hermes)."""

    wire: str
    key: str
    tools: Any
    names: Mapping[str, str]
    losses: tuple[Loss, ...] = ()
    prompt: str | None = None
    renamed: Mapping[str, str] = field(default_factory=dict)
    """MCP name -> provider name, for the names rewritten only."""

    def body(self) -> dict[str, Any]:
        """``{key: tools}``: the part of a request body the definitions take (``{}`` for no
        tools: a body holds no empty ``tools``)."""
        return {self.key: self.tools} if self.tools else {}

    def provider_name(self, mcp_name: str) -> str | None:
        """The name the provider knows MCP tool ``mcp_name`` by; None: no such tool."""
        if mcp_name in self.renamed:
            return self.renamed[mcp_name]
        return mcp_name if self.names.get(mcp_name) == mcp_name else None

    def mcp_name(self, name: str) -> str | None:
        """The MCP tool a call of ``name`` (the provider's) is for; None: no such tool."""
        return self.names.get(name)


def _dumped(tool: Any) -> Any:
    """An SDK object (1.x or 2.x, pydantic) as the dict MCP writes (camelCase keys)."""
    dump = getattr(tool, "model_dump", None)
    if callable(dump):
        return dump(by_alias=True, exclude_none=True, mode="json")
    return tool


def mcp_tools(tools: Any) -> list[dict[str, Any]]:
    """MCP tools as dicts in MCP's shape: from a ``ListToolsResult`` (or its dict), a list of
    ``mcp.types.Tool`` (SDK 1.x or 2.x) or of their dicts. Each checked: a name (a
    non-empty string, not repeated) and an ``inputSchema`` object.

    :raises TypeError: naming the field (``tools[i].name``, ...) of a value of a wrong type.
    :raises ValueError: naming the field: an empty or repeated name, a schema not an object.
    """
    tools = _dumped(tools)
    if isinstance(tools, dict) and "tools" in tools:
        tools = tools["tools"]
    if not isinstance(tools, (list, tuple)):
        raise TypeError(
            f"tools: expected a ListToolsResult or a list of MCP tools, got {type(tools).__name__}"
        )
    out: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    for index, tool in enumerate(tools):
        at = f"tools[{index}]"
        tool = _dumped(tool)
        if not isinstance(tool, dict):
            raise TypeError(f"{at}: expected an MCP Tool or its dict, got {type(tool).__name__}")
        name = tool.get("name")
        if not isinstance(name, str):
            raise TypeError(f"{at}.name: expected a string, got {type(name).__name__}")
        if not name:
            raise ValueError(f"{at}.name: empty")
        if name in seen:
            raise ValueError(f"{at}.name: {name!r} repeats tools[{seen[name]}].name")
        seen[name] = index
        schema = tool.get("inputSchema")
        if not isinstance(schema, dict):
            raise TypeError(
                f"{at}.inputSchema: expected a JSON Schema object, got {type(schema).__name__}"
            )
        if schema.get("type", "object") != "object":
            raise ValueError(
                f"{at}.inputSchema.type: MCP tools take an object, got {schema['type']!r}"
            )
        description = tool.get("description")
        if description is not None and not isinstance(description, str):
            raise TypeError(
                f"{at}.description: expected a string, got {type(description).__name__}"
            )
        out.append(strict_copy(tool, at))
    return out


def _provider_names(names: Sequence[str], rule: ToolNames | None) -> list[str]:
    """Each MCP name as the provider takes it: as given where the rule takes it (or there
    is none), else rewritten, with ``_2``, ``_3``, ... on a collision (input order)."""
    if rule is None:
        return list(names)
    taken = {name for name in names if rule.writes(name)}
    limit = rule.write_limit
    out: list[str] = []
    for name in names:
        if rule.writes(name):
            out.append(name)
            continue
        base = rule.write(name)
        candidate, number = base, 1
        while candidate in taken:
            number += 1
            suffix = f"_{number}"
            candidate = (base[: limit - len(suffix)] if limit is not None else base) + suffix
        taken.add(candidate)
        out.append(candidate)
    return out


def tools_for(
    wire: str,
    tools: Any,
    *,
    strict: bool = True,
    cache: bool = False,
) -> ToolDefinitions:
    """MCP tools as ``wire``'s tool definitions (the body's ``tools``, Bedrock's
    ``toolConfig``), with the name mapping and the losses.

    ``strict``: ask for strict schema adherence where the wire offers it (openai,
    responses) and the schema qualifies (OpenAI's Structured Outputs subset); a schema
    that does not is sent without it. ``cache``: mark the tools for prompt caching where the
    wire's settings shape writes such a mark (anthropic: ``cache_control`` on the last
    definition; bedrock: a ``cachePoint`` after them), a ``ValueError`` elsewhere.

    :raises TypeError: naming the field, for a value of a wrong type.
    :raises ValueError: an unknown wire, or a field named that no wire can send.
    """
    shape, defs = tool_defs(wire)
    if not isinstance(strict, bool):
        raise TypeError(f"strict: expected a bool, got {type(strict).__name__}")
    if not isinstance(cache, bool):
        raise TypeError(f"cache: expected a bool, got {type(cache).__name__}")
    if cache and not shape.takes_tool_cache:
        raise ValueError(f"cache: the {wire} wire has no cache mark on its tools")
    read = mcp_tools(tools)
    names = _provider_names([t["name"] for t in read], shape.tool_names)
    qualifies = defs.strict if strict else None
    specs = tuple(
        ToolSpec(
            name,
            tool.get("description"),
            tool["inputSchema"],
            strict=qualifies(tool["inputSchema"]) if qualifies is not None else None,
        )
        for name, tool in zip(names, read, strict=True)
    )
    if cache and specs:
        specs = (*specs[:-1], replace(specs[-1], cache_at="cache"))
    body: dict[str, Any] = {}
    shape.write(Settings(tools=specs), body, [], [], [])
    written = body.get(defs.key, [])
    losses = tuple(
        Loss(f"tools[{index}].{key}", f"{wire} tool definitions have no {key}: dropped")
        for index, tool in enumerate(read)
        for key in tool
        if key not in _CARRIED
    )
    if defs.client_drops is not None:
        losses += tuple(
            Loss(
                f"tools[{index}].inputSchema{path}",
                f"{wire}'s official Python client sends no {path.rsplit('.', 1)[-1]} here:"
                " dropped by it (a request body posted as JSON keeps it)",
            )
            for index, tool in enumerate(read)
            for path in defs.client_drops(tool["inputSchema"])
        )
    written_list = defs.definitions(body)
    # the template writes its tools section only when there are tools
    prompt = defs.prompt(written_list) if defs.prompt is not None and written_list else None
    return ToolDefinitions(
        wire=shape.wire,
        key=defs.key,
        tools=written,
        names=dict(zip(names, (t["name"] for t in read), strict=True)),
        losses=losses,
        prompt=prompt,
        renamed={t["name"]: n for n, t in zip(names, read, strict=True) if n != t["name"]},
    )
