"""What ``ToolResult.explain()`` returns: one record per content entry, and notes.

The records are the converter's own steps (the same call that builds the block), so
an explanation can never disagree with the conversion. This module is only the
container and the palette people see them in; the records are in ``steps``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..budgets.provider_warning import ProviderWarning
from .facts import Wire
from .hooks import block_warnings
from .steps import OUTCOMES, Explanation, Outcome, ResultNote

__all__ = ["OUTCOMES", "OUTCOME_COLOURS", "Explanation", "Explanations"]

#: One colour per outcome (white text on it), shared by the matrix Styler and the cards.
OUTCOME_COLOURS: dict[Outcome, str] = {
    "native": "#1a7f37",
    "passthrough": "#0f7b7b",
    "document": "#1f5fbf",
    "text": "#6e7781",
    "truncated": "#9a6700",
    "placeholder": "#b7791f",
    "degraded": "#c62828",
    "omitted": "#7b4fa8",
}


class Explanations(list[Explanation]):
    """The records of one ``explain()`` call, in content order (a ``list``), with

    - ``notes``: what the wire did with the result's own fields (empty content, an
      error flag, a name or call id, ``structured_content``) where something is lost
      or replaced; ``content_note`` the one that says what went in place of the content
      entries (``None`` when they went), ``field_notes`` the others;
    - ``block``: the block these records describe (what ``to()`` returns for the same
      wire and options), so a caller needing both converts once;
    - ``wire``: the wire they are about;
    - ``warnings``: the documented provider limits the block meets (an image over its
      size limit, too many PDF pages, a request too large) and required fields left
      empty (a call id on openai), as
      :class:`~toolresult_lab.budgets.provider_warning.ProviderWarning` records. Advice only: the
      block is what the SPEC says it is. Computed when first read (measuring reads each
      payload's header), then kept.
    """

    __slots__ = ("_fields", "_warnings", "block", "content_note", "notes", "wire")
    notes: tuple[ResultNote, ...]
    content_note: ResultNote | None
    block: Any
    wire: Wire
    _fields: tuple[str, str]
    _warnings: tuple[ProviderWarning, ...]

    @classmethod
    def of(
        cls,
        records: Iterable[Explanation],
        notes: tuple[ResultNote, ...],
        block: Any,
        wire: Wire,
        name: str = "",
        id: str = "",
        content_note: ResultNote | None = None,
    ) -> Explanations:
        """The records with their notes and block (no Python ``__init__``: this is per call).

        ``name`` and ``id`` are the result's, for the warnings about required fields.
        """
        explained = cls(records)
        explained.notes = notes
        explained.content_note = content_note
        explained.block = block
        explained.wire = wire
        explained._fields = (name, id)
        return explained

    @property
    def field_notes(self) -> tuple[ResultNote, ...]:
        """The notes on the result's own fields, the content note left out."""
        return self.notes if self.content_note is None else self.notes[1:]

    @property
    def warnings(self) -> tuple[ProviderWarning, ...]:
        """The provider limits this block meets and the required fields it lacks (advice)."""
        try:
            return self._warnings
        except AttributeError:  # not computed yet: measuring reads each payload's header
            name, id = self._fields
            self._warnings = block_warnings(self.wire, self, self.block, name, id)
            return self._warnings
