"""SPEC 9 / issue 26: the rest of a request, beside its conversation, in no wire's shape.

The model, the output token limit, temperature, top_p, stop sequences, the tool
definitions and ``tool_choice`` are read from one wire's body into :class:`Settings` and
written into another's by each wire's own :class:`SettingsShape` (``wires/<wire>/settings.py``,
the ``settings`` of its ``WireModule``). Losses and notes are ``(path, what)`` pairs, which
``translate`` reports. Every top-level field of the source with no counterpart on the
destination is a loss at its path; on the source's own wire every field is kept as given.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Final

from ..budgets.model_lookup import ModelFacts, ModelIds, facts_of
from ..conversion.encoding import strict_copy
from ._schemas import schema_fault

__all__ = [
    "Note",
    "SettingSource",
    "Settings",
    "SettingsReader",
    "SettingsShape",
    "ToolNames",
    "ToolSpec",
    "all_lost",
    "described",
    "fit_to_model",
    "number",
    "read_settings",
    "schemas",
    "stops",
    "strict_field",
    "strict_flag",
    "tabled",
    "thinking_lost",
    "unread",
    "untaken",
    "write_settings",
]

#: ``(path, what)``: a loss or a note at a path of the source request.
Note = tuple[str, str]
#: The metadata key of a thinking setting of :class:`Settings`: the form it takes.
_THINKING: Final = "thinking"
_BUDGET: Final = "a token budget"
#: The metadata key of a setting some wires take and others do not: each wire's table
#: (:attr:`SettingsShape.takes`) says which it writes; elsewhere it is a loss.
_TABLED: Final = "tabled"
_EFFORT: Final = "an effort level"
#: A sampling setting's metadata: its name in the model table (``model_table.SAMPLING``).
_SAMPLED: Final = "sampled"
#: The tool choice's metadata (a forced one is what some models refuse).
_CHOICE: Final = "choice"


@dataclass(frozen=True)
class SettingSource:
    """Where a wire's shape for a setting is documented: the page and the day it was read."""

    setting: str
    title: str
    url: str
    checked: str


@dataclass(frozen=True)
class ToolNames:
    """The tool names a wire takes: made of ``chars`` (a regular expression's character
    class, without its brackets), starting with one of ``first`` (``""``: any of
    ``chars``), at most ``longest`` characters (``None``: no length is documented);
    ``source``: where that is written down. ``written``: where the pages disagree on the
    length, the shortest they give: a name the toolkit writes (``tools_for``) keeps to it,
    while lint errs only past ``longest``. One rule a wire, for lint, translate and
    ``tools_for`` alike."""

    chars: str
    longest: int | None
    source: SettingSource
    first: str = ""
    written: int | None = None

    def fault(self, name: str) -> str | None:
        """What the wire refuses in ``name`` (``None``: it takes it)."""
        if not name:
            return "is empty"
        if self.longest is not None and len(name) > self.longest:
            return f"is {len(name)} characters long (at most {self.longest})"
        if re.fullmatch(f"[{self.chars}]+", name) is None:
            return f"holds a character other than [{self.chars}]"
        if self.first and re.match(f"[{self.first}]", name) is None:
            return f"starts with {name[0]!r}, not one of [{self.first}]"
        return None

    def fixed(self, name: str) -> str:
        """``name`` as the wire takes it: each character it refuses written ``_``, an
        ``_`` put first where the first is refused (an empty name is ``_``), cut at
        :attr:`longest`."""
        name = name or "_"
        out = re.sub(f"[^{self.chars}]", "_", name)
        if self.first and re.match(f"[{self.first}]", out) is None:
            out = "_" + out
        return out[: self.longest] if self.longest is not None else out

    @property
    def write_limit(self) -> int | None:
        """The most characters a name the toolkit writes may have."""
        return self.written if self.written is not None else self.longest

    def writes(self, name: str) -> bool:
        """``name`` may be written as it stands (taken, and within :attr:`write_limit`)."""
        limit = self.write_limit
        return self.fault(name) is None and (limit is None or len(name) <= limit)

    def write(self, name: str) -> str:
        """``name`` as the toolkit writes it: :meth:`fixed`, cut at :attr:`write_limit`."""
        limit = self.write_limit
        fixed = self.fixed(name)
        return fixed[:limit] if limit is not None else fixed


