"""What a wire's own request checks are made of, and what ``lint`` needs to know of a wire.

A check is a function ``check(read, scope, add)``: it reads the request as the wire read it
(``read.raw`` is the JSON as sent, SDK objects already dumped), the :class:`Scope` (the wire,
the profile, the model's facts) and reports through ``add(rule, path, message, case)``, which
``lint`` turns into a finding with the rule table's severity and source (``case`` picks a
severity of the rule's row, ``""`` the default). The checks that concern only one wire's
shapes live in that wire's package (``wires/<wire>/checks.py``) and reach ``lint`` through
:class:`WireChecks`, the ``checks`` field of the wire's ``WireModule``; the generic checks
(``toolresult_lab/requests/checks``) read the data of :class:`WireChecks` instead of wire names.

These types sit here, below the layers that run the checks, because ``wires/`` never imports
from above it.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final, Protocol

from ..budgets.model_lookup import ModelIds
from ..requests.findings import Severity
from ._read import CallPart, Message, Part, ReadRequest, ResultPart

__all__ = [
    "Add",
    "Check",
    "InputKind",
    "ModelView",
    "PrefixFacts",
    "ProfileView",
    "ResultCheck",
    "Scope",
    "WireChecks",
    "blocks",
    "body_value",
    "entries",
    "items",
    "named",
    "parts_of",
    "short",
    "typed_blocks",
]

_NO_HEADERS: Final[Mapping[str, str]] = MappingProxyType({})
_NO_SAMPLING: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType({})
_NO_SEVERITIES: Final[Mapping[str, Severity | None]] = MappingProxyType({})

#: ``add(rule, path, message, case)``: report a finding (``case`` picks a severity of the
#: rule's table, ``""`` the default).
Add = Callable[[str, str, str, str], None]


class ModelView(Protocol):
    """What a check reads of a model's facts (``models.ModelFacts``)."""

    @property
    def model(self) -> str: ...
    @property
    def inputs(self) -> frozenset[str]: ...
    @property
    def source(self) -> str: ...
    @property
    def context_window(self) -> int | None: ...
    @property
    def input_window(self) -> int | None: ...
    @property
    def output_limit(self) -> int | None: ...
    @property
    def reasoning(self) -> bool | None: ...
    @property
    def omitted_is_none(self) -> bool | None: ...
    @property
    def rejects_sampling(self) -> frozenset[str]: ...
    @property
    def sampling_when(self) -> str: ...
    @property
    def ignores_sampling(self) -> frozenset[str]: ...
    @property
    def forced_tool_choice(self) -> bool | None: ...
    @property
    def chat_tools(self) -> str | None: ...
    @property
    def prefill(self) -> bool | None: ...
    @property
    def final_model_turn(self) -> bool | None: ...
    def takes(self, kind: str) -> bool: ...
    def documented(self, fact: str) -> bool: ...


class ProfileView(Protocol):
    """What a check reads of a provider profile (``profiles.ProviderProfile``)."""

    @property
    def label(self) -> str: ...
    @property
    def images(self) -> str: ...
    @property
    def base64_only(self) -> bool: ...


@dataclass(frozen=True)
class Scope:
    """The wire, the profile (or ``None``), the facts of the model the request is for
    (``None``: no model given, or one the catalog does not know), whether the model reads
    images, the profile's facts (``None``: no profile), the request's HTTP headers
    (lower-case names; empty: none given), the request sent before it in the same
    conversation (``None``: none given) and the model the request names (the caller's
    ``model=``, else the body's; ``None``: none), known or not."""

    wire: str
    profile: str | None
    model: ModelView | None
    vision: bool = True
    profile_facts: ProfileView | None = None
    headers: Mapping[str, str] = field(default_factory=lambda: _NO_HEADERS)
    previous: Any = None
    named: str | None = None
    #: The provider's answer to ``previous`` (``None``: none given).
    previous_response: Any = None


