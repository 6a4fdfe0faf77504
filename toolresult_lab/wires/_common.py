"""What every wire converter shares: its facts, the carriage decision, the string form.

A wire module declares its :class:`WireFacts` and subclasses :class:`Converter`,
overriding the option rules it owns (:meth:`Converter.image_refusal`,
:meth:`Converter.pdf_refusal`) and :meth:`Converter.convert`. The rules that are the
same on every wire live here once: the string form of each item (SPEC section 3), the
native-payload check (SPEC section 6), the empty-content rule, and the notes on result
fields a wire has no place for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, NoReturn

from mypy_extensions import mypyc_attr

from ..conversion.encoding import json_encode, json_string, text_field
from ..conversion.items import (
    BlobItem,
    DocumentItem,
    Item,
    Native,
    NativeItem,
    NoteItem,
    TextItem,
    audience_of,
    normalize,
)
from ..conversion.options import BooleanOption, OptionName, Resolved
from ..conversion.steps import Carried, Conversion, EntryReader, ResultNote, Step

__all__ = [
    "IMAGE_MIMES",
    "WIRES",
    "Converter",
    "RequiredField",
    "Source",
    "Wire",
    "WireFacts",
    "audience_reason",
    "empty_content",
    "exhausted",
    "hoistable_images",
    "prepare",
    "shared_step",
]

Wire = Literal["openai", "anthropic", "gemini", "ollama", "responses", "hermes", "bedrock"]
#: A field of the result that a provider rejects the block without when it is empty.
RequiredField = Literal["name", "id"]
#: The wire formats, in the order the SPEC lists them (the six of section 4, then bedrock).
WIRES: Final[tuple[Wire, ...]] = (
    "openai",
    "anthropic",
    "gemini",
    "ollama",
    "responses",
    "hermes",
    "bedrock",
)

#: The image types a native image form accepts (gemini takes no GIF).
IMAGE_MIMES: Final[frozenset[str]] = frozenset(
    {"image/jpeg", "image/png", "image/gif", "image/webp"}
)

_ONLY_ANTHROPIC: Final = "(only anthropic passes Anthropic-native blocks through)"
_TEXT: Final = "text block sent as text"
_DOCUMENT: Final = {
    "text resource": "text resource sent as its text",
    "text/* blob": "text/* blob sent as its text",
}
_LINK: Final = "resource_link sent as a reference line"
_NOT_OBJECT: Final = "content entry is not a JSON object"
_NO_DATA: Final = "no inline data to send natively"
_NOT_BASE64: Final = "data is not canonical base64: sent as placeholder"
_AUDIO: Final = "no wire carries audio natively"
_UNTYPED: Final = "block has no type"
_SHOWN_ROLES: Final = 4  # roles of an annotations.audience quoted in a reason, at most ...
_SHOWN_ROLE: Final = 40  # ... each cut to this many characters

_NOTHING: Final = ResultNote(
    "content", "omitted", "no content and no structured_content: an empty string is sent"
)
_STRUCTURED_TEXT: Final = ResultNote(
    "content", "text", "no content: structured_content sent as JSON text"
)
_NOT_STRUCTURED: Final = ResultNote(
    "structured_content", "omitted", "structured_content not sent: the content is sent instead"
)


class WireFacts:
    """The facts of one wire (SPEC sections 4 and 5), declared by its converter module."""

    __slots__ = (
        "carries_pdf",
        "defaults",
        "has_error_field",
        "has_id_field",
        "has_name_field",
        "image_mimes",
        "pdf_needs_vision",
        "reads",
        "requires",
        "title",
        "wire",
    )

    def __init__(
        self,
        wire: Wire,
        title: str,
        *,
        image_mimes: frozenset[str] = frozenset(),
        carries_pdf: bool = False,
        pdf_needs_vision: bool = False,
        reads: frozenset[OptionName] = frozenset(),
        defaults: Mapping[OptionName, bool] | None = None,
        has_name_field: bool = True,
        has_id_field: bool = True,
        has_error_field: bool = False,
        requires: Mapping[RequiredField, str] | None = None,
    ) -> None:
        self.wire: Final = wire
        self.title: Final = title
        self.image_mimes: Final = image_mimes
        self.carries_pdf: Final = carries_pdf
        self.pdf_needs_vision: Final = pdf_needs_vision
        self.reads: Final[frozenset[OptionName]] = reads | {"audience"}
        """The options the wire reads: its own, and ``audience``, which every wire reads."""
        self.defaults: Final[Mapping[OptionName, bool]] = dict(defaults or {})
        self.has_name_field: Final = has_name_field
        self.has_id_field: Final = has_id_field
        self.has_error_field: Final = has_error_field
        self.requires: Final[Mapping[RequiredField, str]] = dict(requires or {})
        """The result fields the provider rejects the block without, each with the block
        key that carries it (``{"id": "tool_call_id"}``): an empty one is sent as ``""``."""

    @property
    def carries_image(self) -> bool:
        return bool(self.image_mimes)

    def default(self, option: OptionName) -> bool:
        """The value a boolean option has on this wire when it is not given."""
        return self.defaults.get(option, False)

    def __repr__(self) -> str:
        return f"WireFacts({self.wire!r})"


def empty_content(structured: Any) -> tuple[str, ResultNote]:
    """What stands for no content: the JSON of ``structured_content``, else ``""``."""
    if structured is None:
        return "", _NOTHING
    return json_encode(structured), _STRUCTURED_TEXT


def shared_step(item: Item) -> Step | None:
    """The step of an entry sent as text in the same way on every wire, made once per
    result: text, documents, notes, the string form of native blocks (SPEC section 3),
    and blobs that no wire carries. ``None`` for an image or a PDF: its wire decides.
    """
    if isinstance(item, TextItem):
        return Step(item.text, "text", _TEXT)
    if isinstance(item, DocumentItem):
        return Step(item.text, "text", _DOCUMENT[item.origin])
    if isinstance(item, NoteItem):
        if item.origin == "resource_link":
            return Step(item.text, "placeholder", _LINK)
        return Step(item.text, "degraded", _NOT_OBJECT)
    if isinstance(item, NativeItem):
        if item.text_is_placeholder:
            reason = f"{item.block_type} has no text: sent as a placeholder {_ONLY_ANTHROPIC}"
            return Step(item.text, "placeholder", reason)
        return Step(item.text, "text", f"{item.block_type} sent as its text {_ONLY_ANTHROPIC}")
    if isinstance(item, BlobItem):
        media = item.media
        if media == "image" or media == "pdf":
            return None
        if media == "audio":
            return Step(item.text, "placeholder", _AUDIO)
        if media == "binary":
            shown = "a resource without MIME type" if item.mime is None else text_field(item.mime)
            return Step(item.text, "placeholder", f"{shown} has no native form on any wire")
        if media == "untyped":
            return Step(item.text, "degraded", _UNTYPED)
        return Step(item.text, "degraded", f"unknown block type {text_field(item.type)!r}")
    exhausted(item)


def exhausted(item: NoReturn) -> NoReturn:
    """The end of an exhaustive switch over item kinds: mypy reports a kind left out."""
    raise AssertionError(f"unhandled item {item!r}")


class Source:
    """A result as every converter reads it: its fields, its neutral items, and the
    :func:`shared_step` of each item (the same on every wire, so made once, when a wire
    first asks: anthropic never does).
    """

    __slots__ = (
        "_audiences",
        "_shared",
        "content",
        "id",
        "is_error",
        "items",
        "name",
        "structured",
    )

    def __init__(
        self,
        name: str,
        id: str,
        is_error: bool,
        content: list[Any],
        structured: Any,
        like: Source | None = None,
    ) -> None:
        self.name: Final = name
        self.id: Final = id
        self.is_error: Final = is_error
        self.content: Final = content
        """The content list, strict JSON, owned by the result (never handed out)."""
        self.structured: Final = structured
        """``structured_content`` (``None``: absent), strict JSON, owned by the result."""
        # the same content as ``like``: its items (and their checked payloads) are shared
        self.items: Final[tuple[Item, ...]] = normalize(content) if like is None else like.items
        self._shared: tuple[Step | None, ...] | None = None if like is None else like._shared
        self._audiences: tuple[tuple[str, ...] | None, ...] | None = (
            None if like is None else like._audiences
        )

    @property
    def shared(self) -> tuple[Step | None, ...]:
        """The :func:`shared_step` of each item, aligned with :attr:`items`."""
        shared = self._shared
        if shared is None:
            shared = self._shared = tuple([shared_step(item) for item in self.items])
        return shared

    @property
    def audiences(self) -> tuple[tuple[str, ...] | None, ...]:
        """Each entry's ``annotations.audience`` (``items.audience_of``), aligned with
        :attr:`items`; read when first asked (only ``audience=`` and ``explain()`` ask)."""
        audiences = self._audiences
        if audiences is None:
            audiences = self._audiences = tuple([audience_of(block) for block in self.content])
        return audiences

    def renamed(self, name: str, id: str) -> Source:
        """The same result under another name and call id (SPEC 7: a result takes its
        call's), sharing the content and its items, so nothing is normalised again."""
        return Source(name, id, self.is_error, self.content, self.structured, self)


def prepare(name: str, id: str, is_error: bool, content: list[Any], structured: Any) -> Source:
    """The converters' view of a result whose values are strict JSON and owned by it."""
    return Source(name, id, is_error, content, structured)


def hoistable_images(data: Source) -> list[tuple[int, str, str]]:
    """``(content index, MIME type, base64)`` of each entry a vision model could read as an
    image: an image blob or image resource of type jpeg/png/gif/webp whose payload is
    canonical base64 (SPEC 6), stripped of whitespace. What ``hoist_images`` may hoist
    (SPEC 7) on a wire whose tool messages can carry such an image only as a placeholder.
    """
    found: list[tuple[int, str, str]] = []
    for index, item in enumerate(data.items):
        if not isinstance(item, BlobItem) or item.media != "image":
            continue
        mime = item.mime
        payload = item.payload
        if not isinstance(mime, str) or mime not in IMAGE_MIMES or payload is None:
            continue
        native = payload.native
        if native is not None:
            found.append((index, mime, native.data))
    return found


def _roles(audience: tuple[str, ...]) -> str:
    """An ``annotations.audience`` as a reason quotes it: a JSON list, cut short."""
    shown = [
        role if len(role) <= _SHOWN_ROLE else role[: _SHOWN_ROLE - 1] + "…"
        for role in audience[:_SHOWN_ROLES]
    ]
    listed = ",".join([json_string(role) for role in shown])
    return f"[{listed}{',…' if len(audience) > _SHOWN_ROLES else ''}]"


def audience_reason(audience: tuple[str, ...] | None, left_out: bool) -> str:
    """Why an entry not meant for the model is left out (``left_out``), or the words
    added to the reason of one that is sent all the same; ``""`` for any other entry
    (no audience, or one that includes ``"assistant"``)."""
    if audience is None or "assistant" in audience:
        return ""
    roles = _roles(audience)
    if left_out:
        return (
            f'annotations.audience is {roles}, without "assistant": not meant for the model'
            ' (left out by audience="assistant")'
        )
    return (
        f'annotations.audience is {roles}, without "assistant": not meant for the model, yet'
        ' sent to it (audience="assistant" leaves it out)'
    )


# A wire defined outside the package subclasses it (issue 24), on the compiled build too.
@mypyc_attr(allow_interpreted_subclasses=True)
class Converter(EntryReader):
    """One wire's converter, configured for one option set (made once, then reused).

    Subclasses own their wire's option rules and block shape; this base owns what is
    the same on every wire. It also reads its own steps back (:class:`EntryReader`): the
    text and the payloads of the part it placed, for ``explain()``'s records.
    """

    def __init__(self, facts: WireFacts, options: Resolved) -> None:
        self.facts: Final = facts
        self.options: Final = options
        self.refuse_image: Final = self.image_refusal()
        self.refuse_pdf: Final = self.pdf_refusal()
        wire = facts.wire
        self._no_error: Final = ResultNote("is_error", "omitted", f"{wire} has no error field")
        self._no_name: Final = ResultNote(
            "name", "omitted", f"{wire} has no field for the tool name"
        )
        self._no_id: Final = ResultNote("id", "omitted", f"{wire} has no field for the call id")

    # -- the option rules a wire owns -------------------------------------------------

    def hoists_images(self) -> bool:
        """The wire's tool turn can carry images in a user message after the results
        (``tool_turn(..., hoist_images=True)``): its refusal says so."""
        return False

    def image_refusal(self) -> str | None:
        """Why images are not sent natively with these options; ``None``: they may be."""
        if self.hoists_images():
            return (
                f"{self.facts.wire} has no native image form in a tool message"
                " (tool_turn's hoist_images sends images in a user message after it)"
            )
        return f"{self.facts.wire} has no native image form"

    def pdf_refusal(self) -> str | None:
        """Why PDFs are not sent natively with these options; ``None``: they may be."""
        return f"{self.facts.wire} has no native PDF form"

    def convert(self, data: Source) -> Conversion:
        """The block, a step per content entry and the notes on the result."""
        raise NotImplementedError

    # -- reading a step back -----------------------------------------------------------

    def step_texts(self, step: Step) -> tuple[str, ...]:
        """The text the model reads in ``step``'s part (none for a native payload)."""
        part = step.part
        if part is None or step.native is not None:
            return ()
        if isinstance(part, str):
            return (part,)
        return self.part_contents(step)[0]

    def step_carried(self, step: Step) -> tuple[Carried, ...]:
        """The payloads ``step``'s part carries in the provider's own form."""
        native = step.native
        if native is not None:
            path = self.native_data_path(native.media)
            return (Carried(native.media, native.mime, native.data, "native", "", path),)
        part = step.part
        if part is None or isinstance(part, str):
            return ()
        return self.part_contents(step)[1]

    def step_contents(self, step: Step) -> tuple[tuple[str, ...], tuple[Carried, ...]]:
        """:meth:`step_texts` and :meth:`step_carried` in one reading."""
        part = step.part
        if step.native is not None or part is None or isinstance(part, str):
            return self.step_texts(step), self.step_carried(step)
        return self.part_contents(step)

    def part_contents(self, step: Step) -> tuple[tuple[str, ...], tuple[Carried, ...]]:
        """The texts and payloads of a part that is an object."""
        return self.part_texts(step), self.part_carried(step)

    def native_data_path(self, media: str) -> str:
        """The path of a native payload's string in the part a step places."""
        return ""

    def part_texts(self, step: Step) -> tuple[str, ...]:
        """The text of a part that is an object (its wire reads it)."""
        raise AssertionError(f"{self.facts.wire} places no object parts")

    def part_carried(self, step: Step) -> tuple[Carried, ...]:
        """The payloads of a part that went as text or passed through (none but on anthropic)."""
        return ()

    # -- shared rules ---------------------------------------------------------------

    def option_off(self, option: BooleanOption) -> str | None:
        """``None`` when ``option`` is on here, else the reason: ``"image_input not set"``."""
        if self.options.value(option):
            return None
        return f"{option} {self.options.state(option)}"

    def left_out(self, data: Source, index: int) -> Step | None:
        """The ``omitted`` step of an entry not meant for the model, when ``audience`` is
        ``"assistant"``; ``None`` for an entry that goes out (every entry by default)."""
        if self.options.audience is None:
            return None
        reason = audience_reason(data.audiences[index], True)
        return Step(None, "omitted", reason) if reason else None

    def noted(self, data: Source, index: int, step: Step) -> Step:
        """``step`` as ``explain()`` reports it: by default, an entry sent to the model
        although its ``annotations.audience`` leaves the model out says so in its reason."""
        if self.options.audience is not None or step.part is None:
            return step
        added = audience_reason(data.audiences[index], False)
        if not added:
            return step
        return Step(step.part, step.outcome, f"{step.reason}; {added}", step.native)

    def decide(self, item: Item) -> Native | Step:
        """The native form of an image or PDF on this wire, or the step that sends it as
        text (for any other item: its shared step)."""
        if not isinstance(item, BlobItem) or (item.media != "image" and item.media != "pdf"):
            step = shared_step(item)
            if step is None:
                raise AssertionError(f"no shared step for {item!r}")
            return step
        if item.media == "image":
            if self.refuse_image is not None:
                return Step(item.text, "placeholder", self.refuse_image)
            mime = item.mime
            if not (isinstance(mime, str) and mime in self.facts.image_mimes):
                shown = "no MIME type" if mime is None else text_field(mime)
                reason = f"{shown} is not an image type {self.facts.wire} carries"
                return Step(item.text, "placeholder", reason)
            return _payload(item)
        if self.refuse_pdf is not None:
            return Step(item.text, "placeholder", self.refuse_pdf)
        return _payload(item)

    def string_form(
        self, data: Source
    ) -> tuple[str, list[Step], tuple[ResultNote, ...], ResultNote | None]:
        """SPEC section 3: every entry as text, joined with newlines, with its step.

        Only a wire that carries nothing natively calls this: it refuses every payload.
        """
        shared = data.shared  # aligned with the items
        steps: list[Step] = []
        for index, item in enumerate(data.items):
            step = self.left_out(data, index) or shared[index]
            if step is None:
                decision = self.decide(item)
                if isinstance(decision, Native):
                    raise AssertionError(f"{self.facts.wire} cannot carry {decision.media}")
                step = decision
            steps.append(step)
        text, notes, content_note = self.joined(steps, data)
        return text, steps, notes, content_note

    def joined(
        self, steps: list[Step], data: Source
    ) -> tuple[str, tuple[ResultNote, ...], ResultNote | None]:
        """The texts of ``steps`` joined with newlines (an ``omitted`` step has none); with
        none, the empty-content text (and its note, which is then also the content note)."""
        texts = [step.part for step in steps if step.part is not None]
        if texts:
            return "\n".join(texts), self.notes(data, True), None
        text, note = empty_content(data.structured)
        return text, (note, *self.notes(data, False)), note

    def notes(self, data: Source, content_sent: bool) -> tuple[ResultNote, ...]:
        """What this wire leaves out of the result itself (nothing lost is left unsaid).

        :param content_sent: the content went out, so ``structured_content`` did not.
        """
        facts = self.facts
        notes: tuple[ResultNote, ...] = ()
        if content_sent and data.structured is not None:
            notes += (_NOT_STRUCTURED,)
        if data.is_error and not facts.has_error_field:
            notes += (self._no_error,)
        if data.name and not facts.has_name_field:
            notes += (self._no_name,)
        if data.id and not facts.has_id_field:
            notes += (self._no_id,)
        return notes


def _payload(item: BlobItem) -> Native | Step:
    """An image or PDF that may go natively: its payload, if it is real base64 (SPEC 6)."""
    payload = item.payload
    if payload is None:
        return Step(item.text, "placeholder", _NO_DATA)
    native = payload.native
    if native is None:
        return Step(item.text, "degraded", _NOT_BASE64)
    return native