@dataclass(frozen=True)
class ToolSpec:
    """One function the model may call: its name, description and JSON Schema; ``path``:
    where the source held it; ``marks``: fields of the definition its wire's reader does
    not take (Anthropic's ``cache_control``, Gemini's ``behavior``), each a path under
    ``path`` and a loss on another wire; ``strict``: strict schema adherence, where the
    source says (``None``: it does not), at ``strict_at`` under ``path``."""

    name: str
    description: str | None = None
    schema: Any = None
    path: str = ""
    marks: tuple[str, ...] = ()
    strict: bool | None = None
    strict_at: str = "strict"
    #: Where the description sits under ``path`` (a description that is not a string is
    #: the request's fault: lint's ``shape``, a loss in translate, never written).
    description_at: str = "description"
    #: Where the schema sits under ``path`` (``""``: the wire's reader does not say).
    schema_at: str = ""
    #: The ``strict`` given when it is not a bool (every SDK types it one: lint's ``shape``).
    strict_given: Any = None

    @property
    def schema_fault(self) -> str | None:
        """Why its schema is no object schema at its root (``None``: it is one)."""
        return schema_fault(self.schema)

    #: Where the source marks the tools up to this one for caching, in the form every wire
    #: with such a mark shares (Anthropic's ``cache_control: {"type": "ephemeral"}``,
    #: Bedrock's ``cachePoint: {"type": "default"}`` entry after it: five minutes each);
    #: empty when it does not.
    cache_at: str = ""


@dataclass(frozen=True)
class Settings:
    """What a request says beside its conversation, in no wire's shape (immutable).

    ``wire``: the wire it was read from (its ``paths`` are paths of that wire's request);
    ``raw``: the request's own fields beside the conversation, as given (what its own wire
    writes back whole); ``rest``: those with no neutral form (path -> value), each a loss
    on another wire; ``paths``: each setting's source path."""

    model: str | None = None
    max_tokens: int | None = None
    temperature: float | None = field(default=None, metadata={_SAMPLED: "temperature"})
    top_p: float | None = field(default=None, metadata={_SAMPLED: "top-p"})
    stop: tuple[str, ...] | None = None
    tools: tuple[ToolSpec, ...] = ()
    #: ``auto``, ``none``, ``required`` or a tool's name.
    tool_choice: str | None = field(default=None, metadata={_CHOICE: True})
    choice_is_name: bool = False
    #: A token budget for thinking (Anthropic's ``budget_tokens``, Gemini's ``thinkingBudget``).
    thinking_budget: int | None = field(default=None, metadata={_THINKING: _BUDGET})
    #: A reasoning effort level (OpenAI's ``reasoning_effort``, Responses' ``reasoning.effort``).
    reasoning_effort: str | None = field(default=None, metadata={_THINKING: _EFFORT})
    #: Whether the model may call several tools in one turn (OpenAI's
    #: ``parallel_tool_calls``; Anthropic's ``disable_parallel_tool_use`` says the opposite).
    parallel_calls: bool | None = field(default=None, metadata={_TABLED: True})
    #: The tools the choice is limited to (OpenAI's ``allowed_tools``, Gemini's
    #: ``allowedFunctionNames`` with two or more names), with ``tool_choice`` its mode.
    allowed_tools: tuple[str, ...] | None = field(default=None, metadata={_TABLED: True})
    #: Sampling from the k most likely tokens (Anthropic's ``top_k``, Gemini's ``topK``).
    top_k: float | None = field(default=None, metadata={_TABLED: True, _SAMPLED: "top-k"})
    #: How many answers to generate (OpenAI's ``n``, Gemini's ``candidateCount``).
    candidates: int | None = field(default=None, metadata={_TABLED: True})
    #: The form of the answer, as Responses' ``text.format`` holds it (``{"type":
    #: "json_schema", "name", "schema", "strict", "description"}``, ``json_object``, ``text``).
    output_format: Mapping[str, Any] | None = field(default=None, metadata={_TABLED: True})
    #: How verbose the answer is (Responses' ``text.verbosity``, OpenAI's ``verbosity``).
    verbosity: str | None = field(default=None, metadata={_TABLED: True})
    rest: Mapping[str, Any] = field(default_factory=dict)
    paths: Mapping[str, str] = field(default_factory=dict)
    #: Why a field of ``rest`` is not read, where that is not "no counterpart" (path -> why).
    why: Mapping[str, str] = field(default_factory=dict)
    wire: str = ""
    raw: Mapping[str, Any] = field(default_factory=dict)

    @property
    def stop_list(self) -> list[str] | None:
        """The stop sequences as the list a body holds."""
        return list(self.stop) if self.stop is not None else None


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