@dataclass(frozen=True)
class PrefixFacts:
    """What comparing a request with the one sent before it needs of a wire (issue 38;
    ``requests.history``), so the comparison names no provider field.

    - ``fields``: the body fields read before the messages, in the provider's order, each
      with what it is (``model``, ``tools``, ``system``).
    - ``marker_keys``: the keys of a cache marker inside a block, a tool or a message, and
      ``marker_block``: the member of a block that is only a cache marker; both left out
      of the comparison.
    - ``signed``: whether a content block is signed thinking, bound to its prefix on a
      model that binds thinking (``None``: the wire has none).
    - ``reasoning``: whether an item of the list is a reasoning item, dropped after a
      changed prefix by newer models (``None``: none).
    - ``answer``: the blocks (or, with ``reasoning``, the items) of the provider's answer
      to a request, which the next request replays (``None``: not read).
    """

    fields: tuple[tuple[str, str], ...] = (("model", "model"), ("tools", "tools"))
    marker_keys: frozenset[str] = frozenset()
    marker_block: str | None = None
    signed: Callable[[Any], bool] | None = None
    reasoning: Callable[[Any], bool] | None = None
    answer: Callable[[Any], list[Any] | None] | None = None


Check = Callable[[ReadRequest, Scope, Add], None]


#: A check of one tool result's content, as the wire takes it there.
ResultCheck = Callable[[ResultPart, Scope, Add], None]
#: ``image``, ``audio`` or ``video`` when a JSON object of the request is an input of that
#: kind on the wire (else ``None``).
InputKind = Callable[[dict[str, Any]], str | None]


@dataclass(frozen=True)
class WireChecks:
    """What ``lint`` knows of one wire beyond its turn shape: its own checks, and the data
    the generic checks read instead of comparing wire names.

    - ``rules``: the checks of this wire's own shapes, run after the generic ones, in order.
    - ``result_content``: what a tool result of this wire may hold
      (``tool-result-content`` and its kin); ``None``: nothing is checked there.
    - ``result_blocks``: the block types (on bedrock, the members) a tool result's content
      takes, where the wire checks them.
    - ``input_kind``: the kind of input a JSON object is (the model-capability check);
      ``None``: the wire is not checked.
    - ``image_types``: the declared image types the wire takes in a message
      (``media-type``); ``result_types``: the types a tool result's images *and* documents
      must have (``None``: its images as in a message, its documents unchecked).
    - ``exact_types``: the wire takes a declared type only as ``image_types`` spell it
      (its API's enum is case-sensitive: ``IMAGE/PNG`` is refused); else in any case.
    - ``image_bytes_read``: the wire reads an inline image's bytes and refuses data whose
      header is no image (``media-type``'s case ``not-an-image``).
    - ``url_safe_base64``: the wire also takes base64's URL-safe alphabet.
    - ``ids_advisory``: a result whose id matches no call still pairs by name or place.
    - ``pairs_in_order``: a result without id answers the earliest unanswered call before
      it (of its name, if it has one).
    - ``held_call_ids``: the ids of the calls the request answers without holding them (a
      stored earlier response, items of another type); ``None``: none.
    - ``pending_call_ids``: the ids of the calls whose output may come in a later request
      (a Responses call with ``async: true``): unanswered, they are pending, never missing
      (no ``call-without-result``, and repair adds no result); ``None``: none.
    - ``item_id_longest``: the most characters of a call item's own ``id`` (``None``: no
      limit).
    - ``prefix``: what comparing a request with the one sent before needs
      (:class:`PrefixFacts`).
    - ``sampling``: where the request sets each sampling parameter (neutral name, as the
      model table spells it: ``temperature``, ``top-p``, ``top-k``, ``frequency-penalty``,
      ``presence-penalty``, ``top-logprobs``, to its dotted paths in the body);
      ``effort``: the dotted path of the reasoning effort (``None``: the wire has none).

    What the rule table derives from (``requests.rules.where``: which rules apply here),
    so a wire is checked by what it declares, never by a list of wire names:

    - ``reports``: the rules this wire's own checks report (``rules``, ``result_content``):
      a rule only a wire's own checks report applies on exactly the wires that say so.
    - ``severities``: this wire's own severity of a rule (``"<rule>"``) or of one case of
      it (``"<rule>:<case>"``), where it differs from the rule's (``None``: no finding).
      A wire's case comes first, then the rule's ``*:<case>``, the profile's, the wire's
      rule default, and the rule's ``*``.
    - ``call_ids``: its calls and results carry ids a request can repeat
      (``duplicate-call-id``, ``duplicate-result``; hermes' tagged calls carry none).
    - ``base64_media``: it takes media as base64 data (``bad-base64``).
    - ``media_limits``: lint checks its images and pages against the provider's documented
      per-request count and per-image size (``too-much-media``, ``image-too-large``; the
      figures in ``budgets.provider_limits``).
    - ``models``: whose model ids its ``model`` is (:class:`ModelIds`: the models.dev
      catalog providers, the model makers of the dated table, the models the catalog
      lacks), so lint knows a model's facts (``context-window``, ``model-unknown``, the
      sampling and capability checks); ``None``: its models are not looked up.
    - ``unchecked``: the documented provider rules of this wire that no check implements
      yet (``rules.UNCHECKED``'s ids): the rules doc lists each on the wires that name it.
    - ``empty_rejected``: the provider rejects an empty list of messages (``no-messages``).
    - ``empty_text_rejected``: the provider rejects an empty text block, and one of only
      whitespace unless beside other content (``empty-text``).
    """

    rules: tuple[Check, ...] = ()
    result_content: ResultCheck | None = None
    result_blocks: frozenset[str] = frozenset()
    input_kind: InputKind | None = None
    image_types: frozenset[str] = frozenset()
    result_types: frozenset[str] | None = None
    exact_types: bool = False
    image_bytes_read: bool = False
    url_safe_base64: bool = False
    ids_advisory: bool = False
    pairs_in_order: bool = False
    held_call_ids: Callable[[ReadRequest], Container[str]] | None = None
    pending_call_ids: Callable[[ReadRequest], Container[str]] | None = None
    item_id_longest: int | None = None
    sampling: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: _NO_SAMPLING)
    effort: str | None = None
    prefix: PrefixFacts = PrefixFacts()
    reports: frozenset[str] = frozenset()
    severities: Mapping[str, Severity | None] = field(default_factory=lambda: _NO_SEVERITIES)
    call_ids: bool = False
    base64_media: bool = False
    media_limits: bool = False
    models: ModelIds | None = None
    unchecked: frozenset[str] = frozenset()
    empty_rejected: bool = False
    empty_text_rejected: bool = False

    @property
    def model_facts(self) -> bool:
        """Lint looks the wire's models up: it declares their :class:`ModelIds`."""
        return self.models is not None


