"""The responses wire: an OpenAI Responses ``function_call_output`` input item (no ``role``).

The wire's code lives in this package; :data:`WIRE` is what the registry reads.
"""

from __future__ import annotations

from typing import Final

from .._protocol import WireModule
from .checks import CHECKS
from .convert import FACTS, OutputPart, ResponsesConverter
from .data import CLIENT, PATHS, TOKENS
from .edits import EDITS
from .limits import LIMITS
from .read import answerable_item_ids, read_block, read_call, read_content, read_item, read_request
from .reading import READING
from .request import REQUEST, ResponsesRequest
from .settings import SETTINGS, TOOL_DEFS
from .turn import TURN, ResponsesTurn

__all__ = [
    "FACTS",
    "REQUEST",
    "TURN",
    "WIRE",
    "OutputPart",
    "ResponsesConverter",
    "ResponsesRequest",
    "ResponsesTurn",
    "answerable_item_ids",
    "read_block",
    "read_call",
    "read_content",
    "read_item",
    "read_request",
]

WIRE: Final = WireModule(
    facts=FACTS,
    converter=ResponsesConverter,
    turn=TURN,
    read_block=read_block,
    read_request=read_request,
    request=REQUEST,
    tokens=TOKENS,
    edits=EDITS,
    settings=SETTINGS,
    tool_defs=TOOL_DEFS,
    reading=READING,
    checks=CHECKS,
    client=CLIENT,
    paths=PATHS,
    limits=LIMITS,
)
