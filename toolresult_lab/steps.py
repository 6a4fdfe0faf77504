"""What a converter reports besides the block: one step per content entry, and notes on
the result as a whole.

``to()`` keeps the block, ``explain()`` keeps the steps and notes: both come from the
same converter call, so an explanation can never disagree with the conversion, and
everything built on ``explain()`` (matrix, cards, docs, audit) reads these records
instead of restating a rule.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from .items import ItemKind, MediaKind, Native

__all__ = [
    "OUTCOMES",
    "Conversion",
    "Explanation",
    "MediaKind",
    "Native",
    "Outcome",
    "ResultField",
    "ResultNote",
    "Step",
]

Outcome = Literal["native", "passthrough", "document", "text", "placeholder", "degraded", "omitted"]
#: Every outcome, from "the model gets the real thing" to "nothing is sent".
OUTCOMES: Final[tuple[Outcome, ...]] = (
    "native",
    "passthrough",
    "document",
    "text",
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
    """One converter call: the block, a step per content entry, notes on the result."""

    __slots__ = ("block", "notes", "steps")

    def __init__(self, block: Any, steps: list[Step], notes: tuple[ResultNote, ...]) -> None:
        self.block: Final = block
        self.steps: Final = steps
        self.notes: Final = notes


class Explanation:
    """How one content entry went out on one wire: a record of ``explain()``.

    Equal when index, block type, item kind, outcome, reason and part are equal
    (``native`` is the payload inside ``part``).
    """

    __slots__ = ("_block_type", "_index", "_item_kind", "_native", "_outcome", "_part", "_reason")

    def __init__(
        self,
        index: int,
        block_type: str,
        item_kind: ItemKind,
        outcome: Outcome,
        reason: str,
        part: Any,
        native: Native | None = None,
    ) -> None:
        self._index = index
        self._block_type = block_type
        self._item_kind: ItemKind = item_kind
        self._outcome: Outcome = outcome
        self._reason = reason
        self._part = part
        self._native = native

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
        """native, passthrough, document, text, placeholder, degraded or omitted."""
        return self._outcome

    @property
    def reason(self) -> str:
        """Why, in words a person understands."""
        return self._reason

    @property
    def part(self) -> Any:
        """What was placed in the block: a block, a list part, or the text joined into
        the string form; ``None`` when nothing was sent."""
        return self._part

    @property
    def native(self) -> Native | None:
        """The payload (media kind, MIME type, base64) when the outcome is ``native``."""
        return self._native

    def _key(self) -> tuple[Any, ...]:
        return (
            self._index,
            self._block_type,
            self._item_kind,
            self._outcome,
            self._reason,
            self._part,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Explanation):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self._index, self._block_type, self._outcome, self._reason))

    def __repr__(self) -> str:
        return (
            f"Explanation(index={self._index!r}, block_type={self._block_type!r}, "
            f"item_kind={self._item_kind!r}, outcome={self._outcome!r}, "
            f"reason={self._reason!r}, part={self._part!r})"
        )
