"""What a converter reports besides the block: one step per content entry, and notes on
the result as a whole.

``to()`` keeps the block, ``explain()`` keeps the steps and notes: both come from the
same converter call, so an explanation can never disagree with the conversion, and
everything built on ``explain()`` (matrix, cards, docs, audit) reads these records
instead of restating a rule.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from mypy_extensions import mypyc_attr

from .items import ItemKind, MediaKind, Native

__all__ = [
    "OUTCOMES",
    "Carried",
    "Conversion",
    "EntryReader",
    "Explanation",
    "MediaKind",
    "Native",
    "Outcome",
    "ResultField",
    "ResultNote",
    "Step",
]

Outcome = Literal[
    "native", "passthrough", "document", "text", "truncated", "placeholder", "degraded", "omitted"
]
#: Every outcome, from "the model gets the real thing" to "nothing is sent".
OUTCOMES: Final[tuple[Outcome, ...]] = (
    "native",
    "passthrough",
    "document",
    "text",
    "truncated",
    "placeholder",
    "degraded",
    "omitted",
)

ResultField = Literal["content", "structured_content", "is_error", "name", "id"]


class Step:
    """How one content entry went out on one wire (made by the wire's converter)."""

    __slots__ = ("native", "outcome", "part", "reason")

    def __init__(self, part: Any, outcome: Outcome, reason: str, native: Native | None = None):
        self.part: Final = part
        """What was placed in the block: a dict, a ``str`` joined into the string form,
        or ``None`` when the entry produced nothing (outcome ``omitted``)."""
        self.outcome: Final = outcome
        self.reason: Final = reason
        """Why, in words a person understands."""
        self.native: Final = native
        """The payload, when the outcome is ``native``."""

    def __repr__(self) -> str:
        return f"Step({self.part!r}, {self.outcome!r}, {self.reason!r})"


class Carried:
    """One image or PDF an entry sends in the provider's own form, as its wire's reader
    finds it in the part placed: ``media``, ``mime``, ``data`` (the base64 exactly as
    sent; ``None`` for a source the provider fetches by ``url``), ``how`` (``native``: the
    converter sent an MCP payload natively; ``passthrough``: inside an Anthropic-native
    block the caller built) and ``data_path``, the path of the payload string in the part
    (``source.data``), so a view can elide it by path. Immutable."""

    __slots__ = ("_data", "_data_path", "_how", "_media", "_mime", "_url")

    def __init__(
        self,
        media: MediaKind,
        mime: str,
        data: str | None,
        how: Literal["native", "passthrough"],
        url: str = "",
        data_path: str = "",
    ) -> None:
        self._media: MediaKind = media
        self._mime = mime
        self._data = data
        self._how: Literal["native", "passthrough"] = how
        self._url = url
        self._data_path = data_path

    @property
    def media(self) -> MediaKind:
        return self._media

    @property
    def mime(self) -> str:
        return self._mime

    @property
    def data(self) -> str | None:
        return self._data

    @property
    def how(self) -> Literal["native", "passthrough"]:
        return self._how

    @property
    def url(self) -> str:
        return self._url

    @property
    def data_path(self) -> str:
        return self._data_path

    def _key(self) -> tuple[Any, ...]:
        return (self._media, self._mime, self._data, self._how, self._url, self._data_path)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Carried):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self._media, self._mime, self._how, self._url))

    def __repr__(self) -> str:
        shown = "None" if self._data is None else f"<{len(self._data)} chars>"
        return (
            f"Carried(media={self._media!r}, mime={self._mime!r}, data={shown},"
            f" how={self._how!r}, url={self._url!r})"
        )


# A wire defined outside the package subclasses it (issue 24), on the compiled build too.
@mypyc_attr(allow_interpreted_subclasses=True)
class EntryReader:
    """What reads a step's part back on its wire (each wire's converter is one): the text
    the model reads in it and the payloads it carries."""

    def step_texts(self, step: Step) -> tuple[str, ...]:
        raise NotImplementedError

    def step_carried(self, step: Step) -> tuple[Carried, ...]:
        raise NotImplementedError

    def step_contents(self, step: Step) -> tuple[tuple[str, ...], tuple[Carried, ...]]:
        """Both at once (a reader that walks the part once overrides this)."""
        return self.step_texts(step), self.step_carried(step)


class ResultNote:
    """What a wire did with a field of the result itself (not one content entry).

    Reported where something is lost or replaced: a wire without an error flag, a name
    field or a call id; ``structured_content`` that is not sent; empty content.
    """

    __slots__ = ("_field", "_outcome", "_reason")

    def __init__(self, field: ResultField, outcome: Outcome, reason: str) -> None:
        self._field = field
        self._outcome = outcome
        self._reason = reason

    @property
    def field(self) -> ResultField:
        """``content``, ``structured_content``, ``is_error``, ``name`` or ``id``."""
        return self._field

    @property
    def outcome(self) -> Outcome:
        """What became of it (``omitted``: not sent; ``text``: sent as JSON text; ...)."""
        return self._outcome

    def __str__(self) -> str:
        """``is_error omitted: <reason>``: the note as a reader wants it, not a repr."""
        return f"{self._field} {self._outcome}: {self._reason}"

    @property
    def reason(self) -> str:
        """Why, in words a person understands."""
        return self._reason

    def _key(self) -> tuple[str, str, str]:
        return (self._field, self._outcome, self._reason)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ResultNote):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"ResultNote({self._field!r}, {self._outcome!r}, {self._reason!r})"