def unread(
    definition: Mapping[str, Any], known: frozenset[str], under: str = ""
) -> tuple[str, ...]:
    """The keys of a tool ``definition`` its reader does not take (not in ``known``), each
    as its path under the definition (``under``: the prefix of a nested object's keys):
    the ``marks`` of a :class:`ToolSpec`, so that nothing in a definition is dropped
    silently."""
    return tuple(f"{under}{key}" for key in definition if key not in known)


def strict_flag(value: Any) -> bool | None:
    """A definition's ``strict`` when it is a bool (``None``: absent or not a bool)."""
    return value if isinstance(value, bool) else None


def strict_field(tool: ToolSpec) -> dict[str, bool]:
    """``{"strict": ...}`` for a definition written where the source said (else empty)."""
    return {"strict": tool.strict} if tool.strict is not None else {}


def described(out: dict[str, Any], tool: ToolSpec, key: str) -> dict[str, Any]:
    """``out`` with the tool's description under ``key`` when it has one."""
    if isinstance(tool.description, str) and tool.description:
        out[key] = tool.description
    return out


def schemas(tools: Sequence[ToolSpec], empty: dict[str, Any]) -> list[Any]:
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
        self.fields: dict[str, Any] = {}
        self.tools: list[ToolSpec] = []
        self.rest: dict[str, Any] = {}
        self.paths: dict[str, str] = {}
        self.taken: set[str] = set()
        self.why: dict[str, str] = {}

    def take(self, key: str, name: str, value: Any) -> None:
        """Set ``name`` from ``value`` (read at path ``key``) unless it is ``None``."""
        if value is not None:
            self.fields[name] = value
            self.paths[name] = key
            self.taken.add(key.split(".")[0])

    def config(
        self,
        prefix: str,
        config: dict[str, Any],
        numbers: Sequence[tuple[str, str]],
        stop: str,
        others: frozenset[str] = frozenset(),
    ) -> None:
        """The numbers and stop sequences of a nested config object (Gemini's
        ``generationConfig``, Bedrock's ``inferenceConfig``) read at ``prefix``: each of
        ``numbers`` is (its key there, its neutral name); ``stop`` is its stop list's key;
        ``others``: keys the caller reads itself. Every other key (and a value not of its
        key's form) is a loss at its path."""
        read = {key for key, _ in numbers if number(config.get(key)) is not None}
        for key, name in numbers:
            if key in read:
                self.take(f"{prefix}.{key}", name, config[key])
        found = stops(config.get(stop))
        if found is not None:
            self.take(f"{prefix}.{stop}", "stop", found)
            read.add(stop)
        for key, value in config.items():
            if key not in read and key not in others:
                self.lose(f"{prefix}.{key}", value)
        self.taken.add(prefix)

    def tool(self, spec: ToolSpec, strict: Any = None) -> None:
        """One tool definition read; the ``strict`` it was given, when not a bool, a loss."""
        if strict is not None and not isinstance(strict, bool):
            self.lose(f"{spec.path}.{spec.strict_at}", strict, "is not a boolean")
            spec = replace(spec, strict_given=strict)
        self.tools.append(spec)

    def choice(self, name: str, value: Any, path: str, named: bool = False) -> None:
        """A neutral tool choice read at ``path`` (``named``: a tool's name), set as
        ``name`` (the wire says which: ``tool_choice``)."""
        self.fields[name], self.fields["choice_is_name"] = value, named
        self.paths[name] = path

    def lose(self, path: str, value: Any, why: str = "") -> None:
        """A field with no neutral form (or ``why`` it is not read): a loss on another wire."""
        self.rest[path] = value
        if why:
            self.why[path] = why

    def done(self) -> Settings:
        for key, value in self.body.items():
            if key not in self.taken:
                self.rest[key] = value
        fields = dict(self.fields)
        if "stop" in fields:
            fields["stop"] = tuple(fields["stop"])
        return Settings(
            **fields, tools=tuple(self.tools), rest=self.rest, paths=self.paths, why=self.why
        )


