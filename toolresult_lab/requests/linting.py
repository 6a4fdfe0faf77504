"""Check a whole request before it is sent (SPEC 8): what each provider would reject or lose.

``lint(wire, request)`` reads the request through the wire's reader (``wires.read_request``:
the neutral read model with JSON paths) and checks every rule of the rule table
(``rules.RULES``) that applies to the wire and profile, then sorts the findings into
request order. This module only orchestrates: the generic checks live in ``checks/`` (one
module per rule group), the checks of one wire's own shapes in ``wires/<wire>/checks.py``;
the rules' severities, sources and dates live in the table. Malformed insides are ``shape``
findings; only the request's own type, the wire, the profile and ``vision`` raise.

>>> from toolresult_lab import lint
>>> found = lint("anthropic", [{"role": "assistant", "content": [
...     {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]}])
>>> [(f.rule, f.path) for f in found]
[('call-without-result', 'messages[0].content[0]'), ('final-assistant', 'messages[0]')]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from ..budgets.models import ModelFacts, model_facts
from ..conversion.nesting import NestingError
from ..conversion.profiles import PROFILES
from ..wires import HEADS, ReadRequest, Scope, read_request, wire_facts
from .answers import Checked
from .checks import run
from .checks.ids import id_problem, id_rejected
from .findings import Finding, Findings
from .rules import RULES

__all__ = [
    "Context",
    "Findings",
    "checked",
    "context",
    "facts_for",
    "header_map",
    "id_problem",
    "id_rejected",
    "lint",
    "lint_read",
    "path_order",
]

_TOKEN: Final = re.compile(r"\[(\d+)\]|([^.\[\]]+)")
_NO_HEADERS: Final[Mapping[str, str]] = MappingProxyType({})


class Context:
    """What a check needs besides the request: the wire, the profile (or ``None``),
    whether the model reads images, the model named by the caller (``None``: the
    request's own ``model``, if any), the request's HTTP headers (lower-case names:
    ``anthropic-version``, ``anthropic-beta``; empty: none given) and the request sent
    before it in the same conversation (``None``: none given) and the provider's answer to
    that request (``None``: none given)."""

    __slots__ = ("headers", "model", "previous", "previous_response", "profile", "vision", "wire")

    def __init__(
        self,
        wire: str,
        profile: str | None,
        vision: bool,
        model: str | None = None,
        headers: Mapping[str, str] = _NO_HEADERS,
        previous: Any = None,
        previous_response: Any = None,
    ) -> None:
        self.wire: Final = wire
        self.profile: Final = profile
        self.vision: Final = vision
        self.model: Final = model
        self.headers: Final = headers
        self.previous: Final = previous
        self.previous_response: Final = previous_response


def context(
    wire: object,
    profile: object = None,
    vision: object = None,
    model: object = None,
    headers: object = None,
    previous: object = None,
    previous_response: object = None,
) -> Context:
    """Check ``lint``'s and ``repair``'s arguments.

    :raises ValueError: unknown wire; unknown profile, or one of another wire;
        ``previous_response`` without ``previous``.
    :raises TypeError: ``profile`` or ``model`` not a ``str`` or ``None``, ``vision`` not
        a ``bool`` or ``None``; ``headers`` not a mapping of ``str`` to ``str``;
        ``previous`` neither a dict, a list nor ``None``; ``previous_response`` neither a
        dict, an SDK object nor ``None``.
    """
    facts = wire_facts(wire)
    if model is not None and not isinstance(model, str):
        raise TypeError(f"model must be a str or None, not {type(model).__name__}")
    named = header_map(headers)
    if (
        previous is not None
        and not isinstance(previous, (dict, list))
        and not hasattr(previous, "model_dump")
    ):
        raise TypeError(
            f"previous must be the earlier request (a dict or a list) or None,"
            f" not {type(previous).__name__}"
        )
    if previous_response is not None:
        if not isinstance(previous_response, dict) and not hasattr(previous_response, "model_dump"):
            raise TypeError(
                "previous_response must be the provider's answer to previous (a dict or an SDK"
                f" object) or None, not {type(previous_response).__name__}"
            )
        if previous is None:
            raise ValueError("previous_response is the answer to previous: give previous too")
    if profile is not None and not isinstance(profile, str):
        raise TypeError(f"profile must be a str or None, not {type(profile).__name__}")
    if vision is not None and not isinstance(vision, bool):
        raise TypeError(f"vision must be a bool or None, not {type(vision).__name__}")
    reads = True
    if profile is not None:
        found = PROFILES.get(profile)
        if found is None:
            raise ValueError(
                f"unknown provider profile {profile!r}; known profiles: {', '.join(PROFILES)}"
            )
        if found.wire != facts.wire:
            raise ValueError(f"profile {profile!r} is for the {found.wire} wire, not {facts.wire}")
        reads = found.vision
    return Context(
        facts.wire,
        profile,
        reads if vision is None else vision,
        model,
        named,
        previous,
        previous_response,
    )


def header_map(headers: object) -> Mapping[str, str]:
    """``headers`` (a mapping of names to values, as an HTTP client holds them) with
    lower-case names, read-only; ``None`` gives none.

    :raises TypeError: not a mapping, or a name or value not a ``str``.
    """
    if headers is None:
        return _NO_HEADERS
    if not isinstance(headers, Mapping):
        raise TypeError(
            f"headers must be a mapping of header names to values or None,"
            f" not {type(headers).__name__}"
        )
    named: dict[str, str] = {}
    for name, value in headers.items():
        if not isinstance(name, str) or not isinstance(value, str):
            raise TypeError(
                f"headers[{name!r}] must map a str name to a str value,"
                f" not {type(name).__name__} to {type(value).__name__}"
            )
        named[name.lower()] = value
    return MappingProxyType(named)


def lint(
    wire: object,
    request: Any,
    *,
    profile: str | None = None,
    vision: bool | None = None,
    model: str | None = None,
    headers: Mapping[str, str] | None = None,
    previous: Any = None,
    previous_response: Any = None,
) -> Findings:
    """What the provider behind ``wire`` would reject (errors) or lose (warnings) in
    ``request``: its body, or just its list of messages (contents, input items), as JSON
    values or an SDK object with ``model_dump()``. In request order, each with its path.

    ``model`` (else the body's own ``model``) selects the model's facts from the catalog
    (``models.model_facts``) for the model-capability checks; ``Findings.model`` says
    which facts were used (``None``: no model, or one the catalog does not know, and then
    no capability finding). ``headers`` are the request's HTTP headers (the API version
    travels there: ``anthropic-version``, ``anthropic-beta``); ``previous`` the request
    sent before this one in the same conversation: the first change this request makes to
    it is the ``prefix-changed`` finding (an error where the model binds thinking to its
    prefix and a signed thinking block follows the change, else a warning naming the loss;
    appending is none). ``previous_response``: the provider's answer to ``previous``, whose
    signed thinking blocks and reasoning items this request must replay as returned.

    :raises TypeError: the request is neither a dict nor a list; a bad ``profile``,
        ``vision``, ``model``, ``headers`` or ``previous`` type.
    :raises ValueError: unknown wire; unknown profile, or one of another wire. A request
        nested too deep, holding itself or spelling too many values is one ``shape`` error
        at the place (``conversion.nesting``), never an exception.
    """
    ctx = context(wire, profile, vision, model, headers, previous, previous_response)
    try:
        read = read_request(ctx.wire, request)
    except NestingError as error:  # no provider reads it either: a finding, not a crash
        return Findings([_unwalkable(error, ctx)])
    return lint_read(read, ctx)


def _unwalkable(error: NestingError, ctx: Context) -> Finding:
    """The ``shape`` error of a request too deep, holding itself or too large to read."""
    rule = RULES["shape"]
    severity = rule.level(ctx.wire, ctx.profile) or "error"
    return Finding(
        "shape",
        severity,
        error.path,
        f"{error.problem[0].upper()}{error.problem[1:]}.",
        rule.source,
    )


def lint_read(read: ReadRequest, ctx: Context) -> Findings:
    """:func:`lint` of a request already read."""
    named = _named(read, ctx)
    model = model_facts(ctx.wire, named)
    found = run(read, _scope(ctx, model, named))
    key = read.key
    return Findings(
        sorted(found.found, key=lambda finding: path_order(finding.path, key)), model=model
    )


def _named(read: ReadRequest, ctx: Context) -> str | None:
    """The model ``ctx`` names, else the body's own ``model``."""
    named = ctx.model
    if named is None and isinstance(read.raw, dict):
        own = read.raw.get("model")
        named = own if isinstance(own, str) else None
    return named


def facts_for(read: ReadRequest, ctx: Context) -> ModelFacts | None:
    """The facts of the model ``ctx`` names, else of the body's own ``model``."""
    return model_facts(ctx.wire, _named(read, ctx))


def checked(read: ReadRequest, ctx: Context) -> Checked:
    """The pass of :func:`lint` over ``read``: its findings (in the order the checks made
    them) and its pairing of calls and results, which ``repair`` works from."""
    return run(read, _scope(ctx, facts_for(read, ctx), _named(read, ctx)))


def _scope(ctx: Context, model: ModelFacts | None, named: str | None) -> Scope:
    """What the checks receive besides the request."""
    profile = PROFILES.get(ctx.profile) if ctx.profile is not None else None
    return Scope(
        ctx.wire,
        ctx.profile,
        model,
        ctx.vision,
        profile,
        ctx.headers,
        ctx.previous,
        named,
        ctx.previous_response,
    )


def path_order(path: str, key: str) -> tuple[Any, ...]:
    """A path's place in the request (``key``: the name of its list of messages): the
    request itself, then system, tools, the list, the rest; within each, in the order of
    the path's keys and indices."""
    tokens = _TOKEN.findall(path)
    if not tokens:
        return (0,)
    head = tokens[0][1]
    rank = 1 if head in HEADS else 2 if head == "tools" else 3 if head == key else 4
    return (rank, *[(0, int(i)) if i else (1, name) for i, name in tokens])