class Conversion:
    """One converter call: the block, a step per content entry, notes on the result.

    ``content_note`` is the note that says what the wire sent in place of the content
    entries (empty content, ``structured_content`` as the response), when there is one;
    it is then the first of ``notes``. ``field_notes`` are the others.
    """

    __slots__ = ("block", "content_note", "notes", "steps")

    def __init__(
        self,
        block: Any,
        steps: list[Step],
        notes: tuple[ResultNote, ...],
        content_note: ResultNote | None = None,
    ) -> None:
        self.block: Final = block
        self.steps: Final = steps
        self.notes: Final = notes
        self.content_note: Final = content_note

    @property
    def field_notes(self) -> tuple[ResultNote, ...]:
        """The notes on the result's other fields (``is_error``, name, id, ...)."""
        return self.notes if self.content_note is None else self.notes[1:]


class Explanation:
    """How one content entry went out on one wire: a record of ``explain()``.

    Equal when index, block type, item kind, outcome, reason and part are equal
    (``native`` is the payload inside ``part``).
    """

    __slots__ = ("_block_type", "_index", "_item_kind", "_read", "_reader", "_step")

    def __init__(
        self,
        index: int,
        block_type: str,
        item_kind: ItemKind,
        outcome: Outcome,
        reason: str,
        part: Any,
        native: Native | None = None,
        reader: EntryReader | None = None,
        step: Step | None = None,
    ) -> None:
        self._index = index
        self._block_type = block_type
        self._item_kind: ItemKind = item_kind
        # the converter's own step (a record made by hand gets one): the record reads its
        # outcome, reason, part and payload there, so explain() copies nothing per entry
        self._step: Step = Step(part, outcome, reason, native) if step is None else step
        self._reader = reader
        self._read: tuple[tuple[str, ...], tuple[Carried, ...]] | None = None

    @property
    def texts(self) -> tuple[str, ...]:
        """The text the model reads in this entry's part (payloads, fetched URLs and the
        names of block types left out); read back by the wire on first use."""
        return self._contents()[0]

    @property
    def carried(self) -> tuple[Carried, ...]:
        """The images and PDFs this entry sends in the provider's own form (none when it
        went as text or as a placeholder); read back by the wire on first use."""
        return self._contents()[1]

    def _contents(self) -> tuple[tuple[str, ...], tuple[Carried, ...]]:
        found = self._read
        if found is None:
            reader = self._reader
            if reader is None:  # a record made by hand: only a native payload or a string
                reader = _PLAIN
            step = self._step
            found = self._read = reader.step_contents(step)
        return found

    @property
    def index(self) -> int:
        """Position of the entry in ``content``."""
        return self._index

    @property
    def block_type(self) -> str:
        """The input block's ``type`` (``"(not an object)"``, ``"(no type)"`` where absent)."""
        return self._block_type

    @property
    def item_kind(self) -> ItemKind:
        """The neutral item it became: text, document, blob, native or note."""
        return self._item_kind

    @property
    def outcome(self) -> Outcome:
        """native, passthrough, document, text, truncated (a token budget), placeholder,
        degraded or omitted."""
        return self._step.outcome

    @property
    def reason(self) -> str:
        """Why, in words a person understands."""
        return self._step.reason

    @property
    def part(self) -> Any:
        """What was placed in the block: a block, a list part, or the text joined into
        the string form; ``None`` when nothing was sent."""
        return self._step.part

    @property
    def native(self) -> Native | None:
        """The payload (media kind, MIME type, base64) when the outcome is ``native``."""
        return self._step.native

    def _key(self) -> tuple[Any, ...]:
        return (
            self._index,
            self._block_type,
            self._item_kind,
            self._step.outcome,
            self._step.reason,
            self._step.part,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Explanation):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self._index, self._block_type, self._step.outcome, self._step.reason))

    def __repr__(self) -> str:
        return (
            f"Explanation(index={self._index!r}, block_type={self._block_type!r}, "
            f"item_kind={self._item_kind!r}, outcome={self._step.outcome!r}, "
            f"reason={self._step.reason!r}, part={self._step.part!r})"
        )


class _PlainReader(EntryReader):
    """Reads a step whose part is a ``str`` (text) or carries a native payload."""

    def step_texts(self, step: Step) -> tuple[str, ...]:
        part = step.part
        if step.native is None and isinstance(part, str):
            return (part,)
        return ()

    def step_carried(self, step: Step) -> tuple[Carried, ...]:
        native = step.native
        if native is None:
            return ()
        return (Carried(native.media, native.mime, native.data, "native"),)


_PLAIN: Final = _PlainReader()