def items(read: ReadRequest) -> list[Any]:
    """The request's list (messages, contents, input items) as sent; ``[]`` when it is not
    a list (a ``shape`` finding already says so)."""
    raw = read.raw
    found = raw.get(read.key) if isinstance(raw, dict) else raw
    return found if isinstance(found, list) else []


def body_value(read: ReadRequest, path: str) -> Any:
    """The body's value at a dotted ``path`` (``reasoning.effort``); ``None`` where the
    request is a bare list, or a step is missing or no object."""
    value: Any = read.raw
    for key in path.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def entries(read: ReadRequest, member: str) -> Iterator[tuple[int, dict[str, Any], list[Any]]]:
    """Each message (content) that is an object, with its position and its ``member`` list
    (``content``, ``parts``) when that is a list."""
    for index, entry in enumerate(items(read)):
        if isinstance(entry, dict):
            found = entry.get(member)
            yield index, entry, found if isinstance(found, list) else []


def blocks(content: list[Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """The blocks of a content list that are objects, with their index."""
    for index, block in enumerate(content):
        if isinstance(block, dict):
            yield index, block


def parts_of(message: Message) -> Iterator[Part]:
    """Every part of a message, results' contents included."""
    for part in message.parts:
        yield part
        if isinstance(part, ResultPart):
            yield from part.parts


def short(value: object) -> str:
    """``repr(value)``, cut to 80 characters (a finding quotes it)."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def named(part: ResultPart | CallPart) -> str:
    """How a finding names a result (or call): its id, else its tool's name."""
    return short(part.id) if part.id else short(part.name) if part.name else "a call"


def typed_blocks(
    content: Any, result: ResultPart, allowed: frozenset[str], field: str, add: Add
) -> list[Any]:
    """Report each block of a result's ``field`` list (``content``, ``output``) whose
    ``type`` the wire does not take there (``tool-result-content``); the list (``[]`` for a
    string)."""
    if not isinstance(content, list):
        return []
    for index, block in enumerate(content):
        kind = block.get("type") if isinstance(block, dict) else None
        if not isinstance(kind, str) or kind not in allowed:
            add(
                "tool-result-content",
                f"{result.path}.{field}[{index}]",
                f"The result for {short(result.id)} holds a block of type {short(kind)};"
                f" it takes {', '.join(sorted(allowed))}.",
                "",
            )
    return content
