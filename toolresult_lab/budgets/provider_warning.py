"""The warning a block draws against a documented provider limit: advice, never an error.

It sits below the Result layer (``explain`` names it) and the views that make it
(``measure``), so that naming the type reaches no view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..wires import RequiredField

__all__ = ["ProviderWarning"]


@dataclass(frozen=True)
class ProviderWarning:
    """A documented provider limit (or a required field) that a block meets: advice only.

    ``index`` is the content entry it is about; ``None`` for the block as a whole.
    ``field`` is ``name`` or ``id`` for a required field left empty, else ``None``.
    """

    index: int | None
    text: str
    field: RequiredField | None = None

    def __str__(self) -> str:
        return self.text if self.index is None else f"#{self.index}: {self.text}"
