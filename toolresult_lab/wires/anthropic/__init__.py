"""The anthropic wire: a Messages ``tool_result`` block holding one block per content entry.

The wire's code lives in this package; :data:`WIRE` is what the registry reads.
"""

from __future__ import annotations

from typing import Final

from .._protocol import WireModule
from .checks import CHECKS
from .convert import FACTS, AnthropicConverter
from .data import CLIENT, PATHS, TOKENS
from .edits import EDITS
from .limits import LIMITS
from .read import (
    block_contents,
    ends_in_server_result,
    read_block,
    read_call,
    read_content,
    read_request,
)
from .reading import READING
from .request import REQUEST, AnthropicRequest
from .settings import SETTINGS, TOOL_DEFS
from .turn import TURN, AnthropicTurn

__all__ = [
    "FACTS",
    "REQUEST",
    "TURN",
    "WIRE",
    "AnthropicConverter",
    "AnthropicRequest",
    "AnthropicTurn",
    "block_contents",
    "ends_in_server_result",
    "read_block",
    "read_call",
    "read_content",
    "read_request",
]

WIRE: Final = WireModule(
    facts=FACTS,
    converter=AnthropicConverter,
    turn=TURN,
    read_block=read_block,
    read_request=read_request,
    request=REQUEST,
    tokens=TOKENS,
    readback="native_blocks",
    edits=EDITS,
    settings=SETTINGS,
    tool_defs=TOOL_DEFS,
    reading=READING,
    checks=CHECKS,
    client=CLIENT,
    paths=PATHS,
    limits=LIMITS,
)
