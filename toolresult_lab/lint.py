"""Check a whole request before it is sent (SPEC 8): what each provider would reject or lose.

``lint(wire, request)`` reads the request through the wire's reader (``wires.read_request``:
the neutral read model with JSON paths) and checks every rule of the rule table
(``rules.RULES``) that applies to the wire and profile. Each check below reads the model
and the rule's severity; the rules' wording, sources and dates live in the table. Malformed
insides are ``shape`` findings; only the request's own type, the wire, the profile and
``vision`` raise.

>>> from toolresult_lab import lint
>>> found = lint("anthropic", [{"role": "assistant", "content": [
...     {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]}])
>>> [(f.rule, f.path) for f in found]
[('call-without-result', 'messages[0].content[0]'), ('final-assistant', 'messages[0]')]
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from collections.abc import Iterator
from typing import Any, Final

from .b64 import is_canonical, strip_whitespace
from .checks import Scope, run_checks
from .filenames import MAX_DOCUMENT_NAME, document_name_fault
from .findings import Finding, Findings
from .imagesize import image_size
from .limits import LIMITS, Limit
from .models import ModelFacts, model_facts
from .pairing import Checked, Dropped, Pairing
from .pdfpages import pdf_pages
from .profiles import PROFILES
from .rules import (
    GEMINI_IMAGE_MIMES,
    GEMINI_RESPONSE_MIMES,
    ID_FORMATS,
    MAX_DOCUMENTS,
    RULES,
    TEXT_LIMIT,
    id_format_for,
)
from .wires import (
    HEADS,
    MISSING,
    RESULT_BLOCK_TYPES,
    SIGNATURE_FIELD,
    WIRES,
    CallPart,
    DocumentPart,
    ImagePart,
    Message,
    OpaquePart,
    Part,
    ReadRequest,
    ResultPart,
    TextPart,
    answerable_item_ids,
    cached,
    document_name_of,
    ends_in_server_result,
    function_response,
    is_document,
    read_request,
    turn_shape,
    wire_facts,
)

__all__ = ["Context", "checked", "context", "facts_for", "lint", "lint_read"]

#: Where a call's result may sit: ``next`` the one message after the call's (anthropic,
#: gemini), ``run`` the tool messages directly after it (openai), ``later`` anywhere after.
#: The wires where a call and its result must carry an id (their turn shapes say so).
_NEEDS_IDS: Final = frozenset(wire for wire in WIRES if turn_shape(wire).needs_call_ids)
#: ``rules.ID_FORMATS``' patterns, compiled once.
_ID_PATTERNS: Final = {
    found.pattern: re.compile(found.pattern)
    for found in ID_FORMATS.values()
    if found.pattern is not None
}
_URL_SAFE: Final = str.maketrans("-_", "+/")
_TOKEN: Final = re.compile(r"\[(\d+)\]|([^.\[\]]+)")


class Context:
    """What a check needs besides the request: the wire, the profile (or ``None``),
    whether the model reads images, and the model named by the caller (``None``: the
    request's own ``model``, if any)."""

    __slots__ = ("model", "profile", "vision", "wire")

    def __init__(
        self, wire: str, profile: str | None, vision: bool, model: str | None = None
    ) -> None:
        self.wire: Final = wire
        self.profile: Final = profile
        self.vision: Final = vision
        self.model: Final = model


def id_problem(
    wire: str, profile: str | None, value: str, what: str = "call"
) -> tuple[str, str | None] | None:
    """Section 8's ``call-id-format`` for one id on ``wire`` (with ``profile``): the message
    and its case in the rule table (``"over-40"``: the warning; ``None``: an error), or
    ``None`` when the id is valid."""
    found = id_format_for(wire, profile)
    if found is None:
        return None
    if found.longest is not None and len(value) > found.longest:
        return (
            f"The {what}'s id {_short(value)} is {len(value)} characters long"
            f" (at most {found.longest}).",
            None,
        )
    pattern = _ID_PATTERNS.get(found.pattern) if found.pattern is not None else None
    if pattern is not None and not pattern.fullmatch(value):
        return f"The {what}'s id {_short(value)} {found.shown}.", None
    if found.warn_over is not None and len(value) > found.warn_over:
        return (
            f"The {what}'s id {_short(value)} is {len(value)} characters long (some"
            f" gateways take at most {found.warn_over}).",
            f"over-{found.warn_over}",
        )
    return None


def id_rejected(wire: str, profile: str | None, value: str) -> bool:
    """True when ``call-id-format`` is an error for this id (the provider rejects it)."""
    problem = id_problem(wire, profile, value)
    return problem is not None and problem[1] is None


def context(
    wire: object, profile: object = None, vision: object = None, model: object = None
) -> Context:
    """Check ``lint``'s and ``repair``'s arguments.

    :raises ValueError: unknown wire; unknown profile, or one of another wire.
    :raises TypeError: ``profile`` or ``model`` not a ``str`` or ``None``, ``vision`` not
        a ``bool`` or ``None``.
    """
    facts = wire_facts(wire)
    if model is not None and not isinstance(model, str):
        raise TypeError(f"model must be a str or None, not {type(model).__name__}")
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
    return Context(facts.wire, profile, reads if vision is None else vision, model)


def lint(
    wire: object,
    request: Any,
    *,
    profile: str | None = None,
    vision: bool | None = None,
    model: str | None = None,
) -> Findings:
    """What the provider behind ``wire`` would reject (errors) or lose (warnings) in
    ``request``: its body, or just its list of messages (contents, input items), as JSON
    values or an SDK object with ``model_dump()``. In request order, each with its path.

    ``model`` (else the body's own ``model``) selects the model's facts from the catalog
    (``models.model_facts``) for the model-capability checks; ``Findings.model`` says
    which facts were used (``None``: no model, or one the catalog does not know, and then
    no capability finding).

    :raises TypeError: the request is neither a dict nor a list; a bad ``profile``,
        ``vision`` or ``model`` type.
    :raises ValueError: unknown wire; unknown profile, or one of another wire.
    """
    ctx = context(wire, profile, vision, model)
    return lint_read(read_request(ctx.wire, request), ctx)


def lint_read(read: ReadRequest, ctx: Context) -> Findings:
    """:func:`lint` of a request already read."""
    check = _Check(read, ctx)
    check.run()
    return Findings(check.ordered(), model=check.model)


def facts_for(read: ReadRequest, ctx: Context) -> ModelFacts | None:
    """The facts of the model ``ctx`` names, else of the body's own ``model``."""
    named = ctx.model
    if named is None and isinstance(read.raw, dict):
        own = read.raw.get("model")
        named = own if isinstance(own, str) else None
    return model_facts(ctx.wire, named)


def checked(read: ReadRequest, ctx: Context) -> Checked:
    """The pass of :func:`lint` over ``read``: its findings (in the order the checks made
    them) and its pairing of calls and results, which ``repair`` works from."""
    check = _Check(read, ctx)
    check.run()
    return Checked(tuple(check.found), check.pairing_found())


def _order(path: str, key: str) -> tuple[Any, ...]:
    """A path's place in the request: the request itself, then system, tools, the list."""
    tokens = _TOKEN.findall(path)
    if not tokens:
        return (0,)
    head = tokens[0][1]
    rank = 1 if head in HEADS else 2 if head == "tools" else 3 if head == key else 4
    return (rank, *[(0, int(i)) if i else (1, name) for i, name in tokens])


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _block_text(part: TextPart) -> bool:
    """A text block of a content list (not a message's plain string content)."""
    return part.path.endswith("]")


def _parts_of(message: Message) -> Iterator[Part]:
    """Every part of a message, results' contents included."""
    for part in message.parts:
        yield part
        if isinstance(part, ResultPart):
            yield from part.parts


def _limit(wire: str, scope: str, measure: str, *, over: int = 0) -> Limit:
    """The documented limit of ``limits.LIMITS`` a check reads its figure from (the largest
    value when ``over`` is 0; the one applying to requests with more images otherwise)."""
    found = [
        limit
        for limit in LIMITS
        if limit.wire == wire
        and limit.scope == scope
        and limit.measure == measure
        and limit.when_images_over == over
    ]
    return max(found, key=lambda limit: limit.value)


class _Check:
    """One ``lint`` pass: the request, the context, and the findings so far."""

    def __init__(self, read: ReadRequest, ctx: Context) -> None:
        self.read = read
        self.ctx = ctx
        self.wire = ctx.wire
        self.profile = ctx.profile
        self.found: list[Finding] = []
        self.model = facts_for(read, ctx)
        # The pairing (``pairing.Pairing``): the calls (message position, call), and by
        # call index its misplaced results; results to drop; calls no result answers.
        self.calls: list[tuple[int, CallPart]] = []
        self.misplaced: dict[int, list[tuple[int, ResultPart]]] = {}
        self.dropped: list[Dropped] = []
        self.unanswered: list[int] = []
        # calls without id and the result each answers by position; results without id
        # that answer nothing
        self.claimed: dict[int, ResultPart] = {}
        self.orphans: list[ResultPart] = []
        # per message, the messages whose calls its results may answer (``_places``)
        self.owners: list[range] = []

    # -- reporting ---------------------------------------------------------------------

    def add(self, rule_id: str, path: str, message: str, case: str = "") -> None:
        rule = RULES[rule_id]
        if not rule.applies(self.wire, self.profile):
            return
        severity = rule.level(self.wire, self.profile, case)
        if severity is not None:
            self.found.append(Finding(rule_id, severity, path, message, rule.source))

    def pairing_found(self) -> Pairing:
        """The pairing as an immutable value (after :meth:`run`)."""
        return Pairing(
            calls=tuple(self.calls),
            misplaced={index: found[0] for index, found in self.misplaced.items()},
            dropped=tuple(self.dropped),
            unanswered=tuple(self.unanswered),
            claimed=dict(self.claimed),
            orphans=tuple(self.orphans),
        )

    def ordered(self) -> list[Finding]:
        key = self.read.key
        return sorted(self.found, key=lambda finding: _order(finding.path, key))

    # -- the checks --------------------------------------------------------------------

    def run(self) -> None:
        for problem in self.read.problems:
            self.add("shape", problem.path, f"{problem.expected}.")
        self.pairing()
        self.ids()
        self.contents()
        self.media()
        if turn_shape(self.wire).results_first:
            self.results_first()
        if self.wire == "bedrock":
            self.documents()
        if self.wire == "anthropic":
            self.anthropic_messages()
            self.cache_breakpoints()
            self.request_size()
        if self.wire == "gemini":
            self.gemini_messages()
        if self.profile == "mistral":
            self.user_after_tool()
        run_checks(self.read, Scope(self.wire, self.profile, self.model), self.add)

    def pairing(self) -> None:
        """Calls and results: who answers whom, and where (SPEC 8's pairing rules)."""
        messages = self.read.messages
        shape = turn_shape(self.wire)
        zone = shape.results_zone
        owners = self.owners = _places(messages, zone, shape.merged_roles)
        calls: list[tuple[int, CallPart]] = [
            (pos, call) for pos, message in enumerate(messages) for call in message.calls
        ]
        self.calls = calls
        index_of = _CallIndex(calls)
        answered: dict[int, ResultPart] = {}
        misplaced = self.misplaced
        claimed = self.claimed
        needs_ids = self.wire in _NEEDS_IDS
        all_ids = {call.id for _, call in calls if call.id}
        # results without id, paired by place once every result with an id has its call
        idless: list[tuple[int, ResultPart]] = []
        answerable: frozenset[str] | None = None  # responses: other items' call ids
        for pos, message in enumerate(messages):
            for result in message.results:
                if needs_ids and not result.id:
                    self.add("missing-call-id", result.path, "A tool result has no call id.")
                    idless.append((pos, result))
                    continue
                index = self.match(index_of, answered, result, pos)
                if index is None:
                    if self.positional(index_of, claimed, owners, pos, zone, result):
                        continue
                    if self.wire == "responses" and result.id not in all_ids:
                        held = self.read.previous_response_id
                        if held is not MISSING and held is not None:
                            continue  # answers a call the server holds (previous response)
                        if answerable is None:
                            answerable = answerable_item_ids(self.read)
                        if result.id in answerable:
                            continue  # answers another item with a call id (tool search)
                    self.dropped.append(Dropped("result-without-call", pos, result))
                    self.add(
                        "result-without-call",
                        result.path,
                        f"The result for {_named(result)} answers no call before it.",
                    )
                    continue
                call_pos, call = calls[index]
                if call_pos in owners[pos]:
                    if index in answered:
                        self.dropped.append(Dropped("duplicate-result", pos, result))
                        self.add(
                            "duplicate-result",
                            result.path,
                            f"A second result answers the call {_short(call.id or call.name)}.",
                        )
                    else:
                        answered[index] = result
                elif index in answered or index in misplaced:
                    self.dropped.append(Dropped("duplicate-result", pos, result))
                    self.add(
                        "duplicate-result",
                        result.path,
                        f"A second result answers the call {_short(call.id or call.name)}.",
                    )
                else:
                    misplaced[index] = [(pos, result)]
        for pos, result in idless:
            if not self.positional(index_of, claimed, owners, pos, zone, result):
                index = self.open_call(index_of, answered, owners[pos], zone)
                if index is None:
                    self.orphans.append(result)
                else:
                    claimed[index] = result  # its missing-call-id stands for both
        for index, (_, call) in enumerate(calls):
            if needs_ids and not call.id:
                self.add("missing-call-id", call.path, f"The call to {call.name!r} has no id.")
            elif index in answered:
                continue
            elif index in misplaced:
                self.add(
                    "results-not-next",
                    call.path,
                    f"The result for the call {_short(call.id or call.name)} is not where"
                    f" {self.wire} needs it ({turn_shape(self.wire).results_where}).",
                )
            elif index not in claimed:
                self.unanswered.append(index)
                self.add(
                    "call-without-result",
                    call.path,
                    f"No result answers the call {_short(call.id or call.name)}"
                    f" ({turn_shape(self.wire).results_where}).",
                )

    def match(
        self,
        calls: _CallIndex,
        answered: dict[int, ResultPart],
        result: ResultPart,
        pos: int,
    ) -> int | None:
        """The index of the call ``result`` answers: by id (the latest call before it with
        that id), else by name, else (ollama, hermes) the earliest unanswered call before it."""
        if result.id:
            index = calls.latest_with_id(result.id, pos)
            if index is not None:
                return index
            if self.wire != "gemini" and self.wire != "ollama":
                return None
        zone = turn_shape(self.wire).results_zone
        if zone != "next" and self.wire not in ("ollama", "hermes"):
            return None
        without_id = bool(result.id)
        if zone == "next":
            for owner in self.owners[pos]:
                index = calls.first_in(owner, result, without_id, answered, self.misplaced)
                if index is not None:
                    return index
        return calls.earliest(result, pos, without_id, answered, self.misplaced)

    def positional(
        self,
        calls: _CallIndex,
        claimed: dict[int, ResultPart],
        owners: list[range],
        pos: int,
        zone: str,
        result: ResultPart,
    ) -> bool:
        """A result with an unknown id answers the earliest unclaimed call without id in
        its place (that call's ``missing-call-id`` covers both): before it (``later``), or
        in the one message its zone allows."""
        if self.wire not in _NEEDS_IDS:
            return False
        if zone == "later":
            index = calls.unclaimed(None, claimed)
            found = index is not None and calls.calls[index][0] < pos
        else:
            index = next(
                (i for o in owners[pos] if (i := calls.unclaimed(o, claimed)) is not None), None
            )
            found = index is not None
        if found and index is not None:
            claimed[index] = result
        return found

    def open_call(
        self,
        calls: _CallIndex,
        answered: dict[int, ResultPart],
        place: range,
        zone: str,
    ) -> int | None:
        """The first call in ``place`` (the messages a result's zone allows) that nothing
        answers or claims yet: what a result without id answers by position (SPEC 8: its
        ``missing-call-id`` is reported instead of that call's ``call-without-result``)."""
        if zone == "later":
            index = calls.open(None, answered, self.misplaced, self.claimed)
            return index if index is not None and calls.calls[index][0] in place else None
        for owner in place:
            index = calls.open(owner, answered, self.misplaced, self.claimed)
            if index is not None:
                return index
        return None

    def ids(self) -> None:
        """Duplicate call ids and ids of the wrong format (SPEC 8 ``duplicate-call-id``,
        ``call-id-format``)."""
        seen: dict[str, int] = {}  # id -> the message it was last seen in
        for pos, call in self.calls:
            if call.id:
                if call.id in seen:
                    same = seen[call.id] == pos
                    self.add(
                        "duplicate-call-id",
                        call.path,
                        f"The call id {_short(call.id)} occurs twice"
                        + (" in one message." if same else ", in separate turns."),
                        "same-message" if same else "",
                    )
                seen[call.id] = pos
                self.id_format(call.path, call.id, "call")
            if self.wire == "responses":
                item_id = call.extra.get("id")
                if isinstance(item_id, str) and len(item_id) > 64:
                    self.add(
                        "call-id-format",
                        call.path,
                        f"The item id {_short(item_id)} is {len(item_id)} characters long"
                        " (at most 64).",
                    )
        for result in self.read.results:
            if result.id:
                self.id_format(result.path, result.id, "result")

    def id_format(self, path: str, value: str, what: str) -> None:
        problem = id_problem(self.wire, self.profile, value, what)
        if problem is not None:
            message, case = problem
            self.add("call-id-format", path, message, case or "")

    def contents(self) -> None:
        """What tool results hold, empty texts, long strings, images a model cannot read."""
        for message in self.read.messages:
            for part in message.parts:
                if isinstance(part, ResultPart):
                    self.result_content(part)
                elif isinstance(part, CallPart) and isinstance(part.arguments, str):
                    self.text_length(part.path, part.arguments)
            # whitespace beside other content is accepted (the Claude API and Bedrock took
            # it); an empty string, or a message of nothing but whitespace, is rejected
            beside = any(
                not (isinstance(part, TextPart) and not part.text.strip()) for part in message.parts
            )
            for part in _parts_of(message):
                if isinstance(part, TextPart):
                    if _block_text(part) and not part.text.strip():  # where the rule applies
                        blank = part.text != "" and beside
                        self.add(
                            "empty-text",
                            part.path,
                            "The text block holds only whitespace, beside other content."
                            if blank
                            else "The text block is empty.",
                            "beside" if blank else "",
                        )
                    self.text_length(part.path, part.text)
                elif isinstance(part, ImagePart) and not self.ctx.vision:
                    self.add(
                        "images-unsupported",
                        part.path,
                        "The model reads no images, but the request holds one"
                        f" ({part.mime or 'an image'}).",
                    )

    def text_length(self, path: str, text: str) -> None:
        if self.wire in ("openai", "responses") and len(text) > TEXT_LIMIT:
            self.add(
                "text-too-long",
                path,
                f"The string is {len(text):,} characters long (at most {TEXT_LIMIT:,}).",
            )

    def result_content(self, result: ResultPart) -> None:
        wire = self.wire
        raw = result.raw if isinstance(result.raw, dict) else {}
        if wire == "openai":
            for part in result.parts:
                if not isinstance(part, TextPart):
                    self.add(
                        "tool-result-content",
                        part.path,
                        f"A tool message holds {_kind(part)} part; it takes text only.",
                    )
        elif wire == "responses":
            self.typed_blocks(raw.get("output"), result, RESULT_BLOCK_TYPES[wire])
        elif wire == "bedrock":
            self.keyed_blocks(raw.get("content"), result, RESULT_BLOCK_TYPES[wire])
            self.profile_media(result)
        elif wire == "anthropic":
            content = self.typed_blocks(raw.get("content"), result, RESULT_BLOCK_TYPES[wire])
            if result.is_error:
                for index, block in enumerate(content):
                    kind = block.get("type") if isinstance(block, dict) else None
                    if kind != "text":
                        self.add(
                            "error-result-not-text",
                            f"{result.path}.content[{index}]",
                            f"The error result for {_short(result.id)} holds a"
                            f" {_short(kind)} block; an error result takes text only.",
                        )

    def typed_blocks(self, content: Any, result: ResultPart, allowed: frozenset[str]) -> list[Any]:
        """Flag the blocks of a result's content list whose type the wire does not take
        there; the list (``[]`` for a string)."""
        if not isinstance(content, list):
            return []
        field = "output" if self.wire == "responses" else "content"
        for index, block in enumerate(content):
            kind = block.get("type") if isinstance(block, dict) else None
            if not isinstance(kind, str) or kind not in allowed:
                self.add(
                    "tool-result-content",
                    f"{result.path}.{field}[{index}]",
                    f"The result for {_short(result.id)} holds a block of type {_short(kind)};"
                    f" it takes {', '.join(sorted(allowed))}.",
                )
        return content

    def keyed_blocks(self, content: Any, result: ResultPart, allowed: frozenset[str]) -> None:
        """Flag each key of a result's content blocks that the wire does not take there
        (bedrock: each block is a union, keyed by its member)."""
        if not isinstance(content, list):
            return
        body = f"{result.path}.toolResult" if result.path else "toolResult"
        for index, block in enumerate(content):
            for key in block if isinstance(block, dict) else ():
                if key not in allowed:
                    self.add(
                        "tool-result-content",
                        f"{body}.content[{index}]",
                        f"The result for {_short(result.id)} holds a block keyed {_short(key)};"
                        f" it takes {', '.join(sorted(allowed))}.",
                    )

    def profile_media(self, result: ResultPart) -> None:
        """An image inside a tool result where the profile's models take none there
        (``images="never"``: Bedrock's text families answer "This model doesn't support the
        image field"). A document there is accepted (Llama 4 and Pixtral took one in the
        real-requests corpus), so ``pdf="never"`` only keeps the converter from sending one."""
        found = PROFILES.get(self.profile or "")
        if found is None or found.images != "never":
            return
        for part in result.parts:
            if isinstance(part, ImagePart):
                self.add(
                    "tool-result-content",
                    part.path,
                    f"The result for {_short(result.id)} holds an image; {found.label} takes"
                    " none in a tool result.",
                    "never-image",
                )

    def media(self) -> None:
        """Declared image types, their bytes, base64, and (anthropic) counts and sizes."""
        wire = self.wire
        images: list[ImagePart] = []
        for message in self.read.messages:
            for part in message.parts:
                inner = isinstance(part, ResultPart)
                for item in part.parts if isinstance(part, ResultPart) else (part,):
                    if isinstance(item, ImagePart):
                        images.append(item)
                        if item.data is not None:
                            self.base64(item.path, item.data)
                            self.media_type(item, inner)
                    elif isinstance(item, DocumentPart) and item.data is not None:
                        self.base64(item.path, item.data)
                        if wire == "gemini" and inner:
                            self.media_type(item, inner)
        if wire == "anthropic":
            self.media_limits(images)

    def base64(self, path: str, data: str) -> None:
        if self.wire == "hermes":
            return
        text = strip_whitespace(data)
        if self.wire == "gemini":
            text = text.translate(_URL_SAFE)
        if not is_canonical(text):
            self.add("bad-base64", path, "The inline payload is not valid base64.")

    def media_type(self, part: ImagePart | DocumentPart, in_result: bool) -> None:
        wire = self.wire
        if (
            wire not in ("anthropic", "openai", "responses", "gemini", "bedrock")
            or part.mime is None
        ):
            return
        if wire == "gemini":
            allowed = (
                wire_facts("gemini").image_mimes | GEMINI_RESPONSE_MIMES
                if in_result
                else GEMINI_IMAGE_MIMES
            )
        else:
            allowed = wire_facts("bedrock" if wire == "bedrock" else "anthropic").image_mimes
        mime = part.mime.lower()
        if mime not in allowed:
            self.add(
                "media-type",
                part.path,
                f"The image type {_short(part.mime)} is not one {wire} takes here"
                f" ({', '.join(sorted(allowed))}).",
            )
            return
        if isinstance(part, ImagePart) and part.data:
            size = image_size(part.data)
            if size is not None and size.mime != mime:
                self.add(
                    "media-type",
                    part.path,
                    f"The image is declared {part.mime} but its bytes are {size.mime}.",
                )

    def media_limits(self, images: list[ImagePart]) -> None:
        """Anthropic's image and page counts, and each image's size (``limits.LIMITS``)."""
        warn_at = min(
            limit.value
            for limit in LIMITS
            if limit.wire == "anthropic" and limit.measure == "images"
        )
        error_at = _limit("anthropic", "request", "images").value
        count = 0
        crossing: dict[int, str] = {}
        for message in self.read.messages:
            for part in _parts_of(message):
                adds = 0
                if isinstance(part, ImagePart):
                    adds = 1
                elif (
                    isinstance(part, DocumentPart)
                    and part.data is not None
                    and (part.mime or "").lower() == "application/pdf"
                ):
                    adds = pdf_pages(part.data) or 1
                for threshold in (warn_at, error_at):
                    if count <= threshold < count + adds:
                        crossing[threshold] = part.path
                count += adds
        if count > error_at:
            self.add(
                "too-much-media",
                crossing[error_at],
                f"The request holds {count} images and PDF pages (at most {error_at}).",
                "over-600",
            )
        elif count > warn_at:
            self.add(
                "too-much-media",
                crossing[warn_at],
                f"The request holds {count} images and PDF pages (at most {warn_at} on"
                " 200k-context models).",
            )
        many = _limit("anthropic", "request", "edge_px", over=20)
        edge = _limit("anthropic", "image", "edge_px").value
        size_error = _limit("anthropic", "image", "base64_bytes").value
        size_warning = min(
            limit.value
            for limit in LIMITS
            if limit.wire == "anthropic" and limit.measure == "base64_bytes"
        )
        most = many.value if len(images) > many.when_images_over else edge
        for image in images:
            if image.data is None:
                continue
            length = len(image.data)
            if length > size_error:
                self.add(
                    "image-too-large",
                    image.path,
                    f"The image's base64 is {length:,} characters (at most {size_error:,}).",
                )
                continue
            size = image_size(image.data)
            if size is not None and max(size.width, size.height) > most:
                self.add(
                    "image-too-large",
                    image.path,
                    f"The image is {size.width}x{size.height} px (at most {most} px a side"
                    + (
                        f" in a request with more than {many.when_images_over} images)."
                        if most == many.value
                        else ")."
                    ),
                )
            elif length > size_warning:
                self.add(
                    "image-too-large",
                    image.path,
                    f"The image's base64 is {length:,} characters (over {size_warning:,}, the"
                    " limit on Bedrock and Vertex AI).",
                    "over-5mb",
                )

    def results_first(self) -> None:
        """A user message's result blocks come before its other blocks (on a wire that
        combines consecutive user messages, the run's blocks as one message)."""
        merged = turn_shape(self.wire).merged_roles
        role = None
        results_seen = other_before = False
        for message in self.read.messages:
            if message.role != role or role not in merged:
                results_seen = other_before = False
            role = message.role
            for part in message.parts:
                if isinstance(part, ResultPart):
                    if other_before and not results_seen:
                        self.add(
                            "results-after-other-content",
                            part.path,
                            f"The tool result for {_short(part.id)} comes after another block;"
                            " tool results must come first.",
                        )
                        results_seen = True
                else:
                    other_before = True

    def documents(self) -> None:
        """Bedrock's documents: at most :data:`rules.MAX_DOCUMENTS` in the request, each
        name once and one Bedrock takes (every document block counts, in tool results and
        earlier turns, an S3 or text source as well as inline bytes)."""
        count = 0
        names: dict[str, str] = {}
        for message in self.read.messages:
            for part in _parts_of(message):
                if not is_document(part):
                    continue
                count += 1
                if count == MAX_DOCUMENTS + 1:
                    self.add(
                        "too-many-documents",
                        part.path,
                        f"This is document {count} of the request (at most {MAX_DOCUMENTS}).",
                    )
                name = document_name_of(part)
                if name is None:
                    continue
                self.document_name(part.path, name)
                first = names.get(name)
                if first is not None:
                    self.add(
                        "duplicate-document-name",
                        part.path,
                        f"The document name {_short(name)} is already taken by {first}.",
                    )
                else:
                    names[name] = part.path

    def document_name(self, path: str, name: str) -> None:
        """A name Bedrock rejects (``filenames.document_name_fault``, the converter's rule)."""
        fault, chars = document_name_fault(name)
        if not fault:
            return
        shown = _short(name)
        message = {
            "empty": "The document name is empty (1 to 200 characters).",
            "too-long": f"The document name is {len(name):,} characters long"
            f" (at most {MAX_DOCUMENT_NAME}).",
            "characters": f"The document name {shown} holds {_short(chars)}: only letters,"
            " digits, single spaces, hyphens, parentheses and square brackets are taken.",
            "whitespace": f"The document name {shown} has two whitespace characters in a row.",
            "underscore": f"The document name {shown} holds an underscore: outside Bedrock's"
            " documented characters, though accepted in practice.",
        }[fault]
        self.add("document-name", path, message, fault)

    def anthropic_messages(self) -> None:
        messages = self.read.messages
        for pos, message in enumerate(messages):
            last = pos == len(messages) - 1
            if _empty(message) and not (last and message.role == "assistant"):
                self.add("empty-message", message.path, "The message has no content.")
            if message.role == "system" and (pos == 0 or messages[pos - 1].role != "system"):
                self.system_placement(pos)
        if messages and messages[-1].role == "assistant":
            final = messages[-1]
            texts = [part.text for part in final.parts if isinstance(part, TextPart)]
            if texts and texts[-1] != texts[-1].rstrip():
                self.add(
                    "final-assistant",
                    final.path,
                    "The request ends with an assistant message whose text ends in whitespace.",
                    "whitespace",
                )
            else:
                self.add(
                    "final-assistant",
                    final.path,
                    "The request ends with an assistant message (prefill).",
                )

    def system_placement(self, pos: int) -> None:
        """A mid-conversation system message follows a user turn (or an assistant turn
        ending in a server tool's result) and precedes an assistant turn or ends the list."""
        messages = self.read.messages
        # consecutive system messages are combined, as consecutive user turns are: the run
        # (from its first message, ``pos``) stands where its first one does
        first, last = pos, pos
        while last + 1 < len(messages) and messages[last + 1].role == "system":
            last += 1
        before = messages[first - 1] if first else None
        after = messages[last + 1] if last + 1 < len(messages) else None
        follows = before is not None and (
            before.role == "user"
            or (before.role == "assistant" and ends_in_server_result(before.raw))
        )
        if follows and (after is None or after.role == "assistant"):
            return
        other = before if not follows else after
        article = "an" if other is not None and other.role[0] in "aeiou" else "a"
        where = (
            "is the first message"
            if other is None
            else f"follows {article} {other.role} message"
            if not follows
            else f"is followed by {article} {other.role} message"
        )
        self.add(
            "system-message-placement",
            messages[pos].path,
            f"The system message {where}; it must follow a user turn and precede an assistant"
            " turn or end the messages.",
        )

    def cache_breakpoints(self) -> None:
        marked: list[str] = []
        for part in self.read.system:
            if _cached(part):
                marked.append(part.path)
        for tool in self.read.tools:
            if tool.cache_control is not MISSING and tool.cache_control is not None:
                marked.append(tool.path)
        for message in self.read.messages:
            for part in _parts_of(message):
                if _cached(part):
                    marked.append(part.path)
        # A top-level cache_control (automatic caching) takes one of the four slots.
        raw = self.read.raw
        automatic = int(isinstance(raw, dict) and cached(raw))
        if len(marked) + automatic > 4:
            self.add(
                "too-many-cache-breakpoints",
                marked[4 - automatic],
                f"The request has {len(marked)} blocks with cache_control"
                + (" and a top-level cache_control" if automatic else "")
                + " (at most 4 breakpoints).",
            )

    def request_size(self) -> None:
        most = _limit("anthropic", "request", "bytes").value
        try:
            size = len(json.dumps(self.read.raw, ensure_ascii=False, default=str).encode())
        except (ValueError, TypeError, RecursionError):
            return
        if size > most:
            self.add(
                "request-too-large",
                "",
                f"The request's JSON is {size:,} bytes (at most {most:,}).",
            )

    def gemini_messages(self) -> None:
        messages = self.read.messages
        for message in messages:
            raw = message.raw if isinstance(message.raw, dict) else {}
            if not raw.get("parts"):
                self.add("empty-message", message.path, "The content has no parts.")
            for result in message.results:
                body = function_response(result.raw)
                if body is not None and body.get("parts"):
                    self.add(
                        "function-response-parts",
                        result.path,
                        f"The functionResponse for {_named(result)} holds parts; only Gemini 3"
                        " takes them.",
                    )
        start = 0
        for pos, message in enumerate(messages):
            if message.role == "user" and any(
                not isinstance(part, ResultPart) for part in message.parts
            ):
                start = pos + 1
        for message in messages[start:]:
            calls = message.calls
            if message.role == "assistant" and calls and SIGNATURE_FIELD not in calls[0].extra:
                self.add(
                    "missing-thought-signature",
                    calls[0].path,
                    f"The call to {calls[0].name!r} is the first of its step in the current turn"
                    " and has no thoughtSignature.",
                )

    def user_after_tool(self) -> None:
        messages = self.read.messages
        for pos in range(1, len(messages)):
            before, message = messages[pos - 1], messages[pos]
            if before.role == "tool" and message.role == "user":
                self.add(
                    "user-after-tool",
                    message.path,
                    "A user message comes directly after a tool message.",
                )


class _CallIndex:
    """The calls of a request looked up by id, by message position, and (for pairing by
    name or position) in order with a cursor past the taken ones, so pairing is linear in
    size: a call once answered or claimed stays so, and no lookup walks past it again."""

    def __init__(self, calls: list[tuple[int, CallPart]]) -> None:
        self.calls = calls
        self.by_id: dict[str, list[int]] = {}
        self.by_pos: dict[int, list[int]] = {}
        # (name or "", only calls without id) -> indices in order, and a cursor into them
        self.queues: dict[tuple[str, bool], list[int]] = {}
        self.cursors: dict[tuple[str, bool], int] = {}
        # the same within one message, built when first asked: (name or None for any,
        # only calls without id) -> indices in order, and a cursor into them
        self.in_message: dict[int, dict[tuple[str | None, bool], list[int]]] = {}
        self.message_cursors: dict[tuple[int, str | None, bool], int] = {}
        # calls without id (all, or by message position), and a cursor past the claimed
        self.idless: dict[int | None, list[int]] = {}
        self.idless_cursors: dict[int | None, int] = {}
        # calls open to a result without id (of a message, or of the request), a cursor
        self.open_cursors: dict[int | None, int] = {}
        for index, (pos, call) in enumerate(calls):
            if call.id:
                self.by_id.setdefault(call.id, []).append(index)
            self.by_pos.setdefault(pos, []).append(index)
            for key in ((call.name, False), ("", False)):
                self.queues.setdefault(key, []).append(index)
            if not call.id:
                for key in ((call.name, True), ("", True)):
                    self.queues.setdefault(key, []).append(index)
                self.idless.setdefault(None, []).append(index)
                self.idless.setdefault(pos, []).append(index)

    def latest_with_id(self, call_id: str, pos: int) -> int | None:
        """The latest call with ``call_id`` before message ``pos`` (a binary search: the
        calls of one id are in request order)."""
        found = self.by_id.get(call_id)
        if not found:
            return None
        before = bisect_left(found, pos, key=lambda index: self.calls[index][0])
        return found[before - 1] if before else None

    def first_in(
        self,
        pos: int,
        result: ResultPart,
        without_id: bool,
        answered: dict[int, ResultPart],
        misplaced: dict[int, list[tuple[int, ResultPart]]],
    ) -> int | None:
        """The first call of message ``pos`` not yet answered that ``result`` fits: of its
        name (any name when it has none), only calls without id when ``without_id``."""
        queues = self.in_message.get(pos)
        if queues is None:
            queues = self.in_message[pos] = {}
            for index in self.by_pos.get(pos, ()):
                call = self.calls[index][1]
                keys = [(call.name, False), (None, False)]
                if not call.id:
                    keys += [(call.name, True), (None, True)]
                for key in keys:
                    queues.setdefault(key, []).append(index)
        queue = queues.get((result.name, without_id), [])
        cursor_key = (pos, result.name, without_id)
        cursor = self.message_cursors.get(cursor_key, 0)
        while cursor < len(queue) and (queue[cursor] in answered or queue[cursor] in misplaced):
            cursor += 1
        self.message_cursors[cursor_key] = cursor
        return queue[cursor] if cursor < len(queue) else None

    def unclaimed(self, pos: int | None, claimed: dict[int, ResultPart]) -> int | None:
        """The first call without id not yet claimed: of message ``pos``, or of the
        request (``None``)."""
        queue = self.idless.get(pos, [])
        cursor = self.idless_cursors.get(pos, 0)
        while cursor < len(queue) and queue[cursor] in claimed:
            cursor += 1
        self.idless_cursors[pos] = cursor
        return queue[cursor] if cursor < len(queue) else None

    def open(
        self,
        pos: int | None,
        answered: dict[int, ResultPart],
        misplaced: dict[int, list[tuple[int, ResultPart]]],
        claimed: dict[int, ResultPart],
    ) -> int | None:
        """The first call of message ``pos`` (of the request: ``None``) that no result
        answers or claims yet (a cursor past the taken ones: they stay taken)."""
        queue = self.by_pos.get(pos, []) if pos is not None else range(len(self.calls))
        cursor = self.open_cursors.get(pos, 0)
        while cursor < len(queue) and (
            queue[cursor] in answered or queue[cursor] in misplaced or queue[cursor] in claimed
        ):
            cursor += 1
        self.open_cursors[pos] = cursor
        return queue[cursor] if cursor < len(queue) else None

    def earliest(
        self,
        result: ResultPart,
        pos: int,
        without_id: bool,
        answered: dict[int, ResultPart],
        misplaced: dict[int, list[tuple[int, ResultPart]]],
    ) -> int | None:
        """The earliest call before ``pos`` not yet answered, of the result's name."""
        key = (result.name or "", without_id)
        queue = self.queues.get(key, [])
        cursor = self.cursors.get(key, 0)
        while cursor < len(queue) and (queue[cursor] in answered or queue[cursor] in misplaced):
            cursor += 1
        self.cursors[key] = cursor
        if cursor < len(queue) and self.calls[queue[cursor]][0] < pos:
            return queue[cursor]
        return None


def _named(result: ResultPart) -> str:
    return _short(result.id) if result.id else _short(result.name) if result.name else "a call"


def _kind(part: Part) -> str:
    """``part``'s kind with its article (``"an image"``, ``"a 'input_audio'"``)."""
    if isinstance(part, OpaquePart):
        return "a " + _short(part.kind)
    return "an image" if isinstance(part, ImagePart) else "a file"


def _run_owners(messages: tuple[Message, ...]) -> list[int]:
    """For each message, the position of the message its run of tool messages follows
    (-1 for a message that is not a tool message, or a run at the start)."""
    owners = []
    owner = -1
    for pos, message in enumerate(messages):
        if message.role == "tool":
            owners.append(owner)
        else:
            owner = pos
            owners.append(-1)
    return owners


def _places(messages: tuple[Message, ...], zone: str, merged: frozenset[str]) -> list[range]:
    """For each message, the positions of the messages whose calls its results may answer:
    the message its run of tool messages follows (``run``), the message before it
    (``next``), or every message before it (``later``). On a wire that combines consecutive
    messages of a role in ``merged`` into one turn, "the message before" is that run, and
    a message of such a run answers what its run's first message answers."""
    if zone == "run":
        return [range(o, o + 1) if o >= 0 else range(0) for o in _run_owners(messages)]
    if zone == "later":
        return [range(pos) for pos in range(len(messages))]
    places: list[range] = []
    for pos, message in enumerate(messages):
        before = messages[pos - 1].role if pos else None
        if before is None:
            places.append(range(0))
        elif message.role == before and before in merged:
            places.append(places[pos - 1])
        else:
            start = pos - 1
            while start and before in merged and messages[start - 1].role == before:
                start -= 1
            places.append(range(start, pos))
    return places


def _empty(message: Message) -> bool:
    raw = message.raw if isinstance(message.raw, dict) else {}
    content = raw.get("content")
    return content == "" or content == []


def _cached(part: Part) -> bool:
    if isinstance(part, (TextPart, ImagePart, DocumentPart)):
        return part.cache_control is not MISSING and part.cache_control is not None
    if isinstance(part, ResultPart):
        return cached(part.raw)
    if isinstance(part, CallPart):
        return cached(part.extra)
    return cached(part.value)