class SettingsShape:
    """How one wire holds the settings of a request. A wire that has none raises."""

    #: The keys of a body that hold the conversation (written by the transcript, not here).
    conversation_keys: frozenset[str] = frozenset()
    #: Where the shapes of its settings that are not self-evident are documented.
    sources: tuple[SettingSource, ...] = ()
    #: The settings of :class:`Settings` marked as tabled that this wire writes (its table:
    #: a pair of wires carries one exactly where both tables name it); any other one given
    #: is a loss at its source path.
    takes: frozenset[str] = frozenset()
    #: The wire marks tool definitions for caching (:attr:`ToolSpec.cache_at`); where it
    #: does not, a mark is a loss at its path.
    takes_tool_cache: bool = False
    #: The wire's tool definitions take ``strict`` (strict schema adherence); where they do
    #: not, a definition's ``strict: true`` is a loss (``false`` is every wire's default).
    takes_strict: bool = False
    #: The tool names the wire takes (``None``: no rule is known; any name goes).
    tool_names: ToolNames | None = None
    #: Where the wire is written down to take only a tool input schema whose root is an
    #: object (``type: "object"``; ``None``: no such rule is known). lint's
    #: ``tool-schema-root`` reads it.
    object_schema: SettingSource | None = None
    #: The model is a field of the body (``False``: it goes in the URL, as on Gemini and
    #: Bedrock, whose bodies refuse a ``model`` field: a model given is a loss there).
    model_in_body: bool = True

    @property
    def wire(self) -> str:
        raise NotImplementedError

    def refused_by_version(
        self,
        body: dict[str, Any],
        headers: Mapping[str, str],
        losses: list[Note],
        paths: Mapping[str, str],
    ) -> None:
        """Remove from ``body`` (written for this wire, in place) each setting the API
        version named in ``headers`` (lower-case names) refuses, each a loss at its source
        path (``paths``: :attr:`Settings.paths`; else its key here): a version travels as a
        header, so only the caller knows it. None by default."""

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


def read_settings(shape: SettingsShape, request: Any) -> Settings | None:
    """The settings of a request body of ``shape``'s wire; None for a bare message list or
    a body that holds its conversation only."""
    if not isinstance(request, dict):
        return None
    body = {k: v for k, v in request.items() if k not in shape.conversation_keys}
    if not body:
        return None
    read = shape.read(body)
    return replace(
        read, wire=shape.wire, raw=strict_copy(body, "a request field beside the conversation")
    )


