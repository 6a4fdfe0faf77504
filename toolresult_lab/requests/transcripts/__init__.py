"""SPEC 9: one conversation in no provider's shape.

``conversation``: the neutral values (turns, parts, :class:`Loss`); ``read``: a request
of one wire as turns; ``write``: turns as a request of any wire; ``transcript``: the
immutable :class:`Transcript` that holds them with the request's settings.
"""

from __future__ import annotations

from .conversation import (
    AssistantTurn,
    CacheMark,
    Document,
    Image,
    Loss,
    Opaque,
    Part,
    Text,
    Thinking,
    ToolResults,
    Turn,
    UserTurn,
    part_from_dict,
    turn_from_dict,
)
from .read import read_transcript
from .transcript import READ_DEFAULTS, Transcript, read_options
from .write import write_transcript

__all__ = [
    "READ_DEFAULTS",
    "AssistantTurn",
    "CacheMark",
    "Document",
    "Image",
    "Loss",
    "Opaque",
    "Part",
    "Text",
    "Thinking",
    "ToolResults",
    "Transcript",
    "Turn",
    "UserTurn",
    "part_from_dict",
    "read_options",
    "read_transcript",
    "turn_from_dict",
    "write_transcript",
]
