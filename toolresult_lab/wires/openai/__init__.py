"""The openai wire: a Chat Completions ``tool`` message; everything travels as one string.

The wire's code lives in this package; :data:`WIRE` is what the registry reads.
"""

from __future__ import annotations

from typing import Final

from .._protocol import WireModule
from .checks import CHECKS
from .convert import FACTS, OpenAIConverter
from .data import CLIENT, PATHS, TOKENS
from .edits import EDITS
from .limits import LIMITS
from .read import read_block, read_content, read_message, read_request
from .reading import READING
from .request import REQUEST, OpenAIRequest
from .settings import SETTINGS
from .tool_rules import TOOL_DEFS
from .turn import TURN, OpenAITurn

__all__ = [
    "FACTS",
    "REQUEST",
    "TURN",
    "WIRE",
    "OpenAIConverter",
    "OpenAIRequest",
    "OpenAITurn",
    "read_block",
    "read_content",
    "read_message",
    "read_request",
]

WIRE: Final = WireModule(
    facts=FACTS,
    converter=OpenAIConverter,
    turn=TURN,
    read_block=read_block,
    read_request=read_request,
    request=REQUEST,
    tokens=TOKENS,
    edits=EDITS,
    settings=SETTINGS,
    reading=READING,
    tool_defs=TOOL_DEFS,
    checks=CHECKS,
    client=CLIENT,
    paths=PATHS,
    limits=LIMITS,
)