def _in_url(wire: str) -> str:
    """What a loss says of a model given for a wire that takes it in the URL."""
    return f"the model goes in {wire}'s URL, not its body: dropped"


def write_settings(
    dst: SettingsShape,
    settings: Settings | None,
    body: dict[str, Any],
    called: list[str],
    losses: list[Note],
    notes: list[Note],
    model: str | None = None,
    source: str = "",
    models: ModelIds | None = None,
) -> None:
    """Write ``settings`` into ``body`` (``dst``'s, in place); each one the destination has
    no field for a loss at its source path. On the wire they were read from (``source``
    where there are none) every field is kept as given. ``called``: the names of the calls
    written; ``model`` replaces the model; ``models``: what the destination wire declares
    of its models (``WireChecks.models``), whose facts the settings are fitted to."""
    if (settings.wire if settings is not None else source) == dst.wire:
        if settings is not None:
            body.update({key: strict_copy(value, key) for key, value in settings.raw.items()})
        if model is not None and dst.model_in_body:
            body["model"] = model
        elif model is not None:
            losses.append(("model", _in_url(dst.wire)))
        dst.complete(body, called, notes)
        return
    if settings is None:
        settings = Settings()
    if model is not None:
        settings = replace(settings, model=model, paths={**settings.paths, "model": "model"})
    for path in settings.rest:
        why = settings.why.get(path, f"has no counterpart on {dst.wire}")
        losses.append((path, f"{why}: dropped"))
    written: list[ToolSpec] = []
    for tool in settings.tools:  # a field of a definition only its own wire has
        fault = schema_fault(tool.schema) if dst.object_schema is not None else None
        if fault is not None:
            where = f"{tool.path}.{tool.schema_at}" if tool.schema_at else tool.path
            what = f"{fault}, which {dst.wire} refuses: an empty object schema written"
            losses.append((where, what))
            tool = replace(tool, schema=None)
        written.append(tool)
        if tool.description is not None and not isinstance(tool.description, str):
            losses.append((f"{tool.path}.{tool.description_at}", "is not a string: dropped"))
        for mark in tool.marks:
            losses.append((f"{tool.path}.{mark}", f"has no counterpart on {dst.wire}: dropped"))
        if tool.cache_at and not dst.takes_tool_cache:
            losses.append((tool.cache_at, f"has no counterpart on {dst.wire}: dropped"))
        if tool.strict and not dst.takes_strict:
            losses.append(
                (f"{tool.path}.{tool.strict_at}", f"{dst.wire} has no strict schema mode: dropped")
            )
    settings = replace(settings, tools=tuple(written))
    losses.extend(untaken(settings, dst))
    facts = facts_of(models, settings.model) if models and settings.model else None
    if facts is not None:
        settings = fit_to_model(settings, facts, losses)
    if settings.model is not None and not dst.model_in_body:
        losses.append((settings.paths["model"], _in_url(dst.wire)))
        settings = replace(settings, model=None)
    dst.write(settings, body, called, losses, notes)


def tabled() -> tuple[str, ...]:
    """The settings of :class:`Settings` that a wire's table takes or not."""
    return tuple(f.name for f in fields(Settings) if f.metadata.get(_TABLED))


def untaken(settings: Settings, dst: SettingsShape) -> list[Note]:
    """A loss for each tabled setting given that ``dst``'s table does not take."""
    return [
        (settings.paths.get(name, name), f"has no counterpart on {dst.wire}: dropped")
        for name in tabled()
        if getattr(settings, name) is not None and name not in dst.takes
    ]


def all_lost(settings: Settings | None, wire: str) -> list[Note]:
    """Every setting of ``settings`` as a loss: for a wire that holds no settings."""
    if settings is None:
        return []
    paths = [path for name, path in settings.paths.items() if name != "choice_is_name"]
    paths += [tool.path or "tools" for tool in settings.tools]
    paths += list(settings.rest)
    return [(path, f"has no counterpart on {wire}: dropped") for path in dict.fromkeys(paths)]


