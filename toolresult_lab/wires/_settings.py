"""SPEC 9 / issue 26: the rest of a request, beside its conversation, in no wire's shape.

The model, the output token limit, temperature, top_p, stop sequences, the tool
definitions and ``tool_choice`` are read from one wire's body into :class:`Settings` and
written into another's by each wire's own :class:`SettingsShape` (``wires/<wire>/settings.py``,
the ``settings`` of its ``WireModule``). Losses and notes are ``(path, what)`` pairs, which
``translate`` reports. Every top-level field of the source with no counterpart on the
destination is a loss at its path; on the source's own wire every field is kept as given.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..encoding import strict_copy

__all__ = [
    "Note",
    "Settings",
    "SettingsReader",
    "SettingsShape",
    "ToolSpec",
    "described",
    "number",
    "schemas",
    "stops",
    "write_settings",
]

#: ``(path, what)``: a loss or a note at a path of the source request.
Note = tuple[str, str]


@dataclass(frozen=True)
class ToolSpec:
    """One function the model may call: its name, description and JSON Schema; ``path``:
    where the source held it; ``marks``: fields of the definition no other wire's has
    (Anthropic's ``cache_control``), by name, each a loss elsewhere."""

    name: str
    description: str | None = None
    schema: Any = None
    path: str = ""
    marks: tuple[str, ...] = ()


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


def number(value: Any) -> float | None:
    """``value`` when it is a number (not a bool)."""
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def stops(value: Any) -> list[str] | None:
    """Stop sequences: one string or a list of strings."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    return None


def described(out: dict[str, Any], tool: ToolSpec, key: str) -> dict[str, Any]:
    """``out`` with the tool's description under ``key`` when it has one."""
    if isinstance(tool.description, str) and tool.description:
        out[key] = tool.description
    return out


def schemas(tools: list[ToolSpec], empty: dict[str, Any]) -> list[Any]:
    """Each tool's schema as strict JSON (``empty`` where it has none)."""
    return [
        strict_copy(tool.schema, "tools") if isinstance(tool.schema, dict) else dict(empty)
        for tool in tools
    ]


class SettingsReader:
    """Reads one body into :class:`Settings`: each setting taken with its path; the keys
    left over go to ``rest`` (:meth:`done`)."""

    def __init__(self, body: dict[str, Any]) -> None:
        self.body = body
        self.settings = Settings()
        self.taken: set[str] = set()

    def take(self, key: str, name: str, value: Any) -> None:
        """Set ``name`` from ``value`` (read at path ``key``) unless it is ``None``."""
        if value is not None:
            setattr(self.settings, name, value)
            self.settings.paths[name] = key
            self.taken.add(key.split(".")[0])

    def choice(self, value: Any, path: str, named: bool = False) -> None:
        """A neutral ``tool_choice`` read at ``path`` (``named``: a tool's name)."""
        self.settings.tool_choice, self.settings.choice_is_name = value, named
        self.settings.paths["tool_choice"] = path

    def lose(self, path: str, value: Any) -> None:
        """A field with no neutral form: a loss on another wire."""
        self.settings.rest[path] = value

    def done(self) -> Settings:
        for key, value in self.body.items():
            if key not in self.taken:
                self.settings.rest[key] = value
        return self.settings


class SettingsShape:
    """How one wire holds the settings of a request. A wire that has none raises."""

    #: The keys of a body that hold the conversation (written by the transcript, not here).
    conversation_keys: frozenset[str] = frozenset()

    @property
    def wire(self) -> str:
        raise NotImplementedError

    def read(self, body: dict[str, Any]) -> Settings:
        """The settings of ``body`` (its conversation keys removed already)."""
        raise NotImplementedError(f"{type(self).__name__} reads no settings")

    def write(
        self,
        settings: Settings,
        body: dict[str, Any],
        called: list[str],
        losses: list[Note],
        notes: list[Note],
    ) -> None:
        """``settings`` into ``body`` (in place), each one with no field here a loss."""
        raise NotImplementedError(f"{type(self).__name__} writes no settings")

    def complete(self, body: dict[str, Any], called: list[str], notes: list[Note]) -> None:
        """What a body of this wire kept whole still needs for the calls written
        (``called``: their names). Nothing, unless the wire says otherwise."""


def read_settings(shape: SettingsShape, request: Any) -> Settings:
    """The settings of a request body of ``shape``'s wire (a bare message list has none)."""
    if not isinstance(request, dict):
        return Settings()
    body = {k: v for k, v in request.items() if k not in shape.conversation_keys}
    return shape.read(body)


def write_settings(
    src: SettingsShape,
    dst: SettingsShape,
    request: Any,
    body: dict[str, Any],
    called: list[str],
    losses: list[Note],
    notes: list[Note],
    model: str | None = None,
) -> None:
    """Write the settings of ``request`` (of ``src``'s wire) into ``body`` (``dst``'s, in
    place); each one the destination has no field for a loss at its source path. On its
    own wire every field is kept as given. ``called``: the names of the calls written;
    ``model`` replaces the model."""
    if src is dst:
        if isinstance(request, dict):
            skip = dst.conversation_keys
            body.update(
                {key: strict_copy(value, key) for key, value in request.items() if key not in skip}
            )
        if model is not None:
            body["model"] = model
        dst.complete(body, called, notes)
        return
    settings = read_settings(src, request)
    if model is not None:
        settings.model = model
        settings.paths["model"] = "model"
    for path in settings.rest:
        losses.append((path, f"has no counterpart on {dst.wire}: dropped"))
    dst.write(settings, body, called, losses, notes)