def thinking_lost(settings: Settings, wire: str, budget: bool, effort: bool) -> list[Note]:
    """A loss for each thinking setting ``wire`` has no counterpart for (``budget``: it
    takes a token budget; ``effort``: it takes an effort level). No conversion between a
    budget and a level is documented by any provider, so none is guessed. The thinking
    settings are the fields of :class:`Settings` marked with the form they take."""
    takes = {_BUDGET: budget, _EFFORT: effort}
    lost: list[Note] = []
    for setting in fields(settings):
        form = setting.metadata.get(_THINKING)
        if form is None or takes[form] or getattr(settings, setting.name) is None:
            continue
        other = [f"takes {kept}, not {form}" for kept, taken in takes.items() if taken]
        what = other[0] if other else "has no thinking setting"
        lost.append((settings.paths[setting.name], f"{wire} {what}: dropped"))
    return lost


# --- the destination model (issue 37): what it refuses is a loss, not a copied value ---


def _refuses(facts: ModelFacts, name: str, effort: str | None) -> bool:
    if name not in facts.rejects_sampling:
        return False
    if facts.sampling_when != "effort-not-none":
        return True
    if effort is not None:
        return effort != "none"
    return facts.omitted_is_none is False


def _by(facts: ModelFacts, fact: str) -> str:
    """Who says so: the model's facts, or a user report."""
    said = "" if facts.documented(fact) else ", a user report"
    return f"({facts.source}{said})"


def _marked(key: str, value: object = True) -> list[str]:
    """The names of the fields of :class:`Settings` whose metadata has ``key`` (``value``)."""
    return [f.name for f in fields(Settings) if f.metadata.get(key) == value]


def fit_to_model(settings: Settings, facts: ModelFacts, losses: list[Note]) -> Settings:
    """``settings`` without what ``facts``' model refuses, each such value a loss at its
    source path; ``max_tokens`` over the model's output limit cut to it. The settings are
    found by their metadata (sampling, the effort level, the tool choice), not by name."""
    model = repr(facts.model)
    changes: dict[str, Any] = {}

    def lose(name: str, what: str) -> None:
        losses.append((settings.paths.get(name, name), what))
        changes[name] = None

    effort = settings.reasoning_effort
    if effort == "none" and facts.effort_none is False:
        for name in _marked(_THINKING, _EFFORT):
            lose(
                name,
                f"{model} takes no reasoning effort 'none' {_by(facts, 'effort_none')}:"
                " dropped (the model's default applies)",
            )
        effort = None
    for setting in fields(settings):
        sampled = setting.metadata.get(_SAMPLED)
        if sampled is None or getattr(settings, setting.name) is None:
            continue
        if _refuses(facts, sampled, effort):
            lose(
                setting.name, f"{model} refuses {sampled} {_by(facts, 'rejects_sampling')}: dropped"
            )
        elif sampled in facts.ignores_sampling:
            lose(setting.name, f"{model} ignores a custom {sampled} ({facts.source}): dropped")
    forced = settings.tool_choice == "required" or settings.choice_is_name
    if forced and settings.tool_choice is not None and facts.forced_tool_choice is False:
        for name in _marked(_CHOICE):
            lose(
                name,
                f"{model} refuses a forced tool choice {_by(facts, 'forced_tool_choice')}:"
                " dropped (the model chooses)",
            )
        settings = replace(settings, choice_is_name=False)
    limit = facts.output_limit
    if settings.max_tokens is not None and limit is not None and settings.max_tokens > limit:
        losses.append(
            (
                settings.paths.get("max_tokens", "max_tokens"),
                f"{settings.max_tokens:,} is over the output limit of {model}, {limit:,}"
                f" ({facts.source}): {limit} written",
            )
        )
        changes["max_tokens"] = limit
    return replace(settings, **changes) if changes else settings
